import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBerlin, addDays } from "~/domain/calendar-day";
import { createBlock } from "~/features/calendar/blocks.server";
import { getExportToken, rotateExportToken } from "~/features/calendar/ical-export.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { loader } from "~/routes/ical/export";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, createFeed } from "../helpers/factories";

/** The iCal export /ical/<token>.ics (spec/10 "iCal export", decision 045). */
let handle: DatabaseHandle;
let admin: { id: string };
const today = todayInBerlin();
const day = (offset: number) => addDays(today, offset);
const compact = (value: string) => value.replaceAll("-", "");

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  admin = await createUser({ role: "admin" });
});
afterAll(() => handle.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost:3000");
  const response = (await loader({
    request: new Request(url, { headers }),
    params: { file: url.pathname.slice("/ical/".length) },
    context: {},
  } as never)) as Response;
  return { response, text: response.status === 200 ? await response.text() : "" };
}

/** The property with a guest's booking, a block and an event imported from Airbnb. */
async function occupiedProperty() {
  const guest = await createUser({ name: "Heinrich Privatmann" });
  const property = await createProperty();
  const booking = await createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn: day(10),
    checkOut: day(14),
    guestName: "Heinrich Privatmann",
    guestEmail: "heinrich@example.com",
  });
  const blocked = await createBlock({
    actor: admin,
    propertyId: property.id,
    input: { checkIn: day(20), checkOut: day(22), reason: "maintenance", note: "Heizung tauschen" },
    today,
  });
  if (!blocked.ok) throw new Error(blocked.error);
  const feed = await createFeed(property.id);
  await db()
    .insert(schema.externalEvent)
    .values({
      feedId: feed.id,
      propertyId: property.id,
      uid: "abc@airbnb.com",
      checkIn: day(30),
      checkOut: day(33),
      kind: "booking",
    });
  // Long past and beyond the 24 months: not exported.
  await createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn: day(-30),
    checkOut: day(-25),
    status: "completed",
  });
  await createBlock({
    actor: admin,
    propertyId: property.id,
    input: { checkIn: day(800), checkOut: day(802), reason: "other", note: "" },
    today,
  });
  const token = (await getExportToken(property.id))!;
  return { property, booking, blockId: blocked.id, token };
}

