/**
 * Search benchmark (issue 4; goal in ../shared/ARCHITECTURE.md: at 100,000 published properties
 * server time p95 ≤ 50 ms, and p50 at 100k ≤ 1.5 × p50 at 1k).
 *
 *   npx tsx bench/search.ts [--sizes 1000,10000,100000] [--iterations 200] [--warmup 20]
 *                           [--pglite-sizes 1000,10000] [--reuse] [--generate-only]
 *                           [--plans docs/bench/search-plans-100k.txt] [--http]
 *
 * For every size it creates a fresh PostgreSQL database `fw_bench_<1k|10k|100k>` (dropped and
 * recreated; server from BENCH_DATABASE_URL or `bash scripts/ensure-postgres.sh`), migrates it
 * with the app's `connectDatabase`, generates the data in SQL (bench/search/generate.ts), runs
 * VACUUM ANALYZE and then calls the app's `searchProperties` for a mix of guest searches,
 * interleaved, `--warmup` rounds untimed and `--iterations` rounds timed with performance.now()
 * around the function call (server time without HTTP and rendering). For the largest
 * PostgreSQL size it captures the SQL the function runs (drizzle logger) and writes
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement to `--plans`.
 * `--pglite-sizes` runs the same mix on in-memory PGlite for comparison ("" to skip).
 * `--http` also measures the whole request a guest waits for: for every PostgreSQL size it starts
 * the production server (`node server/index.ts` with NODE_ENV=production on the build in
 * `--build-dir`, built first when missing) on that database and times `GET /properties?…` for the
 * same mix, one request at a time, from sending the request to the last byte of the HTML
 * (loader, search, server rendering; the client is in this process on the same machine).
 * `--reuse` keeps an existing benchmark database of the right size (only valid while the
 * migrations and the generator are unchanged). Results are also written to tmp/bench-search.json.
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import {
  PAGE_SIZE,
  propertySearchQuery,
  type PropertySearch,
} from "~/features/properties/search.schema";
import { searchProperties } from "~/features/properties/search.server";
import { connectDatabase, db, schema, setDatabase, type Database } from "~/lib/db.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { describe, generate, type Exec } from "./search/generate";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    "pglite-sizes": { type: "string", default: "1000,10000" },
    iterations: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    plans: { type: "string", default: "docs/bench/search-plans-100k.txt" },
    reuse: { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
    http: { type: "boolean", default: false },
    "build-dir": { type: "string", default: "build" },
    "http-port": { type: "string", default: "3990" },
  },
});
const numbers = (list: string) =>
  list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
const sizes = numbers(args.sizes);
const pgliteSizes = numbers(args["pglite-sizes"]);
const iterations = Number(args.iterations);
const warmup = Number(args.warmup);
const today = todayInBerlin();

const label = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// The query mix: what guests do on /properties. `lastPage` comes from the unfiltered search.
// ---------------------------------------------------------------------------------------------

type Query = { name: string; filters: (ctx: { lastPage: number }) => PropertySearch };
const base = { amenities: [], sort: "newest", page: 1 } satisfies PropertySearch;
const checkIn = addDays(today, 14);
const checkOut = addDays(today, 21);

const QUERIES: Query[] = [
  { name: "no filter (newest, p.1)", filters: () => base },
  {
    name: "newest, page 20",
    filters: ({ lastPage }) => ({ ...base, page: Math.min(20, lastPage) }),
  },
  { name: 'location "münchen"', filters: () => ({ ...base, location: "münchen" }) },
  { name: 'location "malaga" (Málaga)', filters: () => ({ ...base, location: "malaga" }) },
  { name: 'location "ITALIEN" (country)', filters: () => ({ ...base, location: "ITALIEN" }) },
  // An English page's country: also looked for as stored, in German (locationAliases).
  {
    name: 'location "Italy" (country in English)',
    filters: () => ({ ...base, location: "Italy" }),
  },
  { name: "guests ≥ 4, bedrooms ≥ 2", filters: () => ({ ...base, guests: 4, bedrooms: 2 }) },
  {
    name: "80–150 €, price asc",
    filters: () => ({ ...base, minPrice: 8000, maxPrice: 15000, sort: "price-asc" }),
  },
  { name: "price desc", filters: () => ({ ...base, sort: "price-desc" }) },
  { name: "best rating", filters: () => ({ ...base, sort: "rating" }) },
  {
    name: "amenities Balkon + Parkplatz",
    filters: () => ({ ...base, amenities: ["Balkon", "Parkplatz"] }),
  },
  {
    name: "dates +14d, 7 nights, 2 guests",
    filters: () => ({ ...base, checkIn, checkOut, guests: 2 }),
  },
  // With dates the price filter and sort read the stay's nightly price (decision 106).
  {
    name: "dates +14d, 7 nights, 80–150 €, price asc",
    filters: () => ({
      ...base,
      checkIn,
      checkOut,
      minPrice: 8000,
      maxPrice: 15000,
      sort: "price-asc",
    }),
  },
  {
    name: "dates +14d, 7 nights, price desc",
    filters: () => ({ ...base, checkIn, checkOut, sort: "price-desc" }),
  },
  {
    name: "all combined",
    filters: () => ({
      location: "italien",
      minPrice: 8000,
      maxPrice: 25000,
      guests: 4,
      bedrooms: 2,
      bathrooms: 1,
      amenities: ["Waschmaschine"],
      checkIn,
      checkOut,
      sort: "price-asc",
      page: 1,
    }),
  },
];

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

type Stats = { p50: number; p95: number; max: number; total: number | string; n: number };
type Target = "postgres" | "pglite" | "http";
const TARGET_TITLES: Record<Target, string> = {
  postgres: "PostgreSQL, searchProperties (SQL and mapping)",
  http: "PostgreSQL, the whole request GET /properties?… (production server, HTML)",
  pglite: "PGlite (in memory), searchProperties",
};
type SizeResult = {
  target: Target;
  /** 1-minute load average before and after the timed rounds (other work on the machine). */
  load: [number, number];
  size: number;
  generateMs: number;
  generateSteps: { step: string; ms: number }[];
  data: Record<string, unknown>;
  queries: Record<string, Stats>;
  overall: Omit<Stats, "total">;
};

