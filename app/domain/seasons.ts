/**
 * Seasons and stay rules (spec/10-calendar-and-channels.md "Seasons and stay rules", decision
 * 046), shared by the browser (date-range picker) and the server (booking validation, price).
 * Pure functions on "YYYY-MM-DD" calendar days.
 *
 * A season covers the nights from `startDate` to `endDate`, both inclusive. Which season's rules
 * apply to a stay (decision 046): the season of the arrival night sets the minimum stay and the
 * allowed arrival weekdays; the season of the last night sets the allowed departure weekdays.
 * Outside every season the settings' stay limits apply and every weekday is allowed.
 */
import { addDays, weekdayIndex } from "./calendar-day";

/** Monday .. Sunday as bits 0..6 of a weekday mask; every day = 127. */
export const EVERY_WEEKDAY = 0b111_1111;

/** What the picker needs of a season: its nights and rules, no name and no price (small). */
export type SeasonRule = {
  startDate: string;
  endDate: string;
  minStayNights: number;
  arrivalWeekdays: number;
  departureWeekdays: number;
};

/** What the price needs of a season. */
export type SeasonPrice = { startDate: string; endDate: string; pricePerNight: number };

/** What a page sends to the browser: the rules and the price, no name. */
export type PageSeason = SeasonRule & SeasonPrice;

export type Season = PageSeason & { name: string };

/** Whether weekday `index` (0 = Monday) is in `mask`. */
export function hasWeekday(mask: number, index: number): boolean {
  return (mask & (1 << index)) !== 0;
}

/** The weekday indexes (0 = Monday) of a mask, in order. */
export function weekdaysOf(mask: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((i) => hasWeekday(mask, i));
}

/** The mask of weekday indexes (0 = Monday). */
export function weekdayMask(indexes: readonly number[]): number {
  return indexes.reduce((mask, i) => mask | (1 << i), 0);
}

/** The season that contains the night starting on `night`, if any (seasons never overlap). */
export function seasonOfNight<T extends { startDate: string; endDate: string }>(
  seasons: readonly T[] | undefined,
  night: string,
): T | undefined {
  return seasons?.find((s) => s.startDate <= night && night <= s.endDate);
}

/** The fewest nights a stay arriving on `checkIn` may have. */
export function minStayFor(
  checkIn: string,
  seasons: readonly SeasonRule[] | undefined,
  settingsMinStay: number,
): number {
  return seasonOfNight(seasons, checkIn)?.minStayNights ?? settingsMinStay;
}

/** Whether a guest may arrive on `day` (the weekday rule of that night's season). */
export function isArrivalDayAllowed(day: string, seasons: readonly SeasonRule[] | undefined) {
  const season = seasonOfNight(seasons, day);
  return !season || hasWeekday(season.arrivalWeekdays, weekdayIndex(day));
}

/** Whether a stay may end on `checkOut` (the weekday rule of its last night's season). */
export function isDepartureDayAllowed(
  checkOut: string,
  seasons: readonly SeasonRule[] | undefined,
) {
  const season = seasonOfNight(seasons, addDays(checkOut, -1));
  return !season || hasWeekday(season.departureWeekdays, weekdayIndex(checkOut));
}

/** The seasons that share a night with [from, to): what a page sends to its picker. */
export function seasonsBetween<T extends { startDate: string; endDate: string }>(
  seasons: readonly T[],
  from: string,
  to: string,
): T[] {
  return seasons.filter((s) => s.startDate < to && from <= s.endDate);
}
