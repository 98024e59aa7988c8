/**
 * Belegungsplan benchmark (issue 18 point 2, decision 050): the loader's one statement for
 * 200 properties × 90 days on PostgreSQL.
 *
 *   npx tsx bench/occupancy-plan.ts [--properties 200] [--iterations 50] [--warmup 5] [--reuse]
 *
 * Creates the PostgreSQL database `fw_bench_plan` (dropped and recreated unless --reuse; server
 * from BENCH_DATABASE_URL or `bash scripts/ensure-postgres.sh`), migrates it with the app's
 * `connectDatabase` and generates in SQL: the properties, back-to-back bookings over two years
 * before and one after today (stays of 2–6 nights, a free night or two between; 10 % cancelled),
 * a block every ~45 days per property, an Airbnb feed per property with an event every ~30 days
 * (those over a booking end up as conflicts through the trigger), and 200 more properties'
 * worth of archived properties with no rows (they must not be read).
 *
 * Then it times `loadOccupancyPlan` (the statement plus the mapping in Node) for the 3-month view
 * from today, for a month, and filtered by one location, and prints the plan of the 3-month
 * statement with EXPLAIN (ANALYZE, BUFFERS). Results go to stdout and tmp/bench-occupancy-plan.json.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createServer } from "vite";
import type * as DbModule from "~/lib/db.server";
import type * as PlanModule from "~/features/calendar/occupancy-plan.server";
import { todayInBerlin } from "~/domain/calendar-day";

const { values: args } = parseArgs({
  options: {
    properties: { type: "string", default: "200" },
    iterations: { type: "string", default: "50" },
    warmup: { type: "string", default: "5" },
    reuse: { type: "boolean", default: false },
  },
});
const properties = Number(args.properties);
const iterations = Number(args.iterations);
const warmup = Number(args.warmup);
const today = todayInBerlin();
const DATABASE = "fw_bench_plan";

const vite = await createServer({
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "warn",
});
const { connectDatabase, db, setDatabase } = (await vite.ssrLoadModule(
  "/app/lib/db.server.ts",
)) as typeof DbModule;
const { loadOccupancyPlan, occupancyPlanStatement } = (await vite.ssrLoadModule(
  "/app/features/calendar/occupancy-plan.server.ts",
)) as typeof PlanModule;

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  execFileSync("bash", ["scripts/ensure-postgres.sh"], { encoding: "utf8" }).trim();
const url = new URL(serverUrl);
url.pathname = `/${DATABASE}`;

if (!args.reuse) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
}
const handle = await connectDatabase({ kind: "postgres", url: url.toString() });
setDatabase(handle);

if (!args.reuse) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const day = `date '${today}'`;
  const started = performance.now();
  await client.query("select setseed(0.5050)");
  await client.query(
    `insert into property (title, description, price_per_night, cleaning_fee, country, city,
                           location, max_guests, status)
     select 'Haus ' || lpad(i::text, 4, '0'), '', 9000, 7500, 'Deutschland', 'Ort ' || (i % 20),
            'Ort ' || (i % 20), 4, case when i > ${properties} then 'archived' else 'published' end
     from generate_series(1, ${properties * 2}) as i`,
  );
  // Back-to-back stays (without a user: one guest may not be in two places, and the plan does
  // not read users): each property's nights from two years ago to a year ahead, in stays of
  // 2–6 nights with 0–2 free nights between (a recursive walk per property).
  await client.query(
    `with recursive walk as (
       select p.id as property_id, ${day} - 730 as check_in, 2 + floor(random() * 5)::int as nights
       from property p where p.status = 'published'
       union all
       select property_id, check_in + nights + floor(random() * 3)::int,
              2 + floor(random() * 5)::int
       from walk where check_in < ${day} + 365
     )
     insert into booking (number, user_id, property_id, check_in, check_out, guests, guest_name,
                          guest_email, nightly_price, nights, cleaning_fee, service_fee,
                          total_price, payment_method, status)
     select 'FW-B-' || row_number() over (), null, property_id,
            check_in, check_in + nights, 2, 'Gast ' || left(md5(random()::text), 6),
            'gast@bench.example', 9000, nights, 7500, 2900, 9000 * nights + 10400,
            'bank-transfer',
            case when random() < 0.1 then 'cancelled' when check_in + nights < ${day}
                 then 'completed' when random() < 0.3 then 'pending' else 'confirmed' end
     from walk`,
  );
  // Blocks and imported events only where the nights are free (the exclusion constraint
  // refuses the rest): a block tries every 45 days, an event every 30; an event over a
  // booking is kept as a conflict by its trigger.
  await client.query(
    `insert into property_block (property_id, check_in, check_out, reason, note)
     select p.id, d::date, d::date + 1, 'maintenance', 'Bench'
     from property p, generate_series(${day} - 30, ${day} + 365, interval '45 days') d
     where p.status = 'published'
       and not exists (select 1 from occupancy o where o.property_id = p.id
                       and o.check_in <= d::date and o.check_out > d::date)`,
  );
  await client.query(
    `insert into ical_feed (property_id, name, url, channel, last_success_at)
     select id, 'Airbnb', 'https://www.airbnb.de/calendar/ical/' || id || '.ics', 'airbnb',
            now() - (random() * interval '4 hours')
     from property where status = 'published'`,
  );
  await client.query(
    `insert into external_event (feed_id, property_id, uid, check_in, check_out, kind)
     select f.id, f.property_id, 'e' || extract(epoch from d)::bigint || '@airbnb', d::date,
            d::date + 2, 'booking'
     from ical_feed f, generate_series(${day} + 3, ${day} + 365, interval '30 days') d`,
  );
  await client.query("analyze");
  const counts = await client.query(
    `select (select count(*) from property where status = 'published')::int as properties,
            (select count(*) from booking)::int as bookings,
            (select count(*) from occupancy)::int as occupancy,
            (select count(*) from property_block)::int as blocks,
            (select count(*) from external_event where status = 'conflict')::int as conflicts`,
  );
  console.log("generated", counts.rows[0], `in ${Math.round(performance.now() - started)} ms`);
  await client.end();
}

const cases = [
  { name: "3 months, all properties", filter: { from: today, days: 90 } },
  { name: "month, all properties", filter: { from: today, days: 30 } },
  { name: "3 months, one location", filter: { from: today, days: 90, location: "Ort 7" } },
];
const results: Record<string, unknown>[] = [];
for (const { name, filter } of cases) {
  for (let i = 0; i < warmup; i++) await loadOccupancyPlan(filter);
  const times: number[] = [];
  let rows = 0;
  let items = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const plan = await loadOccupancyPlan(filter);
    times.push(performance.now() - started);
    rows = plan.rows.length;
    items = plan.rows.reduce((sum, row) => sum + row.items.length, 0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))] * 10) / 10;
  const result = { name, rows, items, p50: at(0.5), p95: at(0.95), max: at(1) };
  results.push(result);
  console.log(result);
}

const explained = (await db().execute(
  sql`explain (analyze, buffers) ${occupancyPlanStatement({ from: today, days: 90 })}`,
)) as unknown as { rows: { "QUERY PLAN": string }[] };
const plan = explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
console.log(plan);
fs.mkdirSync("tmp", { recursive: true });
fs.writeFileSync(
  "tmp/bench-occupancy-plan.json",
  JSON.stringify({ today, properties, iterations, results, plan }, null, 2),
);
await handle.close();
await vite.close();