describe(`iCal export (${databaseKind()})`, () => {
  it("lists every booking, block and imported event of the next 24 months as all-day events without personal data", async () => {
    const { booking, blockId, token } = await occupiedProperty();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { response, text } = await get(`/ical/${token}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    // CRLF line ends everywhere, lines folded at 75 octets.
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replaceAll("\r\n ", "");
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    // Arrival and departure as dates, the departure exclusive.
    expect(unfolded).toContain(
      `DTSTART;VALUE=DATE:${compact(day(10))}\r\nDTEND;VALUE=DATE:${compact(day(14))}`,
    );
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${compact(day(20))}`);
    expect(unfolded).toContain(`DTEND;VALUE=DATE:${compact(day(33))}`);
    expect(unfolded).not.toContain(compact(day(-30)));
    expect(unfolded).not.toContain(compact(day(800)));
    // Stable UIDs from the stored rows; a neutral summary; nothing about the guest or the block.
    expect(unfolded).toContain(`UID:booking-${booking.id}@localhost`);
    expect(unfolded).toContain(`UID:block-${blockId}@localhost`);
    expect(unfolded.match(/SUMMARY:Belegt/g)).toHaveLength(3);
    for (const secret of ["Heinrich", "heinrich@example.com", "Heizung", booking.number]) {
      expect(unfolded).not.toContain(secret);
    }
  });

  it("never sends an imported event back to its own channel", async () => {
    const { token } = await occupiedProperty();
    const forAirbnb = (await get(`/ical/${token}.ics?channel=airbnb`)).text;
    expect(forAirbnb.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(forAirbnb).not.toContain(compact(day(30)));
    const forBooking = (await get(`/ical/${token}.ics?channel=booking-com`)).text;
    expect(forBooking.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  });

  it("exports the free stretches of a conflicting import once each, beside the booking it overlaps", async () => {
    const { property, booking, token } = await occupiedProperty();
    const [feed] = await db()
      .insert(schema.icalFeed)
      .values({
        propertyId: property.id,
        name: "Booking.com",
        url: "https://admin.booking.com/ical/1.ics",
        channel: "booking-com",
      })
      .returning();
    // Sold on Booking.com over the guest's stay (day 10–14) and the block (day 20–22).
    const [event] = await db()
      .insert(schema.externalEvent)
      .values({
        feedId: feed.id,
        propertyId: property.id,
        uid: "double@booking.com",
        checkIn: day(8),
        checkOut: day(24),
        kind: "booking",
      })
      .returning();
    expect(event.status).toBe("conflict");
    const unfolded = (await get(`/ical/${token}.ics?channel=airbnb`)).text.replaceAll("\r\n ", "");
    const stays = [...unfolded.matchAll(/DTSTART;VALUE=DATE:(\d{8})\r\nDTEND;VALUE=DATE:(\d{8})/g)]
      .map((match) => `${match[1]}-${match[2]}`)
      .sort();
    expect(stays).toEqual(
      [
        [day(8), day(10)],
        [day(10), day(14)],
        [day(14), day(20)],
        [day(20), day(22)],
        [day(22), day(24)],
      ].map(([from, to]) => `${compact(from)}-${compact(to)}`),
    );
    const uids = [...unfolded.matchAll(/UID:(\S+)/g)].map((match) => match[1]);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids).toEqual(
      expect.arrayContaining([
        `external-${event.id}@localhost`,
        `external-${event.id}-${compact(day(14))}@localhost`,
        `external-${event.id}-${compact(day(22))}@localhost`,
        `booking-${booking.id}@localhost`,
      ]),
    );
    // Not sent back to Booking.com itself.
    const forBooking = (await get(`/ical/${token}.ics?channel=booking-com`)).text;
    expect(forBooking).not.toContain(`external-${event.id}`);
    expect(forBooking).toContain(`booking-${booking.id}`);
  });

  it("answers a repeated poll with 304 until something changes", async () => {
    const { property, token } = await occupiedProperty();
    const first = await get(`/ical/${token}.ics`);
    const etag = first.response.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/ical/${token}.ics`, { "if-none-match": etag });
    expect(again.response.status).toBe(304);
    expect(again.response.headers.get("etag")).toBe(etag);

    await createBlock({
      actor: admin,
      propertyId: property.id,
      input: { checkIn: day(40), checkOut: day(41), reason: "own-use", note: "" },
      today,
    });
    const changed = await get(`/ical/${token}.ics`, { "if-none-match": etag });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get("etag")).not.toBe(etag);
    expect(changed.text).toContain(`DTSTART;VALUE=DATE:${compact(day(40))}`);
  });

  it("'Link erneuern' replaces the token: the old URL is a 404 from then on", async () => {
    const { property, token } = await occupiedProperty();
    const rotated = await rotateExportToken({ actor: admin, propertyId: property.id });
    if (!rotated.ok) throw new Error(rotated.error);
    expect(rotated.token).not.toBe(token);
    const old = await get(`/ical/${token}.ics`);
    expect(old.response.status).toBe(404);
    expect(await old.response.text()).toBe("Kalender nicht gefunden.");
    expect((await get(`/ical/${rotated.token}.ics`)).response.status).toBe(200);
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "ical-link-rotated"));
    expect(entry).toMatchObject({ actorId: admin.id, entityId: property.id });
    expect(JSON.stringify(entry)).not.toContain(rotated.token);
  });

  it("answers unknown, malformed and hostile paths with 404", async () => {
    for (const path of [
      "/ical/nichtda.ics",
      `/ical/${"a".repeat(43)}.ics`,
      `/ical/${"a".repeat(43)}`,
      "/ical/%27%20or%201%3D1.ics",
    ]) {
      expect((await get(path)).response.status, path).toBe(404);
    }
  });
});
