// Reads a .env file into the environment for `npm start` and `npm run admin:create` (decision
// 071). Variables already set in the environment win: systemd's EnvironmentFile=, a container's
// variables or a one-off `PORT=4000 npm start` override the file, as with Node's --env-file.
// Plain Node (no tsx): start.mjs runs before anything is built or compiled.
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** The project's .env, next to package.json (where `cp .env.example .env` puts it). */
export const PROJECT_ENV_FILE = path.resolve(import.meta.dirname, "..", ".env");

/**
 * Sets every variable of `file` that `env` does not have yet. Returns the names it set, or null
 * when there is no such file (nothing to do: the environment alone configures the app).
 */
export function loadEnvFile(file = PROJECT_ENV_FILE, env = process.env) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (error?.code === "ENOENT") return null;
    throw error;
  }
  const taken = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