function percentile(sorted: number[], q: number) {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}
function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1],
    n: sorted.length,
  };
}

/** One search of the mix; returns what it found (the count, or the count text of the page). */
type Runner = (filters: PropertySearch) => Promise<number | string>;

/**
 * The mix's filters for the database that is currently set. Page 20 needs the real last page,
 * which the search's capped count does not give, so the published properties are counted here.
 */
async function mixFilters() {
  const result = (await db().execute(
    sql`select count(*)::int as n from property where status = 'published'`,
  )) as unknown as { rows: { n: number }[] };
  const ctx = { lastPage: Math.max(1, Math.ceil(result.rows[0].n / PAGE_SIZE)) };
  return QUERIES.map((q) => q.filters(ctx));
}

async function measure(run: Runner, filters: PropertySearch[]) {
  const loadBefore = os.loadavg()[0];
  const samples = QUERIES.map(() => [] as number[]);
  const totals: (number | string)[] = QUERIES.map(() => 0);
  // Interleaved rounds: every query once per round, so caches are shared like in real use.
  for (let round = 0; round < warmup + iterations; round++) {
    for (let i = 0; i < QUERIES.length; i++) {
      const started = performance.now();
      const found = await run(filters[i]);
      const ms = performance.now() - started;
      if (round >= warmup) samples[i].push(ms);
      totals[i] = found;
    }
  }
  const queries: Record<string, Stats> = {};
  QUERIES.forEach((q, i) => (queries[q.name] = { ...stats(samples[i]), total: totals[i] }));
  const load: [number, number] = [loadBefore, os.loadavg()[0]];
  return { queries, overall: stats(samples.flat()), filters, load };
}

// As the page calls it: with the service fee, so searches with dates also price every card.
const pricing = { serviceFee: 2_900 };
const searchRunner: Runner = async (filters) =>
  (await searchProperties(filters, today, pricing)).total;

// ---------------------------------------------------------------------------------------------
// The whole request (--http): the production server on the benchmark database
// ---------------------------------------------------------------------------------------------

function ensureBuild(buildDir: string) {
  if (fs.existsSync(path.join(buildDir, "server/index.js"))) return;
  console.log(`  building into ${buildDir}`);
  execFileSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
}

