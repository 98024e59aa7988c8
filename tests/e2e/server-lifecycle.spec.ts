import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./helpers";

/**
 * The production server as an operator runs it: starts on an empty embedded database, refuses
 * a second process on the same folder, and stops cleanly on SIGTERM (the lock is released and
 * the data is still there on the next start).
 */
const PORT = 3197;
/**
 * Each start creates a database in WebAssembly (initdb) before it listens: about 10 s on a quiet
 * machine, more than 60 s measured on a loaded one. A budget, not an expectation.
 */
const START_UP_BUDGET_MS = 240_000;

function startServer(dataDir: string, port = PORT) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: `http://localhost:${port}`,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { child, output: () => output };
}

async function waitForExit(child: ChildProcess, timeoutMs = 120_000): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server did not exit")), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Polls the start page until it answers; gives up early, with the output, if the process ended. */
async function waitForUp(server: ReturnType<typeof startServer>, port: number) {
  const deadline = Date.now() + START_UP_BUDGET_MS;
  while (server.child.exitCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the server did not come up (exit code ${server.child.exitCode}):\n${server.output()}`,
  );
}

test("the server locks its database folder and shuts down cleanly on SIGTERM", async () => {
  test.setTimeout(2 * START_UP_BUDGET_MS + 120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-lifecycle-"));
  const first = startServer(dataDir);
  try {
    await waitForUp(first, PORT);
    expect(first.output()).toContain(`http://localhost:${PORT}`);
    expect(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8")).toMatch(/^\d+$/);

    // A second process on the same folder must not open the database.
    const second = startServer(dataDir, PORT + 1);
    expect(await waitForExit(second.child)).not.toBe(0);
    expect(second.output()).toContain("is in use by process");

    first.child.kill("SIGTERM");
    expect(await waitForExit(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // Starts again on the same data (nothing damaged, migrations idempotent).
    const again = startServer(dataDir);
    await waitForUp(again, PORT);
    again.child.kill("SIGINT");
    expect(await waitForExit(again.child)).toBe(0);
  } finally {
    first.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
