import { eq, sql } from "drizzle-orm";
import { databaseHandle, db, schema, type Database } from "~/lib/db.server";
import { editVersionOf, isEditVersion, nextUpdatedAt } from "~/lib/edit-version";
import { logger } from "~/lib/logger.server";
import {
  DEFAULT_SETTINGS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type SiteSettings,
} from "./settings";
import type { SettingsFormValues } from "./settings.schema";
import {
  emitSettingsChanged,
  onPageDataChanged,
  onSettingsChanged,
  SETTINGS_CHANNEL,
} from "./settings-events.server";

/**
 * Settings are read on every page, so they are cached per process. The cache is dropped on
 * every change event (local save, or NOTIFY from another process) and after a short time as a
 * safety net should a notification be lost while the LISTEN connection reconnects.
 */
const CACHE_MS = 30_000;
let cache: { value: SiteSettings; at: number } | undefined;
onSettingsChanged(() => {
  cache = undefined;
});
// The settings table's trigger (decision 038) also reaches writes that bypass saveSettings.
onPageDataChanged(() => {
  cache = undefined;
});

/**
 * The settings for rendering a page: when the database cannot be read, the defaults (spec 01:
 * the page still renders). Never for what is stored or charged: see getSettingsStrict.
 */
export async function getSettings(): Promise<SiteSettings> {
  try {
    return await getSettingsStrict();
  } catch (error) {
    // Spec 01: when reading fails, defaults are used (the page still renders).
    logger.error(
      { err: (error as Error).cause ?? error },
      "reading settings failed; using defaults",
    );
    return DEFAULT_SETTINGS;
  }
}

/**
 * The settings for what is stored with a booking or acted on with money: fees, deposit,
 * cancellation terms, payment methods, the reminder job's cancellation (decision 078). The
 * process's cache while it is fresh, else the database; when reading fails it throws
 * SettingsUnavailableError instead of falling back to the defaults, which are the demo's terms
 * and not the operator's. The defaults still stand when the row is missing (nothing was ever
 * saved; boot writes exactly these), as in spec 01.
 */
export async function getSettingsStrict(): Promise<SiteSettings> {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.value;
  let row: typeof schema.settings.$inferSelect | undefined;
  try {
    [row] = await db().select().from(schema.settings).where(eq(schema.settings.id, 1));
  } catch (error) {
    throw new SettingsUnavailableError(error);
  }
  const value = row ? fromRow(row) : DEFAULT_SETTINGS;
  cache = { value, at: Date.now() };
  return value;
}

/** The settings could not be read: nothing that depends on them may be stored or charged. */
export class SettingsUnavailableError extends Error {
  override name = "SettingsUnavailableError";
  constructor(cause: unknown) {
    super("the settings could not be read", { cause });
  }
}

/**
 * The settings for the admin form, read from the database (not this process's cache, which may
 * be a change behind), with the version the form sends back (decision 073). Throws when the
 * database cannot be read: the form must not offer the defaults for saving.
 */
export async function getSettingsForForm(): Promise<{ settings: SiteSettings; version: string }> {
  const read = () => db().select().from(schema.settings).where(eq(schema.settings.id, 1));
  let [row] = await read();
  if (!row) {
    // Boot writes the row; a database emptied since gets it here, so there is a version.
    await ensureSettingsRow();
    [row] = await read();
  }
  return { settings: fromRow(row), version: editVersionOf(row.updatedAt) };
}

export type SettingsTx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The settings' maximum stay, read in the caller's transaction and held there (FOR SHARE) until
 * it ends: a season saved in that transaction is checked against the maximum as it stays, since
 * a settings save waits for the lock and then sees the season (decision 090). Strict: a failed
 * read throws, never the defaults (decision 087); a missing row is the defaults, as in
 * getSettingsStrict.
 */
export async function lockedMaxStayDays(tx: SettingsTx): Promise<number> {
  const [row] = await tx
    .select({ maxStayDays: schema.settings.maxStayDays })
    .from(schema.settings)
    .where(eq(schema.settings.id, 1))
    .for("share");
  return row?.maxStayDays ?? DEFAULT_SETTINGS.maxStayDays;
}

/** The settings changed since the form was loaded (decision 073): nothing was saved. */
export class SettingsChangedError extends Error {
  constructor() {
    super("the settings changed since the form was loaded");
  }
}

function fromRow(row: typeof schema.settings.$inferSelect): SiteSettings {
  const { id: _id, updatedAt: _updatedAt, allowedPaymentMethods, ...rest } = row;
  return {
    ...rest,
    allowedPaymentMethods: allowedPaymentMethods.filter((m): m is PaymentMethod =>
      (PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  };
}

/**
 * Saves the settings row, records who changed what, and tells every open page. The row is read
 * and locked inside the transaction, not taken from this process's cache: a change another
 * process saved a moment ago (its NOTIFY may not have arrived yet) is neither overwritten by a
 * partial save (a logo) nor misreported in the audit log's "before", and two saves at once are
 * serialised. Returns the settings before and after, and the new version.
 *
 * With `version` (the settings form: it writes every field it shows) the save applies only when
 * the row is still at that version, else SettingsChangedError and nothing changes (decision
 * 073); null (none sent, or garbled) counts as changed. A partial save (a logo) passes none:
 * it writes one field and reverts nothing.
 *
 * `check`: what the caller needs of other features' data before the values may be saved (the
 * settings form: no season above the maximum stay, decision 090). It runs in the transaction
 * after the row is locked, so what it reads cannot change against the values meanwhile; when
 * it throws, nothing is saved.
 */
export async function saveSettings(
  values: SettingsFormValues | Partial<SiteSettings>,
  actorId: string,
  options: {
    version?: string | null;
    check?: (tx: SettingsTx, next: SiteSettings, before: SiteSettings) => Promise<void>;
  } = {},
): Promise<{ before: SiteSettings; after: SiteSettings; version: string }> {
  const handle = databaseHandle();
  const saved = await db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(schema.settings)
      .where(eq(schema.settings.id, 1))
      .for("update");
    if (
      options.version !== undefined &&
      !(current && isEditVersion(current.updatedAt, options.version))
    ) {
      throw new SettingsChangedError();
    }
    const before = current ? fromRow(current) : DEFAULT_SETTINGS;
    const next: SiteSettings = { ...before, ...values };
    await options.check?.(tx, next, before);
    const updatedAt = current ? nextUpdatedAt(current.updatedAt) : new Date();
    const row = { id: 1, ...next, updatedAt };
    await tx
      .insert(schema.settings)
      .values(row)
      .onConflictDoUpdate({ target: schema.settings.id, set: row });
    await tx.insert(schema.auditLog).values({
      actorId,
      entity: "settings",
      entityId: "1",
      action: "update",
      before,
      after: next,
    });
    // Delivered to every LISTENing process (this one included) when the transaction commits.
    if (handle.kind === "postgres")
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
    return { before, after: next, version: editVersionOf(updatedAt) };
  });
  cache = undefined;
  if (handle.kind === "pglite") emitSettingsChanged();
  return saved;
}

/** Writes the default row into an empty database (boot). */
export async function ensureSettingsRow() {
  await db()
    .insert(schema.settings)
    .values({ id: 1, ...DEFAULT_SETTINGS })
    .onConflictDoNothing();
}
