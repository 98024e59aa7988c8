import type { Language } from "./i18n";

/**
 * Static page content lives in version-controlled JSON files, one per page and language
 * (`content/<language>/<page>.json`), so an operator can edit texts without touching
 * components. They are bundled at build time; `npm start` rebuilds when they change.
 */
const files = import.meta.glob<unknown>("../../content/*/*.json", {
  eager: true,
  import: "default",
});

export function getContent<T>(page: string, language: Language): T {
  const file =
    files[`../../content/${language}/${page}.json`] ?? files[`../../content/de/${page}.json`];
  if (!file) throw new Error(`Missing content file for page "${page}"`);
  return file as T;
}
