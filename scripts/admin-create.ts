/**
 * Creates an administrator (or promotes an existing account):
 *   npm run admin:create -- --email chef@example.com --password '…' [--name "Vorname Nachname"]
 * Uses the same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR;
 * stop the server first when using the embedded database, it allows one process at a time).
 */
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { getAuth } from "../app/lib/auth.server";
import { connectDatabase, db, schema, setDatabase } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "../app/domain/password";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
const email = values.email?.trim().toLowerCase();
const password = values.password ?? "";
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(
    "Bitte eine gültige E-Mail angeben: npm run admin:create -- --email … --password …",
  );
  process.exit(2);
}

const env = getEnv();
const handle = env.DATABASE_URL
  ? await connectDatabase({ kind: "postgres", url: env.DATABASE_URL })
  : await connectDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
setDatabase(handle);
try {
  const [existing] = await db()
    .select()
    .from(schema.user)
    .where(sql`lower(${schema.user.email}) = ${email}`);
  let userId = existing?.id;
  if (!userId) {
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      console.error(`Das Passwort muss ${PASSWORD_MIN} bis ${PASSWORD_MAX} Zeichen lang sein.`);
      process.exitCode = 2;
    } else {
      const created = await getAuth().api.signUpEmail({
        body: { email, password, name: values.name ?? "Administrator" },
      });
      userId = created.user.id;
    }
  }
  if (userId) {
    await db()
      .insert(schema.profile)
      .values({ id: userId, fullName: values.name ?? "Administrator", role: "admin" })
      .onConflictDoUpdate({ target: schema.profile.id, set: { role: "admin" } });
    const [profile] = await db().select().from(schema.profile).where(eq(schema.profile.id, userId));
    console.log(
      `${existing ? "Zum Admin ernannt" : "Admin angelegt"}: ${email} (Rolle: ${profile.role})`,
    );
  }
} finally {
  await handle.close();
}
