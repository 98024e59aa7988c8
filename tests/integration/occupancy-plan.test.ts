import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { listBookedStays } from "~/features/properties/availability.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as route from "~/routes/admin/occupancy-plan";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

/**
 * The Belegungsplan /admin/kalender through its real route module with real sessions (issue 18
 * point 2, decision 050): one statement returns bookings, blocks, imported events, conflicts and
 * stale feeds for the period and filters; blocks are created, changed and removed through the
 * action with the audit log; guests get 403, visitors the sign-in.
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

type Answer = { status: number; location?: string | null; data: Record<string, unknown> | null };

const read = (value: unknown): Answer => {
  if (value instanceof Error) throw value;
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location"), data: null };
  }
  const result = value as { data?: unknown; init?: ResponseInit | null };
  if (result && typeof result === "object" && "init" in result) {
    return { status: result.init?.status ?? 200, data: (result.data ?? null) as Answer["data"] };
  }
  return { status: 200, data: value as Answer["data"] };
};

async function call(
  handler: "loader" | "action",
  search: string,
  fields: Record<string, string> = {},
  as: string | null = cookie,
): Promise<Answer> {
  const url = `http://localhost:3000/admin/kalender${search}`;
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (as) headers.cookie = as;
  const request =
    handler === "loader"
      ? new Request(url, { headers })
      : new Request(url, { method: "POST", headers, body: new URLSearchParams(fields) });
  const args = { request, params: {}, context: { clientIp: "192.0.2.5" } } as never;
  try {
    return read(await route[handler](args));
  } catch (thrown) {
    return read(thrown);
  }
}

type Row = {
  id: string;
  title: string;
  location: string;
  items: Record<string, unknown>[];
  feeds: { name: string; staleHours: number | null }[];
};
const rowsOf = (answer: Answer) => answer.data!.rows as Row[];

describe(`Belegungsplan /admin/kalender (${databaseKind()})`, () => {
  it("returns every kind of stay in the period, conflicts and stale feeds, with filters", async () => {
    const guest = await createUser();
    const dune = await createProperty({ title: "Plan Düne", location: "Plan-Ort Nord" });
    const harbour = await createProperty({ title: "Plan Hafen", location: "Plan-Ort Süd" });
    await createProperty({ title: "Plan Archiv", location: "Plan-Ort Nord", status: "archived" });
    const booking = await createBooking({
      userId: guest.id,
      propertyId: dune.id,
      checkIn: day(2),
      checkOut: day(5),
      guestName: "Greta Gast",
      status: "confirmed",
    });
    // Cancelled: its nights are free again and it is not on the plan.
    await createBooking({
      userId: guest.id,
      propertyId: dune.id,
      checkIn: day(6),
      checkOut: day(8),
      guestName: "Stefan Storno",
      status: "cancelled",
    });
    // Outside a two-week period starting today.
    await createBooking({
      userId: guest.id,
      propertyId: dune.id,
      checkIn: day(20),
      checkOut: day(22),
      guestName: "Spät Gast",
    });
    const [block] = await db()
      .insert(schema.propertyBlock)
      .values({
        propertyId: dune.id,
        checkIn: day(9),
        checkOut: day(11),
        reason: "maintenance",
        note: "Heizung",
      })
      .returning();
    const [feed] = await db()
      .insert(schema.icalFeed)
      .values({
        propertyId: dune.id,
        name: "Airbnb Düne",
        url: "https://www.airbnb.de/calendar/ical/1.ics",
        channel: "airbnb",
        lastSuccessAt: new Date(Date.now() - 3 * 60 * 60 * 1000 - 60_000),
      })
      .returning();
    const [external] = await db()
      .insert(schema.externalEvent)
      .values({
        feedId: feed.id,
        propertyId: dune.id,
        uid: "frei@airbnb",
        checkIn: day(12),
        checkOut: day(13),
        kind: "block",
      })
      .returning();
    // Over the booking: stored as a conflict by the trigger, holding the night it can (decision 064).
    const [conflict] = await db()
      .insert(schema.externalEvent)
      .values({
        feedId: feed.id,
        propertyId: dune.id,
        uid: "doppelt@airbnb",
        checkIn: day(3),
        checkOut: day(6),
        kind: "booking",
      })
      .returning();
    expect(conflict.status).toBe("conflict");

    const answer = await call("loader", `?from=${today}&view=2w&location=Plan-Ort%20Nord`);
    expect(answer.status).toBe(200);
    expect(answer.data!.query).toMatchObject({ from: today, view: "2w", days: 14 });
    const rows = rowsOf(answer);
    // The location filter: only the Nord property; archived properties are not planned.
    expect(rows.map((row) => row.title)).toEqual(["Plan Düne"]);
    const [row] = rows;
    expect(row.items).toEqual([
      {
        kind: "booking",
        id: booking.id,
        checkIn: day(2),
        checkOut: day(5),
        guestName: "Greta Gast",
        status: "confirmed",
        number: booking.number,
      },
      expect.objectContaining({
        kind: "external",
        id: conflict.id,
        checkIn: day(3),
        isConflict: true,
        channel: "airbnb",
        feedName: "Airbnb Düne",
      }),
      // The night after the booking is the channel's: drawn as any import (it is not bookable).
      expect.objectContaining({
        kind: "external",
        id: conflict.id,
        checkIn: day(5),
        checkOut: day(6),
        isConflict: false,
      }),
      {
        kind: "block",
        id: block.id,
        checkIn: day(9),
        checkOut: day(11),
        reason: "maintenance",
        note: "Heizung",
      },
      expect.objectContaining({
        kind: "external",
        id: external.id,
        eventKind: "block",
        isConflict: false,
        lastSuccessAt: expect.any(String),
      }),
    ]);
    expect(row.feeds).toEqual([expect.objectContaining({ name: "Airbnb Düne", staleHours: 3 })]);

    // A month shows the later booking too; the property filter narrows to one row.
    const month = rowsOf(await call("loader", `?from=${today}&view=month&property=${dune.id}`));
    expect(month.map((r) => r.title)).toEqual(["Plan Düne"]);
    expect(month[0].items.map((item) => item.guestName).filter(Boolean)).toEqual([
      "Greta Gast",
      "Spät Gast",
    ]);
    const south = rowsOf(await call("loader", `?from=${today}&view=2w&property=${harbour.id}`));
    expect(south).toEqual([expect.objectContaining({ title: "Plan Hafen", items: [] })]);
    // A stay ending on the first day shown is not in the period; one starting on its last is.
    const later = rowsOf(await call("loader", `?from=${day(5)}&view=2w&property=${dune.id}`));
    // (The conflict, red, and the night it holds; the block; the other import.)
    expect(
      later[0].items.map((item) =>
        item.kind === "external" && item.isConflict ? "red" : item.kind,
      ),
    ).toEqual(["red", "external", "block", "external"]);

    const options = answer.data!.options as {
      locations: string[];
      properties: { title: string }[];
    };
    expect(options.locations).toEqual(expect.arrayContaining(["Plan-Ort Nord", "Plan-Ort Süd"]));
    expect(options.properties.map((p) => p.title)).not.toContain("Plan Archiv");
  });

  it("falls back to defaults for hostile query values instead of failing", async () => {
    for (const search of [
      "?from=2027-02-30&view=year",
      "?from='%3B drop table booking;--&property=not-a-uuid&location=%00",
      "?from=9999-01-01&view=3m",
      `?location=${"x".repeat(5000)}`,
    ]) {
      const answer = await call("loader", search);
      expect(answer.status, search).toBe(200);
      expect((answer.data?.query as { from: string } | undefined)?.from, search).toBe(today);
    }
  });

  it("creates a block from the plan's form (audited), changes and removes it; overlaps are refused in German", async () => {
    const property = await createProperty({ title: "Plan Block" });
    const guest = await createUser();
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: day(3),
      checkOut: day(6),
    });
    const fields = (checkIn: string, checkOut: string) => ({
      intent: "createBlock",
      propertyId: property.id,
      checkIn,
      checkOut,
      reason: "own-use",
      note: "Familie",
    });

    const created = await call("action", `?from=${today}`, fields(day(8), day(11)));
    expect(created).toMatchObject({
      status: 200,
      data: { ok: true, message: "Sperrzeit gespeichert." },
    });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: day(3), checkOut: day(6) },
      { checkIn: day(8), checkOut: day(11) },
    ]);
    const blockId = String(created.data!.blockId);
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.entityId, property.id), eq(schema.auditLog.action, "block-created")),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ blockId, checkIn: day(8), reason: "own-use" });

    const overlap = await call("action", "", fields(day(5), day(9)));
    expect(overlap).toMatchObject({ status: 409, data: { ok: false, error: "overlap" } });
    const { t } = (await import("~/lib/i18n")).getTranslator("de");
    expect(t("adminCalendar.errors.overlap")).toMatch(/belegt|überschneid/i);
    const noProperty = await call("action", "", { ...fields(day(20), day(22)), propertyId: "" });
    expect(noProperty).toMatchObject({
      status: 400,
      data: { fieldErrors: { propertyId: "property" } },
    });
    const unknown = await call("action", "", {
      ...fields(day(20), day(22)),
      propertyId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    const hostile = await call("action", "", {
      intent: "createBlock",
      propertyId: "' or 1=1 --",
      checkIn: "2027-13-01",
      checkOut: "x",
      reason: "party",
    });
    expect(hostile.status).toBe(400);
    expect((await call("action", "", { intent: "explode" })).status).toBe(400);

    // The plan shows it; its detail opens by ?item=.
    const shown = await call("loader", `?from=${today}&property=${property.id}&item=${blockId}`);
    expect(rowsOf(shown)[0].items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "block", id: blockId })]),
    );

    const changed = await call("action", "", {
      ...fields(day(9), day(12)),
      intent: "updateBlock",
      id: blockId,
    });
    expect(changed).toMatchObject({ status: 200, data: { message: "Sperrzeit geändert." } });
    const removed = await call("action", "", { intent: "deleteBlock", id: blockId });
    expect(removed).toMatchObject({ status: 200, data: { message: "Sperrzeit entfernt." } });
    expect(await listBookedStays(property.id, today)).toEqual([
      { checkIn: day(3), checkOut: day(6) },
    ]);
    expect((await call("action", "", { intent: "deleteBlock", id: blockId })).status).toBe(404);
    expect((await call("action", "", { intent: "updateBlock", id: "nope" })).status).toBe(404);
  });

  it("a guest gets 403 and a visitor the sign-in, for the page and the action", async () => {
    const property = await createProperty({ title: "Plan Zugang" });
    const post = { intent: "createBlock", propertyId: property.id, checkIn: day(3) };
    expect((await call("loader", "", {}, guestCookie)).status).toBe(403);
    expect(
      (await call("action", "", { ...post, checkOut: day(5), reason: "other" }, guestCookie))
        .status,
    ).toBe(403);
    const visitor = await call("loader", "", {}, null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);
    expect(
      (await call("action", "", { ...post, checkOut: day(5), reason: "other" }, null)).status,
    ).toBe(401);
    expect(await listBookedStays(property.id, today)).toEqual([]);
  });
});
