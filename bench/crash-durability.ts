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
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { addDays, openBookingBench, startPostgres } from "./booking-setup";

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

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 240; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const bench = await openBookingBench();
let app: ChildProcess | undefined;
try {
  const properties: Awaited<ReturnType<typeof bench.createProperty>>[] = [];
  for (let i = 0; i < 10; i++) properties.push(await bench.createProperty({ maxGuests: 4 }));
  const guests = await bench.signedInGuests(IN_FLIGHT);

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
    app = await bench.startAppServer({
      port: PORT,
      databaseUrl: bench.databaseUrl,
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
          const response = await bench.submitBooking({
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
    const stopped = bench.stopAppServers([app], "SIGKILL");
    running = false;
    await Promise.all([...workers, stopped]);
    if (killsDatabase) startPostgres();
    await until(async () => (await bench.select1()).length === 1, "PostgreSQL");
    console.log(
      `round ${round}: killed the app${killsDatabase ? " and PostgreSQL" : ""}; ` +
        `acknowledged so far ${acknowledged.length}`,
    );
  }

  const stored = new Set(
    (await bench.rows<{ id: string }>(sql`select id from booking`)).map((r) => r.id),
  );
  const lost = acknowledged.filter((id) => !stored.has(id));
  const overlaps = await bench.countOverlappingStays();
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
  if (app) await bench.stopAppServers([app], "SIGKILL");
  startPostgres();
  await bench.close();
}
