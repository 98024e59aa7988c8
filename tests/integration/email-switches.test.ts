/**
 * The two e-mail switches of /dashboard/settings do what they say (decision 069), through the
 * real routes and a real SMTP receiver:
 *
 * - "E-Mail-Benachrichtigungen": a signed-in sender of /kontakt gets a copy of their message at
 *   their ACCOUNT's address, in their language, with the Impressum; with the switch off, none;
 *   visitors get none; whatever the form says, the copy never goes to a typed address.
 * - "Marketing-E-Mails": on starts the newsletter's double opt-in for the account's address (a
 *   confirmation e-mail; subscribed after the click, and only then the switch shows on); off
 *   unsubscribes at once. All of that only for an account that proved its address (a password
 *   reset through the mailed link); any other account sees and changes only its own choice,
 *   never the subscription of an address that may be a stranger's (decision 075).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestPasswordReset, resetPassword } from "~/features/accounts/password-reset.server";
import { CONTACT_COPY_LIMIT } from "~/features/contact/contact.server";
import { processEmailOutboxOnce } from "~/features/email/outbox.server";
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { getTranslator } from "~/lib/i18n";
import { action as contactAction } from "~/routes/public/contact";
import * as settingsPage from "~/routes/dashboard/settings";
import * as confirmPage from "~/routes/newsletter/confirm";
import * as unsubscribePage from "~/routes/newsletter/unsubscribe";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";
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

const deliverAll = () => deliverQueuedMail(receiver);

const message = {
  firstName: "Lena",
  lastName: "Vogel",
  email: "lena.privat@example.org",
  subject: "Hunde erlaubt?",
  message: "Dürfen wir unseren Hund mitbringen?\n\nViele Grüße",
};

type ContactAnswer = { status: string; copyTo?: string | null };

async function sendContact(cookie: string | null, fields: Record<string, string> = message) {
  const answer = await callRoute<ContactAnswer>(contactAction, {
    url: "/kontakt",
    cookie,
    form: fields,
  });
  expect(answer.status).toBe(200);
  expect(answer.data?.status).toBe("sent");
  return answer.data!;
}

type SettingsAnswer = { ok?: boolean; marketing?: string; error?: string };

/** The notifications form as the page posts it: both switches as they are shown. */
async function saveSwitches(
  cookie: string,
  switches: { emailNotifications: boolean; marketingEmails: boolean },
  extra: [string, string][] = [],
) {
  const form: [string, string][] = [["intent", "notifications"], ...extra];
  if (switches.emailNotifications) form.push(["emailNotifications", "on"]);
  if (switches.marketingEmails) form.push(["marketingEmails", "on"]);
  return callRoute<SettingsAnswer>(settingsPage.action, {
    url: "/dashboard/settings",
    cookie,
    form,
  });
}

async function shownSwitches(cookie: string) {
  const answer = await callRoute<{
    notifications: { emailNotifications: boolean; marketingEmails: boolean };
    isMarketingPending: boolean;
  }>(settingsPage.loader, { url: "/dashboard/settings", cookie });
  return { ...answer.data!.notifications, isMarketingPending: answer.data!.isMarketingPending };
}

const NEW_PASSWORD = "Neues-Passwort-2027";

/**
 * The account proves its address the way there is: a password reset through the link mailed to
 * it. The reset ends every session; the cookie returned is a new one.
 */
async function proveAddress(email: string) {
  expect(await requestPasswordReset({ email, clientIp: "203.0.113.7", language: "de" })).toEqual({
    ok: true,
  });
  const [mail] = await db()
    .select()
    .from(schema.emailOutbox)
    .where(
      and(eq(schema.emailOutbox.template, "password-reset"), eq(schema.emailOutbox.to, email)),
    );
  const { token } = mail.data as { token: string };
  expect(await resetPassword({ token, password: NEW_PASSWORD })).toMatchObject({ ok: true });
  await db().delete(schema.emailOutbox).where(eq(schema.emailOutbox.id, mail.id));
  return sessionCookie(email, NEW_PASSWORD);
}

/** A confirmed footer sign-up of `email`, made by whoever holds that mailbox. */
async function footerSubscriber(email: string) {
  const token = `footer-${crypto.randomUUID()}`;
  await db()
    .insert(schema.newsletterSubscription)
    .values({ email, token, status: "confirmed", confirmedAt: new Date() });
  return token;
}

