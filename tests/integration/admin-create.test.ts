import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isPasswordCorrect } from "~/features/accounts/account-settings.server";
import { resetAuth } from "~/lib/auth.server";
import { connectDatabase, db, schema, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";

const run = promisify(execFile);

/** `npm run admin:create` as an operator uses it, against a fresh embedded database. */
describe("admin:create", () => {
  it("creates an admin who can be found with role admin, and refuses a short password", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-admin-"));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      // Configured here alone, not by a .env in the checkout.
      SKIP_ENV_FILE: "1",
    };
    const script = ["--import", "tsx", "scripts/admin-create.ts"];

    const short = await run(
      process.execPath,
      [...script, "--email", "kurz@example.com", "--password", "1234567"],
      { env },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((short as { code: number }).code).toBe(2);
    expect((short as { stderr: string }).stderr).toContain("8 bis 128 Zeichen");

    const { stdout } = await run(
      process.execPath,
      [
        ...script,
        "--email",
        "Chefin@Example.com",
        "--password",
        "Sehr-Geheim-2027",
        "--name",
        "Greta Chef",
      ],
      { env },
    );
    expect(stdout).toContain("Admin angelegt: chefin@example.com");

    const handle = await connectDatabase({ kind: "pglite", dataDir });
    try {
      const [user] = await handle.db
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, "chefin@example.com"));
      const [profile] = await handle.db
        .select()
        .from(schema.profile)
        .where(eq(schema.profile.id, user.id));
      expect(profile.role).toBe("admin");
      const [none] = await handle.db
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, "kurz@example.com"));
      expect(none).toBeUndefined();
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes that each open and migrate an embedded database, while the other test files
    // run beside them on 2 cores: that alone took over the default 60 s in a CI run.
  }, 240_000);
});

/**
 * The reset from the shell: an existing account is made admin and, with --password, gets that
 * password; its sessions end. Each change is in the audit log as the system's (no admin signed
 * in), and the output says what happened, also when nothing did. On the suite's database kind.
 */
describe("admin:create for an existing account", () => {
  it("promotes it, sets the given password, ends its sessions and logs both changes", async () => {
    const kind = databaseKind();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-admin-reset-"));
    let handle: DatabaseHandle | undefined;
    const open = async () => {
      handle = kind === "postgres" ? await openTestDatabase() : await openPglite(dataDir);
      return handle;
    };
    const pglite = await (kind === "pglite" ? open() : Promise.resolve(undefined));
    const postgres = kind === "postgres" ? await open() : undefined;
    try {
      const guest = await createUser({ name: "Greta Gast" });
      await sessionCookie(guest.email);
      expect(await sessionsOf(guest.id)).toBeGreaterThan(0);
      // PGlite: one process at a time, as for an operator (stop the server first).
      await pglite?.close();

      const env = {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        // Configured here alone, not by a .env in the checkout.
        SKIP_ENV_FILE: "1",
        DATA_DIR: dataDir,
        DATABASE_URL: postgres?.url ?? "",
        // A production process refuses the suite's fast hash (openTestDatabase set it here).
        TEST_FAST_PASSWORD_HASH: "",
      };
      const script = ["--import", "tsx", "scripts/admin-create.ts"];
      const reset = await run(
        process.execPath,
        [...script, "--email", guest.email.toUpperCase(), "--password", "Neu-Gesetzt-2027"],
        { env },
      );
      expect(reset.stdout).toContain(`Zum Admin ernannt: ${guest.email} (vorher: Gast)`);
      expect(reset.stdout).toMatch(
        new RegExp(`Passwort neu gesetzt: ${guest.email}; [1-9]\\d* Sitzung\\(en\\) beendet`),
      );

      // Again without a password: already an admin, nothing to do, nothing logged.
      const again = await run(process.execPath, [...script, "--email", guest.email], { env });
      expect(again.stdout).toContain(`Bereits Admin: ${guest.email}`);
      expect(again.stdout).toContain("Nichts geändert");

      if (pglite) await open();
      const [profile] = await db()
        .select()
        .from(schema.profile)
        .where(eq(schema.profile.id, guest.id));
      expect(profile.role).toBe("admin");
      const [account] = await db()
        .select({ hash: schema.account.password })
        .from(schema.account)
        .where(eq(schema.account.userId, guest.id));
      expect(await isPasswordCorrect(account.hash, "Neu-Gesetzt-2027")).toBe(true);
      expect(await isPasswordCorrect(account.hash, TEST_PASSWORD)).toBe(false);
      expect(await sessionsOf(guest.id)).toBe(0);

      const entries = await db()
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.entityId, guest.id))
        .orderBy(schema.auditLog.createdAt);
      expect(entries.map((e) => [e.actorId, e.entity, e.action])).toEqual([
        [null, "user", "role-change"],
        [null, "user", "password-reset"],
      ]);
      expect(entries[0].before).toEqual({ role: "user" });
      expect(entries[0].after).toMatchObject({ role: "admin" });
      expect(JSON.stringify(entries)).not.toContain("Neu-Gesetzt-2027");
    } finally {
      await handle?.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // On PGlite: four opens of the embedded database (this process, two script runs, this
    // process again), each a WebAssembly start; about 100 s on a loaded 2-core machine.
  }, 480_000);
});

async function openPglite(dataDir: string) {
  const handle = await connectDatabase({ kind: "pglite", dataDir });
  setDatabase(handle);
  resetAuth();
  return handle;
}

async function sessionsOf(userId: string) {
  const rows = await db()
    .select({ id: schema.session.id })
    .from(schema.session)
    .where(eq(schema.session.userId, userId));
  return rows.length;
}
