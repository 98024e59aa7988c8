import { defineConfig, devices } from "@playwright/test";
import { E2E_OPENAI_KEY, E2E_OPENAI_MODEL, e2eOpenAiPort } from "./tests/e2e/fake-openai-server";
import { e2eSmtpPort } from "./tests/e2e/smtp-receiver";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// Parallel runs (several developers or agents on one machine) use their own folders.
const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
const buildDir = process.env.E2E_BUILD_DIR ?? "build";

/**
 * The journeys run in four projects on the one server (issue 12 part 5):
 *
 * - "demo-data" (my-bookings.spec.ts and the tests tagged @demo-data): the journeys that count
 *   or change what the demo data holds for everyone: the demo guest's bookings and reviews and
 *   the site-wide reviews and ratings they feed. One at a time, beside "parallel"; first in the
 *   queue, being the longest chain.
 * - "parallel": everything else, test by test on every worker. These journeys sign in a guest
 *   of their own (the `guest` fixture, tests/e2e/helpers.ts), book their own band of days and
 *   read pages no other journey changes meanwhile.
 * - "settings" (tag @settings): the journeys that change the platform settings every page shows
 *   (name, stay limits) for a moment. They run when the two above have finished, one at a
 *   time: a teardown project, which runs even when a test before it failed (a dependency would
 *   be skipped). It runs with any test of the two, also with a file named on the command line;
 *   `--no-deps` leaves it out.
 * - "server-process": server-lifecycle.spec.ts starts an app process of its own on an empty
 *   database (ports 3197/3198), admin-checklist.spec.ts one with the demo data (E2E_PORT + 50),
 *   stripe-checkout.spec.ts (E2E_PORT + 60) and stripe-balance.spec.ts (E2E_PORT + 80) ones
 *   with the Stripe keys and a fake Stripe;
 *   a worker of its own from the start, with a start-up budget for a loaded machine.
 */
// grep sees "<project> <file> <describe> <title> <tags>": my-bookings.spec.ts as a whole (its
// tests run in order on the demo guest's bookings), other journeys by their tag.
const DEMO_DATA = [/@demo-data/, /\bmy-bookings\.spec\.ts\b/];
const SETTINGS = /@settings/;
// admin-checklist.spec.ts removes the demo data: on a server of its own (decision 033).
// stripe-checkout.spec.ts needs the Stripe keys and a fake Stripe beside its server (decision 044);
// stripe-balance.spec.ts too, and it stops and starts its server (decision 053).
// payment-trouble.spec.ts writes bookings into its server's database between two starts (052).
const SERVER_PROCESS = [
  "**/server-lifecycle.spec.ts",
  "**/admin-checklist.spec.ts",
  "**/stripe-checkout.spec.ts",
  "**/payment-trouble.spec.ts",
  "**/stripe-balance.spec.ts",
];
const chromium = { ...devices["Desktop Chrome"], channel: undefined };

/**
 * User journeys in Debian's Chromium against the production build, on a fresh database with the
 * demo data (the start a new operator gets with `npm start`): a PostgreSQL database of its own
 * when E2E_DATABASE_URL names a server (`npm test` does; decision 042), else the embedded PGlite.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // A real SMTP receiver for the e-mails the app sends (saved to tmp/e2e-mail-<port>/), and a
  // local chat-completions server for "Mit KI optimieren" (OPENAI_* below).
  globalSetup: ["./tests/e2e/smtp-receiver.ts", "./tests/e2e/fake-openai-server.ts"],
  fullyParallel: false,
  // Two: the machines this runs on have two cores, and the app server and Chromium need them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A budget, not a measure: with two workers on two cores each journey has about half the
  // machine; the longest (write, edit and delete a review) took 39 s alone and over 60 s beside
  // another worker on a loaded machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Per-port folders, so parallel runs on one machine do not delete each other's traces.
  outputDir: `test-results/artifacts-${PORT}`,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "server-process", testMatch: SERVER_PROCESS, workers: 1, use: chromium },
    {
      name: "demo-data",
      grep: DEMO_DATA,
      testIgnore: SERVER_PROCESS,
      workers: 1,
      use: chromium,
      teardown: "settings",
    },
    {
      name: "parallel",
      grepInvert: [...DEMO_DATA, SETTINGS],
      testIgnore: SERVER_PROCESS,
      fullyParallel: true,
      use: chromium,
      teardown: "settings",
    },
    { name: "settings", grep: SETTINGS, workers: 1, use: chromium },
  ],
  webServer: {
    // A fresh database each run: PostgreSQL with E2E_DATABASE_URL, else the embedded PGlite.
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      // Each test's browser context sends its own X-Forwarded-For (tests/e2e/helpers.ts), so the
      // per-client rate limits see separate visitors, as they would in real use.
      TRUST_PROXY: "true",
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort()}`,
      OPENAI_BASE_URL: `http://127.0.0.1:${e2eOpenAiPort()}/v1`,
      OPENAI_API_KEY: E2E_OPENAI_KEY,
      OPENAI_MODEL: E2E_OPENAI_MODEL,
      // The CSV import spec serves its images from a local HTTP server (decision 028).
      IMPORT_ALLOW_PRIVATE: "true",
      // The calendar spec serves an Airbnb-shaped feed from a local HTTP server (decision 045).
      ICAL_ALLOW_PRIVATE: "true",
    },
  },
});
