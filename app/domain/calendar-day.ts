/**
 * Calendar days (spec README, principle 8; ARCHITECTURE "stays are calendar dates"): written as
 * "YYYY-MM-DD", which compare correctly with < and >, and never turned into a Date at midnight
 * except inside these functions (in UTC, where every day has 24 hours). "Today" is the calendar
 * day in Europe/Berlin. Shared by the server, the browser and the seed.
 */

const DAY_MS = 86_400_000;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written as YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !isoDay.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The day as a Date at 00:00 UTC: for Intl formatting with `timeZone: "UTC"` and day arithmetic. */
export function utcDate(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}
const toUtc = utcDate;

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

/*
 * "Today" in this product is the calendar day in Europe/Berlin (spec README, principle 8): an
 * offer ending on the 24th is still valid at 23:30 in Berlin, whatever the server's time zone.
 */
const berlinDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day of `moment` in Europe/Berlin as "YYYY-MM-DD". */
export function dayInBerlin(moment: Date): string {
  const parts = Object.fromEntries(
    berlinDay.formatToParts(moment).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today's calendar day in Europe/Berlin as "YYYY-MM-DD". */
export function todayInBerlin(now: Date = new Date()): string {
  return dayInBerlin(now);
}
