import { eq } from "drizzle-orm";
import { db, schema, type Database } from "~/lib/db.server";

/**
 * The host's name as the property page's "Gastgeber" card shows it: the profile's full name,
 * else the account's name; null when there is neither ("Unbekannter Gastgeber").
 */
export const displayHostName = (
  profileName: string | null | undefined,
  accountName: string | null | undefined,
) => profileName?.trim() || accountName?.trim() || null;

/**
 * The host's name of a property's owner, so the success page and the "Buchung eingegangen"
 * e-mail name the same person as the property page did (not only the company).
 */
export async function hostNameOf(
  ownerId: string | null,
  /** the booking's transaction when called inside one (PGlite has a single connection) */
  database: Database = db(),
): Promise<string | null> {
  if (!ownerId) return null;
  const [row] = await database
    .select({ profileName: schema.profile.fullName, accountName: schema.user.name })
    .from(schema.user)
    .leftJoin(schema.profile, eq(schema.profile.id, schema.user.id))
    .where(eq(schema.user.id, ownerId))
    .limit(1);
  return row ? displayHostName(row.profileName, row.accountName) : null;
}
