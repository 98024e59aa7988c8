import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase, schema } from "~/lib/db.server";

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
