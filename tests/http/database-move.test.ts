import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, schema, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { seedDemoData } from "../../db/seed.server";

const run = promisify(execFile);

/**
 * `npm run db:to-postgres` as an operator uses it (decision 110): the embedded database of a demo
 * start, moved into an empty PostgreSQL database by the script in a child process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("The http tests need TEST_DATABASE_URL (scripts/test-all.sh)");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-move-"));
const targetName = `fw_move_${crypto.randomBytes(6).toString("hex")}`;
const targetUrl = Object.assign(new URL(serverUrl), { pathname: `/${targetName}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function moveScript() {
  return run(process.execPath, ["--import", "tsx", "scripts/db-to-postgres.ts", targetUrl], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "silent",
      SKIP_ENV_FILE: "1",
    },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
}

/** Every table's rows as JSON text in UTC, sorted: what "the same data" means here. */
async function everyRow(handle: DatabaseHandle) {
  await handle.db.execute(sql`set time zone 'UTC'`);
  const { rows: tables } = (await handle.db.execute(
    sql`select tablename as "name" from pg_tables where schemaname = 'public' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const data: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = (await handle.db.execute(
      sql.raw(`select row_to_json(t)::text as "r" from "${name}" t`),
    )) as unknown as { rows: { r: string }[] };
    data[name] = rows.map((row) => row.r).sort();
  }
  return data;
}

let sourceRows: Record<string, string[]>;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  const source = await connectDatabase({ kind: "pglite", dataDir });
  setDatabase(source);
  try {
    expect(await seedDemoData({ uploadsDir: path.join(dataDir, "uploads") })).toBe(true);
    sourceRows = await everyRow(source);
  } finally {
    setDatabase(undefined);
    await source.close();
  }
  // A new, empty database, as the operator creates it: the script migrates it itself.
  await admin(`create database ${targetName}`);
}, 300_000);

afterAll(async () => {
  await admin(`drop database if exists ${targetName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("db:to-postgres", () => {
  it("refuses while the embedded database is in use, and copies nothing", async () => {
    const running = await connectDatabase({ kind: "pglite", dataDir });
    try {
      const refused = await moveScript();
      expect((refused as { code: number }).code).toBe(1);
      expect((refused as { stderr: string }).stderr).toContain(
        "wird gerade von Prozess " + process.pid + " benutzt. Bitte den Server zuerst anhalten.",
      );
    } finally {
      await running.close();
    }
    const target = await connectDatabase({ kind: "postgres", url: targetUrl, poolSize: 1 });
    try {
      const [row] = await target.db.select({ n: sql<number>`count(*)::int` }).from(schema.user);
      expect(row.n).toBe(0);
    } finally {
      await target.close();
    }
  }, 240_000);

  it("copies every row of every table, and the copy works on", async () => {
    const moved = await moveScript();
    expect(moved).toMatchObject({ stdout: expect.stringContaining("Geprüft: alle") });

    const target = await connectDatabase({ kind: "postgres", url: targetUrl, poolSize: 1 });
    const source = await connectDatabase({ kind: "pglite", dataDir });
    try {
      // The demo data fills the tables that matter (bookings, payments, reviews, seasons …).
      const filled = Object.entries(sourceRows).filter(([, rows]) => rows.length > 0);
      expect(filled.map(([name]) => name)).toEqual(
        expect.arrayContaining(["booking", "payment", "refund", "review", "property_season"]),
      );
      // The embedded database is unchanged, and the copy holds exactly its rows: booking totals
      // and amounts paid, ratings and day statistics as they were (the triggers that derive
      // them were off during the copy), the search texts computed alike.
      expect(await everyRow(source)).toEqual(sourceRows);
      expect(await everyRow(target)).toEqual(sourceRows);

      // The booking numbers go on where the embedded database stood.
      const next = async (handle: DatabaseHandle) =>
        (
          (await handle.db.execute(sql`select nextval('booking_number_seq')::int as "n"`)) as {
            rows: { n: number }[];
          }
        ).rows[0].n;
      expect(await next(target)).toBe(await next(source));

      // The triggers are on again: a payment recorded on the copy counts on its booking.
      const [booking] = await target.db
        .select({ id: schema.booking.id, amountPaid: schema.booking.amountPaid })
        .from(schema.booking)
        .where(eq(schema.booking.status, "pending"))
        .limit(1);
      await target.db
        .insert(schema.payment)
        .values({ bookingId: booking.id, amount: 1_234, receivedOn: "2026-11-28" });
      const [after] = await target.db
        .select({ amountPaid: schema.booking.amountPaid })
        .from(schema.booking)
        .where(eq(schema.booking.id, booking.id));
      expect(after.amountPaid).toBe(booking.amountPaid + 1_234);
    } finally {
      await source.close();
      await target.close();
    }
  }, 240_000);

  it("refuses a database that already holds data, and leaves it as it was", async () => {
    const target = await connectDatabase({ kind: "postgres", url: targetUrl, poolSize: 1 });
    try {
      const before = await everyRow(target);
      const refused = await moveScript();
      expect((refused as { code: number }).code).toBe(1);
      expect((refused as { stderr: string }).stderr).toMatch(
        /Nicht kopiert: Die Zieldatenbank ist nicht leer \(Tabelle „\w+“ enthält Daten\)/,
      );
      expect(await everyRow(target)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 240_000);
});
