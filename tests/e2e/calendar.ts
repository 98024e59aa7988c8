/** Calendar helpers shared by the E2E specs (days are "YYYY-MM-DD" strings). */
import { expect, type Locator, type Page } from "@playwright/test";

const DAY_MS = 86_400_000;

export const addDays = (day: string, amount: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + amount * DAY_MS).toISOString().slice(0, 10);

const longGermanDate = new Intl.DateTimeFormat("de-DE", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The accessible name of a calendar day in the date picker: "Donnerstag, 24. Dezember 2026". */
export const dayName = (day: string) => longGermanDate.format(new Date(`${day}T00:00:00Z`));

/** "1.234,50 €" → 123450 */
export const cents = (text: string) =>
  Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

/** Today (or the day of `date`) in Europe/Berlin, "YYYY-MM-DD". */
export const berlinDay = (date: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(date);

/** "2026-12-24" → "24.12.2026" */
export const germanDate = (day: string) => day.split("-").reverse().join(".");

/** An amount as a page or e-mail writes it ("1.234,50 €") → 123450; throws on anything else. */
export function euroCents(text: string) {
  const match = /(\d{1,3}(?:\.\d{3})*),(\d{2})\s*€/.exec(text.replace(/\u00a0/g, " ").trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  return Number(match[1].replace(/\./g, "")) * 100 + Number(match[2]);
}

/** The open date picker's calendar (its code loads on demand, decision 043). */
export const pickerCalendar = (page: Page) =>
  page.getByRole("dialog", { name: "Reisedaten auswählen" });

/**
 * Pages the open calendar forward until `day` is shown and returns its button. It waits for the
 * calendar to be drawn before looking, and for the month to change after each click: looking
 * before the on-demand calendar had appeared, then clicking "Nächster Monat" (which waits for
 * it), paged one month too far on a loaded machine.
 */
export async function calendarDay(page: Page, day: string): Promise<Locator> {
  const calendar = pickerCalendar(page);
  const button = calendar.getByRole("button", { name: dayName(day), exact: true });
  const firstMonth = calendar.getByRole("grid").first();
  await expect(firstMonth).toBeVisible();
  for (let i = 0; i < 24 && !(await button.isVisible()); i++) {
    const shown = await firstMonth.getAttribute("aria-labelledby");
    await calendar.getByRole("button", { name: "Nächster Monat" }).click();
    await expect(firstMonth).not.toHaveAttribute("aria-labelledby", shown ?? "");
  }
  await expect(button).toBeVisible();
  return button;
}
