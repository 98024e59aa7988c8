/**
 * Address confirmation on demand (decision 077), through the real routes and a real SMTP
 * receiver: "Bestätigungs-E-Mail senden" in /dashboard/settings mails a single-use link to the
 * account's address; the link's page changes nothing on GET and confirms on its button's POST,
 * only for someone signed in to that account. Then "Marketing-E-Mails" is the address's real
 * subscription, and off unsubscribes it (decision 075's rule for proven accounts). Used, expired,
 * forged and other accounts' links are refused with a 4xx and change nothing; sending is limited.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteAccount } from "~/features/accounts/account-settings.server";
import { ADDRESS_CONFIRM_LIMITS } from "~/features/accounts/address-confirmation.server";
import { hashMailedToken } from "~/features/accounts/mailed-token.server";
import { REDACTED } from "~/features/email/templates";
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import * as confirmPage from "~/routes/auth/confirm-address";
import * as settingsPage from "~/routes/dashboard/settings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
let receiver: SmtpReceiver;
beforeAll(async () => {
  handle = await openTestDatabase();
  receiver = await startSmtpReceiver();
  await ensureSettingsRow();
});
afterAll(async () => {
  await receiver.close();
  await handle.close();
});
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  await db().delete(schema.rateLimit);
  await db().delete(schema.newsletterSubscription);
  receiver.messages.length = 0;
  process.env.SMTP_URL = receiver.url;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const CONFIRM_URL = "/auth/adresse-bestaetigen";

type SettingsAnswer = { ok?: boolean; error?: string; confirmationSent?: boolean };

const askForConfirmation = (cookie: string | null) =>
  callRoute<SettingsAnswer>(settingsPage.action, {
    url: "/dashboard/settings",
    cookie,
    form: { intent: "sendAddressConfirmation" },
  });

async function settingsShown(cookie: string, query = "") {
  const answer = await callRoute<{
    notifications: { marketingEmails: boolean };
    isAddressProven: boolean;
    isAddressJustConfirmed: boolean;
  }>(settingsPage.loader, { url: `/dashboard/settings${query}`, cookie });
  return answer.data!;
}

/** Sends what is queued and returns the one confirmation e-mail with its link's token. */
async function deliveredLink(email: string) {
  const mails = await deliverQueuedMail(receiver);
  const mail = mails.find((m) => m.to === email)!;
  expect(mail).toBeDefined();
  const match = /\/auth\/adresse-bestaetigen\?token=([\w%-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return { mail, token: decodeURIComponent(match![1]) };
}

const openLink = (token: string, cookie: string | null) =>
  callRoute<{ state: string; email: string }>(confirmPage.loader, {
    url: `${CONFIRM_URL}?token=${encodeURIComponent(token)}`,
    cookie,
  });

const pressConfirm = (token: string, cookie: string | null) =>
  callRoute<{ state: string }>(confirmPage.action, {
    url: `${CONFIRM_URL}?token=${encodeURIComponent(token)}`,
    cookie,
    form: { token },
  });

async function isVerified(userId: string) {
  const [row] = await db()
    .select({ emailVerified: schema.user.emailVerified })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  return row.emailVerified;
}

async function subscriptionOf(email: string) {
  const [row] = await db()
    .select()
    .from(schema.newsletterSubscription)
    .where(sql`lower(${schema.newsletterSubscription.email}) = ${email.toLowerCase()}`);
  return row;
}

/** A new account with a link mailed to it (not yet used). */
async function accountWithLink(name = "Lena Vogel") {
  const guest = await createUser({ name });
  const cookie = await sessionCookie(guest.email);
  expect((await askForConfirmation(cookie)).data).toMatchObject({ ok: true });
  const { token } = await deliveredLink(guest.email);
  return { ...guest, cookie, token };
}

describe(`address confirmation: send, link, confirm (${databaseKind()})`, () => {
  it("the mailed link, pressed while signed in, proves the address; then the switch shows the subscription and off unsubscribes it", async () => {
    const guest = await createUser({ name: "Lena Vogel" });
    // The owner of the mailbox subscribed through the footer form before.
    await db()
      .insert(schema.newsletterSubscription)
      .values({ email: guest.email, token: `footer-${crypto.randomUUID()}`, status: "confirmed" });
    const cookie = await sessionCookie(guest.email);
    // Unproven: the switch is the account's own choice (off), not the subscription (decision 075).
    expect(await settingsShown(cookie)).toMatchObject({
      isAddressProven: false,
      notifications: { marketingEmails: false },
    });

    const sent = await askForConfirmation(cookie);
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({
      intent: "sendAddressConfirmation",
      ok: true,
      confirmationSent: true,
    });

    const { mail, token } = await deliveredLink(guest.email);
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(mail.text).toMatch(/^Hallo Lena Vogel,/);
    expect(mail.text).toContain("Der Link ist 24 Stunden gültig");
    // The Impressum after the signature, as in every e-mail to a guest (decision 066).
    const settings = await getSettings();
    expect(mail.text).toContain(`\n--\n${settings.companyName}`);
    expect(mail.text).toContain(`Registergericht: ${settings.companyRegisterCourt}`);
    expect(mail.html).toContain(settings.companyRegisterCourt);

    // At rest only the token's hash; the sent e-mail's row no longer holds the token.
    const stored = await db()
      .select()
      .from(schema.verification)
      .where(like(schema.verification.identifier, "address-confirm:%"));
    expect(stored.map((row) => row.identifier)).toContain(
      `address-confirm:${hashMailedToken(token)}`,
    );
    const [outboxRow] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "address-confirm"));
    expect(outboxRow).toMatchObject({ status: "sent", to: guest.email });
    expect(outboxRow.data).toMatchObject({ token: REDACTED });
    const dump = await db().execute(sql`select * from verification, email_outbox`);
    expect(JSON.stringify(dump)).not.toContain(token);

    // Opening the link changes nothing (mail scanners open links): a visitor is asked to sign
    // in, the account's own session sees the button.
    expect(await openLink(token, null)).toMatchObject({ status: 200, data: { state: "signIn" } });
    const opened = await openLink(token, cookie);
    expect(opened).toMatchObject({ status: 200, data: { state: "ready", email: guest.email } });
    expect(await isVerified(guest.id)).toBe(false);

    const confirmed = await pressConfirm(token, cookie);
    expect(confirmed).toMatchObject({
      status: 302,
      location: "/dashboard/settings?adresse=bestaetigt",
    });
    expect(await isVerified(guest.id)).toBe(true);
    // The address's real subscription now, and the notice that says so.
    expect(await settingsShown(cookie, "?adresse=bestaetigt")).toMatchObject({
      isAddressProven: true,
      isAddressJustConfirmed: true,
      notifications: { marketingEmails: true },
    });

    // Off really unsubscribes the address now.
    const off = await callRoute<{ marketing?: string }>(settingsPage.action, {
      url: "/dashboard/settings",
      cookie,
      form: [
        ["intent", "notifications"],
        ["emailNotifications", "on"],
      ],
    });
    expect(off.data).toMatchObject({ ok: true, marketing: "unsubscribed" });
    expect((await subscriptionOf(guest.email)).status).toBe("unsubscribed");
    expect((await settingsShown(cookie)).notifications.marketingEmails).toBe(false);

    // The link worked once: used, it is refused with a German page and a 400.
    expect(await openLink(token, cookie)).toMatchObject({
      status: 400,
      data: { state: "invalid" },
    });
    expect(await pressConfirm(token, cookie)).toMatchObject({
      status: 400,
      data: { state: "invalid" },
    });
  });

  it("the e-mail is in the account's language", async () => {
    const guest = await createUser({ name: "Emma Walker" });
    await db()
      .update(schema.profile)
      .set({ language: "en" })
      .where(eq(schema.profile.id, guest.id));
    await askForConfirmation(await sessionCookie(guest.email));
    const { mail } = await deliveredLink(guest.email);
    expect(mail.subject).toBe("Please confirm your e-mail address");
    expect(mail.text).toMatch(/^Hello Emma Walker,/);
    expect(mail.text).toContain(`Register court: ${(await getSettings()).companyRegisterCourt}`);
  });

  it("a proven account gets no button and no e-mail (409)", async () => {
    const guest = await accountWithLink();
    await pressConfirm(guest.token, guest.cookie);
    expect((await settingsShown(guest.cookie)).isAddressProven).toBe(true);
    await db().delete(schema.emailOutbox);
    const again = await askForConfirmation(guest.cookie);
    expect(again).toMatchObject({ status: 409, data: { error: "addressAlreadyProven" } });
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("the notice needs a proven address: the query alone says nothing", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    expect((await settingsShown(cookie, "?adresse=bestaetigt")).isAddressJustConfirmed).toBe(false);
  });
});

describe(`address confirmation: refused links change nothing (${databaseKind()})`, () => {
  it("an expired link: 400 on the page and on the button, the address stays unproven", async () => {
    const guest = await accountWithLink();
    await db()
      .update(schema.verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.verification.identifier, `address-confirm:${hashMailedToken(guest.token)}`));
    expect(await openLink(guest.token, guest.cookie)).toMatchObject({
      status: 400,
      data: { state: "invalid" },
    });
    expect(await pressConfirm(guest.token, guest.cookie)).toMatchObject({ status: 400 });
    expect(await isVerified(guest.id)).toBe(false);
  });

  it("forged and hostile tokens: 400, nothing changes", async () => {
    const guest = await accountWithLink();
    const before = await db().select().from(schema.verification);
    for (const forged of [
      "",
      " ",
      "x",
      guest.token.slice(0, -1),
      `${guest.token}x`,
      "' OR '1'='1",
      "a".repeat(5000),
      "%00",
    ]) {
      const label = forged.slice(0, 30);
      expect((await openLink(forged, guest.cookie)).status, label).toBe(400);
      expect((await pressConfirm(forged, guest.cookie)).status, label).toBe(400);
    }
    // A POST without a token field.
    const bare = await callRoute(confirmPage.action, {
      url: CONFIRM_URL,
      cookie: guest.cookie,
      form: {},
    });
    expect(bare.status).toBe(400);
    expect(await isVerified(guest.id)).toBe(false);
    expect(await db().select().from(schema.verification)).toEqual(before);
    // The real link still works afterwards.
    expect((await pressConfirm(guest.token, guest.cookie)).status).toBe(302);
  });

  it("only the newest link works", async () => {
    const guest = await accountWithLink();
    expect((await askForConfirmation(guest.cookie)).data).toMatchObject({ ok: true });
    const { token: newer } = await deliveredLink(guest.email);
    expect((await pressConfirm(guest.token, guest.cookie)).status).toBe(400);
    expect(await isVerified(guest.id)).toBe(false);
    expect((await pressConfirm(newer, guest.cookie)).status).toBe(302);
  });

  it("another account's session cannot use the link (403), and it stays usable for its own", async () => {
    const guest = await accountWithLink();
    const other = await createUser({ name: "Fremde Person" });
    const otherCookie = await sessionCookie(other.email);
    expect(await openLink(guest.token, otherCookie)).toMatchObject({
      status: 403,
      data: { state: "otherAccount" },
    });
    expect(await pressConfirm(guest.token, otherCookie)).toMatchObject({
      status: 403,
      data: { state: "otherAccount" },
    });
    expect(await isVerified(other.id)).toBe(false);
    expect(await isVerified(guest.id)).toBe(false);
    expect((await pressConfirm(guest.token, guest.cookie)).status).toBe(302);
    expect(await isVerified(guest.id)).toBe(true);
    expect(await isVerified(other.id)).toBe(false);
  });

  it("without a session the button confirms nothing (401): the mailbox alone is not the account", async () => {
    const guest = await accountWithLink();
    expect(await pressConfirm(guest.token, null)).toMatchObject({
      status: 401,
      data: { state: "signIn" },
    });
    expect(await isVerified(guest.id)).toBe(false);
    expect((await pressConfirm(guest.token, guest.cookie)).status).toBe(302);
  });

  it("two presses at once: one confirms, the other finds the link used", async () => {
    const guest = await accountWithLink();
    const answers = await Promise.all([
      pressConfirm(guest.token, guest.cookie),
      pressConfirm(guest.token, guest.cookie),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
    expect(await isVerified(guest.id)).toBe(true);
  });
});

describe(`address confirmation: sending is limited and guarded (${databaseKind()})`, () => {
  it(`at most ${ADDRESS_CONFIRM_LIMITS.perAddress.max} e-mails per address and day; then 429 with a German message`, async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const { max } = ADDRESS_CONFIRM_LIMITS.perAddress;
    // callRoute gives every call its own client address: only the address's limit counts here.
    for (let i = 0; i < max; i++) {
      expect((await askForConfirmation(cookie)).status).toBe(200);
    }
    const refused = await askForConfirmation(cookie);
    expect(refused).toMatchObject({ status: 429, data: { error: "addressConfirmationTooMany" } });
    const rows = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "address-confirm"));
    expect(rows).toHaveLength(max);
  });

  it("a client address over its limit sends nothing, whichever account asks", async () => {
    const { max, windowSeconds } = ADDRESS_CONFIRM_LIMITS.perClient;
    const ip = "203.0.113.99";
    for (let i = 0; i < max; i++)
      await hitRateLimit(`address-confirm:client:${ip}`, max, windowSeconds);
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const answer = await callRoute<SettingsAnswer>(
      (args: { context: { clientIp: string } }) =>
        settingsPage.action({ ...args, context: { ...args.context, clientIp: ip } } as never),
      { url: "/dashboard/settings", cookie, form: { intent: "sendAddressConfirmation" } },
    );
    expect(answer).toMatchObject({ status: 429, data: { error: "addressConfirmationTooMany" } });
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("a visitor (or an expired session) sends nothing: 401", async () => {
    const answer = await askForConfirmation(null);
    expect(answer.status).toBe(401);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("a deleted account's confirmation e-mail still queued is not sent", async () => {
    const guest = await createUser();
    await askForConfirmation(await sessionCookie(guest.email));
    expect(
      await deleteAccount({
        userId: guest.id,
        email: guest.email,
        clientIp: "203.0.113.5",
        password: TEST_PASSWORD,
      }),
    ).toEqual({ ok: true });
    const left = await db()
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, guest.email)));
    expect(left).toHaveLength(0);
  });
});
