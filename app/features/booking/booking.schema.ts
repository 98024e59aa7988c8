/**
 * The booking form (spec/04-booking.md), shared by the browser (step checks before submitting)
 * and the server (the only check that counts). Messages are catalogue keys under
 * `booking.errors.*`, so both sides show the same German text.
 */
import { z } from "zod/mini";
import { PAYMENT_METHODS } from "~/features/settings/settings";
import { isCalendarDay } from "~/domain/calendar-day";
import { guestNameProblem, guestPhoneProblem, specialRequestsProblem } from "./booking-details";
import "~/locales/texts/booking";

// The browser checks step 2 with the plain rules of booking-details.ts and carries no zod; the
// server checks the whole submit here, with the same rules for the details. zod/mini, not
// "zod": only the checks used here are loaded (docs/BENCHMARKS.md).

const calendarDay = z.string().check(z.trim(), z.refine(isCalendarDay, "booking.errors.dates"));

/** A trimmed text checked by one of the plain rules; its code is the issue's message. */
function checkedText(problem: (value: string) => string | null) {
  return z.string().check(
    z.trim(),
    z.superRefine((value, ctx) => {
      const code = problem(value);
      if (code) ctx.addIssue({ code: "custom", message: code, input: value });
    }),
  );
}

/**
 * Step 2: the guest's details. No e-mail: the booking's address is the account's own (the
 * server ignores one sent by the browser), so confirmations with bank details cannot be sent
 * to someone else's address.
 */
export const bookingDetailsSchema = z.object({
  guestName: checkedText(guestNameProblem),
  guestPhone: checkedText(guestPhoneProblem),
  specialRequests: z._default(checkedText(specialRequestsProblem), ""),
});

/** The whole submit of step 3. Prices and totals are deliberately not part of it. */
export const bookingFormSchema = z.extend(bookingDetailsSchema, {
  checkIn: calendarDay,
  checkOut: calendarDay,
  guests: z.coerce
    .number("booking.errors.guests")
    .check(
      z.refine(Number.isSafeInteger, "booking.errors.guests"),
      z.minimum(1, "booking.errors.guests"),
      z.maximum(1000, "booking.errors.guests"),
    ),
  paymentMethod: z.enum(PAYMENT_METHODS, "booking.errors.paymentMethodRequired"),
  /** One per form render: a repeated submit (double click, retry) returns the same booking. */
  idempotencyKey: z.uuid("booking.errors.failed"),
});

export type BookingForm = z.infer<typeof bookingFormSchema>;
export type BookingFormField = keyof BookingForm;

/** What can go wrong when storing a booking; keys under `booking.errors.*`. */
export type BookingErrorCode =
  | "datesTaken"
  | "ownOverlap"
  | "failed"
  | "paymentUnavailable"
  /** SEPA Direct Debit with arrival fewer than 14 days away */
  | "sepaTooLate"
  /** the stay costs more now than the total the page showed (decision 079) */
  | "priceChanged"
  /** the cancellation or payment terms changed since the page was loaded (decision 088) */
  | "termsChanged"
  /** Stripe could not start the checkout; the hold was released, the guest may try again */
  | "paymentStartFailed"
  | "propertyNotFound"
  | "checkInPast"
  | "tooFarAhead"
  | "pendingLimit"
  | "tooManyAttempts"
  /** the settings (the terms a booking is stored with) could not be read: nothing was stored */
  | "unavailable"
  | "minStay"
  | "seasonMinStay"
  | "arrivalDay"
  | "departureDay"
  | "maxStay"
  | "guests"
  | "dates"
  | "invalid";
