/**
 * PostgreSQL going away in the middle of a transaction (a restart, a failover, an administrator
 * ending the connection) fails that transaction, but must not take the app process down, and
 * the next request gets a fresh connection. Needs PostgreSQL (TEST_DATABASE_URL), like the
 * booking race in this project.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

it("a connection ended inside a transaction fails the transaction, not the process", async () => {
  const admin = new pg.Client({ connectionString: handle.url });
  await admin.connect();
  try {
    const outcome = await db()
      .transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await admin.query("select pg_terminate_backend($1)", [result.rows[0].pid]);
        // The server's goodbye reaches the checked-out client between two statements.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
        return "committed";
      })
      .catch((error: unknown) => `failed: ${String(error)}`);
    expect(outcome).toMatch(/^failed: /);
    // Still alive, and the pool serves the next query on a new connection.
    const again = (await db().execute(sql`select 41 + 1 as answer`)) as unknown as {
      rows: { answer: number }[];
    };
    expect(again.rows[0].answer).toBe(42);
  } finally {
    await admin.end();
  }
});
