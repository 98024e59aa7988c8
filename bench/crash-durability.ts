/**
 * Durability under crashes (goal in ../shared/ARCHITECTURE.md: 0 acknowledged bookings lost across
 * repeated kill -9 of the app and PostgreSQL).
 *
 *   npm run build && npx tsx bench/crash-durability.ts [--rounds 6] [--in-flight 20]
 *
 * Needs root or the postgres user's rights on this machine: it kills PostgreSQL with SIGKILL and
 * starts it again with pg_ctlcluster (PostgreSQL 15 "main", as scripts/ensure-postgres.sh).
 *
 * Every round starts the production server on a fresh benchmark database, keeps `--in-flight`
 * booking submits going (each for its own stay, so each should succeed) and after 1–3 s kills
 * the app with SIGKILL; every second round kills PostgreSQL with SIGKILL first. A booking counts
 * as acknowledged when the app answered 302 to /booking-success?booking=<id>. At the end every
 * acknowledged id must be in the database, and no stays overlap.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "6" },
    "in-flight": { type: "string", default: "20" },
    "build-dir": { type: "string", default: "build" },
  },
});
const ROUNDS = Number(args.rounds);
const IN_FLIGHT = Number(args["in-flight"]);
const PORT = 3951;

function startPostgres() {
  return execFileSync("bash", ["scripts/ensure-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
}

/** Every process of the cluster, as a power cut would leave it (no shutdown, no checkpoint). */
async function killPostgres() {
  execFileSync("pkill", ["-KILL", "-u", "postgres", "postgres"], { stdio: "ignore" });
  // Gone before the restart, or the new postmaster finds the old one's lock still in use.
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync("pgrep", ["-u", "postgres", "postgres"], { stdio: "ignore" });
    } catch {
      return; // pgrep exits non-zero when nothing matches
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("PostgreSQL did not exit after SIGKILL");
}

process.env.TEST_DATABASE_URL ??= startPostgres();
process.env.NODE_ENV = "test";
process.env.AUTH_SECRET = crypto.randomBytes(32).toString("hex");
process.env.BASE_URL = "http://localhost:3000";
process.env.LOG_LEVEL = "silent";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-bench-crash-"));
process.env.DATA_DIR = dataDir;

const { addBankAccount, countOverlappingStays, startAppServer, stopAppServers, submitBooking } =
  await import("../tests/helpers/app-servers");
const { openTestDatabase } = await import("../tests/helpers/database");
const { createProperty, createUser, sessionCookie } = await import("../tests/helpers/factories");
const { ensureSettingsRow } = await import("~/features/settings/settings.server");
const { db, schema } = await import("~/lib/db.server");

function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function rows<T>(statement: ReturnType<typeof sql>) {
  return ((await db().execute(statement)) as unknown as { rows: T[] }).rows;
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 240; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const handle = await openTestDatabase();
let app: ChildProcess | undefined;
try {
  await ensureSettingsRow();
  await db().update(schema.settings).set({ minStayDays: 1, maxStayDays: 30 });
  await addBankAccount();
  const properties: Awaited<ReturnType<typeof createProperty>>[] = [];
  for (let i = 0; i < 10; i++) properties.push(await createProperty({ maxGuests: 4 }));
  const guests: { email: string; cookie: string }[] = [];
  for (let i = 0; i < IN_FLIGHT; i++) {
    const user = await createUser({ name: `Gast ${i}` });
    guests.push({ email: user.email, cookie: await sessionCookie(user.email) });
  }

  // Stay n: property n % 10, two nights, a new week per 10 stays; guest n % IN_FLIGHT. With
  // IN_FLIGHT a multiple of 10 a guest always books the same property, on weeks that differ.
  const firstArrival = addDays(new Date().toISOString().slice(0, 10), 30);
  const stay = (n: number) => {
    const checkIn = addDays(firstArrival, Math.floor(n / 10) * 3);
    return { property: properties[n % 10], checkIn, checkOut: addDays(checkIn, 2) };
  };

  const acknowledged: string[] = [];
  let sent = 0;
  let failed = 0;
  const failures = new Map<string, number>();
  const fail = (why: string) => {
    failed++;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  let next = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    app = await startAppServer({
      port: PORT,
      databaseUrl: handle.url!,
      buildDir: args["build-dir"],
      stderr: process.env.DEBUG_BENCH ? "inherit" : "ignore",
    });
    let running = true;
    const worker = async () => {
      while (running) {
        const n = next++;
        const { property, checkIn, checkOut } = stay(n);
        const guest = guests[n % IN_FLIGHT];
        sent++;
        try {
          const response = await submitBooking({
            port: PORT,
            propertyId: property.id,
            guest,
            checkIn,
            checkOut,
          });
          await response.arrayBuffer();
          const id = /booking=([0-9a-f-]{36})/.exec(response.headers.get("location") ?? "")?.[1];
          if (response.status === 302 && id) acknowledged.push(id);
          else fail(`HTTP ${response.status}`);
        } catch {
          fail("connection lost"); // the app or the database died: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, worker);
    await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
    const killsDatabase = round % 2 === 0;
    if (killsDatabase) await killPostgres();
    const stopped = stopAppServers([app], "SIGKILL");
    running = false;
    await Promise.all([...workers, stopped]);
    if (killsDatabase) startPostgres();
    await until(async () => (await rows(sql`select 1`)).length === 1, "PostgreSQL");
    console.log(
      `round ${round}: killed the app${killsDatabase ? " and PostgreSQL" : ""}; ` +
        `acknowledged so far ${acknowledged.length}`,
    );
  }

  const stored = new Set(
    (await rows<{ id: string }>(sql`select id from booking`)).map((r) => r.id),
  );
  const lost = acknowledged.filter((id) => !stored.has(id));
  const overlaps = await countOverlappingStays();
  console.log(
    `\n${ROUNDS} rounds (PostgreSQL killed in ${Math.floor(ROUNDS / 2)}), ${IN_FLIGHT} in flight: ` +
      `${sent} submits, ${acknowledged.length} acknowledged, ${failed} not ` +
      `(${[...failures].map(([why, n]) => `${why} × ${n}`).join(", ")})`,
  );
  console.log(
    `  bookings stored: ${stored.size}; acknowledged but lost: ${lost.length}; overlapping pairs: ${overlaps}`,
  );
  const ok = lost.length === 0 && overlaps === 0 && acknowledged.length > 0;
  console.log(ok ? "  RESULT: goal met" : "  RESULT: goal NOT met");
  process.exitCode = ok ? 0 : 1;
} finally {
  if (app) await stopAppServers([app], "SIGKILL");
  startPostgres();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
