/**
 * Audit 20 (Art. 5 DSGVO): sessions keep no IP address, and expired sessions are deleted by the
 * hourly housekeeping instead of staying in the database for ever.
 */
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredSessions } from "~/features/accounts/expired-sessions.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { getAuth } from "~/lib/auth.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const sessionsOf = (userId: string) =>
  db()
    .select({ id: schema.session.id, ipAddress: schema.session.ipAddress })
    .from(schema.session)
    .where(eq(schema.session.userId, userId));

/** A new account without the session its sign-up opened. */
async function accountWithoutSessions() {
  const user = await createUser();
  await db().delete(schema.session).where(eq(schema.session.userId, user.id));
  return user;
}

const asRequest = (cookie: string) =>
  new Request("http://localhost:3000/dashboard", { headers: { cookie } });

describe(`sessions (${databaseKind()})`, () => {
  it("store no IP address, even where the server passes the client's on", async () => {
    const user = await accountWithoutSessions();
    // What server/index.ts sets on every request it hands to the app.
    await getAuth().api.signInEmail({
      body: { email: user.email, password: TEST_PASSWORD },
      headers: new Headers({ "x-client-ip": "203.0.113.7", "user-agent": "Firefox" }),
    });
    const sessions = await sessionsOf(user.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].ipAddress ?? "").toBe("");
  });

  it("past their expiry are deleted; live ones keep working", async () => {
    const user = await accountWithoutSessions();
    const stale = await sessionCookie(user.email);
    const live = await sessionCookie(user.email);
    const [first] = await sessionsOf(user.id);
    await db()
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.session.id, first.id));

    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
    const left = await sessionsOf(user.id);
    expect(left.map((s) => s.id)).not.toContain(first.id);
    expect(left).toHaveLength(1);
    const signedIn = [
      await getCurrentUser(asRequest(stale)),
      await getCurrentUser(asRequest(live)),
    ].filter(Boolean);
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]?.id).toBe(user.id);
  });

  it("stored before lose their IP address with migration 0042", async () => {
    const user = await accountWithoutSessions();
    await sessionCookie(user.email);
    await db()
      .update(schema.session)
      .set({ ipAddress: "203.0.113.9" })
      .where(eq(schema.session.userId, user.id));
    const migration = fs.readFileSync("db/migrations/0042_session_without_ip.sql", "utf8");
    await db().execute(sql.raw(migration));
    expect((await sessionsOf(user.id)).map((s) => s.ipAddress)).toEqual([null]);
  });
});
