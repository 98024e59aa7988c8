import type { Language } from "./i18n";

/**
 * Country names in the page's language (issue 16: no German leaks into English pages).
 * Properties store the country as the operator typed it, German by convention (spec 06), some
 * in English. Both are recognised through the runtime's ISO 3166 names (Intl.DisplayNames, no
 * list of our own) and shown in the requested language; a name it does not know stays as
 * stored. Server only: the browser's ICU may name a country slightly differently, and the
 * strings are sent with the loader data instead.
 */
const CODES = (() => {
  const byName = new Map<string, string>();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const names = (["de", "en"] as const).map(
    (language) => new Intl.DisplayNames([language], { type: "region", fallback: "none" }),
  );
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      for (const display of names) {
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        if (name) byName.set(fold(name), code);
      }
    }
  }
  return byName;
})();

const DISPLAY = {
  de: new Intl.DisplayNames(["de"], { type: "region" }),
  en: new Intl.DisplayNames(["en"], { type: "region" }),
};

function fold(name: string) {
  return name.trim().toLocaleLowerCase("de-DE");
}

/** "Deutschland" → "Germany" in English; unknown names as stored. */
export function countryName(stored: string, language: Language): string {
  const code = CODES.get(fold(stored));
  return code ? (DISPLAY[language].of(code) ?? stored) : stored;
}

/** "Sylt, Deutschland" → "Sylt, Germany": the last part of a location when it is a country. */
export function localizedLocation(location: string, language: Language): string {
  const comma = location.lastIndexOf(",");
  if (comma < 0) return countryName(location, language);
  const country = location.slice(comma + 1);
  const translated = countryName(country, language);
  return translated === country ? location : `${location.slice(0, comma)}, ${translated}`;
}

/**
 * The same place with its country named in the other language: "Germany" → ["Deutschland"],
 * "Sylt, Germany" → ["Sylt, Deutschland"]. English pages show the country in English, so an
 * English guest searches for it in English, while locations are stored as the operator typed
 * them (German by convention). Empty when the query names no known country.
 */
export function locationAliases(query: string): string[] {
  const comma = query.lastIndexOf(",");
  const head = comma < 0 ? "" : query.slice(0, comma + 1);
  const tail = comma < 0 ? query : query.slice(comma + 1);
  const code = CODES.get(fold(tail));
  if (!code) return [];
  const spaced = comma < 0 ? "" : " ";
  const aliases = (["de", "en"] as const)
    .map((language) => `${head.trimEnd()}${spaced}${DISPLAY[language].of(code) ?? ""}`.trim())
    .filter((alias) => alias && fold(alias) !== fold(query));
  return [...new Set(aliases)];
}
