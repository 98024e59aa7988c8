import { sql } from "drizzle-orm";

/**
 * A LIKE pattern "the folded text contains `text`" (search_fold = lower(unaccent(…)), a SQL
 * function of migration 0002), where `%`, `_` and `\` typed by someone are literal characters,
 * not wildcards. Escaped AFTER folding, in SQL: unaccent turns fullwidth ％ ＿ ＼ (and small ﹪)
 * into % _ \, so escaping the typed text first let them through as live wildcards ("％" matched
 * everything). Compare it with a folded column: `search_fold(col) like ${foldedContains(q)}`.
 */
export function foldedContains(text: string) {
  return sql`'%' || replace(replace(replace(search_fold(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}
