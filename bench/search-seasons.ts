/**
 * Seasons for the search benchmark's dated price searches (decisions 106 and 109): the generated
 * data has none, so every property is ranked through the price indexes and the "season part" of
 * the price order is empty. This adds a season in the benchmark's stay (today + 14 to + 21, as in
 * bench/search.ts) on every fifth published property of an existing benchmark database, half of
 * them starting inside the stay (3 nights of it), half covering it; the season price is 70–160 %
 * of the base price in whole euros, so season properties land on both sides of the cheap ones.
 * No stay rules (minimum 1 night, every weekday), so no property is refused because of them.
 *
 *   npx tsx bench/search-seasons.ts [--database fw_bench_100k]            add them
 *   npx tsx bench/search-seasons.ts [--database fw_bench_100k] --remove   take them out again
 *
 * Server from BENCH_DATABASE_URL (or `bash scripts/ensure-postgres.sh`). The seasons are named
 * "Bench-Saison", and only those are removed; both steps end with VACUUM ANALYZE, so the next
 * `bench/search.ts --reuse` run plans with fresh statistics.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { todayInBerlin } from "~/domain/calendar-day";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "fw_bench_100k" },
    remove: { type: "boolean", default: false },
  },
});

const NAME = "Bench-Saison";

function serverUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  return execFileSync("bash", ["scripts/ensure-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
}

async function main() {
  const url = new URL(serverUrl());
  url.pathname = `/${args.database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query("delete from property_season where name = $1", [NAME]);
    if (!args.remove) {
      // The same stay as the benchmark's dated searches (bench/search.ts: today + 14, 7 nights).
      const today = todayInBerlin();
      await client.query("select setseed(0.109)");
      const added = await client.query(
        `with p as (
           select id, price_per_night, row_number() over (order by id) as n
           from property where status = 'published'
         )
         insert into property_season (property_id, name, start_date, end_date, price_per_night)
         select id, $1,
           case when n % 10 = 0 then $2::date + 14 + 4 else $2::date + 14 - 5 end,
           case when n % 10 = 0 then $2::date + 14 + 30 else $2::date + 21 + 5 end,
           greatest(100, round(price_per_night * (0.7 + random() * 0.9) / 100)::int * 100)
         from p where n % 5 = 0`,
        [NAME, today],
      );
      console.log(`${args.database}: ${added.rowCount} seasons added (stay from ${today} + 14)`);
    } else {
      console.log(`${args.database}: the benchmark's seasons removed`);
    }
    await client.query("vacuum analyze property_season");
  } finally {
    await client.end();
  }
}

await main();