async function subscriptionOf(email: string) {
  const [row] = await db()
    .select()
    .from(schema.newsletterSubscription)
    .where(sql`lower(${schema.newsletterSubscription.email}) = ${email.toLowerCase()}`);
  return row;
}

describe(`"E-Mail-Benachrichtigungen": the contact form copy (${databaseKind()})`, () => {
  it("a signed-in sender gets the copy at the account address, in their language, with the Impressum; never at the typed address", async () => {
    const guest = await createUser({ name: "Lena Vogel" });
    const cookie = await sessionCookie(guest.email);

    const answer = await sendContact(cookie);
    // The page tells where the copy goes: the account's address.
    expect(answer.copyTo).toBe(guest.email);

    const mails = await deliverAll();
    const company = (await getSettings()).companyEmail;
    expect(mails.map((mail) => mail.to).sort()).toEqual([company, guest.email].sort());
    expect(mails.some((mail) => mail.to === message.email)).toBe(false);
    const copy = mails.find((mail) => mail.to === guest.email)!;
    expect(copy.subject).toBe("Kopie Ihrer Nachricht: Hunde erlaubt?");
    expect(copy.text).toContain("Hallo Lena,");
    expect(copy.text).toContain("Dürfen wir unseren Hund mitbringen?");
    // Where the answer will go: the typed address, which the admin's reply uses.
    expect(copy.text).toContain(`angegeben haben: ${message.email}.`);
    // The Impressum after the signature, as in every e-mail to a guest (decision 066).
    const settings = await getSettings();
    expect(copy.text).toContain(`\n--\n${settings.companyName}`);
    expect(copy.text).toContain(`Registergericht: ${settings.companyRegisterCourt}`);
    expect(copy.html).toContain(settings.companyRegisterCourt);
    expect(copy.replyTo).toContain(settings.companyEmail);
  });

  it("in English when the sender uses the site in English", async () => {
    const guest = await createUser({ name: "Emma Walker" });
    const cookie = `${await sessionCookie(guest.email)}; lang=en`;
    await sendContact(cookie, { ...message, firstName: "Emma" });
    const copy = (await deliverAll()).find((mail) => mail.to === guest.email)!;
    expect(copy.subject).toBe("Copy of your message: Hunde erlaubt?");
    expect(copy.text).toContain("Hello Emma,");
    expect(copy.text).toContain("Register court:");
  });

  it("with the switch off, no copy: only the operator's e-mail is sent", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const saved = await saveSwitches(cookie, { emailNotifications: false, marketingEmails: false });
    expect(saved.data).toMatchObject({ ok: true });
    expect((await shownSwitches(cookie)).emailNotifications).toBe(false);

    const answer = await sendContact(cookie);
    expect(answer.copyTo).toBeNull();
    const mails = await deliverAll();
    expect(mails.map((mail) => mail.to)).toEqual([(await getSettings()).companyEmail]);
  });

  it("a copy queued before the switch was turned off is not sent", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    await sendContact(cookie);
    await saveSwitches(cookie, { emailNotifications: false, marketingEmails: false });
    // Two queued, one delivered: the operator's; the copy is done without being sent.
    expect(await processEmailOutboxOnce({ limit: 50 })).toMatchObject({ claimed: 2, sent: 2 });
    const received = await receiver.waitForMessages(1);
    expect(received.map((mail) => mail.to[0])).toEqual([(await getSettings()).companyEmail]);
    const [row] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "contact-copy"));
    expect(row.lastError).toMatch(/turned these e-mails off/);
  });

  it("anonymous senders get no copy, whatever address they type", async () => {
    const answer = await sendContact(null);
    expect(answer.copyTo).toBeNull();
    const mails = await deliverAll();
    expect(mails.map((mail) => mail.to)).toEqual([(await getSettings()).companyEmail]);
  });

  it("forged form fields change nothing: the copy goes to the session's account only", async () => {
    const guest = await createUser();
    const victim = await createUser();
    const cookie = await sessionCookie(guest.email);
    const answer = await sendContact(cookie, {
      ...message,
      // Someone else's address typed in, plus fields the form does not have.
      email: victim.email,
      copyTo: "opfer@example.net",
      userId: victim.id,
      to: "opfer@example.net",
    });
    expect(answer.copyTo).toBe(guest.email);
    const recipients = (await deliverAll()).map((mail) => mail.to);
    expect(recipients).toContain(guest.email);
    expect(recipients).not.toContain(victim.email);
    expect(recipients).not.toContain("opfer@example.net");
  });

  it(`at most ${CONTACT_COPY_LIMIT.max} copies per account address and day; the messages still arrive`, async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const answers = [];
    for (let i = 0; i <= CONTACT_COPY_LIMIT.max; i++) answers.push(await sendContact(cookie));
    expect(answers.map((a) => a.copyTo)).toEqual([
      ...Array<string>(CONTACT_COPY_LIMIT.max).fill(guest.email),
      null,
    ]);
    const rows = await db().select().from(schema.emailOutbox);
    expect(rows.filter((row) => row.template === "contact-message")).toHaveLength(
      CONTACT_COPY_LIMIT.max + 1,
    );
    expect(rows.filter((row) => row.template === "contact-copy")).toHaveLength(
      CONTACT_COPY_LIMIT.max,
    );
  });
});

