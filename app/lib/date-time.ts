import type { Language } from "./i18n";

/**
 * "25.11.2026, 14:32" (de) / "25 Nov 2026, 14:32" (en) in Europe/Berlin, for the moments admin
 * pages show (a message received, a reply sent). Called in loaders, so the server's formatting
 * is what the browser hydrates: ICU data of Node and the browser may differ in small ways.
 */
export function formatDateTime(value: Date | string, language: Language) {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "de-DE", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(typeof value === "string" ? new Date(value) : value);
}
