/**
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
