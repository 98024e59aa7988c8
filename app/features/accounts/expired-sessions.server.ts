import { lt } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

/**
 * Sessions past their expiry are of no use to anyone: Better Auth refuses them, and only deletes
 * one when its owner comes back with it. Without this a signed-in device that never returns
 * stays in the database for ever, with its browser's user agent (audit 20, Art. 5 (1) e DSGVO).
 * Run by the hourly housekeeping (boot.server.ts).
 */
export async function deleteExpiredSessions(now = new Date()) {
  const deleted = await db()
    .delete(schema.session)
    .where(lt(schema.session.expiresAt, now))
    .returning({ id: schema.session.id });
  return deleted.length;
}
