import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "../../db/schema";
import { resolveMigrationsDir } from "./env.server";

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The PostgreSQL connection string when kind is "postgres" (used for LISTEN/NOTIFY). */
  url?: string;
  /** PGlite only: LISTEN inside the embedded database (its triggers' notifications, decision 038). */
  listen?: (channel: string, callback: (payload: string) => void) => Promise<unknown>;
  close: () => Promise<void>;
};

// Checked at start (readEnv): a folder without migrations is refused with a message.
const migrationsFolder = resolveMigrationsDir();

/**
 * The process-wide database, set once at boot (or by the test setup). Feature code calls
 * `db()`; there is no repository layer in between.
 */
const holder = globalThis as unknown as { __database?: DatabaseHandle };

export function db(): Database {
  return databaseHandle().db;
}

/**
 * A query built once per database and sent by name: drizzle builds its SQL text once (building
 * was 7 % of the CPU time of an uncached property page) and PostgreSQL parses and plans it once
 * per connection. For the hot queries of public pages (decision 057). `build` gets the database
 * and returns `….prepare(name)`, with `sql.placeholder(…)` for the values; the name must be
 * unique in the app. One per database object, so the tests' per-file databases each get theirs.
 */
export function prepared<Query>(build: (database: Database) => Query): () => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return () => {
    const database = db();
    let query = byDatabase.get(database);
    if (query === undefined) {
      query = build(database);
      byDatabase.set(database, query);
    }
    return query;
  };
}

/** The rows of a raw query: node-postgres and PGlite both answer `execute` with `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(
  statement: SQL,
  executor: Pick<Database, "execute"> = db(),
): Promise<T[]> {
  return ((await executor.execute(statement)) as unknown as { rows: T[] }).rows;
}

export function databaseHandle(): DatabaseHandle {
  // Kept on globalThis: in development Vite re-evaluates app modules after edits.
  const current = holder.__database;
  if (!current) throw new Error("Database not opened: call setDatabase() at boot");
  return current;
}

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__database = handle;
}

type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir undefined = in memory (tests). loadDataDir: start from a dump of another PGlite
   * (`dumpDataDir()`), e.g. the test suite's migrated template; the migrations still run (a
   * no-op when the dump is current).
   */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/** Opens, migrates and returns a database handle. Does not make it the process-wide one. */
export async function connectDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Idle clients can error when PostgreSQL restarts; the pool replaces them.
    pool.on("error", () => {});
    // So can a client that is checked out between two statements of a transaction. Its 'error'
    // event had no listener and took the whole process down (bench/crash-durability.ts found it);
    // the transaction fails on its own, and the pool drops the broken client on release.
    pool.on("connect", (client) => client.on("error", () => {}));
    const database = drizzlePg({ client: pool, schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      // Several app processes may start at once: one migrates, the others wait.
      await client.query("select pg_advisory_lock(727274)");
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
    return { db: database, kind: "postgres", url: options.url, close: () => pool.end() };
  }

  let releaseLock = () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = takeFolderLock(options.dataDir);
  }
  try {
    const client = await PGlite.create(
      options.dataDir ? path.join(options.dataDir, "pglite") : undefined,
      {
        extensions: { btree_gist, pg_trgm, unaccent },
        loadDataDir: options.loadDataDir,
      },
    );
    const database = drizzlePglite({ client, schema });
    await migratePglite(database, { migrationsFolder });
    return {
      db: database as unknown as Database,
      kind: "pglite",
      listen: (channel, callback) => client.listen(channel, callback),
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Another live process holds the embedded database (the scripts word it for the operator). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop it first (or set DATA_DIR).`,
    );
  }
}

/**
 * PGlite is single-process and can be damaged when two processes open one folder.
 * A lock file holding our pid keeps a second process out; a stale lock (dead pid) is taken over.
 */
function takeFolderLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(lockFile, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dataDir, pid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** PostgreSQL error code of a failed query (drizzle wraps the driver error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const PG_EXCLUSION_VIOLATION = "23P01";
export const PG_UNIQUE_VIOLATION = "23505";
export const PG_DEADLOCK_DETECTED = "40P01";
export const PG_SERIALIZATION_FAILURE = "40001";

export async function isDatabaseEmpty(database: Database) {
  const rows = await database.select({ id: schema.user.id }).from(schema.user).limit(1);
  return rows.length === 0;
}
