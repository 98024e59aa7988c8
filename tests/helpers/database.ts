import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject, type ProvidedContext } from "vitest";
import { resetAuth } from "~/lib/auth.server";
import { connectDatabase, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL points at a server.
 * It becomes the process-wide database the app code uses.
 *
 * Both are copies of the template the global set-up migrated once per run
 * (tests/helpers/database-template.ts); without that set-up (e.g. bench/), the database is
 * created and migrated here.
 *
 * In the integration project Better Auth hashes passwords with a fast test hash
 * (TEST_FAST_PASSWORD_HASH, see app/lib/auth.server.ts): a sign-up costs a millisecond instead
 * of scrypt's ~0.2 s. The tests of signing in and of passwords pass `realPasswordHash: true`.
 */
export async function openTestDatabase(
  options: { realPasswordHash?: boolean } = {},
): Promise<DatabaseHandle> {
  process.env.TEST_FAST_PASSWORD_HASH =
    provided("fastPasswordHash") && !options.realPasswordHash ? "1" : "";
  resetEnvCache();
  resetAuth();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  if (serverUrl) {
    const name = `fw_test_${crypto.randomBytes(6).toString("hex")}`;
    const template = provided("postgresTemplate");
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const inner = await connectDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  } else {
    const templateFile = provided("pgliteTemplateFile");
    handle = await connectDatabase({
      kind: "pglite",
      loadDataDir: templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined,
    });
  }
  setDatabase(handle);
  return handle;
}

/** What the global set-up provided; nothing outside a Vitest run (bench/ imports this file). */
function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

export const databaseKind = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
