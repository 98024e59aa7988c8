/**
 * Admin lists benchmark (issue 13 part 8; goal: every admin list and the dashboard at 100,000
 * users and 100,000 bookings with server time p95 ≤ 50 ms, and p50 at 100k ≤ 1.5 × p50 at 1k).
 *
 *   npx tsx bench/admin-lists.ts [--sizes 1000,100000] [--iterations 40] [--warmup 3]
 *                                [--rounds 5] [--reuse] [--prefix fw_bench_admin_] [--only users]
 *
 * For every size N it creates a PostgreSQL database `<prefix><1k|100k>` (dropped and recreated
 * unless --reuse; server from BENCH_DATABASE_URL or `bash scripts/ensure-postgres.sh`), migrates
 * it with the app's `connectDatabase` and generates in SQL (no row-by-row inserts):
 * N users with profiles, N/100 published properties (at least 20), N bookings (one per user,
 * stays of 2–6 nights at least a week apart per property over the last two years and the next
 * one; 10 % cancelled, past stays completed, future ones 20 % pending and the rest confirmed;
 * created 1–180 days before arrival), a payment for about 40 % of them, N audit entries and N
 * e-mails tied to bookings, and one contact message.
 *
 * It then signs in a benchmark admin in every database and calls the LOADER of every admin page
 * found in app/routes.ts (tests/helpers/route-inventory.ts) with a real Request and session
 * cookie, for a mix of URLs per page (search, filters, a deep page): server time without HTTP and
 * rendering, the session lookup of requireAdmin included. The app's modules (routes, database,
 * auth) are loaded through Vite's SSR loader, as in development, so routes that read the shipped
 * texts through `import.meta.glob` (the dashboard, the content editor) are measured too.
 *
 * The sizes are measured side by side: for every URL, `--rounds` rounds, and in every round each
 * size in turn (the order alternates) gets `--warmup` untimed calls and `iterations / rounds`
 * timed ones. On a machine shared with other work the absolute numbers drift by tens of percent
 * within a minute; a drift then hits both sizes alike, and the ratio of the two medians stays
 * comparable. Results go to stdout and tmp/bench-admin-lists.json.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import { createServer } from "vite";
import type * as AuthModule from "~/lib/auth.server";
import type * as DbModule from "~/lib/db.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { fillPattern, routeInventory } from "../tests/helpers/route-inventory";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,100000" },
    iterations: { type: "string", default: "40" },
    warmup: { type: "string", default: "3" },
    rounds: { type: "string", default: "5" },
    reuse: { type: "boolean", default: false },
    prefix: { type: "string", default: "fw_bench_admin_" },
    /** only URLs containing this text (e.g. `users?`) */
    only: { type: "string", default: "" },
  },
});
const sizes = args.sizes
  .split(",")
  .map((s) => Number(s.trim()))
  .filter(Boolean);
const rounds = Math.max(1, Number(args.rounds));
const perRound = Math.max(1, Math.round(Number(args.iterations) / rounds));
const warmup = Number(args.warmup);
const today = todayInBerlin();
const label = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;
if (!/^[a-z_][a-z0-9_]*$/.test(args.prefix))
  throw new Error("--prefix: lower-case letters, digits, _");

const ADMIN_EMAIL = "bench-admin@example.com";
const ADMIN_PASSWORD = "Bench-Admin-2026!";

// The app's server modules, through Vite's SSR loader (import.meta.glob, `?url` assets and the
// `~` alias work as in development). The database handle lives on globalThis (db.server.ts), the
// auth instance in auth.server.ts's module: both are this loader's instances.
const vite = await createServer({
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "warn",
});
const { connectDatabase, db, schema, setDatabase } = (await vite.ssrLoadModule(
  "/app/lib/db.server.ts",
)) as typeof DbModule;
const { getAuth, resetAuth } = (await vite.ssrLoadModule(
  "/app/lib/auth.server.ts",
)) as typeof AuthModule;

/**
 * The URL mix per admin page (query strings appended to the page's path). What an operator does
 * every day: the first page, a search, a filter, a page deep in the list. Pages not listed get
 * their plain URL only; patterns with `:id` get a real row of the page's kind, `{number}` the
 * complete number of a real booking (what an operator pastes from a bank transfer).
 */
