import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  firstDayOfMonth,
  isCalendarDay,
  monthOf,
} from "./calendar-day";
import { isArrivalDayAllowed, isDepartureDayAllowed, minStayFor, type SeasonRule } from "./seasons";

/**
 * Availability rules (spec/04-booking.md "Availability"), shared by the browser (date-range
 * picker, price box) and the server (booking validation). Pure functions on calendar days
 * written as "YYYY-MM-DD"; such strings compare correctly with < and >.
 *
 * A stay is the half-open range [checkIn, checkOut): it occupies the nights of checkIn up to
 * the day before checkOut, so the check-out day of one stay can be the check-in day of the next.
 */

/** A non-cancelled booking's dates (the only booking data that reaches the browser). */
export type BookedStay = { checkIn: string; checkOut: string };

export type StayLimits = {
  /** Fewest nights a stay may have (settings, ≥ 1). */
  minStayDays: number;
  /** Most nights a stay may have (settings). */
  maxStayDays: number;
  /**
   * The property's seasons with their own minimum stay and arrival/departure weekdays
   * (app/domain/seasons.ts, decision 046); none: the settings' limits apply to every day.
   */
  seasons?: readonly SeasonRule[];
};

export type StayRules = StayLimits & {
  /** Today in Europe/Berlin, "YYYY-MM-DD". */
  today: string;
  /** The latest possible Anreise (the booking horizon, see bookingHorizonEnd). */
  lastCheckIn: string;
  stays: readonly BookedStay[];
};

/** Why a chosen stay cannot be booked, in the order they are checked. */
export type StayProblem =
  | "invalidDate"
  | "checkInPast"
  | "tooFarAhead"
  | "checkOutBeforeCheckIn"
  | "arrivalDay"
  | "tooShort"
  | "tooLong"
  | "departureDay"
  | "booked";

// ---------------------------------------------------------------------------------------------
// The booking horizon
// ---------------------------------------------------------------------------------------------

/**
 * The latest Anreise of the booking horizon: the same day `months` months after `today`, or
 * that month's last day when it is shorter ("2026-08-31" + 6 → "2027-02-28").
 */
export function bookingHorizonEnd(today: string, months: number): string {
  const month = addMonths(monthOf(today), months);
  const day = Math.min(Number(today.slice(8)), daysInMonth(month));
  return addDays(firstDayOfMonth(month), day - 1);
}

// ---------------------------------------------------------------------------------------------
// Booked nights
// ---------------------------------------------------------------------------------------------

/** Whether the night starting on `day` belongs to a booked stay. */
export function isNightBooked(stays: readonly BookedStay[], day: string): boolean {
  return stays.some((stay) => stay.checkIn <= day && day < stay.checkOut);
}

/** Whether the stay [checkIn, checkOut) shares at least one night with a booked stay. */
export function stayOverlaps(
  stays: readonly BookedStay[],
  checkIn: string,
  checkOut: string,
): boolean {
  return stays.some((stay) => stay.checkIn < checkOut && checkIn < stay.checkOut);
}

/**
 * The first booked night on or after `checkIn`, or null: the latest possible check-out for a
 * stay starting on `checkIn` (a guest may leave on the day the next guest arrives).
 */
export function nextBookedNight(stays: readonly BookedStay[], checkIn: string): string | null {
  let next: string | null = null;
  for (const stay of stays) {
    const firstNight = stay.checkIn > checkIn ? stay.checkIn : checkIn;
    if (firstNight < stay.checkOut && (next === null || firstNight < next)) next = firstNight;
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Choosing a stay
// ---------------------------------------------------------------------------------------------

/**
 * Why `day` cannot be the Abreise of a stay starting on `checkIn`, or null when it can: it must
 * be after check-in, the nights must be within the minimum stay (of the arrival night's season,
 * else the settings') and the maximum stay, the last night's season must allow departures on
 * that weekday, and no night in [checkIn, day) may be booked (the day itself may be another
 * booking's check-in day).
 */
export function checkOutProblem(
  checkIn: string,
  day: string,
  { stays, minStayDays, maxStayDays, seasons }: StayLimits & { stays: readonly BookedStay[] },
): Exclude<StayProblem, "invalidDate" | "checkInPast" | "tooFarAhead" | "arrivalDay"> | null {
  const nights = daysBetween(checkIn, day);
  if (nights <= 0) return "checkOutBeforeCheckIn";
  if (nights < minStayFor(checkIn, seasons, minStayDays)) return "tooShort";
  if (nights > maxStayDays) return "tooLong";
  if (!isDepartureDayAllowed(day, seasons)) return "departureDay";
  if (stayOverlaps(stays, checkIn, day)) return "booked";
  return null;
}

/**
 * The first reason the stay [checkIn, checkOut) cannot be booked, or null when it can
 * (the server checks the same before storing a booking).
 */
export function stayProblem(
  checkIn: unknown,
  checkOut: unknown,
  rules: StayRules,
): StayProblem | null {
  if (!isCalendarDay(checkIn) || !isCalendarDay(checkOut)) return "invalidDate";
  if (checkIn < rules.today) return "checkInPast";
  if (checkIn > rules.lastCheckIn) return "tooFarAhead";
  if (!isArrivalDayAllowed(checkIn, rules.seasons)) return "arrivalDay";
  return checkOutProblem(checkIn, checkOut, rules);
}

/** A (partly) chosen stay. */
export type StaySelection = { checkIn?: string; checkOut?: string };

/**
 * Dates that arrive from a URL (the search, a bookmark): the valid part is kept, the rest
 * dropped with the reason. An unusable Anreise drops both dates; an unusable Abreise only itself.
 */
export function resolveInitialStay(
  initial: StaySelection,
  rules: StayRules,
): StaySelection & { problem: StayProblem | null } {
  const { checkIn, checkOut } = initial;
  if (checkIn === undefined || checkIn === "") {
    return { problem: checkOut ? "invalidDate" : null };
  }
  if (!isCalendarDay(checkIn)) return { problem: "invalidDate" };
  if (checkIn < rules.today) return { problem: "checkInPast" };
  if (checkIn > rules.lastCheckIn) return { problem: "tooFarAhead" };
  if (isNightBooked(rules.stays, checkIn)) return { problem: "booked" };
  if (!isArrivalDayAllowed(checkIn, rules.seasons)) return { problem: "arrivalDay" };
  if (checkOut === undefined || checkOut === "") return { checkIn, problem: null };
  if (!isCalendarDay(checkOut)) return { checkIn, problem: "invalidDate" };
  const problem = checkOutProblem(checkIn, checkOut, rules);
  return problem ? { checkIn, problem } : { checkIn, checkOut, problem: null };
}
