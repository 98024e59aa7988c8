// The app server of the end-to-end run (playwright.config.ts, webServer): a production start
// with the demo data on a fresh database, exactly as `npm start` does it.
//
// With E2E_DATABASE_URL (scripts/test-all.sh sets it from the machine's PostgreSQL) the server
// runs on a fresh PostgreSQL database of its own instead of the embedded PGlite: PGlite runs
// PostgreSQL in WebAssembly on the app's own thread, one query at a time, so two Playwright
// workers queued behind it (decision 042, measured in docs/BENCHMARKS.md). The embedded start
// stays covered by the journeys that start their own server (server-lifecycle, admin-checklist)
// and by the integration tests on PGlite.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, process.env.DATA_DIR ?? "tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env };
const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  // One database per E2E port, so parallel runs on one machine keep apart; dropped and made anew.
  const name = `fw_e2e_${Number(process.env.PORT ?? 3100)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.SEED_DEMO_DATA = "true";
  // Production on PostgreSQL refuses a generated secret; this one signs only test sessions.
  env.AUTH_SECRET ??= "e2e-only-secret-0123456789abcdef0123456789abcdef";
}
delete env.E2E_DATABASE_URL;
// The run is configured by playwright.config.ts alone, never by a .env in the checkout.
env.SKIP_ENV_FILE = "1";

const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
