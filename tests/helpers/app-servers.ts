/**
 * Production app processes on a test database, and booking submits through their real HTTP form
 * action: shared by the booking race test and the booking benchmarks (bench/booking-race.ts,
 * bench/crash-durability.ts). The caller has opened the database (openTestDatabase) and set
 * AUTH_SECRET, so sessions made in the caller's process are valid in the servers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

export async function waitForUrl(url: string, check: () => boolean = () => true) {
  for (let i = 0; i < 480; i++) {
    if (!check()) throw new Error(`gave up waiting for ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts `node server/index.ts` in production mode on `port`; resolves once it answers. */
export async function startAppServer(options: {
  port: number;
  databaseUrl: string;
  buildDir?: string;
  /**
   * stderr of the server: shown ("inherit"), dropped, or readable ("pipe": its log too, as
   * `server.stdout` and `server.stderr`).
   */
  stderr?: "inherit" | "ignore" | "pipe";
  /** More environment for this process, e.g. the S3_* of a shared bucket. */
  env?: Record<string, string>;
}) {
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: path.resolve(options.buildDir ?? process.env.BUILD_DIR ?? "build"),
      PORT: String(options.port),
      BASE_URL: `http://localhost:${options.port}`,
      DATABASE_URL: options.databaseUrl,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: options.stderr === "ignore" ? "silent" : "error",
      // A production process refuses the test suite's fast password hash (env.server.ts).
      TEST_FAST_PASSWORD_HASH: "",
      ...options.env,
    },
    stdio: ["ignore", options.stderr === "pipe" ? "pipe" : "ignore", options.stderr ?? "inherit"],
  });
  await waitForUrl(`http://localhost:${options.port}/robots.txt`, () => server.exitCode === null);
  return server;
}

/** Stops the servers (SIGTERM, or SIGKILL for a crash) and waits until they have exited. */
export async function stopAppServers(servers: ChildProcess[], signal: NodeJS.Signals = "SIGTERM") {
  for (const server of servers)
    if (server.exitCode === null && !server.signalCode) server.kill(signal);
  await Promise.all(
    servers.map(
      (s) =>
        new Promise((r) => (s.exitCode !== null || s.signalCode ? r(null) : s.once("exit", r))),
    ),
  );
}

/** The operator's bank account, which a bank-transfer booking needs for its instructions. */
export async function addBankAccount() {
  await db().insert(schema.bankAccount).values({
    accountHolder: "TraumUrlaub Reisen GmbH",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    isDefault: true,
  });
}

/**
 * Load runs: thousands of attempts from one client address by a few guests, with slots up to
 * years ahead. The booking limits (decision 012) are not what they measure, so they go up.
 */
export async function liftBookingLimits() {
  await db().update(schema.settings).set({
    bookingHorizonMonths: 120,
    maxPendingBookings: 100_000,
    bookingAttemptsPerAccount: 1_000_000,
    bookingAttemptsPerClient: 1_000_000,
  });
}

/** Submits the booking form as a signed-in guest's browser would (no redirects followed). */
export function submitBooking(options: {
  port: number;
  propertyId: string;
  guest: { email: string; cookie: string };
  checkIn: string;
  checkOut: string;
}) {
  const origin = `http://localhost:${options.port}`;
  return fetch(`${origin}/properties/${options.propertyId}/book`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      checkIn: options.checkIn,
      checkOut: options.checkOut,
      guests: "2",
      guestName: "Gast",
      guestEmail: options.guest.email,
      guestPhone: "+49 30 1234567",
      specialRequests: "",
      paymentMethod: "bank-transfer",
      idempotencyKey: crypto.randomUUID(),
    }),
    headers: {
      cookie: options.guest.cookie,
      origin,
      "content-type": "application/x-www-form-urlencoded",
    },
  });
}

/** Pairs of non-cancelled bookings of one property whose stays overlap (must always be 0). */
export async function countOverlappingStays() {
  const result = (await db().execute(sql`
    select count(*)::int as n from booking a join booking b
      on a.property_id = b.property_id and a.id < b.id
     and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
    where a.status <> 'cancelled' and b.status <> 'cancelled'`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0].n;
}
