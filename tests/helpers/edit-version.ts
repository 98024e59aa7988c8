import { eq } from "drizzle-orm";
import { isUuid } from "~/domain/ids";
import { db, schema } from "~/lib/db.server";
import { editVersionOf } from "~/lib/edit-version";

/**
 * The version the property's edit page carries right now (decision 073), for tests whose post
 * stands for a page opened just before; undefined when there is no such property. Tests of
 * stale pages (tests/integration/stale-forms.test.ts) take the version from the loader instead.
 */
export async function currentPropertyVersion(id: string | undefined) {
  if (!id || !isUuid(id)) return undefined;
  const [row] = await db()
    .select({ updatedAt: schema.property.updatedAt })
    .from(schema.property)
    .where(eq(schema.property.id, id.toLowerCase()));
  return row ? editVersionOf(row.updatedAt) : undefined;
}
