/**
 * The booking form (spec/04-booking.md), shared by the browser (step checks before submitting)
 * and the server (the only check that counts). Messages are catalogue keys under
 * `booking.errors.*`, so both sides show the same German text.
 */
import { z } from "zod";
import { PAYMENT_METHODS } from "~/features/settings/settings";
import { isCalendarDay } from "~/domain/calendar-day";
import { isPlausiblePhone } from "~/domain/phone";

const calendarDay = z.string().trim().refine(isCalendarDay, { message: "booking.errors.dates" });

/**
 * Step 2: the guest's details. No e-mail: the booking's address is the account's own (the
 * server ignores one sent by the browser), so confirmations with bank details cannot be sent
 * to someone else's address.
 */
export const bookingDetailsSchema = z.object({
  guestName: z
    .string()
    .trim()
    .min(1, { message: "booking.errors.nameRequired" })
    .max(200, { message: "booking.errors.nameTooLong" }),
  guestPhone: z
    .string()
    .trim()
    .min(1, { message: "booking.errors.phoneRequired" })
    .refine(isPlausiblePhone, { message: "booking.errors.phoneInvalid" }),
  specialRequests: z
    .string()
    .trim()
    .max(2000, { message: "booking.errors.specialRequestsTooLong" })
    .default(""),
});

/** The whole submit of step 3. Prices and totals are deliberately not part of it. */
export const bookingFormSchema = bookingDetailsSchema.extend({
  checkIn: calendarDay,
  checkOut: calendarDay,
  guests: z.coerce
    .number({ message: "booking.errors.guests" })
    .int({ message: "booking.errors.guests" })
    .min(1, { message: "booking.errors.guests" })
    .max(1000, { message: "booking.errors.guests" }),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: "booking.errors.paymentMethodRequired" }),
  /** One per form render: a repeated submit (double click, retry) returns the same booking. */
  idempotencyKey: z.uuid({ message: "booking.errors.failed" }),
});

export type BookingForm = z.infer<typeof bookingFormSchema>;
export type BookingFormField = keyof BookingForm;

/** What can go wrong when storing a booking; keys under `booking.errors.*`. */
export type BookingErrorCode =
  | "datesTaken"
  | "ownOverlap"
  | "failed"
  | "paymentUnavailable"
  | "propertyNotFound"
  | "checkInPast"
  | "tooFarAhead"
  | "pendingLimit"
  | "tooManyAttempts"
  | "minStay"
  | "maxStay"
  | "guests"
  | "dates"
  | "invalid";
