import fs from "node:fs";
import path from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMailedToken } from "~/features/accounts/mailed-token.server";
import {
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
  RESET_LIMITS,
} from "~/features/accounts/password-reset.server";
import { signIn } from "~/features/accounts/sign-in.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { REDACTED, renderEmail } from "~/features/email/templates";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { outboxFolder, processEmailOutboxOnce } from "~/features/email/outbox.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";
import { parseMail } from "../helpers/mail";
import { demoEmailCompany } from "../helpers/email-fixtures";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ realPasswordHash: true });
});
afterAll(async () => {
  await handle.close();
});

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

/** The token of the newest reset e-mail queued for `email` (as the link in the e-mail has it). */
async function tokenFromOutbox(email: string) {
  const rows = await db()
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.template, "password-reset")))
    .orderBy(sql`${schema.emailOutbox.createdAt} desc`);
  return { token: (rows[0]?.data as { token?: string } | undefined)?.token, count: rows.length };
}

const page = (cookie: string) =>
  new Request("http://localhost:3000/dashboard", { headers: { cookie } });

describe(`password reset (${databaseKind()})`, () => {
  it("queues a German e-mail with a link; the database keeps only the token's hash", async () => {
    const { email } = await createUser({ name: "Lena Vogel" });
    const result = await requestPasswordReset({
      email: email.toUpperCase(),
      clientIp: freshIp(),
      language: "de",
    });
    expect(result).toEqual({ ok: true });
    const { token } = await tokenFromOutbox(email);
    expect(token).toMatch(/^[\w-]{40,}$/);

    const stored = await db()
      .select()
      .from(schema.verification)
      .where(like(schema.verification.identifier, "password-reset:%"));
    expect(stored.map((row) => row.identifier)).toContain(
      `password-reset:${hashMailedToken(token!)}`,
    );
    expect(JSON.stringify(stored)).not.toContain(token!);
    // Valid for one hour.
    const row = stored.find((r) => r.identifier.endsWith(hashMailedToken(token!)))!;
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const mail = await renderEmail(
      "password-reset",
      { language: "de", name: "Lena Vogel", token },
      { baseUrl: "https://ferien.example.com", platformName: "Ferien", company: demoEmailCompany },
    );
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.text).toContain(
      `https://ferien.example.com/auth/passwort-zuruecksetzen?token=${token}`,
    );
  });

  it("the sent e-mail's link works, and the outbox row no longer holds the token", async () => {
    const { email } = await createUser({ name: "Jonas Berg" });
    await requestPasswordReset({ email, clientIp: freshIp(), language: "de" });
    const [queued] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(
        and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.template, "password-reset")),
      );

    // No SMTP_URL in the tests: the worker writes the e-mail into DATA_DIR/outbox.
    await processEmailOutboxOnce({ limit: 100 });
    const file = fs.readdirSync(outboxFolder()).find((name) => name.includes(queued.id));
    const mail = parseMail(fs.readFileSync(path.join(outboxFolder(), file!), "utf8"));
    const token = /passwort-zuruecksetzen\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toMatch(/^[\w-]{40,}$/);

    const [sent] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, queued.id));
    expect(sent.status).toBe("sent");
    expect(sent.data).toEqual({ language: "de", name: "Jonas Berg", token: REDACTED });
    const dump = await db().execute(sql`select * from email_outbox`);
    expect(JSON.stringify(dump)).not.toContain(token!);

    expect(await resetPassword({ token: token!, password: "Neues-Passwort-2027" })).toMatchObject({
      ok: true,
    });
  });

  it("answers an unknown e-mail the same way and queues nothing", async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.emailOutbox);
    const result = await requestPasswordReset({
      email: "niemand@example.com",
      clientIp: freshIp(),
      language: "de",
    });
    expect(result).toEqual({ ok: true });
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.emailOutbox);
    expect(after[0].n).toBe(before[0].n);
  });

  it("sets the new password, ends ALL sessions and works only once", async () => {
    const { email } = await createUser();
    const cookieA = await sessionCookie(email);
    const cookieB = await sessionCookie(email);
    expect(await getCurrentUser(page(cookieA))).not.toBeNull();
    await requestPasswordReset({ email, clientIp: freshIp(), language: "de" });
    const { token } = await tokenFromOutbox(email);

    // Opening the link (GET) checks without using it up.
    expect(await isResetTokenValid(token!)).toBe(true);
    expect(await isResetTokenValid(token!)).toBe(true);

    const first = await resetPassword({ token: token!, password: "Neues-Passwort-2027" });
    expect(first.ok).toBe(true);
    expect(await getCurrentUser(page(cookieA))).toBeNull();
    expect(await getCurrentUser(page(cookieB))).toBeNull();

    const old = await signIn({
      email,
      password: TEST_PASSWORD,
      clientIp: freshIp(),
      headers: new Headers(),
    });
    expect(old.ok).toBe(false);
    const fresh = await signIn({
      email,
      password: "Neues-Passwort-2027",
      clientIp: freshIp(),
      headers: new Headers(),
    });
    expect(fresh.ok).toBe(true);

    expect(await isResetTokenValid(token!)).toBe(false);
    const second = await resetPassword({ token: token!, password: "Noch-ein-Passwort-1" });
    expect(second).toEqual({ ok: false, error: "invalidToken" });
  });

  it("refuses an expired link, an unknown token and an older link after a newer one", async () => {
    const { email } = await createUser();
    await requestPasswordReset({ email, clientIp: freshIp(), language: "de" });
    const { token: older } = await tokenFromOutbox(email);
    await requestPasswordReset({ email, clientIp: freshIp(), language: "en" });
    const { token: newer } = await tokenFromOutbox(email);
    expect(newer).not.toBe(older);
    expect(await resetPassword({ token: older!, password: "Neues-Passwort-2027" })).toEqual({
      ok: false,
      error: "invalidToken",
    });
    expect(await resetPassword({ token: "erfunden", password: "Neues-Passwort-2027" })).toEqual({
      ok: false,
      error: "invalidToken",
    });

    await db()
      .update(schema.verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.verification.identifier, `password-reset:${hashMailedToken(newer!)}`));
    expect(await isResetTokenValid(newer!)).toBe(false);
    expect(await resetPassword({ token: newer!, password: "Neues-Passwort-2027" })).toEqual({
      ok: false,
      error: "invalidToken",
    });
    // The password is unchanged.
    const signedIn = await signIn({
      email,
      password: TEST_PASSWORD,
      clientIp: freshIp(),
      headers: new Headers(),
    });
    expect(signedIn.ok).toBe(true);
  });

  it("limits requests per e-mail address and per client address", async () => {
    const { email } = await createUser();
    for (let i = 0; i < RESET_LIMITS.perAccount.max; i++) {
      expect(await requestPasswordReset({ email, clientIp: freshIp(), language: "de" })).toEqual({
        ok: true,
      });
    }
    expect(await requestPasswordReset({ email, clientIp: freshIp(), language: "de" })).toEqual({
      ok: false,
      error: "tooManyAttempts",
    });
    expect((await tokenFromOutbox(email)).count).toBe(RESET_LIMITS.perAccount.max);

    const ip = freshIp();
    for (let i = 0; i < RESET_LIMITS.perClient.max; i++) {
      const result = await requestPasswordReset({
        email: `unbekannt-${i}@example.com`,
        clientIp: ip,
        language: "de",
      });
      expect(result.ok).toBe(true);
    }
    expect(
      await requestPasswordReset({ email: "noch-einer@example.com", clientIp: ip, language: "de" }),
    ).toEqual({ ok: false, error: "tooManyAttempts" });
  });
});
