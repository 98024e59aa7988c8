import { isCalendarDay } from "~/domain/calendar-day";

/**
 * Stay searches (home page, /hotelbuchung) → our own properties:
 * `/properties?location=…&checkIn=…&checkOut=…&guests=…` (empty fields left out).
 */
export type StaySearchInput = {
  location: string;
  checkIn: string;
  checkOut: string;
  guests: string;
};
export type StaySearchError =
  "checkInPast" | "checkOutBeforeCheckIn" | "checkOutWithoutCheckIn" | "invalidDate";

/** Checks the dates against today (Europe/Berlin, "YYYY-MM-DD") and builds the URL. */
export function buildStaySearchUrl(
  input: StaySearchInput,
  today: string,
  /** The largest guest number the form offers; anything else is left out. */
  { maxGuests }: { maxGuests: number },
): { error: StaySearchError } | { url: string } {
  const checkIn = input.checkIn.trim();
  const checkOut = input.checkOut.trim();
  if ((checkIn && !isCalendarDay(checkIn)) || (checkOut && !isCalendarDay(checkOut)))
    return { error: "invalidDate" };
  if (checkIn && checkIn < today) return { error: "checkInPast" };
  if (checkOut && !checkIn) return { error: "checkOutWithoutCheckIn" };
  if (checkIn && checkOut && checkOut <= checkIn) return { error: "checkOutBeforeCheckIn" };
  const params = new URLSearchParams();
  if (input.location.trim()) params.set("location", input.location.trim());
  if (checkIn) params.set("checkIn", checkIn);
  if (checkOut) params.set("checkOut", checkOut);
  const guests = Number(input.guests.trim());
  if (Number.isInteger(guests) && guests >= 1 && guests <= maxGuests)
    params.set("guests", String(guests));
  const query = params.toString();
  return { url: query ? `/properties?${query}` : "/properties" };
}
