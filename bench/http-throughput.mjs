// Throughput of the production server against a bare node:http server in the same run
// (ARCHITECTURE: a trivial route should reach >= 80 % of bare node:http; public pages are
// measured with their database reads). Local traffic only, bounded in time.
//
//   npm run build && node bench/http-throughput.mjs [--seconds 10] [--connections 50] [--postgres]
//     [--no-page-cache] [--accept-encoding br] [--port 3902]
//
// Starts its own servers on loopback ports with a throw-away data folder (demo data seeded): on
// the embedded PGlite, or with --postgres on a fresh database `fw_bench_http` of the machine's
// PostgreSQL (scripts/ensure-postgres.sh), which is what production runs on.
// The pages are asked for anonymously, so they come from the page cache (decision 038) after the
// first request; --no-page-cache measures rendering (PAGE_CACHE_MB=0), --accept-encoding asks
// for compressed answers as browsers do. The "cache hits" column counts X-Cache: HIT answers.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    postgres: { type: "boolean", default: false },
    "no-page-cache": { type: "boolean", default: false },
    "accept-encoding": { type: "string" },
    port: { type: "string", default: "3902" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const APP_PORT = Number(values.port);
const BARE_PORT = APP_PORT - 1;
const requestHeaders = values["accept-encoding"]
  ? { "accept-encoding": values["accept-encoding"] }
  : {};

/** Keeps `connections` requests in flight for `seconds`; returns requests per second and p50/p99. */
async function load(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  let hits = 0;
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      await new Promise((resolve) => {
        const req = http.get(url, { agent, headers: requestHeaders }, (res) => {
          if (res.headers["x-cache"] === "HIT") hits++;
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        });
        req.on("error", () => {
          errors++;
          resolve();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / seconds,
    p50: pick(0.5),
    p99: pick(0.99),
    errors,
    hits: latencies.length ? hits / latencies.length : 0,
  };
}

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      await new Promise((resolve, reject) =>
        http.get(url, (res) => (res.resume(), resolve())).on("error", reject),
      );
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not come up`);
}

const bare = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.end("ok\n");
});
await new Promise((resolve) => bare.listen(BARE_PORT, "127.0.0.1", resolve));

/** A fresh, empty PostgreSQL database for the run (the app migrates and seeds it). */
function freshPostgresDatabase() {
  const server = execFileSync("bash", ["scripts/ensure-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  const psql = (sql) =>
    execFileSync("psql", [server, "-q", "-c", sql], { stdio: ["ignore", "ignore", "inherit"] });
  // One database per port, so runs on other ports (other checkouts) do not drop each other's.
  const name = `fw_bench_http${APP_PORT === 3902 ? "" : `_${APP_PORT}`}`;
  psql(`drop database if exists ${name} with (force)`);
  psql(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-bench-"));
const app = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(APP_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(values["no-page-cache"] ? { PAGE_CACHE_MB: "0" } : {}),
    ...(values.postgres
      ? {
          DATABASE_URL: freshPostgresDatabase(),
          AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
          // A production database needs its public address (decision 071).
          BASE_URL: `http://localhost:${APP_PORT}`,
          SEED_DEMO_DATA: "true",
        }
      : {}),
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  await waitFor(`http://127.0.0.1:${APP_PORT}/robots.txt`);
  const rows = [];
  const measure = async (name, url) => {
    await load(url); // warm-up run, discarded
    const result = await load(url);
    rows.push({ name, ...result });
  };
  await measure("bare node:http", `http://127.0.0.1:${BARE_PORT}/`);
  await measure("app: /robots.txt (trivial route)", `http://127.0.0.1:${APP_PORT}/robots.txt`);
  await measure("app: / (home, SSR + DB)", `http://127.0.0.1:${APP_PORT}/`);
  await measure("app: /angebote (SSR + DB)", `http://127.0.0.1:${APP_PORT}/angebote`);
  await measure("app: /properties (search, SSR + DB)", `http://127.0.0.1:${APP_PORT}/properties`);
  const listing = await (await fetch(`http://127.0.0.1:${APP_PORT}/properties`)).text();
  const property = /href="(\/properties\/[0-9a-f-]{36})"/.exec(listing)?.[1];
  if (!property) throw new Error("no property link on /properties");
  await measure("app: /properties/{id} (property page)", `http://127.0.0.1:${APP_PORT}${property}`);
  const bareRps = rows[0].rps;
  console.log(
    `\n${values.postgres ? "PostgreSQL" : "PGlite"}, ${seconds}s per run, ${connections} connections, ` +
      `${os.cpus().length} cores, load average (1 min) ${os.loadavg()[0].toFixed(1)}, ` +
      `page cache ${values["no-page-cache"] ? "off" : "on"}, ` +
      `Accept-Encoding ${values["accept-encoding"] ?? "none"}\n`,
  );
  console.log(
    "| target | req/s | vs bare | p50 ms | p99 ms | errors | cache hits |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${((r.rps / bareRps) * 100).toFixed(0)} % | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.hits * 100).toFixed(0)} % |`,
    );
  }
} finally {
  app.kill("SIGTERM");
  bare.close();
  await new Promise((r) => app.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
