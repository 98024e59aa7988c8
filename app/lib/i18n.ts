import { utcDate } from "~/domain/calendar-day";
import de, { type Catalogue, type CoreCatalogue } from "~/locales/de";

export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de";
export const LANGUAGE_COOKIE = "lang";

/**
 * The catalogues this process has. German (the default and fallback) is always there; the
 * server registers the others at start (`~/locales/all-languages.server`), the browser only the
 * page's language before hydrating (entry.client.tsx), so a German page does not carry the
 * English texts (10 KB gzip).
 */
const texts: { de: CoreCatalogue; en?: Catalogue } = { de };

export function registerCatalogue(language: Language, catalogue: Catalogue) {
  texts[language] = catalogue;
  forget(language);
}

/**
 * Texts of one page or area, added by the modules that show them instead of riding in the
 * catalogue every page downloads: the admin area's (`~/locales/admin-texts`, decision 025) and
 * the German texts of single public pages (`~/locales/texts/*`, decision 055). The server
 * registers all of them at start.
 */
const areaTexts: Record<Language, Record<string, unknown>> = { de: {}, en: {} };

export function registerTexts(language: Language, namespaces: Record<string, unknown>) {
  Object.assign(areaTexts[language], namespaces);
  forget(language);
}

const merged = new Map<Language, Catalogue>();

/**
 * The whole catalogue of a language (German when it is not loaded) with the registered page
 * texts, for texts needed as data. In the browser a page's namespace is there only when a
 * module that shows it has been loaded (`~/locales/texts/*`); `route-texts.test.ts` checks that
 * every module reading one imports its registrar.
 */
export function catalogueOf(language: Language): Catalogue {
  let found = merged.get(language);
  if (!found) {
    found = { ...(texts[language] ?? de), ...areaTexts[language] } as Catalogue;
    merged.set(language, found);
  }
  return found;
}

function forget(language: Language) {
  catalogues.delete(language);
  merged.delete(language);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen in the cookie; German when none or an unknown one is set. */
export function languageFromCookie(cookieHeader: string | null): Language {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=([^;]+)/);
  const value = match?.[1];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The language chosen in the cookie, or null when the visitor never chose one. */
export function chosenLanguage(cookieHeader: string | null): Language | null {
  const value = cookieHeader?.match(/(?:^|;\s*)lang=([^;]+)/)?.[1];
  return isLanguage(value) ? value : null;
}

/** Values for `{{name}}` placeholders; `count` also picks the plural form (`key_one`, `key_other`). */
export type TranslationValues = Record<string, string | number | undefined>;
export type TFunction = (key: string, values?: TranslationValues) => string;
export type Translator = { t: TFunction; i18n: { language: Language } };

type FlatCatalogue = Map<string, string>;

/** "a.b.c" → text, flattened once per language (a lookup is one Map read). */
function flatten(value: unknown, prefix: string, into: FlatCatalogue) {
  if (typeof value === "string") into.set(prefix, value);
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, into);
    }
  return into;
}

const catalogues = new Map<Language, FlatCatalogue>();
function catalogue(language: Language) {
  let found = catalogues.get(language);
  if (!found) {
    found = flatten(catalogueOf(language), "", new Map());
    catalogues.set(language, found);
  }
  return found;
}

function hasNamespace(language: Language, key: string) {
  const dot = key.indexOf(".");
  if (dot < 0) return true;
  const namespace = key.slice(0, dot);
  return namespace in catalogueOf(language) || namespace in catalogueOf(DEFAULT_LANGUAGE);
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(locales[language]);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The text for `key` in `language` (German when the language lacks it, the key itself when both
 * do), with i18next's conventions that the catalogues follow: `key_one`/`key_other` chosen by
 * `count`, and `{{name}}` placeholders (left as they are when no value is given). Not escaped:
 * React escapes what it renders, and e-mails escape their own output.
 *
 * A few dozen lines instead of i18next + react-i18next: those were a fifth of the server's CPU
 * time per page (a wrapper per `useTranslation` and per `t` call) and 17 KB of browser JS.
 */
export function translate(language: Language, key: string, values?: TranslationValues): string {
  const count = values?.count;
  let text: string | undefined;
  for (const lang of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
    const flat = catalogue(lang);
    if (typeof count === "number") text = flat.get(`${key}_${pluralCategory(lang, count)}`);
    text ??= flat.get(key);
    if (text !== undefined) break;
  }
  if (text === undefined) {
    // A whole namespace missing in the browser means a module shows texts whose registrar it
    // does not import (decision 055): the page would show keys after hydration. Say so loudly;
    // the E2E journeys fail on console errors.
    if (typeof document !== "undefined" && !hasNamespace(language, key)) {
      console.error(`Texte fehlen im Browser: „${key}“ (Registrierung in ~/locales/texts fehlt)`);
    }
    return key;
  }
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}

const translators = new Map<Language, Translator>();

/** The translator of a language; one shared object per language, so it is stable for React. */
export function getTranslator(language: Language): Translator {
  let found = translators.get(language);
  if (!found) {
    found = { t: (key, values) => translate(language, key, values), i18n: { language } };
    translators.set(language, found);
  }
  return found;
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
  return dateFormats[language].format(utcDate(isoDate));
}

// Like the money formats: building an Intl.DateTimeFormat per call showed in the CPU profile.
const dateFormat = (language: Language) =>
  new Intl.DateTimeFormat(locales[language], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });
const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  de: dateFormat("de"),
  en: dateFormat("en"),
};
