import { sql } from "drizzle-orm";
import { emitSettingsChanged } from "~/features/settings/settings-events.server";
import { db } from "~/lib/db.server";

/**
 * Runs `fn` while the settings row cannot be read (decisions 078, 087); readable again
 * afterwards. The settings table is renamed inside the test database, so the app's own query
 * fails as it would with a broken table or a database that answers other queries but not this
 * one, and this process's cache goes, as on any change of the settings.
 */
export async function whileSettingsUnreadable<T>(fn: () => Promise<T>): Promise<T> {
  await db().execute(sql`alter table settings rename to settings_unreadable`);
  emitSettingsChanged();
  try {
    return await fn();
  } finally {
    await db().execute(sql`alter table settings_unreadable rename to settings`);
    emitSettingsChanged();
  }
}
