import { isCalendarDay as isDayString } from "~/lib/stay-search";

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
  | "tooShort"
  | "tooLong"
  | "booked";

// ---------------------------------------------------------------------------------------------
// Calendar days
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar day written as YYYY-MM-DD. */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === "string" && isDayString(value);
}

function toUtc(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `amount` days after `day` (before it when negative). */
export function addDays(day: string, amount: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + amount * DAY_MS));
}

/** Signed number of days from `from` to `to` (nights of the stay [from, to) when positive). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
}

/** Day of the week, 0 = Monday … 6 = Sunday (the German week). */
export function weekdayIndex(day: string): number {
  return (toUtc(day).getUTCDay() + 6) % 7;
}

/** A calendar month; `month` is 1–12. */
export type Month = { year: number; month: number };

export function monthOf(day: string): Month {
  const [year, month] = day.split("-").map(Number);
  return { year, month };
}

export function addMonths({ year, month }: Month, amount: number): Month {
  const index = year * 12 + (month - 1) + amount;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Months from `a` to `b` (positive when `b` is later). */
export function monthsBetween(a: Month, b: Month): number {
  return b.year * 12 + b.month - (a.year * 12 + a.month);
}

/**
 * The latest Anreise of the booking horizon: the same day `months` months after `today`, or
 * that month's last day when it is shorter ("2026-08-31" + 6 → "2027-02-28").
 */
export function bookingHorizonEnd(today: string, months: number): string {
  const month = addMonths(monthOf(today), months);
  const day = Math.min(Number(today.slice(8)), daysInMonth(month));
  return addDays(firstDayOfMonth(month), day - 1);
}

export function firstDayOfMonth({ year, month }: Month): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
}

export function daysInMonth({ year, month }: Month): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The month as weeks of seven cells, Monday first; cells outside the month are null.
 * Every week is complete; the last week ends on the month's last day or later.
 */
export function monthGrid(month: Month): (string | null)[][] {
  const first = firstDayOfMonth(month);
  const leading = weekdayIndex(first);
  const count = daysInMonth(month);
  const cells: (string | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: count }, (_, i) => addDays(first, i)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
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

/** Anreise: not before today, not beyond the booking horizon, and that night is not booked. */
export function isCheckInSelectable(
  day: string,
  { today, lastCheckIn, stays }: Pick<StayRules, "today" | "lastCheckIn" | "stays">,
): boolean {
  return day >= today && day <= lastCheckIn && !isNightBooked(stays, day);
}

/**
 * Why `day` cannot be the Abreise of a stay starting on `checkIn`, or null when it can: it must
 * be after check-in, no night in [checkIn, day) may be booked (the day itself may be another
 * booking's check-in day), and the nights must be within the minimum and maximum stay.
 */
export function checkOutProblem(
  checkIn: string,
  day: string,
  { stays, minStayDays, maxStayDays }: StayLimits & { stays: readonly BookedStay[] },
): Exclude<StayProblem, "invalidDate" | "checkInPast" | "tooFarAhead"> | null {
  const nights = daysBetween(checkIn, day);
  if (nights <= 0) return "checkOutBeforeCheckIn";
  if (nights < minStayDays) return "tooShort";
  if (nights > maxStayDays) return "tooLong";
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
