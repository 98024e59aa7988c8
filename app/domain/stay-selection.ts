/**
 * The calendar's clicks (spec/04-booking.md "Availability", spec 03 "Price box"): which day can
 * be clicked while the Anreise or the Abreise is chosen, why not, what a click selects, and the
 * minimum/maximum stay hints. Built on the stay checks of availability.ts, which the server and
 * the first render use too.
 *
 * Its own module because only the date-range picker's calendar needs it, and that calendar is
 * loaded on demand (decision 043): kept here, out of availability.ts, it travels in the
 * calendar's chunk instead of in the first load of the property and booking pages (decision 048).
 */
import {
  checkOutProblem,
  isNightBooked,
  stayOverlaps,
  type BookedStay,
  type StayLimits,
  type StayRules,
  type StaySelection,
} from "./availability";
import { isArrivalDayAllowed } from "./seasons";

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

export function isCheckOutSelectable(
  checkIn: string,
  day: string,
  rules: StayLimits & { stays: readonly BookedStay[] },
): boolean {
  return checkOutProblem(checkIn, day, rules) === null;
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
