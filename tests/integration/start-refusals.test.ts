/**
 * A production start with a wrong configuration stops before it touches anything, with a
 * message that says what to fix and no stack trace (decision 071). The checks run before the
 * build is loaded and before a database is opened, so these starts need neither.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-refusal-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startServer(vars: Record<string, string>, script = "server/index.ts") {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    // A build that is not there: a start that got past the checks would fail on it instead.
    BUILD_DIR: path.join(dataDir, "no-build"),
    PORT: "3190",
  };
  for (const name of ["BASE_URL", "DATABASE_URL", "LOG_LEVEL"]) delete env[name];
  Object.assign(env, vars);
  const result = await run(process.execPath, ["--import", "tsx", script], {
    env,
    timeout: 120_000,
  }).then(
    () => ({ code: 0, output: "" }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
  return result;
}

const STACK_LINE = /^\s+at /m;

describe("a production start refuses a wrong configuration", () => {
  it("without BASE_URL on a production database", async () => {
    const { code, output } = await startServer({
      // Nothing listens there: the refusal must come before any connection attempt.
      DATABASE_URL: "postgres://app:streng-geheim@127.0.0.1:9/ferien",
      AUTH_SECRET: "x".repeat(32),
    });
    expect(code).toBe(1);
    expect(output).toContain("BASE_URL fehlt");
    expect(output).toContain("BASE_URL must be set in production");
    expect(output).not.toContain("streng-geheim");
    expect(output).not.toMatch(STACK_LINE);
  });

  it("with a mistyped LOG_LEVEL or PAGE_CACHE_MB: named, not a crash in the logger", async () => {
    const { code, output } = await startServer({ LOG_LEVEL: "verbose", PAGE_CACHE_MB: "50MB" });
    expect(code).toBe(1);
    expect(output).toContain("LOG_LEVEL: erlaubt sind / allowed: fatal, error, warn, info");
    expect(output).toContain("PAGE_CACHE_MB: eine Zahl in Megabyte");
    expect(output).not.toMatch(STACK_LINE);
  });

  it("with a MIGRATIONS_DIR that holds no migrations: named, not the migrator's stack trace", async () => {
    const { code, output } = await startServer({ MIGRATIONS_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(
      `MIGRATIONS_DIR enthält keine Migrationen (meta/_journal.json fehlt): ${dataDir}`,
    );
    expect(output).toContain("MIGRATIONS_DIR holds no migrations");
    expect(output).not.toMatch(STACK_LINE);
  });

  it("without a build in BUILD_DIR: named, not a module that cannot be found", async () => {
    const empty = fs.mkdtempSync(path.join(dataDir, "build-"));
    const { code, output } = await startServer({ BUILD_DIR: empty });
    expect(code).toBe(1);
    expect(output).toContain(
      `BUILD_DIR enthält keinen Build (server/index.js und client/ fehlen): ${empty}`,
    );
    expect(output).toContain("BUILD_DIR holds no build");
    expect(output).not.toMatch(STACK_LINE);
  });

  it("npm start with a file as BUILD_DIR and an unknown SOURCEMAP: both named before any build", async () => {
    const file = path.join(dataDir, "build.txt");
    fs.writeFileSync(file, "");
    const { code, output } = await startServer(
      { SKIP_ENV_FILE: "1", BUILD_DIR: file, SOURCEMAP: "ja" },
      "scripts/start.mjs",
    );
    expect(code).toBe(1);
    expect(output).toContain(`BUILD_DIR ist kein Ordner, sondern eine Datei: ${file}`);
    expect(output).toContain("SOURCEMAP: erlaubt sind / allowed: true, false, 1, 0");
    expect(output).not.toContain("Building the app");
    expect(output).not.toMatch(STACK_LINE);
  });
});
