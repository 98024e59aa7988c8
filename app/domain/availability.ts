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
 * Anreise: not before today, not beyond the booking horizon, that night is not booked, and its
 * season (if any) allows arrivals on that weekday.
 */
export function isCheckInSelectable(
  day: string,
  {
    today,
    lastCheckIn,
    stays,
    seasons,
  }: Pick<StayRules, "today" | "lastCheckIn" | "stays" | "seasons">,
): boolean {
  return (
    day >= today &&
    day <= lastCheckIn &&
    !isNightBooked(stays, day) &&
    isArrivalDayAllowed(day, seasons)
  );
}

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

export function isCheckOutSelectable(
  checkIn: string,
  day: string,
  rules: StayLimits & { stays: readonly BookedStay[] },
): boolean {
  return checkOutProblem(checkIn, day, rules) === null;
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

/** Which date the next click in the calendar sets. */
export type ActiveField = "checkIn" | "checkOut";

/**
 * Whether a calendar day can be clicked while `active` is chosen. While choosing the Abreise,
 * a day on or before the Anreise that could be an Anreise stays clickable: it moves the Anreise.
 */
export function isDaySelectable(
  day: string,
  active: ActiveField,
  selection: StaySelection,
  rules: StayRules,
): boolean {
  if (active === "checkOut" && selection.checkIn) {
    if (day > selection.checkIn) return isCheckOutSelectable(selection.checkIn, day, rules);
    return isCheckInSelectable(day, rules);
  }
  return isCheckInSelectable(day, rules);
}

/** Why a calendar day cannot be clicked: the first rule it breaks (see unavailableDayReason). */
export type UnavailableDay =
  | "past"
  | "tooFarAhead"
  | "booked"
  | "bookedBetween"
  | "tooShort"
  | "tooLong"
  | "arrivalDay"
  | "departureDay";

/**
 * Why `day` cannot be clicked while `active` is chosen, or null when it can: the picker says so
 * in its live region instead of ignoring the click (issue 16). The same checks as
 * isDaySelectable, in the order a guest can act on them: a past day first, then the Anreise
 * rules (booked night, booking horizon), then those of the Abreise (a booked night in between,
 * minimum and maximum stay).
 */
export function unavailableDayReason(
  day: string,
  active: ActiveField,
  selection: StaySelection,
  rules: StayRules,
): UnavailableDay | null {
  if (isDaySelectable(day, active, selection, rules)) return null;
  if (day < rules.today) return "past";
  if (active === "checkOut" && selection.checkIn && day > selection.checkIn) {
    const problem = checkOutProblem(selection.checkIn, day, rules);
    // The limits first: a day too near or too far is that, whatever lies in between.
    if (problem === "tooShort" || problem === "tooLong" || problem === "departureDay") {
      return problem;
    }
    return "bookedBetween";
  }
  if (isNightBooked(rules.stays, day)) return "booked";
  if (day <= rules.lastCheckIn && !isArrivalDayAllowed(day, rules.seasons)) return "arrivalDay";
  return "tooFarAhead";
}

/**
 * The selection after clicking `day` (spec 03 "Price box"): choosing an Anreise keeps the
 * Abreise only while the stay stays bookable (moving Anreise to or after Abreise clears it);
 * choosing a day on or before the Anreise while the Abreise is due moves the Anreise and clears
 * the Abreise. Returns null when the day cannot be chosen.
 */
export function selectDay(
  selection: StaySelection,
  day: string,
  active: ActiveField,
  rules: StayRules,
): { selection: StaySelection; active: ActiveField; isComplete: boolean } | null {
  if (!isDaySelectable(day, active, selection, rules)) return null;
  if (active === "checkOut" && selection.checkIn && day > selection.checkIn) {
    return {
      selection: { checkIn: selection.checkIn, checkOut: day },
      active: "checkOut",
      isComplete: true,
    };
  }
  const keepsCheckOut =
    active === "checkIn" &&
    selection.checkOut !== undefined &&
    isCheckOutSelectable(day, selection.checkOut, rules);
  return {
    selection: keepsCheckOut ? { checkIn: day, checkOut: selection.checkOut } : { checkIn: day },
    active: "checkOut",
    isComplete: keepsCheckOut,
  };
}

/**
 * The days of the visible range that could not be an Abreise only because of the minimum or the
 * maximum stay: the picker shows the matching hint when there are any.
 */
export function limitHints(
  checkIn: string | undefined,
  days: readonly string[],
  rules: StayRules,
): { tooShort: boolean; tooLong: boolean } {
  const hints = { tooShort: false, tooLong: false };
  if (!checkIn) return hints;
  for (const day of days) {
    const problem = checkOutProblem(checkIn, day, rules);
    if (problem === "tooShort") hints.tooShort = true;
    if (problem === "tooLong" && !stayOverlaps(rules.stays, checkIn, day)) hints.tooLong = true;
  }
  return hints;
}
