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

async function waitForExit(child: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server did not exit")), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function waitForUp(port: number) {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`http://localhost:${port}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not come up");
}

test("the server locks its database folder and shuts down cleanly on SIGTERM", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-lifecycle-"));
  const first = startServer(dataDir);
  try {
    await waitForUp(PORT);
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
    await waitForUp(PORT);
    again.child.kill("SIGINT");
    expect(await waitForExit(again.child)).toBe(0);
  } finally {
    first.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
