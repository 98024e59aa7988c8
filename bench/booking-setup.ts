/**
 * What the booking benchmarks (booking-race.ts, crash-durability.ts) share: the environment the
 * app code reads, a fresh PostgreSQL database that takes bank-transfer bookings of stays up to
 * 30 nights, and the helpers of the test suite (tests/helpers/app-servers.ts, factories.ts).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";

export function startPostgres() {
  return execFileSync("bash", ["scripts/ensure-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
}

export function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function openBookingBench() {
  // Set before the app modules load: they read it when they open the database and sign guests
  // in. The servers inherit the same secret, so the sessions made here are valid there.
  process.env.TEST_DATABASE_URL ??= startPostgres();
  process.env.NODE_ENV = "test";
  process.env.AUTH_SECRET = crypto.randomBytes(32).toString("hex");
  process.env.BASE_URL = "http://localhost:3000";
  process.env.LOG_LEVEL = "silent";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-bench-booking-"));
  process.env.DATA_DIR = dataDir;

  const servers = await import("../tests/helpers/app-servers");
  const factories = await import("../tests/helpers/factories");
  const { openTestDatabase } = await import("../tests/helpers/database");
  const { ensureSettingsRow } = await import("~/features/settings/settings.server");
  const { db, schema } = await import("~/lib/db.server");

  const handle = await openTestDatabase();
  await ensureSettingsRow();
  await db().update(schema.settings).set({ minStayDays: 1, maxStayDays: 30 });
  await servers.liftBookingLimits();
  await servers.addBankAccount();

  /** Signed-in guests: what the browser of each would send as its Cookie header. */
  async function signedInGuests(count: number) {
    const guests: { email: string; cookie: string }[] = [];
    for (let i = 0; i < count; i++) {
      const user = await factories.createUser({ name: `Gast ${i}` });
      guests.push({ email: user.email, cookie: await factories.sessionCookie(user.email) });
    }
    return guests;
  }

  async function rows<T>(statement: SQL) {
    return ((await db().execute(statement)) as unknown as { rows: T[] }).rows;
  }

  return {
    ...servers,
    createProperty: factories.createProperty,
    signedInGuests,
    rows,
    databaseUrl: handle.url!,
    select1: () => rows(sql`select 1`),
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
