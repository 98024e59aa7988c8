import { z } from "zod";
import { isCalendarDay } from "~/domain/calendar-day";
import { fieldErrorsFromIssues } from "~/lib/form";
import type { TranslationValues } from "~/lib/i18n";
import "~/locales/texts/pages";

/**
 * The flight request form of /flugbuchung. Flights are not sold online: a valid request becomes
 * the subject of a contact message. The form submits with GET to the page itself
 * (`?anfrage=1&from=…`), so it works without JavaScript; the loader validates with this schema.
 * Error messages are catalogue keys under `pages.flights.errors`.
 */
export const PASSENGER_OPTIONS = [1, 2, 3, 4] as const;

const FLIGHT_FIELDS = ["from", "to", "departure", "return", "passengers"] as const;
export type FlightField = (typeof FLIGHT_FIELDS)[number];

const place = (required: string) =>
  z
    .string()
    .trim()
    .min(2, required)
    .max(80, "placeTooLong")
    // Letters, spaces and the punctuation of place and airport names only.
    .regex(/^[\p{L}\p{M}\s.'()/-]+$/u, "placeInvalid");

function flightRequestSchema(today: string) {
  return (
    z
      .object({
        from: place("fromRequired"),
        to: place("toRequired"),
        departure: z
          .string()
          .trim()
          .min(1, "departureRequired")
          .refine(isCalendarDay, "invalidDate")
          .refine((day) => day >= today, "departurePast"),
        return: z
          .string()
          .trim()
          .refine((day) => day === "" || isCalendarDay(day), "invalidDate"),
        passengers: z.coerce
          .number({ error: "passengers" })
          .int("passengers")
          .min(1, "passengers")
          .max(PASSENGER_OPTIONS.length, "passengers"),
      })
      .refine((v) => v.from.toLocaleLowerCase("de") !== v.to.toLocaleLowerCase("de"), {
        path: ["to"],
        message: "samePlace",
      })
      // Only compared when both are real days (their own checks report the other cases).
      .refine((v) => v.return === "" || !isCalendarDay(v.departure) || v.return > v.departure, {
        path: ["return"],
        message: "returnBeforeDeparture",
      })
  );
}

export type FlightRequest = z.infer<ReturnType<typeof flightRequestSchema>>;
export type FlightRequestValues = Record<FlightField, string>;

/** The raw form values from the query string (for re-filling the form after an error). */
export function flightValuesFromParams(params: URLSearchParams): FlightRequestValues {
  const value = (name: FlightField) => (params.get(name) ?? "").slice(0, 200);
  return {
    from: value("from"),
    to: value("to"),
    departure: value("departure"),
    return: value("return"),
    passengers: value("passengers") || "1",
  };
}

export type FlightRequestResult =
  | { success: true; request: FlightRequest }
  | { success: false; errors: Partial<Record<FlightField, string>> };

export function parseFlightRequest(
  values: FlightRequestValues,
  today: string,
): FlightRequestResult {
  const result = flightRequestSchema(today).safeParse(values);
  if (result.success) return { success: true, request: result.data };
  // The first problem of a field is the one worth telling.
  return { success: false, errors: fieldErrorsFromIssues(result.error.issues, FLIGHT_FIELDS) };
}

type Translate = (key: string, options?: TranslationValues) => string;

/**
 * "Fluganfrage: Berlin → Palma, 12.06.2027–19.06.2027, 2 Passagiere" — the contact subject.
 * `formatDay` formats "YYYY-MM-DD" for the page's language.
 */
export function flightRequestSubject(
  request: FlightRequest,
  t: Translate,
  formatDay: (isoDay: string) => string,
) {
  const dates = request.return
    ? `${formatDay(request.departure)}–${formatDay(request.return)}`
    : t("pages.flights.oneWay", { date: formatDay(request.departure) });
  return t("pages.flights.subject", {
    from: request.from,
    to: request.to,
    dates,
    passengers: t("pages.flights.passengerCount", { count: request.passengers }),
  });
}
