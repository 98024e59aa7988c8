/**
 * The calendar race (spec/10 "One guarantee for every occupied night", issue 18 point 6): two
 * production app processes on one PostgreSQL; guests book through the real booking form on one
 * process while "Jetzt synchronisieren" on the other imports a channel's calendar (served by a
 * local HTTP server) whose stay overlaps the same nights. And two processes syncing one feed at
 * once. Run after the build: `TEST_DATABASE_URL=… npx vitest run --project race`
 * (CALENDAR_RACE_ROUNDS raises the number of rounds).
 */
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addFeed } from "~/features/calendar/ical-import.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import {
  addBankAccount,
  liftBookingLimits,
  startAppServer,
  stopAppServers,
  submitBooking,
} from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";

const ROUNDS = Number(process.env.CALENDAR_RACE_ROUNDS ?? 36);
const PORTS = [3951, 3952];
const TAKEN = "Der gewählte Zeitraum ist bereits gebucht";
const BUSY = "Dieser Kalender wird gerade abgeglichen";

let handle: DatabaseHandle;
let servers: ChildProcess[] = [];
let feedServer: http.Server;
let feedBase = "";
let admin: { id: string; email: string; cookie: string };
const guests: { email: string; cookie: string }[] = [];

// ---------------------------------------------------------------------------------------------
// The channel's calendar: a local server; a path's answer can be held back until released.
// ---------------------------------------------------------------------------------------------

type FeedPath = {
  body: string;
  /** Fetches received, and the most that were open at the same time. */
  fetches: number;
  inFlight: number;
  maxInFlight: number;
  /** While set, answers wait for release() (or for a second concurrent fetch, a failure). */
  hold?: {
    release: () => void;
    released: Promise<void>;
    fetched: () => void;
    first: Promise<void>;
  };
};
const paths = new Map<string, FeedPath>();

function holdAnswers(entry: FeedPath) {
  let release!: () => void;
  let fetched!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const first = new Promise<void>((r) => (fetched = r));
  entry.hold = { release, released, fetched, first };
}

function calendar(events: { uid: string; checkIn: string; checkOut: string }[]) {
  const d = (day: string) => day.replaceAll("-", "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Airbnb Inc//Hosting Calendar//EN"];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${d(event.checkIn)}`,
      `DTEND;VALUE=DATE:${d(event.checkOut)}`,
      `UID:${event.uid}@airbnb.com`,
      "SUMMARY:Reserved",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("the race test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await liftBookingLimits();
  await addBankAccount();
  const adminUser = await createUser({ role: "admin", name: "Anna Admin" });
  admin = { ...adminUser, cookie: await sessionCookie(adminUser.email) };
  for (let i = 0; i < 3; i++) {
    const user = await createUser({ name: `Gast ${i}` });
    guests.push({ ...user, cookie: await sessionCookie(user.email) });
  }
  feedServer = http.createServer((request, response) => {
    const entry = paths.get(request.url ?? "");
    if (!entry) {
      response.writeHead(404).end("nicht da");
      return;
    }
    entry.fetches++;
    entry.inFlight++;
    entry.maxInFlight = Math.max(entry.maxInFlight, entry.inFlight);
    // A second fetch while one is held means two syncs at once: let both finish, the test fails.
    if (entry.inFlight > 1) entry.hold?.release();
    entry.hold?.fetched();
    void (entry.hold?.released ?? Promise.resolve()).then(() => {
      entry.inFlight--;
      response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
      response.end(entry.body);
    });
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  servers = await Promise.all(
    PORTS.map((port) =>
      startAppServer({ port, databaseUrl: handle.url!, env: { ICAL_ALLOW_PRIVATE: "true" } }),
    ),
  );
}, 240_000);

afterAll(async () => {
  await stopAppServers(servers);
  await new Promise((resolve) => feedServer?.close(resolve));
  await handle?.close();
});

/** A property with one Airbnb feed at its own path; the sync job leaves it to the test. */
async function propertyWithFeed(events: { uid: string; checkIn: string; checkOut: string }[]) {
  const property = await createProperty({ maxGuests: 4 });
  const feedPath = `/${property.id}.ics`;
  const entry: FeedPath = { body: calendar(events), fetches: 0, inFlight: 0, maxInFlight: 0 };
  paths.set(feedPath, entry);
  const added = await addFeed({
    actor: admin,
    propertyId: property.id,
    input: {
      name: "Airbnb",
      url: `${feedBase}${feedPath}`,
      channel: "airbnb",
      isEndLastNight: false,
    },
  });
  if (!added.ok) throw new Error("feed not added");
  // Due tomorrow: the servers' every-minute job must not sync it behind the test's back.
  await db()
    .update(schema.icalFeed)
    .set({ nextSyncAt: new Date(Date.now() + 24 * 3600 * 1000) })
    .where(eq(schema.icalFeed.id, added.id));
  return { property, feedId: added.id, entry };
}

/** "Jetzt synchronisieren" on the property's calendar page, as the admin's browser sends it. */
async function pressSync(port: number, propertyId: string, feedId: string) {
  const origin = `http://localhost:${port}`;
  const response = await fetch(`${origin}/admin/properties/${propertyId}/kalender`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "syncFeed", id: feedId }),
    headers: {
      cookie: admin.cookie,
      origin,
      "content-type": "application/x-www-form-urlencoded",
    },
  });
  return { status: response.status, text: await response.text() };
}

