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
import {
  createBankAccount,
  createBooking as insertBooking,
  createProperty,
  createUser,
} from "../helpers/factories";

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
  await createBankAccount();
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

async function eventStatus(eventId: string) {
  const [row] = await db()
    .select({ status: schema.externalEvent.status })
    .from(schema.externalEvent)
    .where(eq(schema.externalEvent.id, eventId));
  return row?.status;
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

  it("stores an import that overlaps a booking as a conflict that still holds its free nights", async () => {
    const guest = await createUser();
    const property = await createProperty({
      title: "Haus Konflikt",
      location: "Occupancyhausen, Deutschland",
    });
    const booking = await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-01-05",
      checkOut: "2027-01-10",
    });
    const feed = await addFeed(property.id);
    const event = await importEvent(feed.id, property.id, "2027-01-08", "2027-01-12");
    expect(event.status).toBe("conflict");
    // The booking is untouched; the channel's nights it does not hold are the channel's.
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-05", checkOut: "2027-01-10" },
      { checkIn: "2027-01-10", checkOut: "2027-01-12" },
    ]);
    expect(await guestBooks(property.id, "2027-01-10", "2027-01-12")).toEqual({
      ok: false,
      error: "datesTaken",
    });
    expect(await searchTitles("2027-01-11", "2027-01-13")).not.toContain("Haus Konflikt");
    expect(await searchTitles("2027-01-12", "2027-01-14")).toContain("Haus Konflikt");

    // Once the booking is cancelled the event takes the rest at once (no sync needed): whole,
    // so active, and one stay again.
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    expect(await eventStatus(event.id)).toBe("active");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-08", checkOut: "2027-01-12" },
    ]);
    expect(await guestBooks(property.id, "2027-01-07", "2027-01-09")).toEqual({
      ok: false,
      error: "datesTaken",
    });
  });

  it("a conflict in the middle holds the stretches on both sides, and takes nights as they are freed", async () => {
    const property = await createProperty({
      title: "Haus Lücke",
      location: "Occupancyhausen, Deutschland",
    });
    const created = await createBlock({
      actor: admin,
      propertyId: property.id,
      input: block("2027-06-03", "2027-06-06"),
      today,
    });
    if (!created.ok) throw new Error(created.error);
    const feed = await addFeed(property.id);
    const event = await importEvent(feed.id, property.id, "2027-06-01", "2027-06-10");
    expect(event.status).toBe("conflict");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-06-01", checkOut: "2027-06-03" },
      { checkIn: "2027-06-03", checkOut: "2027-06-06" },
      { checkIn: "2027-06-06", checkOut: "2027-06-10" },
    ]);
    expect(await guestBooks(property.id, "2027-06-07", "2027-06-09")).toEqual({
      ok: false,
      error: "datesTaken",
    });
    expect(await searchTitles("2027-06-01", "2027-06-02")).not.toContain("Haus Lücke");

    // The admin shortens the block: the night it gave up goes to the import in the same step.
    expect(
      await updateBlock({
        actor: admin,
        blockId: created.id,
        input: block("2027-06-03", "2027-06-05"),
        today,
      }),
    ).toEqual({ ok: true, id: created.id });
    expect(await eventStatus(event.id)).toBe("conflict");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-06-01", checkOut: "2027-06-03" },
      { checkIn: "2027-06-03", checkOut: "2027-06-05" },
      { checkIn: "2027-06-05", checkOut: "2027-06-10" },
    ]);
    expect(await guestBooks(property.id, "2027-06-05", "2027-06-06")).toEqual({
      ok: false,
      error: "datesTaken",
    });

    // Removed: the event fits whole, is active and one stay.
    expect(await deleteBlock({ actor: admin, blockId: created.id })).toEqual({
      ok: true,
      id: created.id,
    });
    expect(await eventStatus(event.id)).toBe("active");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-06-01", checkOut: "2027-06-10" },
    ]);
  });

  it("moving a booking over its own nights is not blocked by a waiting conflict", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-07-05",
      checkOut: "2027-07-10",
    });
    const feed = await addFeed(property.id);
    const event = await importEvent(feed.id, property.id, "2027-07-08", "2027-07-12");
    expect(event.status).toBe("conflict");
    // The move deletes the old stay before it writes the new one; the conflict only gets what
    // is free once the move is done (the night of the 5th, which it does not want).
    await db()
      .update(schema.booking)
      .set({ checkIn: "2027-07-06", checkOut: "2027-07-10", nights: 4 })
      .where(eq(schema.booking.id, booking.id));
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-07-06", checkOut: "2027-07-10" },
      { checkIn: "2027-07-10", checkOut: "2027-07-12" },
    ]);
    // Moved away from the event: it takes the freed nights it wants.
    await db()
      .update(schema.booking)
      .set({ checkIn: "2027-07-01", checkOut: "2027-07-09", nights: 8 })
      .where(eq(schema.booking.id, booking.id));
    expect(await eventStatus(event.id)).toBe("conflict");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-07-01", checkOut: "2027-07-09" },
      { checkIn: "2027-07-09", checkOut: "2027-07-12" },
    ]);
  });

  it("a conflicting import takes the nights another import releases", async () => {
    const property = await createProperty();
    const airbnb = await addFeed(property.id);
    const [booking] = await db()
      .insert(schema.icalFeed)
      .values({
        propertyId: property.id,
        name: "Booking.com",
        url: "https://example.com/b.ics",
        channel: "booking-com",
      })
      .returning();
    const first = await importEvent(airbnb.id, property.id, "2027-08-01", "2027-08-05");
    const second = await importEvent(booking.id, property.id, "2027-08-03", "2027-08-08");
    expect(first.status).toBe("active");
    expect(second.status).toBe("conflict");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-08-01", checkOut: "2027-08-05" },
      { checkIn: "2027-08-05", checkOut: "2027-08-08" },
    ]);
    // Airbnb's stay is released by its feed: Booking.com's event gets its nights at once.
    await db().delete(schema.externalEvent).where(eq(schema.externalEvent.id, first.id));
    expect(await eventStatus(second.id)).toBe("active");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-08-03", checkOut: "2027-08-08" },
    ]);
  });

  it("a guest booking the nights a cancellation frees never gets those a conflicting import wants", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-09-01",
      checkOut: "2027-09-05",
    });
    const feed = await addFeed(property.id);
    const event = await importEvent(feed.id, property.id, "2027-09-03", "2027-09-08");
    expect(event.status).toBe("conflict");

    // The cancellation's transaction frees the nights; a guest asks for them meanwhile on another
    // connection, waits for it, and meets the import that took them at the commit.
    let attempt!: Promise<Awaited<ReturnType<typeof guestBooks>>>;
    await db().transaction(async (tx) => {
      await tx
        .update(schema.booking)
        .set({ status: "cancelled" })
        .where(eq(schema.booking.id, booking.id));
      attempt = guestBooks(property.id, "2027-09-03", "2027-09-05");
      await untilSomeoneWaitsForALock();
    });
    expect(await attempt).toEqual({ ok: false, error: "datesTaken" });
    expect(await eventStatus(event.id)).toBe("active");
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-09-03", checkOut: "2027-09-08" },
    ]);
    // The nights the import does not want are the guest's.
    expect((await guestBooks(property.id, "2027-09-01", "2027-09-03")).ok).toBe(true);
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
    const events = await db()
      .select({
        id: schema.externalEvent.id,
        status: schema.externalEvent.status,
        nights: sql<number>`(${schema.externalEvent.checkOut} - ${schema.externalEvent.checkIn})::int`,
      })
      .from(schema.externalEvent)
      .where(eq(schema.externalEvent.propertyId, property.id));
    const bookings = await db()
      .select({ id: schema.booking.id })
      .from(schema.booking)
      .where(
        and(
          eq(schema.booking.propertyId, property.id),
          sql`${schema.booking.status} <> 'cancelled'`,
        ),
      );
    // Every booking is mirrored once; an active event holds all its nights, a conflict only some.
    const held = (await db().execute(sql`
      select kind, source_id as "sourceId", count(*)::int as n,
        sum(check_out - check_in)::int as nights
      from occupancy where property_id = ${property.id} group by kind, source_id`)) as unknown as {
      rows: { kind: string; sourceId: string; n: number; nights: number }[];
    };
    const heldBy = new Map(held.rows.map((row) => [row.sourceId, row]));
    for (const b of bookings) expect(heldBy.get(b.id)).toMatchObject({ kind: "booking", n: 1 });
    for (const event of events) {
      const nights = heldBy.get(event.id)?.nights ?? 0;
      if (event.status === "active") expect(nights).toBe(event.nights);
      else expect(nights).toBeLessThan(event.nights);
    }
    const active = events.filter((event) => event.status === "active");
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
