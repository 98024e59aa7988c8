import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "~/features/booking/booking.server";
import {
  createBlock,
  deleteBlock,
  listBlocks,
  updateBlock,
} from "~/features/calendar/blocks.server";
import { listBookedStays } from "~/features/properties/availability.server";
import { searchProperties } from "~/features/properties/search.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking as insertBooking, createProperty, createUser } from "../helpers/factories";

/**
 * One occupancy model (issue 18, decision 045): bookings, admin blocks and imported events of a
 * property never overlap, the database refuses it for all three, and the search, the calendars
 * and the booking treat all three alike.
 */
const today = "2026-11-22";
let handle: DatabaseHandle;
let admin: { id: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await db().insert(schema.bankAccount).values({
    accountHolder: "TraumUrlaub Reisen GmbH",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    isActive: true,
    isDefault: true,
  });
  admin = await createUser({ role: "admin" });
});
afterAll(() => handle.close());

const someClient = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

async function guestBooks(propertyId: string, checkIn: string, checkOut: string) {
  const guest = await createUser();
  return createBooking({
    userId: guest.id,
    propertyId,
    form: {
      checkIn,
      checkOut,
      guests: "2",
      guestName: "Erika Musterfrau",
      guestEmail: "erika@example.com",
      guestPhone: "+49 30 1234567",
      specialRequests: "",
      paymentMethod: "bank-transfer",
      idempotencyKey: crypto.randomUUID(),
    },
    today,
    language: "de",
    clientIp: someClient(),
  });
}

async function searchTitles(checkIn: string, checkOut: string) {
  const result = await searchProperties(
    { amenities: [], sort: "newest", page: 1, checkIn, checkOut, location: "Occupancyhausen" },
    today,
  );
  return result.items.map((item) => item.title);
}

async function addFeed(propertyId: string) {
  const [feed] = await db()
    .insert(schema.icalFeed)
    .values({ propertyId, name: "Airbnb", url: "https://example.com/a.ics", channel: "airbnb" })
    .returning();
  return feed;
}

async function importEvent(feedId: string, propertyId: string, checkIn: string, checkOut: string) {
  const [event] = await db()
    .insert(schema.externalEvent)
    .values({ feedId, propertyId, uid: crypto.randomUUID(), checkIn, checkOut, kind: "booking" })
    .returning();
  return event;
}

const block = (checkIn: string, checkOut: string) => ({
  checkIn,
  checkOut,
  reason: "own-use" as const,
  note: "Familienbesuch",
});

