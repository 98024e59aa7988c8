import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { listBookedStays } from "~/features/properties/availability.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { translate } from "~/lib/i18n";
import * as dashboard from "~/routes/admin/dashboard";
import * as route from "~/routes/admin/property-calendar";
import { databaseKind, openTestDatabase } from "../helpers/database";
import {
  createBooking,
  createProperty,
  createUser,
  sessionCookie,
  createFeed,
} from "../helpers/factories";

/**
 * /admin/properties/{id}/kalender through its real route module with a real admin session
 * (issue 18, decision 045): blocks with German messages, the export link, feeds.
 */
let handle: DatabaseHandle;
let cookie: string;
let guestCookie: string;
const today = todayInBerlin();
const day = (offset: number) => addDays(today, offset);

beforeAll(async () => {
  handle = await openTestDatabase();
  const admin = await createUser({ role: "admin" });
  cookie = await sessionCookie(admin.email);
  guestCookie = await sessionCookie((await createUser()).email);
});
afterAll(() => handle.close());

type Answer = { status: number; data: Record<string, unknown> | null };

const read = (value: unknown): Answer => {
  if (value instanceof Response) return { status: value.status, data: null };
  const result = value as { data?: unknown; init?: ResponseInit | null };
  if (result && typeof result === "object" && "init" in result) {
    return { status: result.init?.status ?? 200, data: (result.data ?? null) as Answer["data"] };
  }
  return { status: 200, data: value as Answer["data"] };
};

async function call(
  handler: "loader" | "action",
  propertyId: string,
  fields: Record<string, string> = {},
  as = cookie,
): Promise<Answer> {
  const url = `http://localhost:3000/admin/properties/${propertyId}/kalender`;
  const request =
    handler === "loader"
      ? new Request(url, { headers: { cookie: as } })
      : new Request(url, {
          method: "POST",
          headers: { cookie: as, origin: "http://localhost:3000" },
          body: new URLSearchParams(fields),
        });
  const args = { request, params: { id: propertyId }, context: { clientIp: "192.0.2.5" } } as never;
  try {
    return read(await route[handler](args));
  } catch (thrown) {
    return read(thrown);
  }
}

const blockFields = (checkIn: string, checkOut: string, extra: Record<string, string> = {}) => ({
  intent: "createBlock",
  checkIn,
  checkOut,
  reason: "maintenance",
  note: "Fenster streichen",
  ...extra,
});

