import type { Language } from "./i18n";

/**
 * The shipped page texts, one JSON file per page and language (`content/<language>/<page>.json`),
 * bundled at build time. They are the defaults: what an operator saves in /admin/inhalte is
 * merged over them (app/features/content/content.server.ts, decision 030).
 */
const files = import.meta.glob<unknown>("../../content/*/*.json", {
  eager: true,
  import: "default",
});

/** The shipped default of a page in a language (German when that language has none). */
export function shippedContent(page: string, language: Language): unknown {
  const file =
    files[`../../content/${language}/${page}.json`] ?? files[`../../content/de/${page}.json`];
  if (!file) throw new Error(`Missing content file for page "${page}"`);
  return file;
}
