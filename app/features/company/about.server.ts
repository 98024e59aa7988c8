import { count, eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

/** The real number of published properties ("Unterkünfte" on /ueber-uns). */
export async function countPublishedProperties(): Promise<number> {
  const [row] = await db()
    .select({ total: count() })
    .from(schema.property)
    .where(eq(schema.property.status, "published"));
  return row?.total ?? 0;
}