async function book(port: number, propertyId: string, guest: number, stay: [string, string]) {
  const response = await submitBooking({
    port,
    propertyId,
    guest: guests[guest],
    checkIn: stay[0],
    checkOut: stay[1],
  });
  return { status: response.status, text: await response.text(), stay };
}

async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Pairs of stays of one property that share a night, counted from the sources themselves
 * (non-cancelled bookings, blocks, active imported events), not from the occupancy table.
 */
async function overlappingStays(propertyId: string) {
  const [{ n }] = await rows<{ n: number }>(sql`
    with stays as (
      select id, check_in, check_out from booking
       where property_id = ${propertyId} and status <> 'cancelled'
      union all
      select id, check_in, check_out from property_block where property_id = ${propertyId}
      union all
      select id, check_in, check_out from external_event
       where property_id = ${propertyId} and status = 'active'
    )
    select count(*)::int as n from stays a join stays b on a.id < b.id
     and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')`);
  return n;
}

async function conflictMails(propertyId: string) {
  const [{ n }] = await rows<{ n: number }>(sql`
    select count(*)::int as n from email_outbox
     where template = 'calendar-conflict' and data->>'propertyId' = ${propertyId}`);
  return n;
}

type Round = {
  propertyId: string;
  feedId: string;
  bookings: { status: number; text: string; stay: [string, string] }[];
  sync: { status: number; text: string };
};

/** What must hold after every round, whoever won. */
async function checkRound(round: Round) {
  const { propertyId } = round;
  expect(await overlappingStays(propertyId)).toBe(0);
  expect(round.sync.status).toBe(200);
  expect(round.sync.text).toContain("Abgeglichen: neu 1");

  const stored = await db()
    .select()
    .from(schema.booking)
    .where(eq(schema.booking.propertyId, propertyId));
  const winners = round.bookings.filter((b) => b.status === 302);
  for (const attempt of round.bookings) {
    if (attempt.status === 302) continue;
    // Every booking either got its nights or this message; never a 500.
    expect(attempt.status).toBe(409);
    expect(attempt.text).toContain(TAKEN);
  }
  // Each winner holds exactly its nights, in the occupancy too; the losers left nothing behind.
  expect(stored.map((b) => [b.checkIn, b.checkOut]).sort()).toEqual(
    winners.map((w) => w.stay).sort(),
  );
  const occupied = await db()
    .select()
    .from(schema.occupancy)
    .where(eq(schema.occupancy.propertyId, propertyId));
  for (const booking of stored) {
    expect(booking.status).not.toBe("cancelled");
    expect(occupied).toContainEqual(
      expect.objectContaining({
        kind: "booking",
        sourceId: booking.id,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
      }),
    );
  }

  const events = await db()
    .select()
    .from(schema.externalEvent)
    .where(eq(schema.externalEvent.feedId, round.feedId));
  expect(events).toHaveLength(1);
  const [event] = events;
  const mirrored = occupied.filter((row) => row.kind === "external");
  if (winners.length === 0) {
    // The import came first (or alone): its nights are taken, nothing to alert.
    expect(event.status).toBe("active");
    expect(mirrored).toEqual([expect.objectContaining({ sourceId: event.id })]);
    expect(await conflictMails(propertyId)).toBe(0);
  } else {
    // The import lost: stored as a conflict, the bookings untouched, one alert; it holds every
    // night of it that no winner has (decision 064).
    expect(event.status).toBe("conflict");
    expect(event.conflictNotifiedAt).not.toBeNull();
    const nightsOf = (rows: { checkIn: string; checkOut: string }[]) =>
      rows.flatMap((row) => {
        const nights: string[] = [];
        for (let night = row.checkIn; night < row.checkOut; night = addDays(night, 1)) {
          nights.push(night);
        }
        return nights;
      });
    const taken = new Set(nightsOf(stored));
    expect(mirrored.every((row) => row.sourceId === event.id)).toBe(true);
    expect(nightsOf(mirrored).sort()).toEqual(
      nightsOf([event]).filter((night) => !taken.has(night)),
    );
    expect(await conflictMails(propertyId)).toBe(1);
  }
  return winners.length === 0 ? "import won" : "booking won";
}

