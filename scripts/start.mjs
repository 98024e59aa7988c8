// `npm start`: read .env, build when the sources are newer than the build, then serve in
// production mode. Needs no environment variable: the local demo (embedded database in ./data,
// demo data on first start, decision 071).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { checkBuildOptions, orExit } from "./build-options.mjs";
import { PROJECT_ENV_FILE, loadEnvFile } from "./env-file.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Before everything else, BUILD_DIR included. The environment wins over the file. The E2E
// server (scripts/e2e-server.mjs) sets SKIP_ENV_FILE: a developer's .env (their database, S3
// bucket, Stripe keys) must not reach a test server.
const fromFile = process.env.SKIP_ENV_FILE ? null : loadEnvFile(PROJECT_ENV_FILE);
if (fromFile) {
  console.log(
    `Read ${path.relative(root, PROJECT_ENV_FILE)}: ${fromFile.length} variable(s) (already set in the environment: kept).`,
  );
}
// BUILD_DIR and SOURCEMAP before the build (decision 078): the build empties its folder, so a
// BUILD_DIR of "." or "app" would delete sources; a refusal names what to fix and exits.
const { buildDir } = orExit(() => checkBuildOptions());
const buildEntry = path.join(buildDir, "server/index.js");

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.statSync(buildEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(
  ...[
    "app",
    "db",
    "content",
    "public",
    "package.json",
    "vite.config.ts",
    "react-router.config.ts",
  ].map((p) => newestMtime(path.join(root, p))),
);
if (sourcesAt > builtAt) {
  console.log("Building the app (first start or changed sources)...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
// Forward stop signals so the server can close the embedded database cleanly.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
