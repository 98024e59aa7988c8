import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as route from "~/routes/admin/property-calendar";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

/**
 * Resolving a calendar conflict on /admin/properties/{id}/kalender (issue 18, decision 045):
 * both sides shown, "Konflikt als erledigt markieren" (audited, off the dashboard, back when the
 * channel moves the event) and "Jetzt synchronisieren" — through the real route module, a real
 * admin session and a local HTTP server as the channel, on PGlite and PostgreSQL.
 */
let handle: DatabaseHandle;
let admin: { id: string; email: string };
let cookie: string;
let guestCookie: string;
let server: http.Server;
let base = "";
const feeds = new Map<string, string>();
const today = todayInBerlin();
const day = (offset: number) => addDays(today, offset);

beforeAll(async () => {
  process.env.ICAL_ALLOW_PRIVATE = "true";
  resetEnvCache();
  handle = await openTestDatabase();
  admin = await createUser({ role: "admin" });
  cookie = await sessionCookie(admin.email);
  guestCookie = await sessionCookie((await createUser()).email);
  server = http.createServer((request, response) => {
    const body = feeds.get(request.url ?? "");
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(body);
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

function calendar(events: { uid: string; from: string; to: string; summary: string }[]) {
  const d = (value: string) => value.replaceAll("-", "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Airbnb Inc//Hosting Calendar//EN",
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${d(e.from)}`,
      `DTEND;VALUE=DATE:${d(e.to)}`,
      `UID:${e.uid}`,
      `SUMMARY:${e.summary}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

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

type ConflictView = {
  id: string;
  kind: string;
  checkIn: string;
  checkOut: string;
  acknowledged: string | null;
  collidesWith: Record<string, string>[];
};
async function pageConflicts(propertyId: string) {
  const page = await call("loader", propertyId);
  const [feed] = page.data!.feeds as { conflicts: ConflictView[] }[];
  return feed.conflicts;
}

async function dashboardConflicts() {
  const request = new Request("http://localhost:3000/admin", { headers: { cookie } });
  const answer = read(await dashboard.loader({ request, params: {}, context: {} } as never));
  const alerts = answer.data!.calendarAlerts as {
    conflicts: { propertyTitle: string; checkIn: string }[];
  };
  return alerts.conflicts;
}

async function conflictMails(propertyId: string) {
  const rows = (await db().execute(sql`
    select count(*)::int as n from email_outbox
     where template = 'calendar-conflict' and "to" = ${admin.email}
       and data->>'propertyId' = ${propertyId}`)) as unknown as { rows: { n: number }[] };
  return rows.rows[0].n;
}

describe(`resolving a calendar conflict (${databaseKind()})`, () => {
  it("shows both sides, marks a conflict settled (audited) and brings it back when the channel moves it", async () => {
    const guest = await createUser();
    const property = await createProperty({ title: "Haus Zweimal" });
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: day(30),
      checkOut: day(34),
      guestName: "Erika Konflikt",
    });
    const block = await call("action", property.id, {
      intent: "createBlock",
      checkIn: day(40),
      checkOut: day(43),
      reason: "own-use",
      note: "",
    });
    expect(block).toMatchObject({ status: 200, data: { ok: true } });
    const feedPath = `/${property.id}.ics`;
    const sold = { uid: "sold-twice@airbnb.com", from: day(32), to: day(36), summary: "Reserved" };
    const closed = {
      uid: "closed@airbnb.com",
      from: day(41),
      to: day(45),
      summary: "Airbnb (Not available)",
    };
    feeds.set(feedPath, calendar([sold, closed]));
    const added = await call("action", property.id, {
      intent: "addFeed",
      name: "Airbnb Haus Zweimal",
      url: `${base}${feedPath}`,
      channel: "airbnb",
    });
    expect(added).toMatchObject({ status: 200, data: { ok: true } });
    expect(await conflictMails(property.id)).toBe(2);

    // Both sides: the imported event with its nights, and what it collides with here.
    let conflicts = await pageConflicts(property.id);
    expect(conflicts).toEqual([
      expect.objectContaining({
        kind: "booking",
        checkIn: day(32),
        checkOut: day(36),
        acknowledged: null,
        collidesWith: [
          expect.objectContaining({
            kind: "booking",
            id: booking.id,
            bookingNumber: booking.number,
            guestName: "Erika Konflikt",
            checkIn: day(30),
            checkOut: day(34),
          }),
        ],
      }),
      expect.objectContaining({
        kind: "block",
        checkIn: day(41),
        collidesWith: [
          expect.objectContaining({ kind: "block", reason: "own-use", checkIn: day(40) }),
        ],
      }),
    ]);
    const [soldConflict, closedConflict] = conflicts;
    expect((await dashboardConflicts()).filter((c) => c.propertyTitle === "Haus Zweimal")).toEqual([
      expect.objectContaining({ checkIn: day(32) }),
      expect.objectContaining({ checkIn: day(41) }),
    ]);

    // Settled outside (the Airbnb guest was moved): off the dashboard, still holding the nights
    // it held (those the booking does not have, decision 064).
    const settled = await call("action", property.id, {
      intent: "acknowledgeConflict",
      id: soldConflict.id,
    });
    expect(settled).toMatchObject({
      status: 200,
      data: { ok: true, message: "Überschneidung als erledigt markiert." },
    });
    expect((await dashboardConflicts()).filter((c) => c.propertyTitle === "Haus Zweimal")).toEqual([
      expect.objectContaining({ checkIn: day(41) }),
    ]);
    conflicts = await pageConflicts(property.id);
    expect(conflicts[0].acknowledged).toEqual(expect.any(String));
    expect(conflicts[1].acknowledged).toBeNull();
    const [event] = await db()
      .select()
      .from(schema.externalEvent)
      .where(eq(schema.externalEvent.id, soldConflict.id));
    expect(event.status).toBe("conflict");
    const occupied = await db()
      .select({
        kind: schema.occupancy.kind,
        sourceId: schema.occupancy.sourceId,
        checkIn: schema.occupancy.checkIn,
        checkOut: schema.occupancy.checkOut,
      })
      .from(schema.occupancy)
      .where(eq(schema.occupancy.propertyId, property.id));
    expect(occupied).toContainEqual({
      kind: "booking",
      sourceId: booking.id,
      checkIn: day(30),
      checkOut: day(34),
    });
    expect(occupied.filter((row) => row.kind === "external")).toEqual(
      expect.arrayContaining([
        { kind: "external", sourceId: soldConflict.id, checkIn: day(34), checkOut: day(36) },
        { kind: "external", sourceId: closedConflict.id, checkIn: day(43), checkOut: day(45) },
      ]),
    );
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.entityId, property.id),
          eq(schema.auditLog.action, "calendar-conflict-acknowledged"),
        ),
      );
    expect(audit).toMatchObject({
      actorId: admin.id,
      entity: "property",
      after: expect.objectContaining({
        eventId: soldConflict.id,
        feedName: "Airbnb Haus Zweimal",
        channel: "airbnb",
        checkIn: day(32),
        checkOut: day(36),
      }),
    });

    // Twice, or someone else's event: a clear 409, nothing written.
    const again = await call("action", property.id, {
      intent: "acknowledgeConflict",
      id: soldConflict.id,
    });
    expect(again).toMatchObject({ status: 409, data: { error: "conflictGone" } });
    const other = await createProperty();
    for (const id of [closedConflict.id, "kein-uuid", ""]) {
      expect(await call("action", other.id, { intent: "acknowledgeConflict", id })).toMatchObject({
        status: 409,
        data: { error: "conflictGone" },
      });
    }
    expect(
      (
        await call(
          "action",
          property.id,
          { intent: "acknowledgeConflict", id: closedConflict.id },
          guestCookie,
        )
      ).status,
    ).toBe(403);
    expect(await pageConflicts(property.id)).toEqual([
      expect.objectContaining({ acknowledged: expect.any(String) }),
      expect.objectContaining({ acknowledged: null }),
    ]);

    // "Jetzt synchronisieren" with the same calendar: still settled, nobody alerted again.
    const synced = await call("action", property.id, { intent: "syncFeed", id: soldConflict.id });
    expect(synced.status).toBe(404); // an event id is not a feed id
    const feedId = event.feedId;
    expect(await call("action", property.id, { intent: "syncFeed", id: feedId })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect((await pageConflicts(property.id))[0].acknowledged).toEqual(expect.any(String));
    expect(await conflictMails(property.id)).toBe(2);

    // The channel moves the stay (still over the booking): the conflict is back and alerted.
    feeds.set(feedPath, calendar([{ ...sold, from: day(31), to: day(35) }, closed]));
    expect(await call("action", property.id, { intent: "syncFeed", id: feedId })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    conflicts = await pageConflicts(property.id);
    expect(conflicts[0]).toMatchObject({ checkIn: day(31), acknowledged: null });
    expect(
      (await dashboardConflicts()).filter((c) => c.propertyTitle === "Haus Zweimal"),
    ).toHaveLength(2);
    expect(await conflictMails(property.id)).toBe(3);

    // Resolved here: the booking is cancelled; the Airbnb stay takes its nights at once, before
    // any sync (the feed could be failing for hours).
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    conflicts = await pageConflicts(property.id);
    expect(conflicts.map((c) => c.checkIn)).toEqual([day(41)]);
    const [active] = await db()
      .select({ status: schema.externalEvent.status })
      .from(schema.externalEvent)
      .where(eq(schema.externalEvent.id, soldConflict.id));
    expect(active.status).toBe("active");
  });
});