const MIX: Record<string, string[]> = {
  "/admin": ["", "?span=last-12-months"],
  "/admin/users": ["", "?q=gast%2042", "?q=bench.example", "?role=admin", "?page=200"],
  "/admin/bookings": [
    "",
    "?q=FW-2026-0012",
    "?q={number}",
    "?q=gast%204711",
    "?q=Ostsee",
    "?status=pending",
    `?from=${today}&to=${today.slice(0, 8)}28`,
    "?page=200",
  ],
  "/admin/audit": ["", "?entity=booking", "?entity=user", "?admin=system"],
  "/admin/bankkonten": ["", "?q=DE89"],
  "/admin/properties": ["", "?q=alpenblick", "?ort=ort%2042", "?status=archived", "?page=50"],
  "/admin/settings": [""],
};

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

async function generate(client: pg.Client, size: number) {
  const steps: { step: string; ms: number }[] = [];
  const run = async (step: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    steps.push({ step, ms: Math.round(performance.now() - started) });
  };
  const properties = Math.max(20, Math.round(size / 100));
  const perProperty = Math.ceil(size / properties);
  // Stays spread over two years back and one ahead, at least a week apart per property.
  const spacing = Math.max(7, Math.floor(1095 / perProperty));
  const day = `date ${lit(today)}`;
  await client.query("select setseed(0.1313)");
  await run(
    "users",
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select gen_random_uuid(), 'Gast ' || i, 'gast' || i || '@bench.example', true,
            now() - (random() * interval '1095 days'), now()
     from generate_series(1, ${size}) as i`,
  );
  await run(
    "profiles",
    `insert into profile (id, full_name, role)
     select id, name, case when random() < 0.0005 then 'admin' else 'user' end from "user"`,
  );
  await run(
    "properties",
    `insert into property (title, description, price_per_night, cleaning_fee, country, city,
                           location, max_guests, status, created_at)
     select (array['Ostsee', 'Nordsee', 'Alpen', 'Bodensee', 'Harz'])[1 + i % 5] || 'blick ' || i,
            'Ferienwohnung ' || i, 6000 + (i % 20) * 1000, 7500, 'Deutschland', 'Ort ' || i,
            'Ort ' || i || ', Deutschland', 4, 'published', now() - interval '3 years'
     from generate_series(1, ${properties}) as i`,
  );
  await run(
    "bank accounts",
    `insert into bank_account (account_holder, iban, bic, bank_name, is_active, is_default)
     values ('Bench GmbH', 'DE89370400440532013000', 'COBADEFFXXX', 'Commerzbank', true, true),
            ('Bench GmbH', 'DE02120300000000202051', 'BYLADEM1001', 'DKB', true, false)`,
  );
  // Booking i: property (i mod P), slot (i div P), one week apart from two years ago on; user i.
  await run(
    "bookings",
    `with u as (select id, name, email, row_number() over (order by created_at, id) - 1 as i
                from "user"),
          p as (select id, row_number() over (order by id) - 1 as j from property),
          b as (
            select u.*, p.id as property_id,
                   ${day} - 730 + ((u.i / ${properties}) * ${spacing})::int as check_in,
                   2 + (u.i % 5)::int as nights, random() as r
            from u join p on p.j = u.i % ${properties}
            where u.i < ${properties * perProperty})
     insert into booking (number, user_id, property_id, check_in, check_out, guests, guest_name,
                          guest_email, nightly_price, nights, cleaning_fee, service_fee,
                          total_price, payment_method, payment_status, status, created_at,
                          updated_at)
     select 'FW-' || extract(year from check_in - 30)::int || '-' || lpad((i + 1)::text, 6, '0'),
            id, property_id, check_in, check_in + nights, 2, name, email, 9000, nights, 7500,
            2900, 9000 * nights + 10400, 'bank-transfer', 'unpaid',
            case when r < 0.10 then 'cancelled' when check_in + nights < ${day} then 'completed'
                 when r < 0.30 then 'pending' else 'confirmed' end,
            (check_in - (1 + (r * 180)::int)) + time '10:00', now()
     from b`,
  );
  await run(
    "payments",
    `insert into payment (booking_id, amount, received_on, note)
     select id, case when random() < 0.5 then total_price / 5 else total_price end,
            least(created_at::date + 3, check_in - 1), 'Überweisung'
     from booking where status <> 'cancelled' and random() < 0.4`,
  );
  await run(
    "audit",
    `insert into audit_log (entity, entity_id, action, before, after, created_at)
     select 'booking', id::text, 'status-change', '{"status":"pending"}', '{"status":"confirmed"}',
            created_at + interval '1 day'
     from booking`,
  );
  await run(
    "e-mails",
    `insert into email_outbox ("to", template, data, status, booking_id, created_at, sent_at)
     select guest_email, 'booking-received', '{}', 'sent', id, created_at, created_at
     from booking`,
  );
  await run("analyze", "vacuum analyze");
  return steps;
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

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

type Prepared = {
  size: number;
  handle: DbModule.DatabaseHandle;
  cookie: string;
  /** a real row for every kind of `:id` an admin page has */
  ids: { booking: string; number: string; property: string; message: string };
};

/** Opens (and unless --reuse, creates and fills) the database of one size; signs in the admin. */
async function prepare(server: string, size: number): Promise<Prepared> {
  const name = `${args.prefix}${label(size)}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  let fresh = true;
  await withClient(server, async (client) => {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (args.reuse && exists.rowCount) {
      fresh = false;
      return;
    }
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const handle = await connectDatabase({ kind: "postgres", url: url.toString() });
  switchTo(handle);
  if (fresh) {
    const steps = await withClient(url.toString(), (client) => generate(client, size));
    console.log(`  generated ${label(size)}:`, steps.map((s) => `${s.step} ${s.ms} ms`).join(", "));
  }
  // The benchmark admin (again when --reuse finds a database from an interrupted run).
  const [existing] = await db()
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, ADMIN_EMAIL));
  if (!existing) {
    await getAuth().api.signUpEmail({
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: "Bench Admin" },
    });
  }
  const [admin] = await db()
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, ADMIN_EMAIL));
  await db()
    .insert(schema.profile)
    .values({ id: admin.id, fullName: "Bench Admin", role: "admin" })
    .onConflictDoUpdate({ target: schema.profile.id, set: { role: "admin" } });
  const { headers } = await getAuth().api.signInEmail({
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const [booking] = await db()
    .select({ id: schema.booking.id, number: schema.booking.number })
    .from(schema.booking)
    .where(eq(schema.booking.status, "pending"))
    .limit(1);
  const [property] = await db()
    .select({ id: schema.property.id })
    .from(schema.property)
    .where(eq(schema.property.status, "published"))
    .limit(1);
  // /admin/nachrichten/:id needs a contact message (a database from before this had none).
  let [message] = await db()
    .select({ id: schema.contactMessage.id })
    .from(schema.contactMessage)
    .limit(1);
  if (!message) {
    [message] = await db()
      .insert(schema.contactMessage)
      .values({
        firstName: "Erika",
        lastName: "Bench",
        email: "erika@bench.example",
        subject: "Anreise",
        message: "Ab wann ist die Wohnung am Anreisetag bezugsfertig?",
      })
      .returning({ id: schema.contactMessage.id });
  }
  return {
    size,
    handle,
    cookie,
    ids: {
      booking: booking.id,
      number: booking.number,
      property: property.id,
      message: message.id,
    },
  };
}

/** Makes `handle` the process-wide database; Better Auth keeps the one it was made with. */
function switchTo(handle: DbModule.DatabaseHandle) {
  setDatabase(handle);
  resetAuth();
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

type Loader = (args: unknown) => unknown;

async function callLoader(
  loader: Loader,
  url: string,
  cookie: string,
  params: Record<string, string>,
) {
  const request = new Request(`http://localhost:3000${url}`, { headers: { cookie } });
  const loaderArgs = {
    request,
    params,
    context: { requestId: "bench", clientIp: "192.0.2.1", nonce: "" },
  };
  try {
    const result = await loader(loaderArgs);
    if (result instanceof Response) {
      await result.arrayBuffer();
      return result.status;
    }
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      return (thrown as { init?: { status?: number } }).init?.status ?? 500;
    }
    throw thrown;
  }
}

function percentile(samples: number[], q: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const round1 = (n: number) => Number(n.toFixed(1));

/** One URL of one admin page, with the concrete `:param` values for each size. */
type Target = {
  page: string;
  loader: Loader;
  url: (prepared: Prepared) => string;
  params: (prepared: Prepared) => Record<string, string>;
};

/** The `:param` of a pattern gets a real row of the page's kind. */
function paramOf(pattern: string, prepared: Prepared) {
  if (pattern.includes(":page")) return "startseite";
  if (pattern.startsWith("/admin/properties")) return prepared.ids.property;
  if (pattern.startsWith("/admin/nachrichten")) return prepared.ids.message;
  return prepared.ids.booking;
}

async function targets(): Promise<Target[]> {
  const pages = routeInventory().filter(
    (r) =>
      (r.pattern === "/admin" || r.pattern.startsWith("/admin/")) &&
      r.hasLoader &&
      // The area's layout (same URL as the dashboard) only runs requireAdmin.
      !r.file.endsWith("/layout.tsx"),
  );
  const found: Target[] = [];
  for (const page of pages) {
    const module = (await vite.ssrLoadModule(`/app/${page.file}`)) as { loader: Loader };
    const names = [...page.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    for (const query of MIX[page.pattern] ?? [""]) {
      found.push({
        page: page.pattern,
        loader: module.loader,
        url: (prepared) =>
          `${names.length ? fillPattern(page.pattern, paramOf(page.pattern, prepared)) : page.pattern}${query.replace("{number}", prepared.ids.number)}`,
        params: (prepared) =>
          Object.fromEntries(names.map((name) => [name, paramOf(page.pattern, prepared)])),
      });
    }
  }
  return found;
}

type Result = {
  size: number;
  page: string;
  url: string;
  status: number;
  p50: number;
  p95: number;
  /** the medians of the single rounds */
  roundP50: number[];
};

async function measure(all: Prepared[], target: Target): Promise<Result[]> {
  const samples = new Map<number, number[]>(all.map((p) => [p.size, []]));
  const roundP50 = new Map<number, number[]>(all.map((p) => [p.size, []]));
  const status = new Map<number, number>();
  for (let round = 0; round < rounds; round++) {
    // Alternate which size goes first, so neither always runs right after a switch of databases.
    const order = round % 2 === 0 ? all : [...all].reverse();
    for (const prepared of order) {
      switchTo(prepared.handle);
      const url = target.url(prepared);
      const params = target.params(prepared);
      for (let i = 0; i < warmup; i++)
        await callLoader(target.loader, url, prepared.cookie, params);
      const these: number[] = [];
      for (let i = 0; i < perRound; i++) {
        const started = performance.now();
        status.set(prepared.size, await callLoader(target.loader, url, prepared.cookie, params));
        these.push(performance.now() - started);
      }
      samples.get(prepared.size)!.push(...these);
      roundP50.get(prepared.size)!.push(round1(percentile(these, 0.5)));
    }
  }
  return all.map((prepared) => ({
    size: prepared.size,
    page: target.page,
    url: target.url(prepared),
    status: status.get(prepared.size) ?? 0,
    p50: round1(percentile(samples.get(prepared.size)!, 0.5)),
    p95: round1(percentile(samples.get(prepared.size)!, 0.95)),
    roundP50: roundP50.get(prepared.size)!,
  }));
}

const server = serverUrl();
const prepared: Prepared[] = [];
for (const size of sizes) prepared.push(await prepare(server, size));
const smallest = prepared.reduce((a, b) => (a.size <= b.size ? a : b));
const largest = prepared.reduce((a, b) => (a.size >= b.size ? a : b));
const results: Result[] = [];
const shown = (url: string) =>
  url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, "{id}").replace(/FW-\d{4}-\d{6}$/, "{number}");

// The goal's two checks per URL: p95 at the largest size, and p50 growth from the smallest.
// "round ratio" is the median of the per-round ratios, the robust one on a loaded machine.
console.log(
  `\nURL | p50 ${label(smallest.size)} | p50 ${label(largest.size)} | ratio | round ratio | p95 ${label(largest.size)} | status`,
);
for (const target of await targets()) {
  if (args.only && !target.url(largest).includes(args.only)) continue;
  const measured = await measure(prepared, target);
  results.push(...measured);
  const small = measured.find((r) => r.size === smallest.size)!;
  const big = measured.find((r) => r.size === largest.size)!;
  const roundRatios = big.roundP50.map((p50, i) => p50 / small.roundP50[i]);
  const ratio = (big.p50 / small.p50).toFixed(2);
  const roundRatio = percentile(roundRatios, 0.5).toFixed(2);
  console.log(
    `${shown(big.url)} | ${small.p50} | ${big.p50} | ${ratio} | ${roundRatio} | ${big.p95}${big.p95 > 50 ? " (over 50 ms)" : ""} | ${small.status}/${big.status}`,
  );
}
fs.mkdirSync("tmp", { recursive: true });
fs.writeFileSync(
  "tmp/bench-admin-lists.json",
  JSON.stringify({ today, rounds, perRound, warmup, results }, null, 2),
);
for (const p of prepared) await p.handle.close();
await vite.close();
process.exit(0);