describe(`one occupancy model (${databaseKind()})`, () => {
  it("an admin block makes its nights unavailable in the search, the calendar and the booking", async () => {
    const property = await createProperty({
      title: "Haus Block",
      location: "Occupancyhausen, Deutschland",
    });
    const created = await createBlock({
      actor: admin,
      propertyId: property.id,
      input: block("2026-12-10", "2026-12-14"),
      today,
    });
    expect(created.ok).toBe(true);

    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2026-12-10", checkOut: "2026-12-14" },
    ]);
    expect(await searchTitles("2026-12-12", "2026-12-16")).not.toContain("Haus Block");
    // The departure day of the block is free, as after a guest.
    expect(await searchTitles("2026-12-14", "2026-12-16")).toContain("Haus Block");

    const refused = await guestBooks(property.id, "2026-12-13", "2026-12-16");
    expect(refused).toEqual({ ok: false, error: "datesTaken" });
    const allowed = await guestBooks(property.id, "2026-12-14", "2026-12-16");
    expect(allowed.ok).toBe(true);
  });

  it("an imported event blocks the search, the calendar and the booking like a booking", async () => {
    const property = await createProperty({
      title: "Haus Import",
      location: "Occupancyhausen, Deutschland",
    });
    const feed = await addFeed(property.id);
    const event = await importEvent(feed.id, property.id, "2026-12-20", "2026-12-27");
    expect(event.status).toBe("active");

    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2026-12-20", checkOut: "2026-12-27" },
    ]);
    expect(await searchTitles("2026-12-26", "2026-12-29")).not.toContain("Haus Import");
    expect(await guestBooks(property.id, "2026-12-18", "2026-12-21")).toEqual({
      ok: false,
      error: "datesTaken",
    });

    // Released by the feed: the nights are free again.
    await db().delete(schema.externalEvent).where(eq(schema.externalEvent.id, event.id));
    expect(await listBookedStays(property.id, today)).toEqual([]);
    expect(await searchTitles("2026-12-26", "2026-12-29")).toContain("Haus Import");
    expect((await guestBooks(property.id, "2026-12-18", "2026-12-21")).ok).toBe(true);
  });

  it("stores an import that overlaps a booking as a conflict, without overwriting or mirroring it", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-01-05",
      checkOut: "2027-01-10",
    });
    const feed = await addFeed(property.id);
    const event = await importEvent(feed.id, property.id, "2027-01-08", "2027-01-12");
    expect(event.status).toBe("conflict");
    // The booking is untouched and only its nights are occupied.
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-05", checkOut: "2027-01-10" },
    ]);

    // Once the booking is cancelled, the next sync's write of the event makes it active.
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    expect(await listBookedStays(property.id, today)).toEqual([]);
    const [again] = await db()
      .update(schema.externalEvent)
      .set({ missingCount: 0 })
      .where(eq(schema.externalEvent.id, event.id))
      .returning();
    expect(again.status).toBe("active");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-08", checkOut: "2027-01-12" },
    ]);
  });

  it("moves the occupied nights with a booking's dates and frees them when it is cancelled", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-02-01",
      checkOut: "2027-02-04",
    });
    await db()
      .update(schema.booking)
      .set({ checkIn: "2027-02-02", checkOut: "2027-02-06", nights: 4 })
      .where(eq(schema.booking.id, booking.id));
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-02-02", checkOut: "2027-02-06" },
    ]);
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    expect(await listBookedStays(property.id, today)).toEqual([]);
  });

  it("refuses a block over a booking or another block with the German reason, and audits every change", async () => {
    const guest = await createUser();
    const property = await createProperty();
    await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-03-01",
      checkOut: "2027-03-05",
    });
    const overBooking = await createBlock({
      actor: admin,
      propertyId: property.id,
      input: block("2027-03-04", "2027-03-08"),
      today,
    });
    expect(overBooking).toEqual({ ok: false, error: "overlap" });

    const first = await createBlock({
      actor: admin,
      propertyId: property.id,
      input: block("2027-03-05", "2027-03-08"),
      today,
    });
    if (!first.ok) throw new Error(first.error);
    const second = await createBlock({
      actor: admin,
      propertyId: property.id,
      input: { ...block("2027-03-10", "2027-03-12"), reason: "maintenance", note: "Malerarbeiten" },
      today,
    });
    if (!second.ok) throw new Error(second.error);
    // Moving the second onto the first is refused; the second keeps its dates.
    expect(
      await updateBlock({
        actor: admin,
        blockId: second.id,
        input: block("2027-03-07", "2027-03-12"),
        today,
      }),
    ).toEqual({ ok: false, error: "overlap" });
    expect(
      await updateBlock({
        actor: admin,
        blockId: second.id,
        input: {
          ...block("2027-03-09", "2027-03-12"),
          reason: "maintenance",
          note: "Malerarbeiten",
        },
        today,
      }),
    ).toEqual({ ok: true, id: second.id });
    expect(await deleteBlock({ actor: admin, blockId: first.id })).toEqual({
      ok: true,
      id: first.id,
    });
    expect(await deleteBlock({ actor: admin, blockId: first.id })).toEqual({
      ok: false,
      error: "notFound",
    });
    // Dates that are already over, and an unknown property.
    expect(
      await createBlock({
        actor: admin,
        propertyId: property.id,
        input: block("2026-11-01", "2026-11-05"),
        today,
      }),
    ).toEqual({ ok: false, error: "endInPast" });
    expect(
      await createBlock({
        actor: admin,
        propertyId: crypto.randomUUID(),
        input: block("2027-03-20", "2027-03-22"),
        today,
      }),
    ).toEqual({ ok: false, error: "notFound" });

    expect(await listBlocks(property.id, today)).toEqual([
      expect.objectContaining({
        id: second.id,
        checkIn: "2027-03-09",
        checkOut: "2027-03-12",
        reason: "maintenance",
      }),
    ]);
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-03-01", checkOut: "2027-03-05" },
      { checkIn: "2027-03-09", checkOut: "2027-03-12" },
    ]);
    const audit = await db()
      .select({ action: schema.auditLog.action, actorId: schema.auditLog.actorId })
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.entity, "property"), eq(schema.auditLog.entityId, property.id)),
      );
    expect(audit.map((row) => row.action).sort()).toEqual([
      "block-created",
      "block-created",
      "block-deleted",
      "block-updated",
    ]);
    expect(audit.every((row) => row.actorId === admin.id)).toBe(true);
  });

  it("a booking racing an import never yields overlapping nights, whichever commits first", async () => {
    const property = await createProperty();
    const feed = await addFeed(property.id);

    // The import's transaction holds the nights; the guest's booking arrives meanwhile on another
    // connection, waits for it, and is refused with the booking's German message.
    let booking!: Promise<Awaited<ReturnType<typeof guestBooks>>>;
    await db().transaction(async (tx) => {
      await tx.insert(schema.externalEvent).values({
        feedId: feed.id,
        propertyId: property.id,
        uid: "race-1@airbnb.com",
        checkIn: "2027-04-10",
        checkOut: "2027-04-15",
        kind: "booking",
      });
      booking = guestBooks(property.id, "2027-04-12", "2027-04-14");
      await untilSomeoneWaitsForALock();
    });
    expect(await booking).toEqual({ ok: false, error: "datesTaken" });

    // The other way round: the booking's transaction holds the nights, the import waits and stores
    // its event as a conflict.
    const guest = await createUser();
    let imported!: Promise<{ status: string }[]>;
    await db().transaction(async (tx) => {
      await tx.insert(schema.booking).values({
        number: sql`'FW-RACE-' || lpad(nextval('booking_number_seq')::text, 6, '0')`,
        userId: guest.id,
        propertyId: property.id,
        checkIn: "2027-04-20",
        checkOut: "2027-04-23",
        guests: 2,
        guestName: "Erika Musterfrau",
        guestEmail: "erika@example.com",
        nightlyPrice: 9500,
        nights: 3,
        cleaningFee: 7500,
        serviceFee: 0,
        totalPrice: 9500 * 3 + 7500,
        paymentMethod: "bank-transfer",
      });
      imported = db()
        .insert(schema.externalEvent)
        .values({
          feedId: feed.id,
          propertyId: property.id,
          uid: "race-2@airbnb.com",
          checkIn: "2027-04-22",
          checkOut: "2027-04-25",
          kind: "booking",
        })
        .returning({ status: schema.externalEvent.status })
        // Started now (a drizzle query runs when its promise is asked for).
        .then((rows) => rows);
      await untilSomeoneWaitsForALock();
    });
    expect((await imported)[0].status).toBe("conflict");

    // A burst of both at once over the same nights.
    const starts = ["2027-05-01", "2027-05-02", "2027-05-03", "2027-05-04"];
    await Promise.all([
      ...starts.map((start) => guestBooks(property.id, start, "2027-05-06")),
      ...starts.map((start, i) =>
        importEvent(feed.id, property.id, start, `2027-05-0${7 + (i % 2)}`),
      ),
    ]);
    const overlaps = (await db().execute(sql`
      select count(*)::int as n
      from booking b
      join external_event e on e.property_id = b.property_id and e.status = 'active'
      where b.property_id = ${property.id} and b.status <> 'cancelled'
        and b.check_in < e.check_out and e.check_in < b.check_out`)) as unknown as {
      rows: { n: number }[];
    };
    expect(overlaps.rows[0].n).toBe(0);
    const active = await db()
      .select({ id: schema.externalEvent.id })
      .from(schema.externalEvent)
      .where(
        and(
          eq(schema.externalEvent.propertyId, property.id),
          eq(schema.externalEvent.status, "active"),
        ),
      );
    const bookings = await db()
      .select({ id: schema.booking.id })
      .from(schema.booking)
      .where(
        and(
          eq(schema.booking.propertyId, property.id),
          sql`${schema.booking.status} <> 'cancelled'`,
        ),
      );
    // Everything that holds nights is mirrored, once.
    const mirrored = await db()
      .select({ id: schema.occupancy.id })
      .from(schema.occupancy)
      .where(eq(schema.occupancy.propertyId, property.id));
    expect(mirrored).toHaveLength(active.length + bookings.length);
    expect(active.length + bookings.length).toBeGreaterThanOrEqual(2);
  });
});

/**
 * On PostgreSQL, waits until another connection is blocked by this transaction (so the race
 * really happens in the middle). PGlite has one connection: the other side simply runs after
 * this transaction's commit, which is the same order.
 */
async function untilSomeoneWaitsForALock() {
  if (databaseKind() !== "postgres") return;
  for (;;) {
    const { rows } = (await handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