it(`${ROUNDS} rounds of bookings on one process racing an iCal import on the other`, async () => {
  const outcomes: Record<string, number> = {};
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // The Airbnb stay: ten nights; three guests want stays that each share nights with it
    // (the first and last night, and some in the middle) but not with each other.
    const start = addDays("2027-03-01", r * 30);
    const { property, feedId, entry } = await propertyWithFeed([
      { uid: `race-${r}`, checkIn: addDays(start, 3), checkOut: addDays(start, 13) },
    ]);
    const stays: [string, string][] = [
      [start, addDays(start, 4)],
      [addDays(start, 6), addDays(start, 9)],
      [addDays(start, 12), addDays(start, 15)],
    ];
    const [bookingPort, syncPort] = r % 2 === 0 ? PORTS : [...PORTS].reverse();
    const bookAll = () =>
      Promise.all(stays.map((stay, g) => book(bookingPort, property.id, g, stay)));
    let bookings: Round["bookings"];
    let sync: Round["sync"];
    const mode = r % 3;
    if (mode === 0) {
      // Everything at once: the database decides.
      [sync, bookings] = await Promise.all([pressSync(syncPort, property.id, feedId), bookAll()]);
    } else if (mode === 1) {
      // The bookings land while the sync is fetching the calendar (the "sold twice" case).
      holdAnswers(entry);
      const syncing = pressSync(syncPort, property.id, feedId);
      await entry.hold!.first;
      bookings = await bookAll();
      entry.hold!.release();
      sync = await syncing;
    } else {
      // The bookings leave the moment the calendar is answered: they race the import's writing.
      holdAnswers(entry);
      const syncing = pressSync(syncPort, property.id, feedId);
      await entry.hold!.first;
      const booking = bookAll();
      entry.hold!.release();
      [sync, bookings] = await Promise.all([syncing, booking]);
    }
    const round = { propertyId: property.id, feedId, bookings, sync };
    rounds.push(round);
    const outcome = await checkRound(round);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (mode === 1) expect(outcome).toBe("booking won");
  }
  console.info("calendar race outcomes", outcomes);

  // Syncing every feed again (on the other process) changes nothing and alerts nobody twice.
  for (const [i, round] of rounds.entries()) {
    const again = await pressSync(PORTS[i % 2], round.propertyId, round.feedId);
    expect(again.status).toBe(200);
    expect(again.text).toContain("unverändert 1");
    await checkRound(round);
  }
}, 600_000);

it("two processes pressing sync on one feed at once: one fetch at a time, no duplicate events", async () => {
  const events = Array.from({ length: 5 }, (_, i) => ({
    uid: `same-${i}`,
    checkIn: addDays("2030-06-01", i * 10),
    checkOut: addDays("2030-06-01", i * 10 + 4),
  }));
  for (let r = 0; r < 6; r++) {
    const { property, feedId, entry } = await propertyWithFeed(events);
    const presses = 6;
    let results: { status: number; text: string }[];
    if (r % 2 === 0) {
      // The first fetch is held until every other press has answered: they must all be "busy".
      holdAnswers(entry);
      const answered: Promise<{ status: number; text: string }>[] = [];
      let done = 0;
      for (let i = 0; i < presses; i++) {
        answered.push(
          pressSync(PORTS[i % 2], property.id, feedId).then((result) => {
            if (++done === presses - 1) entry.hold?.release();
            return result;
          }),
        );
      }
      results = await Promise.all(answered);
      expect(entry.fetches).toBe(1);
    } else {
      // A free burst: some run one after the other, but never two at the same time.
      results = await Promise.all(
        Array.from({ length: presses }, (_, i) => pressSync(PORTS[i % 2], property.id, feedId)),
      );
    }
    const synced = results.filter((result) => result.status === 200);
    const busy = results.filter((result) => result.status !== 200);
    for (const result of busy) {
      expect(result.status).toBe(409);
      expect(result.text).toContain(BUSY);
    }
    expect(synced.length).toBeGreaterThanOrEqual(1);
    expect(entry.maxInFlight).toBe(1);
    expect(entry.fetches).toBe(synced.length);
    const stored = await db()
      .select({ uid: schema.externalEvent.uid })
      .from(schema.externalEvent)
      .where(eq(schema.externalEvent.feedId, feedId));
    expect(stored.map((row) => row.uid).sort()).toEqual(events.map((e) => `${e.uid}@airbnb.com`));
    const log = await db()
      .select()
      .from(schema.icalSyncLog)
      .where(and(eq(schema.icalSyncLog.feedId, feedId), eq(schema.icalSyncLog.result, "ok")));
    expect(log).toHaveLength(synced.length);
    expect(log.reduce((sum, entry) => sum + entry.added, 0)).toBe(events.length);
    expect(await overlappingStays(property.id)).toBe(0);
  }
}, 600_000);
