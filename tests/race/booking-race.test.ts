/**
 * The booking race (spec 04, "No double bookings, ever"): two production app processes on one
 * PostgreSQL, at least 200 concurrent booking submits for overlapping stays of one property,
 * each from its own signed-in guest, through the real HTTP form action.
 * Run after the build: `TEST_DATABASE_URL=… npx vitest run --project race`
 * (RACE_REQUESTS raises the number of requests; bench/booking-race.ts runs the 10,000-attempt goal).
 */
import type { ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, type DatabaseHandle } from "~/lib/db.server";
import {
  addBankAccount,
  countOverlappingStays,
  liftBookingLimits,
  startAppServer,
  stopAppServers,
  submitBooking,
} from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";

const REQUESTS = Number(process.env.RACE_REQUESTS ?? 200);
const PORTS = [3931, 3932];

let handle: DatabaseHandle;
let servers: ChildProcess[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("the race test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  // 200 submits from one address (this process) in seconds: far over the per-client limit.
  await liftBookingLimits();
  await addBankAccount();
  // The servers get this process's AUTH_SECRET (set by the test setup), which signs the sessions.
  servers = await Promise.all(
    PORTS.map((port) => startAppServer({ port, databaseUrl: handle.url! })),
  );
}, 240_000);

afterAll(async () => {
  await stopAppServers(servers);
  await handle?.close();
});

it(`${REQUESTS} concurrent bookings of overlapping stays on two processes: exactly one wins`, async () => {
  const property = await createProperty({ maxGuests: 4 });
  const guests = [];
  for (let i = 0; i < REQUESTS; i++) {
    const user = await createUser({ name: `Gast ${i}` });
    guests.push({ ...user, cookie: await sessionCookie(user.email) });
  }

  const responses = await Promise.all(
    guests.map(async (guest, i) => {
      // All stays contain the night of the 10th, so every pair overlaps.
      const response = await submitBooking({
        port: PORTS[i % PORTS.length],
        propertyId: property.id,
        guest,
        checkIn: `2027-05-${String(1 + (i % 9)).padStart(2, "0")}`,
        checkOut: `2027-05-${String(11 + (i % 5)).padStart(2, "0")}`,
      });
      return {
        status: response.status,
        location: response.headers.get("location"),
        text: await response.text(),
      };
    }),
  );

  const winners = responses.filter((r) => r.status >= 300 && r.status < 400);
  expect(winners).toHaveLength(1);
  expect(winners[0].location).toMatch(/^\/booking-success\?booking=[0-9a-f-]{36}$/);
  const losers = responses.filter((r) => r !== winners[0]);
  for (const loser of losers) {
    expect(loser.status).toBe(409);
    expect(loser.text).toContain("Der gewählte Zeitraum ist bereits gebucht");
  }

  const [{ n: stored }] = (
    (await db().execute(
      sql`select count(*)::int as n from booking where property_id = ${property.id}`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  expect(stored).toBe(1);
  expect(await countOverlappingStays()).toBe(0);
}, 600_000);
