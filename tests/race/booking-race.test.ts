/**
 * The booking race (spec 04, "No double bookings, ever"): two production app processes on one
 * PostgreSQL, at least 200 concurrent booking submits for overlapping stays of one property,
 * each from its own signed-in guest, through the real HTTP form action.
 * Run after the build: `TEST_DATABASE_URL=… npx vitest run --project race`
 * (RACE_REQUESTS raises the number of requests; bench/booking-race.ts runs the 10,000-attempt goal).
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";

const REQUESTS = Number(process.env.RACE_REQUESTS ?? 200);
const PORTS = [3931, 3932];

let handle: DatabaseHandle;
const servers: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-race-"));

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("the race test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await db().insert(schema.bankAccount).values({
    accountHolder: "TraumUrlaub Reisen GmbH",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    isDefault: true,
  });
  const url = (handle as DatabaseHandle & { url?: string }).url!;
  for (const port of PORTS) {
    const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        BASE_URL: `http://localhost:${port}`,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: "false",
        // The same secret as this process (set by the test setup), which signs the sessions.
        AUTH_SECRET: process.env.AUTH_SECRET,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    servers.push(server);
  }
  await Promise.all(PORTS.map((port) => waitFor(`http://localhost:${port}/robots.txt`)));
}, 240_000);

afterAll(async () => {
  for (const server of servers) server.kill("SIGTERM");
  await Promise.all(
    servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once("exit", r)))),
  );
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
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
      const port = PORTS[i % PORTS.length];
      const body = new URLSearchParams({
        // All stays contain the night of the 10th, so every pair overlaps.
        checkIn: `2027-05-${String(1 + (i % 9)).padStart(2, "0")}`,
        checkOut: `2027-05-${String(11 + (i % 5)).padStart(2, "0")}`,
        guests: "2",
        guestName: `Gast ${i}`,
        guestEmail: guest.email,
        guestPhone: "+49 30 1234567",
        specialRequests: "",
        paymentMethod: "bank-transfer",
        idempotencyKey: crypto.randomUUID(),
      });
      const response = await fetch(`http://localhost:${port}/properties/${property.id}/book`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: {
          cookie: guest.cookie,
          origin: `http://localhost:${port}`,
          "content-type": "application/x-www-form-urlencoded",
        },
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
  const overlaps = (await db().execute(sql`
    select count(*)::int as n from booking a join booking b
      on a.property_id = b.property_id and a.id < b.id
     and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
    where a.status <> 'cancelled' and b.status <> 'cancelled'`)) as unknown as {
    rows: { n: number }[];
  };
  expect(overlaps.rows[0].n).toBe(0);
}, 600_000);
