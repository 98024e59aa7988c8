/**
 * `npm start` and `npm run admin:create` read the project's .env (decision 071): the file that
 * `cp .env.example .env` creates configures production as it configures `npm run dev`, and
 * what the environment already sets (systemd, a container, `PORT=4000 npm start`) wins.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ENV_FILE, loadEnvFile } from "../../scripts/env-file.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-env-file-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe(".env for npm start", () => {
  it("is the one next to package.json", () => {
    expect(PROJECT_ENV_FILE).toBe(path.resolve(import.meta.dirname, "../..", ".env"));
  });

  it("sets what the environment lacks and keeps what it already has", () => {
    const file = path.join(dir, ".env");
    fs.writeFileSync(
      file,
      [
        "# Produktion",
        "DATABASE_URL=postgres://app:geheim@db.example.com/ferien",
        'BASE_URL="https://ferien.example.com"',
        "PORT=3000",
        "SEED_DEMO_DATA=",
        "MAIL_FROM='Ferienhaus Möwe <post@example.com>'",
      ].join("\n"),
    );
    const env: Record<string, string | undefined> = { PORT: "4000", SEED_DEMO_DATA: "true" };
    const taken = loadEnvFile(file, env);
    expect(env).toEqual({
      DATABASE_URL: "postgres://app:geheim@db.example.com/ferien",
      BASE_URL: "https://ferien.example.com",
      PORT: "4000",
      SEED_DEMO_DATA: "true",
      MAIL_FROM: "Ferienhaus Möwe <post@example.com>",
    });
    expect(taken?.sort()).toEqual(["BASE_URL", "DATABASE_URL", "MAIL_FROM"]);
  });

  it("is optional: without the file nothing changes", () => {
    const env = { PORT: "3000" };
    expect(loadEnvFile(path.join(dir, "missing.env"), env)).toBeNull();
    expect(env).toEqual({ PORT: "3000" });
  });
});
