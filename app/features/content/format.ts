import type { Language } from "~/lib/i18n";

const locales: Record<Language, string> = { de: "de-DE", en: "en-GB" };

/** Whole-euro prices from content ("ab 899 €"); cents only when the content has them. */
export function formatEuro(amount: number, language: Language) {
  return new Intl.NumberFormat(locales[language], {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A count such as 1240 → "1.240" (de). */
export function formatCount(value: number, language: Language) {
  return new Intl.NumberFormat(locales[language]).format(value);
}