async function waitForServer(url: string, server: ReturnType<typeof spawn>) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}`);
}

async function measureHttp(url: string, filters: PropertySearch[]) {
  const buildDir = path.resolve(args["build-dir"]);
  ensureBuild(buildDir);
  const port = Number(args["http-port"]);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-bench-http-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      BASE_URL: origin,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "false",
      AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer(`${origin}/robots.txt`, server);
    const run: Runner = async (search) => {
      const query = propertySearchQuery(search);
      const response = await fetch(`${origin}/properties${query ? `?${query}` : ""}`);
      const html = await response.text();
      if (response.status !== 200) throw new Error(`GET /properties?${query}: ${response.status}`);
      // The count line the guest reads ("128 Unterkünfte gefunden", "Mehr als 1.000 …").
      const found = /((?:Mehr als )?[\d.]+) Unterk(?:ünfte|unft) gefunden/.exec(html);
      return found ? found[1] : "?";
    };
    return await measure(run, filters);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------

function serverUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  return execFileSync("bash", ["scripts/ensure-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
}

function databaseUrl(server: string, name: string) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function runPostgres(server: string, size: number, writePlans: boolean) {
  const name = `fw_bench_${label(size)}`;
  const url = databaseUrl(server, name);
  let fresh = true;
  await withClient(server, async (admin) => {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (args.reuse && exists.rowCount) {
      fresh = false;
      return;
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  // The app's own open: applies the migrations.
  await (await connectDatabase({ kind: "postgres", url })).close();

  let generateSteps: { step: string; ms: number }[] = [];
  const data = await withClient(url, async (client) => {
    const exec: Exec = async (text) => (await client.query(text)).rows;
    if (!fresh) {
      const [{ count }] = await exec("select count(*)::int as count from property");
      if (count !== size) throw new Error(`${name} holds ${count} properties; drop --reuse`);
      console.log(`  reusing ${name}`);
    } else {
      generateSteps = await generate(exec, size, today);
    }
    return describe(exec);
  });
  const generateMs = generateSteps.reduce((sum, s) => sum + s.ms, 0);
  console.log(`  generated in ${(generateMs / 1000).toFixed(1)} s`, data);
  if (args["generate-only"]) return undefined;

  // The same pool and drizzle setup as connectDatabase, plus a logger to capture the SQL.
  const captured: { query: string; params: unknown[] }[] = [];
  let capturing = false;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const database = drizzlePg({
    client: pool,
    schema,
    logger: {
      logQuery: (query, params) => {
        if (capturing) captured.push({ query, params });
      },
    },
  }) as unknown as Database;
  setDatabase({ db: database, kind: "postgres", url, close: () => pool.end() });
  try {
    const filters = await mixFilters();
    const result = await measure(searchRunner, filters);
    if (writePlans) {
      const sections: string[] = [];
      for (let i = 0; i < QUERIES.length; i++) {
        captured.length = 0;
        capturing = true;
        await searchProperties(result.filters[i], today, pricing);
        capturing = false;
        sections.push(
          `${"=".repeat(100)}\n${QUERIES[i].name}\nfilters: ${JSON.stringify(result.filters[i])}\n`,
        );
        for (const { query, params } of captured) {
          if (!/^\s*(select|with)\b/i.test(query)) continue;
          const plan = await pool.query(`explain (analyze, buffers) ${query}`, params as unknown[]);
          sections.push(
            `-- SQL\n${query}\n-- params: ${JSON.stringify(params)}\n` +
              plan.rows.map((r) => r["QUERY PLAN"]).join("\n") +
              "\n",
          );
        }
      }
      const header =
        `Search plans at ${size} properties (PostgreSQL), ${new Date().toISOString()}, ` +
        `today = ${today}.\nGenerated by: npx tsx bench/search.ts (see docs/BENCHMARKS.md)\n\n`;
      fs.mkdirSync(path.dirname(args.plans), { recursive: true });
      fs.writeFileSync(args.plans, header + sections.join("\n"));
      console.log(`  plans written to ${args.plans}`);
    }
    const results: SizeResult[] = [
      { target: "postgres", size, generateMs, generateSteps, data, ...result },
    ];
    if (args.http) {
      console.log("  the whole request (HTTP)");
      const http = await measureHttp(url, filters);
      results.push({ target: "http", size, generateMs, generateSteps, data, ...http });
    }
    return results;
  } finally {
    setDatabase(undefined);
    await pool.end();
  }
}

async function runPglite(size: number) {
  const handle = await connectDatabase({ kind: "pglite" });
  try {
    const exec: Exec = async (text) =>
      ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] })
        .rows;
    const generateSteps = await generate(exec, size, today);
    const generateMs = generateSteps.reduce((sum, s) => sum + s.ms, 0);
    const data = await describe(exec);
    console.log(`  generated in ${(generateMs / 1000).toFixed(1)} s`, data);
    if (args["generate-only"]) return undefined;
    setDatabase(handle);
    const result = await measure(searchRunner, await mixFilters());
    return { target: "pglite", size, generateMs, generateSteps, data, ...result } as SizeResult;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const ms = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(1));

function table(results: SizeResult[], target: SizeResult["target"]) {
  const rows = results.filter((r) => r.target === target).sort((a, b) => a.size - b.size);
  if (rows.length === 0) return "";
  const smallest = rows[0];
  const largest = rows[rows.length - 1];
  const ratioHeader =
    rows.length > 1 ? ` p50 ${label(largest.size)}/${label(smallest.size)} |` : "";
  const lines = [
    `| query | ${rows.map((r) => `${label(r.size)} p50 / p95 / max (matches)`).join(" | ")} |${ratioHeader}`,
    `| --- | ${rows.map(() => "---:").join(" | ")} |${rows.length > 1 ? " ---: |" : ""}`,
  ];
  for (const q of QUERIES) {
    const cells = rows.map((r) => {
      const s = r.queries[q.name];
      return `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)} (${s.total})`;
    });
    const ratio =
      rows.length > 1
        ? ` ${(largest.queries[q.name].p50 / smallest.queries[q.name].p50).toFixed(2)} |`
        : "";
    lines.push(`| ${q.name} | ${cells.join(" | ")} |${ratio}`);
  }
  const overall = rows.map(
    (r) => `**${ms(r.overall.p50)} / ${ms(r.overall.p95)} / ${ms(r.overall.max)}**`,
  );
  const overallRatio =
    rows.length > 1 ? ` **${(largest.overall.p50 / smallest.overall.p50).toFixed(2)}** |` : "";
  lines.push(`| **all queries** | ${overall.join(" | ")} |${overallRatio}`);
  return lines.join("\n");
}

async function main() {
  const results: SizeResult[] = [];
  let pgVersion = "";
  if (sizes.length > 0) {
    const server = serverUrl();
    pgVersion = await withClient(
      server,
      async (c) => (await c.query("show server_version")).rows[0].server_version,
    );
    const largest = Math.max(...sizes);
    for (const size of sizes) {
      console.log(`PostgreSQL, ${size} properties`);
      results.push(...((await runPostgres(server, size, size === largest)) ?? []));
    }
  }
  for (const size of pgliteSizes) {
    console.log(`PGlite (in memory), ${size} properties`);
    const r = await runPglite(size);
    if (r) results.push(r);
  }
  if (args["generate-only"]) return;

  const machine =
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ` +
    `Node ${process.version}${pgVersion ? `, PostgreSQL ${pgVersion} (default settings)` : ""}`;
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine}, ${iterations} iterations after ${warmup} warm-up rounds; ms\n`,
  );
  for (const target of ["postgres", "http", "pglite"] as const) {
    const t = table(results, target);
    if (t) console.log(`${TARGET_TITLES[target]}\n\n${t}\n`);
  }
  console.log(
    "Load average (1 min) before/after the timed rounds: " +
      results
        .map((r) => `${r.target} ${label(r.size)} ${r.load.map((l) => l.toFixed(1)).join("/")}`)
        .join(", "),
  );
  console.log("Generation (s):");
  for (const r of results) {
    console.log(
      `  ${r.target} ${label(r.size)}: ${(r.generateMs / 1000).toFixed(1)} (` +
        r.generateSteps.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)}`).join(", ") +
        ")",
    );
  }
  for (const target of ["postgres", "http"] as const) {
    const rows = results.filter((r) => r.target === target).sort((a, b) => a.size - b.size);
    if (rows.length < 2) continue;
    const small = rows[0];
    const big = rows[rows.length - 1];
    const ratio = big.overall.p50 / small.overall.p50;
    console.log(
      `\nTargets (${TARGET_TITLES[target]}): p95 at ${label(big.size)} = ${ms(big.overall.p95)} ms ` +
        `(goal ≤ 50): ${big.overall.p95 <= 50 ? "met" : "NOT met"}; ` +
        `p50 ${label(big.size)}/${label(small.size)} = ${ratio.toFixed(2)} (goal ≤ 1.5): ` +
        `${ratio <= 1.5 ? "met" : "NOT met"}`,
    );
  }
  fs.mkdirSync("tmp", { recursive: true });
  fs.writeFileSync("tmp/bench-search.json", JSON.stringify({ today, machine, results }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
