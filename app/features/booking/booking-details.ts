/**
 * The rules of the booking form's step 2, the guest's details (spec/04-booking.md), as plain
 * functions: the browser checks the step with them before moving on, and the server's schema
 * (booking.schema.ts) applies the same functions to the submit, so both name the same problem.
 * No zod here: this file is part of the booking page's browser code, and zod would add 13–21 KB
 * (Brotli) to it (docs/BENCHMARKS.md, "JavaScript of the booking page").
 */
import { isPlausiblePhone } from "~/domain/phone";
import "~/locales/texts/booking";

export const GUEST_NAME_MAX = 200;
export const SPECIAL_REQUESTS_MAX = 2000;

/** Message codes under `booking.errors.*`; null when the (trimmed) value is fine. */
export function guestNameProblem(name: string): string | null {
  if (name.length === 0) return "booking.errors.nameRequired";
  if (name.length > GUEST_NAME_MAX) return "booking.errors.nameTooLong";
  return null;
}

export function guestPhoneProblem(phone: string): string | null {
  if (phone.length === 0) return "booking.errors.phoneRequired";
  if (!isPlausiblePhone(phone)) return "booking.errors.phoneInvalid";
  return null;
}

export function specialRequestsProblem(text: string): string | null {
  return text.length > SPECIAL_REQUESTS_MAX ? "booking.errors.specialRequestsTooLong" : null;
}

export type BookingDetails = { guestName: string; guestPhone: string; specialRequests: string };

/** The first problem of each detail field, as the server's schema reports it. */
export function bookingDetailsErrors(
  details: Partial<BookingDetails>,
): Partial<Record<keyof BookingDetails, string>> {
  const errors: Partial<Record<keyof BookingDetails, string>> = {};
  const name = guestNameProblem((details.guestName ?? "").trim());
  const phone = guestPhoneProblem((details.guestPhone ?? "").trim());
  const requests = specialRequestsProblem((details.specialRequests ?? "").trim());
  if (name) errors.guestName = name;
  if (phone) errors.guestPhone = phone;
  if (requests) errors.specialRequests = requests;
  return errors;
}
