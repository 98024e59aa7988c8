import { spawn, type ChildProcess } from "node:child_process";

/**
 * An app process of a journey's own (the "server-process" project): production mode, its own
 * data folder and port, warnings only, behind a trusted proxy (the journeys set
 * X-Forwarded-For to spread the rate limits). The suite's SMTP_URL is not inherited: a journey
 * that wants e-mail passes it in `env`, like the Stripe keys.
 *
 * A start with demo data creates the database and its pictures before it listens: more than a
 * minute on a loaded machine. START_UP_BUDGET_MS is a budget, not an expectation.
 */
export const START_UP_BUDGET_MS = 300_000;

export type OwnServer = { child: ChildProcess; output: () => string; base: string };

export function startOwnServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): OwnServer {
  const base = `http://localhost:${port}`;
  const { SMTP_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: base,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { child, output: () => output, base };
}

/** Polls the start page until it answers; gives up early, with the output, if the process ended. */
export async function waitForUp(server: OwnServer) {
  const deadline = Date.now() + START_UP_BUDGET_MS;
  while (server.child.exitCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(`${server.base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the server did not come up (exit ${server.child.exitCode}):\n${server.output()}`,
  );
}

/** SIGTERM and wait: the process closes its database (and its folder lock) before it exits. */
export async function stopOwnServer(server: OwnServer | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}