describe(`admin calendar page (${databaseKind()})`, () => {
  it("creates, changes and removes blocks; refuses overlaps and bad dates with German messages", async () => {
    const property = await createProperty();
    const guest = await createUser();
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: day(10),
      checkOut: day(14),
    });

    const created = await call("action", property.id, blockFields(day(20), day(23)));
    expect(created).toMatchObject({
      status: 200,
      data: { ok: true, message: "Sperrzeit gespeichert." },
    });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: day(10), checkOut: day(14) },
      { checkIn: day(20), checkOut: day(23) },
    ]);

    const overlap = await call("action", property.id, blockFields(day(12), day(16)));
    expect(overlap).toMatchObject({ status: 409, data: { ok: false, error: "overlap" } });
    const invalid = await call("action", property.id, blockFields(day(16), day(15)));
    expect(invalid).toMatchObject({
      status: 400,
      data: { error: "invalid", fieldErrors: { checkOut: "checkOutBeforeCheckIn" } },
    });
    const hostile = await call("action", property.id, {
      intent: "createBlock",
      checkIn: "'; drop table booking; --",
      checkOut: "2027-02-30",
      reason: "party",
    });
    expect(hostile.status).toBe(400);

    const loaded = await call("loader", property.id);
    const blocks = loaded.data!.blocks as { id: string; note: string }[];
    expect(blocks).toHaveLength(1);
    expect(blocks[0].note).toBe("Fenster streichen");
    expect(String(loaded.data!.exportUrl)).toMatch(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);

    const changed = await call("action", property.id, {
      ...blockFields(day(21), day(25)),
      intent: "updateBlock",
      id: blocks[0].id,
    });
    expect(changed).toMatchObject({ status: 200, data: { message: "Sperrzeit geändert." } });
    // A block of another property cannot be reached through this page.
    const other = await createProperty();
    expect(
      (await call("action", other.id, { intent: "deleteBlock", id: blocks[0].id })).status,
    ).toBe(404);
    const removed = await call("action", property.id, { intent: "deleteBlock", id: blocks[0].id });
    expect(removed).toMatchObject({ status: 200, data: { message: "Sperrzeit entfernt." } });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: day(10), checkOut: day(14) },
    ]);
  });

  it("rotates the export link, and adds and removes a feed (with its log) — audited", async () => {
    const property = await createProperty();
    const before = String((await call("loader", property.id)).data!.exportUrl);
    const rotated = await call("action", property.id, { intent: "rotateExport" });
    expect(rotated).toMatchObject({ status: 200, data: { ok: true } });
    const after = String((await call("loader", property.id)).data!.exportUrl);
    expect(after).not.toBe(before);

    const badUrl = await call("action", property.id, {
      intent: "addFeed",
      name: "Airbnb",
      url: "file:///etc/passwd",
      channel: "airbnb",
    });
    expect(badUrl).toMatchObject({ status: 400, data: { fieldErrors: { url: "invalidUrl" } } });
    // A loopback address is refused by the SSRF guard: the feed is stored, its sync fails.
    const added = await call("action", property.id, {
      intent: "addFeed",
      name: "Airbnb",
      url: "http://127.0.0.1:9/kalender.ics",
      channel: "airbnb",
    });
    expect(added).toMatchObject({ status: 200, data: { ok: true } });
    const feeds = (await call("loader", property.id)).data!.feeds as {
      id: string;
      log: { result: string; error: string }[];
    }[];
    expect(feeds).toHaveLength(1);
    expect(feeds[0].log[0]).toMatchObject({ result: "failed", error: "blockedAddress" });
    const sync = await call("action", property.id, { intent: "syncFeed", id: feeds[0].id });
    expect(sync).toMatchObject({ status: 422, data: { error: "sync.blockedAddress" } });
    const gone = await call("action", property.id, { intent: "deleteFeed", id: feeds[0].id });
    expect(gone).toMatchObject({ status: 200, data: { ok: true } });

    const actions = (
      await db()
        .select({ action: schema.auditLog.action })
        .from(schema.auditLog)
        .where(eq(schema.auditLog.entityId, property.id))
    ).map((row) => row.action);
    expect(actions.sort()).toEqual(["ical-feed-added", "ical-feed-removed", "ical-link-rotated"]);
  });

  it("counts each feed's stays not yet over, which its removal dialog names (decision 096)", async () => {
    const property = await createProperty();
    const [airbnb, booking] = [await createFeed(property.id), await createFeed(property.id)];
    const stay = (feedId: string, uid: string, checkIn: string, checkOut: string) => ({
      feedId,
      propertyId: property.id,
      uid,
      checkIn,
      checkOut,
      kind: "booking" as const,
    });
    await db()
      .insert(schema.externalEvent)
      .values([
        // Over: its nights are past, removing the feed releases nothing bookable.
        stay(airbnb.id, "past", day(-10), day(-5)),
        // Under way (its last night is tonight) and ahead.
        stay(airbnb.id, "now", day(-2), day(1)),
        stay(airbnb.id, "ahead", day(20), day(25)),
        stay(booking.id, "ahead", day(40), day(42)),
      ]);
    const feeds = (await call("loader", property.id)).data!.feeds as {
      id: string;
      upcomingStays: number;
    }[];
    const count = (id: string) => feeds.find((feed) => feed.id === id)?.upcomingStays;
    expect(count(airbnb.id)).toBe(2);
    expect(count(booking.id)).toBe(1);
    expect(translate("de", "adminCalendar.confirm.feedText", { count: 2 })).toBe(
      "Seine 2 importierten Aufenthalte werden freigegeben: Diese Nächte sind danach hier buchbar, sofern Sie sie nicht sperren.",
    );
  });

  it("the sync log names the HTTP status the channel answered with", async () => {
    const property = await createProperty();
    const feed = await createFeed(property.id);
    await db()
      .insert(schema.icalSyncLog)
      .values({ feedId: feed.id, result: "failed", httpStatus: 404, error: "httpStatus" });
    const loaded = await call("loader", property.id);
    const feeds = loaded.data!.feeds as { log: { error: string; httpStatus: number | null }[] }[];
    // 404: the address is gone (a new link at the channel); 503 would be worth waiting for.
    expect(feeds[0].log).toEqual([
      expect.objectContaining({ error: "httpStatus", httpStatus: 404 }),
    ]);
    expect(translate("de", "adminCalendar.errors.sync.httpStatus", { status: 404 })).toBe(
      "Der Server antwortete mit Status 404",
    );
  });

  it("answers unknown properties, unknown intents and guests without a 500", async () => {
    const property = await createProperty();
    expect((await call("loader", crypto.randomUUID())).status).toBe(404);
    expect((await call("loader", "kein-uuid")).status).toBe(404);
    expect((await call("action", property.id, { intent: "nope" })).status).toBe(400);
    expect((await call("action", property.id, { intent: "syncFeed", id: "x" })).status).toBe(404);
    expect((await call("action", property.id, {}, guestCookie)).status).toBe(403);
    expect((await call("loader", property.id, {}, guestCookie)).status).toBe(403);
  });

  it("the admin dashboard shows open conflicts and stale calendars until they are resolved", async () => {
    const guest = await createUser();
    const property = await createProperty({ title: "Haus Doppelt" });
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: day(30),
      checkOut: day(34),
    });
    const [feed] = await db()
      .insert(schema.icalFeed)
      .values({
        propertyId: property.id,
        name: "Booking.com Haus Doppelt",
        url: "https://admin.booking.com/hotel/ical/1.ics",
        channel: "booking-com",
        lastSuccessAt: new Date(Date.now() - 3 * 60 * 60 * 1000),
      })
      .returning();
    await db()
      .insert(schema.externalEvent)
      .values({
        feedId: feed.id,
        propertyId: property.id,
        uid: "doppelt@booking.com",
        checkIn: day(32),
        checkOut: day(36),
        kind: "booking",
      });
    const alerts = async () => {
      const answer = await dashboardLoader();
      return answer.data!.calendarAlerts as {
        conflicts: { propertyTitle: string; checkIn: string }[];
        stale: { feedName: string; hours: number; hasEverSynced: boolean }[];
      };
    };
    let shown = await alerts();
    expect(shown.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyTitle: "Haus Doppelt", checkIn: day(32) }),
      ]),
    );
    expect(shown.stale).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          feedName: "Booking.com Haus Doppelt",
          hours: 3,
          hasEverSynced: true,
        }),
      ]),
    );

    // Resolved: the booking here is cancelled and the next sync writes the event again; the feed
    // was read successfully.
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    await db()
      .update(schema.externalEvent)
      .set({ missingCount: 0 })
      .where(eq(schema.externalEvent.feedId, feed.id));
    await db()
      .update(schema.icalFeed)
      .set({ lastSuccessAt: new Date() })
      .where(eq(schema.icalFeed.id, feed.id));
    shown = await alerts();
    expect(shown.conflicts.map((c) => c.propertyTitle)).not.toContain("Haus Doppelt");
    expect(shown.stale.map((s) => s.feedName)).not.toContain("Booking.com Haus Doppelt");
  });
});

async function dashboardLoader(): Promise<Answer> {
  const request = new Request("http://localhost:3000/admin", { headers: { cookie } });
  return read(await dashboard.loader({ request, params: {}, context: {} } as never));
}
