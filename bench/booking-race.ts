/**
 * The booking race at the scale of the architecture goal: 10,000 concurrent booking attempts,
 * 50 per slot, on two production app processes over one PostgreSQL; afterwards there must be
 * exactly one booking per slot and no overlapping stays (../shared/ARCHITECTURE.md).
 *
 *   npm run build && npx tsx bench/booking-race.ts [--slots 200] [--per-slot 50] [--in-flight 200]
 *
 * One property, `--slots` disjoint stays of three nights (a slot), `--per-slot` guests who each
 * try every slot once (so nobody's own stays overlap), through the real HTTP form action with a
 * signed-in session. Requests go out slot by slot, `--in-flight` at a time, so the attempts on a
 * slot are in flight together. The database is a fresh one on the machine's PostgreSQL
 * (scripts/ensure-postgres.sh), dropped afterwards. The test suite runs the same race with 200
 * attempts on one slot (tests/race/booking-race.test.ts); this script is not part of it.
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { addDays, openBookingBench } from "./booking-setup";

const { values: args } = parseArgs({
  options: {
    slots: { type: "string", default: "200" },
    "per-slot": { type: "string", default: "50" },
    "in-flight": { type: "string", default: "200" },
    "build-dir": { type: "string", default: "build" },
  },
});
const SLOTS = Number(args.slots);
const PER_SLOT = Number(args["per-slot"]);
const IN_FLIGHT = Number(args["in-flight"]);
const PORTS = [3941, 3942];

const bench = await openBookingBench();
let servers: ChildProcess[] = [];
try {
  const property = await bench.createProperty({ maxGuests: 4 });
  console.log(`signing in ${PER_SLOT} guests …`);
  const guests = await bench.signedInGuests(PER_SLOT);
  servers = await Promise.all(
    PORTS.map((port) =>
      bench.startAppServer({ port, databaseUrl: bench.databaseUrl, buildDir: args["build-dir"] }),
    ),
  );

  // Slot k: three nights from day 4k after the first arrival (a free day between slots).
  const firstArrival = addDays(new Date().toISOString().slice(0, 10), 60);
  const attempts = Array.from({ length: SLOTS * PER_SLOT }, (_, n) => ({
    slot: Math.floor(n / PER_SLOT),
    guest: guests[n % PER_SLOT],
  }));
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const winners = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < attempts.length) {
      const n = next++;
      const { slot, guest } = attempts[n];
      const checkIn = addDays(firstArrival, slot * 4);
      const port = PORTS[n % PORTS.length];
      const t = performance.now();
      const response = await bench.submitBooking({
        port,
        propertyId: property.id,
        guest,
        checkIn,
        checkOut: addDays(checkIn, 3),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 302) winners.set(slot, (winners.get(slot) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;

  const [{ stored }] = await bench.rows<{ stored: number }>(
    sql`select count(*)::int as stored from booking where property_id = ${property.id}`,
  );
  const overlaps = await bench.countOverlappingStays();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const slotsWithOneWinner = [...winners.values()].filter((w) => w === 1).length;
  console.log(
    `\n${attempts.length} attempts (${SLOTS} slots × ${PER_SLOT}), ${IN_FLIGHT} in flight, ` +
      `2 app processes, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  time ${seconds.toFixed(1)} s, ${(attempts.length / seconds).toFixed(0)} attempts/s`,
  );
  console.log(
    `  latency p50 ${pick(0.5).toFixed(0)} ms, p95 ${pick(0.95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
  );
  console.log(`  responses: ${[...statuses].map(([s, c]) => `${s} × ${c}`).join(", ")}`);
  console.log(`  slots with exactly one winner: ${slotsWithOneWinner} of ${SLOTS}`);
  console.log(`  bookings stored: ${stored}; overlapping pairs: ${overlaps}`);
  const ok =
    slotsWithOneWinner === SLOTS &&
    stored === SLOTS &&
    overlaps === 0 &&
    statuses.get(409) === attempts.length - SLOTS;
  console.log(ok ? "  RESULT: goal met" : "  RESULT: goal NOT met");
  process.exitCode = ok ? 0 : 1;
} finally {
  await bench.stopAppServers(servers);
  await bench.close();
}
