/**
 * Creates an administrator, promotes an existing account, or sets an account's password:
 *   npm run admin:create -- --email chef@example.com --password '…' [--name "Vorname Nachname"]
 *
 * - A new address: a new account with this password and the role admin.
 * - An existing account: the role admin (if it was not one), and with --password that password;
 *   then every session of the account ends. This is the reset from the shell, for when the
 *   e-mail reset cannot reach the admin (no SMTP yet, a lost mailbox, the demo password).
 *
 * Every change writes its audit entry (actor: System) in the transaction that makes it, and the
 * output names exactly what changed. Reads .env like `npm start` and uses the same configuration
 * as the server (DATABASE_URL or the embedded database in DATA_DIR; stop the server first when
 * using the embedded database, it allows one process at a time).
 */
import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { loadEnvFile } from "./env-file.mjs";
import { getAuth } from "../app/lib/auth.server";
import { connectDatabase, db, schema, setDatabase } from "../app/lib/db.server";
import { ConfigError, getEnv } from "../app/lib/env.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "../app/domain/password";
import {
  SETTINGS_CHANNEL,
  sessionChangedPayload,
} from "../app/features/settings/settings-events.server";

// As `npm start` does (and skips it for the same test harnesses).
if (!process.env.SKIP_ENV_FILE) loadEnvFile();

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
const email = values.email?.trim().toLowerCase();
const password = values.password;
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(
    "Bitte eine gültige E-Mail angeben: npm run admin:create -- --email … --password …",
  );
  process.exit(2);
}
if (password !== undefined && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)) {
  console.error(`Das Passwort muss ${PASSWORD_MIN} bis ${PASSWORD_MAX} Zeichen lang sein.`);
  process.exit(2);
}

/** Audit entries of this script: no signed-in admin made them (actor null, "System"). */
const VIA = "npm run admin:create";

function checkedEnv() {
  try {
    return getEnv();
  } catch (error) {
    // A wrong setting: say what to fix, as the server does, without a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const env = checkedEnv();
const handle = env.DATABASE_URL
  ? await connectDatabase({ kind: "postgres", url: env.DATABASE_URL })
  : await connectDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
setDatabase(handle);
try {
  const [existing] = await db()
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(sql`lower(${schema.user.email}) = ${email}`);
  if (!existing) {
    if (password === undefined) {
      console.error(`Kein Konto mit ${email}: für ein neues Konto --password angeben.`);
      process.exitCode = 2;
    } else {
      const created = await getAuth().api.signUpEmail({
        body: { email, password, name: values.name ?? "Administrator" },
      });
      const id = created.user.id;
      await db().transaction(async (tx) => {
        await tx
          .insert(schema.profile)
          .values({ id, fullName: values.name ?? "Administrator", role: "admin" })
          .onConflictDoUpdate({ target: schema.profile.id, set: { role: "admin" } });
        await tx.insert(schema.auditLog).values({
          actorId: null,
          entity: "user",
          entityId: id,
          action: "create",
          after: { email, role: "admin", via: VIA },
        });
      });
      console.log(`Admin angelegt: ${email} (Rolle: admin)`);
    }
  } else {
    const id = existing.id;
    const hash =
      password === undefined ? null : await (await getAuth().$context).password.hash(password);
    const done = await db().transaction(async (tx) => {
      const [profile] = await tx
        .select({ role: schema.profile.role })
        .from(schema.profile)
        .where(eq(schema.profile.id, id))
        .for("update");
      const before = profile?.role ?? "user";
      const promoted = before !== "admin";
      if (promoted) {
        await tx
          .insert(schema.profile)
          .values({ id, role: "admin" })
          .onConflictDoUpdate({ target: schema.profile.id, set: { role: "admin" } });
        await tx.insert(schema.auditLog).values({
          actorId: null,
          entity: "user",
          entityId: id,
          action: "role-change",
          before: { role: before },
          after: { role: "admin", via: VIA },
        });
      }
      let endedSessions = 0;
      if (hash !== null) {
        const updated = await tx
          .update(schema.account)
          .set({ password: hash })
          .where(and(eq(schema.account.userId, id), eq(schema.account.providerId, "credential")))
          .returning({ id: schema.account.id });
        if (updated.length === 0) {
          await tx
            .insert(schema.account)
            .values({ userId: id, accountId: id, providerId: "credential", password: hash });
        }
        // As after a reset by e-mail: whoever knew the old password is signed out everywhere.
        const ended = await tx
          .delete(schema.session)
          .where(eq(schema.session.userId, id))
          .returning({ id: schema.session.id });
        endedSessions = ended.length;
        await tx.insert(schema.auditLog).values({
          actorId: null,
          entity: "user",
          entityId: id,
          action: "password-reset",
          after: { via: VIA, endedSessions },
        });
      }
      // Running app processes reload the account's open pages (PostgreSQL; PGlite has none).
      if ((promoted || hash !== null) && handle.kind === "postgres") {
        await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${sessionChangedPayload(id)})`);
      }
      return { before, promoted, endedSessions };
    });
    const lines = [
      done.promoted
        ? `Zum Admin ernannt: ${email} (vorher: ${done.before === "user" ? "Gast" : done.before})`
        : `Bereits Admin: ${email}`,
    ];
    if (hash !== null) {
      lines.push(
        `Passwort neu gesetzt: ${email}; ${done.endedSessions} Sitzung(en) beendet, bitte neu anmelden.`,
      );
    } else if (!done.promoted) {
      lines.push("Nichts geändert (ein neues Passwort setzt --password).");
    }
    console.log(lines.join("\n"));
  }
} finally {
  await handle.close();
}
