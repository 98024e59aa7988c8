import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBooking } from "~/features/booking/booking.server";
import {
  addFeed,
  calendarWarnings,
  dueFeedIds,
  reportStaleFeeds,
  syncFeed,
} from "~/features/calendar/ical-import.server";
import { listBookedStays } from "~/features/properties/availability.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import {
  createBankAccount,
  createBooking as insertBooking,
  createProperty,
  createUser,
} from "../helpers/factories";

/**
 * The iCal import against a local HTTP server that answers with the shapes Airbnb and
 * Booking.com really send (tests/fixtures/ical), on PGlite and PostgreSQL (decision 045).
 */
const today = "2026-11-22";
const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/ical", name));

/** What the feed server answers per path; changed by the tests between syncs. */
const answers = new Map<string, { status: number; body: Buffer | string }>();
let hits = 0;
let server: http.Server;
let base = "";
let handle: DatabaseHandle;
let admin: { id: string; email: string };

beforeAll(async () => {
  process.env.ICAL_ALLOW_PRIVATE = "true";
  resetEnvCache();
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await createBankAccount();
  admin = await createUser({ role: "admin" });
  server = http.createServer((request, response) => {
    hits++;
    const answer = answers.get(request.url ?? "");
    if (!answer) {
      response.writeHead(404).end("nicht da");
      return;
    }
    response.writeHead(answer.status, { "content-type": "text/calendar; charset=utf-8" });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await handle.close();
  process.env.ICAL_ALLOW_PRIVATE = "";
  resetEnvCache();
});
beforeEach(() => {
  hits = 0;
});

/** A property with one feed at its own path, answering `fixtureName`. */
async function propertyWithFeed(fixtureName: string, channel: "airbnb" | "booking-com" = "airbnb") {
  const property = await createProperty();
  const feedPath = `/${crypto.randomUUID()}.ics`;
  answers.set(feedPath, { status: 200, body: fixture(fixtureName) });
  const added = await addFeed({
    actor: admin,
    propertyId: property.id,
    input: { name: "Airbnb", url: `${base}${feedPath}`, channel, isEndLastNight: false },
  });
  if (!added.ok) throw new Error(added.error);
  const serve = (name: string, status = 200) =>
    answers.set(feedPath, { status, body: name.endsWith(".ics") ? fixture(name) : name });
  return { property, feedId: added.id, serve, feedPath };
}

const lastLog = async (feedId: string) =>
  (
    await db()
      .select()
      .from(schema.icalSyncLog)
      .where(eq(schema.icalSyncLog.feedId, feedId))
      .orderBy(desc(schema.icalSyncLog.createdAt))
      .limit(1)
  )[0];

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
    clientIp: `198.18.${crypto.randomInt(256)}.${crypto.randomInt(256)}`,
  });
}

