/**
 * What drops the page cache (decision 038, migration 0021): a committed write to any table whose
 * rows show on public pages notifies every process, whichever code path (or psql) wrote it; a
 * rolled-back write and writes to tables no public page shows (sessions, audit log, rate limits)
 * do not. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listenForPageDataOnPglite,
  listenForSettingsChanges,
  onPageDataChanged,
  SETTINGS_CHANNEL,
  stopListening,
} from "~/features/settings/settings-events.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
let raw: pg.Client | undefined;
const payloads: string[] = [];
const waiting: { payload: string; resolve: () => void }[] = [];

function received(payload: string) {
  payloads.push(payload);
  for (const w of waiting.filter((w) => w.payload === payload)) w.resolve();
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  // The notifications as they leave the database, in commit order.
  if (handle.kind === "postgres") {
    raw = new pg.Client({ connectionString: handle.url });
    await raw.connect();
    raw.on("notification", (msg) => received(msg.payload ?? ""));
    await raw.query(`LISTEN ${SETTINGS_CHANNEL}`);
  } else {
    await handle.listen!(SETTINGS_CHANNEL, received);
  }
});

afterAll(async () => {
  await raw?.end();
  await handle?.close();
});

let markers = 0;
/** Sends a marker notification and waits until it arrived (with everything committed before it). */
async function marker() {
  const payload = `marker-${++markers}`;
  const arrived = new Promise<void>((resolve) => waiting.push({ payload, resolve }));
  await db().execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${payload})`);
  await arrived;
  return payloads.lastIndexOf(payload);
}

/**
 * Runs `write` between two marker notifications and answers whether a page-data notification
 * arrived between them (notifications arrive in commit order, so whatever an earlier write sent
 * is before the first marker).
 */
async function notifiesPageData(write: () => Promise<unknown>) {
  const from = await marker();
  await write();
  const to = await marker();
  return payloads.slice(from + 1, to).includes("data");
}

describe("page data notifications", () => {
  it("every committed write to a table that shows on public pages notifies", async () => {
    const property = await createProperty();
    const user = await createUser();
    expect(
      await notifiesPageData(() =>
        db()
          .update(schema.settings)
          .set({ companyName: "Neu GmbH" })
          .where(eq(schema.settings.id, 1)),
      ),
    ).toBe(true);
    expect(
      await notifiesPageData(() =>
        db()
          .update(schema.property)
          .set({ pricePerNight: 12_000 })
          .where(eq(schema.property.id, property.id)),
      ),
    ).toBe(true);
    expect(await notifiesPageData(() => createProperty())).toBe(true);
    expect(
      await notifiesPageData(() =>
        createBooking({
          userId: user.id,
          propertyId: property.id,
          checkIn: "2027-03-01",
          checkOut: "2027-03-04",
        }),
      ),
    ).toBe(true);
    expect(
      await notifiesPageData(() =>
        db().delete(schema.booking).where(eq(schema.booking.propertyId, property.id)),
      ),
    ).toBe(true);
    expect(
      await notifiesPageData(() =>
        db()
          .update(schema.profile)
          .set({ fullName: "Neuer Name" })
          .where(eq(schema.profile.id, user.id)),
      ),
    ).toBe(true);
    expect(
      await notifiesPageData(() =>
        db().insert(schema.bankAccount).values({
          accountHolder: "Neu GmbH",
          iban: "DE89370400440532013000",
          bic: "COBADEFFXXX",
          bankName: "Commerzbank",
          isDefault: true,
        }),
      ),
    ).toBe(true);
  });

  it("a rolled-back write and writes no public page shows do not", async () => {
    const property = await createProperty();
    expect(
      await notifiesPageData(() =>
        db()
          .transaction(async (tx) => {
            await tx
              .update(schema.property)
              .set({ title: "Nie gespeichert" })
              .where(eq(schema.property.id, property.id));
            tx.rollback();
          })
          // Drizzle's rollback throws on purpose; it is the rolled-back write being tested.
          .catch(() => {}),
      ),
    ).toBe(false);
    expect(
      await notifiesPageData(() =>
        db().insert(schema.auditLog).values({
          entity: "settings",
          entityId: "1",
          action: "update",
          before: {},
          after: {},
        }),
      ),
    ).toBe(false);
    expect(
      await notifiesPageData(() => db().execute(sql`delete from rate_limit where false`)),
    ).toBe(false);
  });

  it("the app hears them: its page-data event fires on a write", async () => {
    if (handle.kind === "postgres") await listenForSettingsChanges(handle.url!);
    else await listenForPageDataOnPglite(handle.listen!);
    try {
      const heard = new Promise<void>((resolve) => {
        const stop = onPageDataChanged(() => {
          stop();
          resolve();
        });
      });
      const property = await createProperty();
      await db()
        .update(schema.property)
        .set({ status: "archived" })
        .where(eq(schema.property.id, property.id));
      await heard;
    } finally {
      await stopListening();
    }
  });
});
