import { defineConfig, devices } from "@playwright/test";
import { e2eSmtpPort } from "./tests/e2e/smtp-receiver";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// Parallel runs (several developers or agents on one machine) use their own folders.
const dataDir = process.env.E2E_DATA_DIR ?? "tmp/e2e-data";
const buildDir = process.env.E2E_BUILD_DIR ?? "build";

/**
 * User journeys in Debian's Chromium against the production build, on a fresh embedded
 * database with the demo data (the same start a new operator gets with `npm start`).
 */
export default defineConfig({
  testDir: "tests/e2e",
  // A real SMTP receiver for the e-mails the app sends (saved to tmp/e2e-mail-<port>/).
  globalSetup: "./tests/e2e/smtp-receiver.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
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
    },
  },
});
