import type { Language } from "./i18n";

/**
 * "25.11.2026, 14:32" (de) / "25 Nov 2026, 14:32" (en) in Europe/Berlin, for the moments admin
 * pages show (a message received, a reply sent). Called in loaders, so the server's formatting
 * is what the browser hydrates: ICU data of Node and the browser may differ in small ways.
 */
export function formatDateTime(value: Date | string, language: Language) {
  return dateTimeFormats[language].format(typeof value === "string" ? new Date(value) : value);
}

// Built once, as in i18n.ts: an Intl.DateTimeFormat per call showed in the CPU profile, and the
// subscriber CSV formats two moments per row.
const dateTimeFormat = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  });
const dateTimeFormats: Record<Language, Intl.DateTimeFormat> = {
  de: dateTimeFormat("de-DE"),
  en: dateTimeFormat("en-GB"),
};
