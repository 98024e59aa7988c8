/**
 * The start message names demo logins only when they really sign in on this database (decision
 * 071): never on a database that has no demo data, and not once the operator changed the demo
 * password or removed the account.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGINS } from "../../db/demo-logins";
import { workingDemoLogins } from "~/boot.server";
import { getAuth } from "~/lib/auth.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const admin = DEMO_LOGINS.find((login) => login.role === "Admin")!;
const guest = DEMO_LOGINS.find((login) => login.role === "Gast")!;

describe("demo logins in the start message", () => {
  it("none on a database without demo accounts; all right after seeding", async () => {
    expect(await workingDemoLogins(false)).toEqual([]);
    expect(await workingDemoLogins(true)).toEqual(DEMO_LOGINS);
  });

  it("only the accounts that still sign in with the published password", async () => {
    const auth = getAuth();
    const { user } = await auth.api.signUpEmail({
      body: { email: admin.email, password: admin.password, name: "Julia Demo" },
    });
    // The demo guest exists, but with a password of its own.
    await auth.api.signUpEmail({
      body: { email: guest.email, password: "Ein-Eigenes-Passwort-1", name: "Gast" },
    });
    expect(await workingDemoLogins(false)).toEqual([admin]);

    // The operator changes the demo admin's password: nothing left to print.
    const context = await auth.$context;
    await db()
      .update(schema.account)
      .set({ password: await context.password.hash("Neues-Betreiber-Passwort-7") })
      .where(eq(schema.account.userId, user.id));
    expect(await workingDemoLogins(false)).toEqual([]);
  });
});
