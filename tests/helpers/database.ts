import crypto from "node:crypto";
import pg from "pg";
import { resetAuth } from "~/lib/auth.server";
import { connectDatabase, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL points at a server.
 * It becomes the process-wide database the app code uses.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  resetEnvCache();
  resetAuth();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  if (serverUrl) {
    const name = `fw_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
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
    handle = await connectDatabase({ kind: "pglite" });
  }
  setDatabase(handle);
  return handle;
}

export const databaseKind = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
