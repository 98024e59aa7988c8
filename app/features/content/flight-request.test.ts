import { describe, expect, it } from "vitest";
import { getTranslator, formatDate } from "~/lib/i18n";
import {
  flightRequestSubject,
  flightValuesFromParams,
  parseFlightRequest,
  type FlightRequestValues,
} from "./flight-request.schema";

const today = "2027-06-01";
const values = (overrides: Partial<FlightRequestValues> = {}): FlightRequestValues => ({
  from: "Berlin",
  to: "Palma",
  departure: "2027-06-12",
  return: "2027-06-19",
  passengers: "2",
  ...overrides,
});

describe("parseFlightRequest", () => {
  it("accepts a complete request", () => {
    expect(parseFlightRequest(values(), today)).toEqual({
      success: true,
      request: {
        from: "Berlin",
        to: "Palma",
        departure: "2027-06-12",
        return: "2027-06-19",
        passengers: 2,
      },
    });
  });

  it("accepts a one-way flight without return date", () => {
    expect(parseFlightRequest(values({ return: "" }), today).success).toBe(true);
  });

  it("names the first problem of each field", () => {
    const result = parseFlightRequest(
      values({ from: "", to: "Palma", departure: "2027-05-01", return: "", passengers: "7" }),
      today,
    );
    expect(result).toEqual({
      success: false,
      errors: { from: "fromRequired", departure: "departurePast", passengers: "passengers" },
    });
  });

  it("rejects a return before the departure, the same place twice and odd input", () => {
    expect(parseFlightRequest(values({ return: "2027-06-12" }), today)).toEqual({
      success: false,
      errors: { return: "returnBeforeDeparture" },
    });
    expect(parseFlightRequest(values({ to: "berlin" }), today)).toEqual({
      success: false,
      errors: { to: "samePlace" },
    });
    expect(parseFlightRequest(values({ to: "<script>" }), today)).toEqual({
      success: false,
      errors: { to: "placeInvalid" },
    });
    expect(parseFlightRequest(values({ departure: "2027-13-01" }), today)).toEqual({
      success: false,
      errors: { departure: "invalidDate" },
    });
    expect(parseFlightRequest(values({ passengers: "zwei" }), today)).toEqual({
      success: false,
      errors: { passengers: "passengers" },
    });
  });
});

describe("flightValuesFromParams", () => {
  it("reads the form fields and tolerates missing ones", () => {
    expect(flightValuesFromParams(new URLSearchParams("anfrage=1&from=Köln"))).toEqual({
      from: "Köln",
      to: "",
      departure: "",
      return: "",
      passengers: "1",
    });
  });
});

describe("flightRequestSubject", () => {
  const subject = (language: "de" | "en", overrides: Partial<FlightRequestValues> = {}) => {
    const result = parseFlightRequest(values(overrides), today);
    if (!result.success) throw new Error("invalid test input");
    const { t } = getTranslator(language);
    return flightRequestSubject(
      result.request,
      (key, options) => t(key, options),
      (day) => formatDate(day, language),
    );
  };

  it("puts the form's values into a German subject", () => {
    expect(subject("de")).toBe("Fluganfrage: Berlin → Palma, 12.06.2027–19.06.2027, 2 Passagiere");
    expect(subject("de", { return: "", passengers: "1" })).toBe(
      "Fluganfrage: Berlin → Palma, 12.06.2027 (nur Hinflug), 1 Passagier",
    );
  });

  it("has an English subject", () => {
    expect(subject("en")).toBe(
      "Flight request: Berlin → Palma, 12/06/2027–19/06/2027, 2 passengers",
    );
  });
});
