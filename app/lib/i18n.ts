import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import de from "~/locales/de";
import en from "~/locales/en";

export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de";
export const LANGUAGE_COOKIE = "lang";

export const resources = { de: { translation: de }, en: { translation: en } } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen in the cookie; German when none or an unknown one is set. */
export function languageFromCookie(cookieHeader: string | null): Language {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=([^;]+)/);
  const value = match?.[1];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** One i18next instance per render: the server renders many languages concurrently. */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes output
    returnNull: false,
  });
  return instance;
}

/**
 * Server renders share one instance per language: creating and initialising an instance per
 * request showed up in the CPU profile (docs/BENCHMARKS.md). Safe because nothing changes the
 * language of these instances (the root component only switches languages in the browser).
 */
const serverInstances = new Map<Language, i18n>();
export function serverI18n(language: Language): i18n {
  let instance = serverInstances.get(language);
  if (!instance) {
    instance = createI18n(language);
    serverInstances.set(language, instance);
  }
  return instance;
}

const locales: Record<Language, string> = { de: "de-DE", en: "en-GB" };

/** Money in integer cents → "1.234,50 €" (de) / "€1,234.50" (en). */
export function formatMoney(cents: number, language: Language) {
  return moneyFormats[language].format(cents / 100);
}

// Building an Intl.NumberFormat is expensive and pages format dozens of prices: one per language.
const moneyFormats: Record<Language, Intl.NumberFormat> = {
  de: new Intl.NumberFormat(locales.de, { style: "currency", currency: "EUR" }),
  en: new Intl.NumberFormat(locales.en, { style: "currency", currency: "EUR" }),
};

/** A calendar date "YYYY-MM-DD" → "24.12.2026" (de). Parsed as a date, not a time. */
export function formatDate(isoDate: string, language: Language) {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return new Intl.DateTimeFormat(locales[language], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