describe(`"Marketing-E-Mails": the newsletter with double opt-in (${databaseKind()})`, () => {
  it("proven address: on sends the confirmation e-mail; the switch shows on only after the link's confirmation; off unsubscribes at once", async () => {
    const guest = await createUser();
    const cookie = await proveAddress(guest.email);
    expect(await shownSwitches(cookie)).toEqual({
      emailNotifications: true,
      marketingEmails: false,
      isMarketingPending: false,
    });

    const on = await saveSwitches(cookie, { emailNotifications: true, marketingEmails: true });
    expect(on.data).toMatchObject({ ok: true, marketing: "pending" });
    expect((await subscriptionOf(guest.email)).status).toBe("pending");
    // Not yet subscribed: the switch says so, with the hint to confirm.
    expect(await shownSwitches(cookie)).toMatchObject({
      marketingEmails: false,
      isMarketingPending: true,
    });

    const [mail] = await deliverAll();
    expect(mail.to).toBe(guest.email);
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre Newsletter-Anmeldung");
    const link = /\/newsletter\/bestaetigen\?token=([\w-]+)/.exec(mail.text)!;
    expect(link).not.toBeNull();

    // The toggle of the other switch posts this one as shown (off): the pending sign-up stays.
    await saveSwitches(cookie, { emailNotifications: false, marketingEmails: false });
    expect((await subscriptionOf(guest.email)).status).toBe("pending");

    const confirmed = await callRoute<{ state: string }>(confirmPage.action, {
      url: "/newsletter/bestaetigen",
      form: { token: decodeURIComponent(link[1]) },
    });
    expect(confirmed.data?.state).toBe("confirmed");
    expect(await shownSwitches(cookie)).toMatchObject({
      marketingEmails: true,
      isMarketingPending: false,
    });
    const row = await subscriptionOf(guest.email);
    expect(row.status).toBe("confirmed");
    expect(row.confirmedAt).not.toBeNull();

    // Saving "on" again sends nothing new.
    await saveSwitches(cookie, { emailNotifications: false, marketingEmails: true });
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(1);

    const off = await saveSwitches(cookie, { emailNotifications: false, marketingEmails: false });
    expect(off.data).toMatchObject({ ok: true, marketing: "unsubscribed" });
    expect((await subscriptionOf(guest.email)).status).toBe("unsubscribed");
    expect((await shownSwitches(cookie)).marketingEmails).toBe(false);
  });

  it("proven address: a subscription confirmed through the footer form shows as on; its unsubscribe link turns the switch off", async () => {
    const guest = await createUser();
    await footerSubscriber(guest.email.toUpperCase());
    const cookie = await sessionCookie(guest.email);
    // Not before the address is proven.
    expect((await shownSwitches(cookie)).marketingEmails).toBe(false);
    const proven = await proveAddress(guest.email);
    expect((await shownSwitches(proven)).marketingEmails).toBe(true);
    await db()
      .update(schema.newsletterSubscription)
      .set({ status: "unsubscribed" })
      .where(sql`lower(${schema.newsletterSubscription.email}) = ${guest.email}`);
    expect((await shownSwitches(proven)).marketingEmails).toBe(false);
  });

  it("an account under a stranger's address neither sees nor ends that address's subscription (audit 19)", async () => {
    // The owner of the mailbox subscribed in the footer; someone else registers with the address.
    const victim = `opfer-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const token = await footerSubscriber(victim);
    const stranger = await createUser({ email: victim });
    const cookie = await sessionCookie(stranger.email);
    expect(await shownSwitches(cookie)).toEqual({
      emailNotifications: true,
      marketingEmails: false,
      isMarketingPending: false,
    });

    // The audit's repro: the form without the marketing switch, then "on" and "off" again.
    await saveSwitches(cookie, { emailNotifications: true, marketingEmails: false });
    const on = await saveSwitches(cookie, { emailNotifications: true, marketingEmails: true });
    // The footer form's answer, whatever the address's state; a confirmed one gets no e-mail.
    expect(on.data).toMatchObject({ ok: true, marketing: "pending" });
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
    const off = await saveSwitches(cookie, { emailNotifications: true, marketingEmails: false });
    expect(off.data).toMatchObject({ ok: true, marketing: "notProven" });
    expect(await subscriptionOf(victim)).toMatchObject({ status: "confirmed", token });

    // A pending sign-up of the owner is not shown either.
    await db()
      .update(schema.newsletterSubscription)
      .set({ status: "pending", confirmedAt: null })
      .where(eq(schema.newsletterSubscription.token, token));
    expect(await shownSwitches(cookie)).toMatchObject({
      marketingEmails: false,
      isMarketingPending: false,
    });
  });

  it("unproven address: on starts the double opt-in and shows the choice; off keeps the subscription and says how to end it", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const on = await saveSwitches(cookie, { emailNotifications: true, marketingEmails: true });
    expect(on.data).toMatchObject({ ok: true, marketing: "pending" });
    // The account's own choice, without the address's state.
    expect(await shownSwitches(cookie)).toMatchObject({
      marketingEmails: true,
      isMarketingPending: false,
    });
    const [mail] = await deliverAll();
    expect(mail.to).toBe(guest.email);
    const link = /\/newsletter\/bestaetigen\?token=([\w-]+)/.exec(mail.text)!;
    const token = decodeURIComponent(link[1]);
    await callRoute(confirmPage.action, { url: "/newsletter/bestaetigen", form: { token } });
    expect((await subscriptionOf(guest.email)).status).toBe("confirmed");

    const off = await saveSwitches(cookie, { emailNotifications: true, marketingEmails: false });
    expect(off.data).toMatchObject({ ok: true, marketing: "notProven" });
    expect((await subscriptionOf(guest.email)).status).toBe("confirmed");
    expect((await shownSwitches(cookie)).marketingEmails).toBe(false);
    expect(getTranslator("de").t("accountSettings.marketingOffUnproven")).toBe(
      "Ihre E-Mail-Adresse ist bei uns nicht bestätigt, deshalb ändern wir hier kein bestehendes Newsletter-Abonnement. Abmelden können Sie sich jederzeit über den Link in jeder Newsletter-E-Mail.",
    );
    // The link in the newsletter does it, for whoever reads the mailbox.
    await callRoute(unsubscribePage.action, { url: "/newsletter/abmelden", form: { token } });
    expect((await subscriptionOf(guest.email)).status).toBe("unsubscribed");
  });

  it("only the account's address is signed up: a forged e-mail field is ignored", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const answer = await saveSwitches(cookie, { emailNotifications: true, marketingEmails: true }, [
      ["email", "fremd@example.net"],
    ]);
    expect(answer.data).toMatchObject({ ok: true, marketing: "pending" });
    expect(await subscriptionOf("fremd@example.net")).toBeUndefined();
    const rows = await db().select().from(schema.emailOutbox);
    expect(rows.map((row) => row.to)).toEqual([guest.email]);
  });

  it("hostile switch values are refused with a 400 and change nothing", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const answer = await callRoute<SettingsAnswer>(settingsPage.action, {
      url: "/dashboard/settings",
      cookie,
      form: [
        ["intent", "notifications"],
        ["marketingEmails", "ja bitte"],
      ],
    });
    expect(answer.status).toBe(400);
    expect(await subscriptionOf(guest.email)).toBeUndefined();
  });

  it("without a session nothing is signed up", async () => {
    const answer = await callRoute<SettingsAnswer>(settingsPage.action, {
      url: "/dashboard/settings",
      form: [
        ["intent", "notifications"],
        ["marketingEmails", "on"],
      ],
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await db().select().from(schema.newsletterSubscription)).toHaveLength(0);
  });
});