describe(`iCal import (${databaseKind()})`, () => {
  it("imports Airbnb's reservation and block: those nights are taken for the calendar and the booking", async () => {
    const { property, feedId } = await propertyWithFeed("airbnb.ics");
    expect(await syncFeed(feedId, { today })).toEqual({
      ok: true,
      added: 2,
      changed: 0,
      removed: 0,
      unchanged: 0,
    });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-08", checkOut: "2027-01-12" },
      { checkIn: "2027-02-20", checkOut: "2027-03-01" },
    ]);
    expect(await guestBooks(property.id, "2027-01-10", "2027-01-14")).toEqual({
      ok: false,
      error: "datesTaken",
    });
    expect((await guestBooks(property.id, "2027-01-12", "2027-01-14")).ok).toBe(true);
    const events = await db()
      .select({ kind: schema.externalEvent.kind, status: schema.externalEvent.status })
      .from(schema.externalEvent)
      .where(eq(schema.externalEvent.feedId, feedId));
    expect(events.map((e) => e.kind).sort()).toEqual(["block", "booking"]);
    expect(await lastLog(feedId)).toMatchObject({ result: "ok", httpStatus: 200, added: 2 });

    // The same feed again changes nothing.
    expect(await syncFeed(feedId, { today })).toMatchObject({ ok: true, added: 0, unchanged: 2 });
  });

  it("moves an event whose dates changed under the same UID", async () => {
    const { property, feedId, serve } = await propertyWithFeed("airbnb.ics");
    await syncFeed(feedId, { today });
    serve("airbnb-moved.ics");
    expect(await syncFeed(feedId, { today })).toMatchObject({ ok: true, changed: 1, unchanged: 1 });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-11", checkOut: "2027-01-15" },
      { checkIn: "2027-02-20", checkOut: "2027-03-01" },
    ]);
  });

  it("releases a vanished event only after two successful fetches without it", async () => {
    const { property, feedId, serve } = await propertyWithFeed("airbnb.ics");
    await syncFeed(feedId, { today });
    serve("airbnb-without-reservation.ics");
    expect(await syncFeed(feedId, { today })).toMatchObject({ ok: true, removed: 0 });
    expect(await listBookedStays(property.id, today)).toHaveLength(2);
    // A failed fetch in between does not count.
    serve("empty.ics");
    expect(await syncFeed(feedId, { today })).toMatchObject({ ok: false, error: "empty" });
    serve("airbnb-without-reservation.ics");
    expect(await syncFeed(feedId, { today })).toMatchObject({ ok: true, removed: 1 });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-02-20", checkOut: "2027-03-01" },
    ]);
    expect(await lastLog(feedId)).toMatchObject({ result: "ok", removed: 1, unchanged: 1 });
  });

  it("an empty, broken, wrong, missing or oversized answer changes nothing and is logged as failed", async () => {
    const { property, feedId, serve } = await propertyWithFeed("airbnb.ics");
    await syncFeed(feedId, { today });
    const held = await listBookedStays(property.id, today);
    const cases: [string, number, string, number | null][] = [
      ["empty.ics", 200, "empty", 200],
      ["broken.ics", 200, "malformed", 200],
      ["html-error-page.ics", 200, "notCalendar", 200],
      ["Service Unavailable", 503, "httpStatus", 503],
      // Over 5 MB: cut off while streaming.
      [
        `BEGIN:VCALENDAR\r\n${"X-FILLER:".padEnd(74, "x")}\r\n`.repeat(72_000),
        200,
        "tooLarge",
        null,
      ],
    ];
    for (const [body, status, error, httpStatus] of cases) {
      serve(body, status);
      expect(await syncFeed(feedId, { today }), error).toMatchObject({ ok: false, error });
      expect(await lastLog(feedId), error).toMatchObject({ result: "failed", error, httpStatus });
      expect(await listBookedStays(property.id, today)).toEqual(held);
    }
    const events = await db()
      .select({ missingCount: schema.externalEvent.missingCount })
      .from(schema.externalEvent)
      .where(eq(schema.externalEvent.feedId, feedId));
    expect(events.every((e) => e.missingCount === 0)).toBe(true);
  });

  it("stores an event over an existing booking as a conflict, e-mails the admins once and shows it on the dashboard", async () => {
    const guest = await createUser();
    const { property, feedId } = await propertyWithFeed("airbnb.ics");
    await insertBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-01-10",
      checkOut: "2027-01-13",
    });
    expect(await syncFeed(feedId, { today })).toMatchObject({ ok: true, added: 2 });
    const [conflict] = await db()
      .select()
      .from(schema.externalEvent)
      .where(
        and(eq(schema.externalEvent.feedId, feedId), eq(schema.externalEvent.status, "conflict")),
      );
    expect(conflict).toMatchObject({ checkIn: "2027-01-08", checkOut: "2027-01-12" });
    // The booking keeps its nights; the conflict holds the two before it (decision 064).
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: "2027-01-08", checkOut: "2027-01-10" },
      { checkIn: "2027-01-10", checkOut: "2027-01-13" },
      { checkIn: "2027-02-20", checkOut: "2027-03-01" },
    ]);
    const mails = async () =>
      db()
        .select()
        .from(schema.emailOutbox)
        .where(
          and(
            eq(schema.emailOutbox.template, "calendar-conflict"),
            eq(schema.emailOutbox.to, admin.email),
          ),
        );
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0].data).toMatchObject({
      propertyId: property.id,
      checkIn: "2027-01-08",
    });
    const warnings = await calendarWarnings();
    expect(warnings.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          propertyId: property.id,
          checkIn: "2027-01-08",
          feedName: "Airbnb",
        }),
      ]),
    );
    // The next sync does not alert again.
    await syncFeed(feedId, { today });
    expect(await mails()).toHaveLength(1);
  });

  it("leaves a feed just added to the add action's own first read, not to the sync job", async () => {
    // Due at once, the every-minute job of any process could claim it first, and the admin's
    // "Kalender hinzufügen" would read it as "busy" (and a race test saw exactly that).
    const { feedId } = await propertyWithFeed("airbnb.ics");
    expect(await dueFeedIds(1000)).not.toContain(feedId);
    expect((await syncFeed(feedId, { today })).ok).toBe(true);
  });

  it("syncs each feed in one process at a time", async () => {
    const { feedId } = await propertyWithFeed("airbnb.ics");
    const results = await Promise.all([syncFeed(feedId, { today }), syncFeed(feedId, { today })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "busy")).toHaveLength(1);
    expect(hits).toBe(1);
    // Synced: not due again until the next round.
    expect(await dueFeedIds(1000)).not.toContain(feedId);
  });

  it("reports a feed without a successful sync for 2 hours to the admins once", async () => {
    const { feedId, property } = await propertyWithFeed("airbnb.ics");
    await db()
      .update(schema.icalFeed)
      .set({ lastSuccessAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(schema.icalFeed.id, feedId));
    expect(await reportStaleFeeds()).toBeGreaterThanOrEqual(1);
    expect(await reportStaleFeeds()).toBe(0);
    const mails = await db()
      .select()
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.template, "calendar-stale"),
          eq(schema.emailOutbox.to, admin.email),
        ),
      );
    expect(
      mails.filter((m) => (m.data as { propertyId: string }).propertyId === property.id),
    ).toHaveLength(1);
    expect((await calendarWarnings()).stale.map((s) => s.propertyId)).toContain(property.id);
    // A successful sync ends the stale spell.
    await syncFeed(feedId, { today });
    expect((await calendarWarnings()).stale.map((s) => s.propertyId)).not.toContain(property.id);
  });

  it("reads, reports and shows no calendar of an archived property ('Löschen' with bookings)", async () => {
    const { feedId, property } = await propertyWithFeed("airbnb.ics");
    // Due and stale: its channel listing was removed with it and the feed answers 404.
    await db()
      .update(schema.icalFeed)
      .set({
        nextSyncAt: new Date(Date.now() - 60_000),
        lastSuccessAt: new Date(Date.now() - 3 * 60 * 60 * 1000),
      })
      .where(eq(schema.icalFeed.id, feedId));
    await db()
      .update(schema.property)
      .set({ status: "archived" })
      .where(eq(schema.property.id, property.id));
    expect(await dueFeedIds(1000)).not.toContain(feedId);
    await reportStaleFeeds();
    const mails = await db()
      .select({ data: schema.emailOutbox.data })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "calendar-stale"));
    expect(
      mails.filter((m) => (m.data as { propertyId: string }).propertyId === property.id),
    ).toEqual([]);
    const warnings = await calendarWarnings();
    expect(warnings.stale.map((s) => s.propertyId)).not.toContain(property.id);

    // The same feed of a property in use is all three.
    await db()
      .update(schema.property)
      .set({ status: "published" })
      .where(eq(schema.property.id, property.id));
    expect(await dueFeedIds(1000)).toContain(feedId);
    expect((await calendarWarnings()).stale.map((s) => s.propertyId)).toContain(property.id);
  });

  it("refuses private and loopback addresses unless ICAL_ALLOW_PRIVATE is set", async () => {
    const { feedId, property } = await propertyWithFeed("airbnb.ics");
    process.env.ICAL_ALLOW_PRIVATE = "false";
    resetEnvCache();
    try {
      expect(await syncFeed(feedId, { today })).toMatchObject({
        ok: false,
        error: "blockedAddress",
      });
      expect(hits).toBe(0);
      expect(await listBookedStays(property.id, today)).toEqual([]);
    } finally {
      process.env.ICAL_ALLOW_PRIVATE = "true";
      resetEnvCache();
    }
  });
});
