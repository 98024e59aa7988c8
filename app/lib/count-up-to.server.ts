import { sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { db } from "./db.server";

/**
 * Counts the rows of `rows` (a select of the list's FROM, joins and WHERE), but only up to
 * `cap`: an exact count of 100,000 rows on every page view of an admin list costs more than the
 * list itself, and "more than 1,000" is all an operator needs to know.
 */
export async function countUpTo(rows: PgSelect, cap = 1_000) {
  const [{ count }] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(rows.limit(cap + 1).as("capped"));
  return { total: Math.min(count, cap), isCapped: count > cap };
}

/** The pages of a counted list; a capped count offers one page more, as the list goes on. */
export function pageCountOf(total: number, isCapped: boolean, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize)) + (isCapped ? 1 : 0);
}
