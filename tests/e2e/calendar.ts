/** Calendar helpers shared by the E2E specs (days are "YYYY-MM-DD" strings). */
const DAY_MS = 86_400_000;

export const addDays = (day: string, amount: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + amount * DAY_MS).toISOString().slice(0, 10);

const germanDate = new Intl.DateTimeFormat("de-DE", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The accessible name of a calendar day in the date picker: "Donnerstag, 24. Dezember 2026". */
export const dayName = (day: string) => germanDate.format(new Date(`${day}T00:00:00Z`));

/** "1.234,50 €" → 123450 */
export const cents = (text: string) =>
  Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
