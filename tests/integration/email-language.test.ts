/**
 * The e-mails a guest gets (decision 066), sent through a real SMTP receiver from the outbox:
 *
 * - in the language the guest uses the site in, also the ones sent later by an admin or a job
 *   (they read profile.language, which the booking, the language switch, sign-in and
 *   registration keep in step); the operator's e-mails stay German;
 * - with the company's Impressum in the footer, the password reset and the newsletter
 *   confirmation included;
 * - and the e-mails about a booking arrive even with both e-mail switches of /dashboard/settings
 *   turned off (they are transactional; no e-mail is optional today).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { register, signIn } from "~/features/accounts/sign-in.server";
import { updateNotificationSettings } from "~/features/accounts/account-settings.server";
import { changeBookingStatus } from "~/features/booking/admin-bookings.server";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { action as bookAction } from "~/routes/public/book";
import { action as languageAction } from "~/routes/api/language";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
let receiver: SmtpReceiver;
beforeAll(async () => {
  handle = await openTestDatabase();
  receiver = await startSmtpReceiver();
  await ensureSettingsRow();
  await db().insert(schema.bankAccount).values({
    accountHolder: "TraumUrlaub Reisen GmbH",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    isActive: true,
    isDefault: true,
  });
});
afterAll(async () => {
  await receiver.close();
  await handle.close();
});
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  receiver.messages.length = 0;
  process.env.SMTP_URL = receiver.url;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const languageOf = async (userId: string) =>
  (
    await db()
      .select({ language: schema.profile.language })
      .from(schema.profile)
      .where(eq(schema.profile.id, userId))
  )[0].language;

const deliverAll = () => deliverQueuedMail(receiver);

/** "Zahlungspflichtig buchen" by bank transfer on /properties/:id/book, as the browser sends it. */
async function book(cookie: string, propertyId: string, inDays: number) {
  const checkIn = addDays(todayInBerlin(), inDays);
  const answer = await callRoute(bookAction, {
    url: `/properties/${propertyId}/book`,
    cookie,
    params: { id: propertyId },
    form: {
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: "2",
      guestName: "Emma Walker",
      guestPhone: "+44 20 7946 0958",
      specialRequests: "",
      paymentMethod: "bank-transfer",
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(answer.status).toBe(302);
  const bookingId = new URL(answer.location!, "http://x").searchParams.get("booking")!;
  const [booking] = await db()
    .select()
    .from(schema.booking)
    .where(eq(schema.booking.id, bookingId));
  return booking;
}

describe(`e-mails in the guest's language (${databaseKind()})`, () => {
  it("a guest who books in English gets the admin's confirmation in English too; the operator's mail stays German", async () => {
    const admin = await createUser({ role: "admin" });
    const guest = await createUser({ name: "Emma Walker" });
    const property = await createProperty();
    expect(await languageOf(guest.id)).toBe("de");

    // The site in English (the cookie of the language switch), then "Book now".
    const cookie = `${await sessionCookie(guest.email)}; lang=en`;
    const booking = await book(cookie, property.id, 40);
    expect(await languageOf(guest.id)).toBe("en");
    const first = await deliverAll();
    const received = first.find((mail) => mail.to === guest.email)!;
    expect(received.subject).toBe(`Booking received: ${booking.number}`);
    expect(received.text).toMatch(/^Hello Emma Walker,/);
    const settings = await getSettings();
    const operator = first.find((mail) => mail.to === settings.companyEmail)!;
    expect(operator.subject).toBe(`Neue Buchung: ${booking.number}`);
    expect(operator.text).toContain("Anreise: ");

    // Days later, in no request of the guest: the admin confirms.
    const result = await changeBookingStatus({
      bookingId: booking.id,
      status: "confirmed",
      actorId: admin.id,
      now: new Date(),
    });
    expect(result).toEqual({ ok: true });
    const [confirmed] = await deliverAll();
    expect(confirmed.to).toBe(guest.email);
    expect(confirmed.subject).toBe(`Booking confirmed: ${booking.number}`);
    expect(confirmed.text).toMatch(/^Hello Emma Walker,\n\ngood news: your booking is confirmed/);
    expect(confirmed.text).toContain("Check-in: ");
    expect(confirmed.text).not.toContain("Anreise");
    // The footer in English with the company's Impressum.
    expect(confirmed.text).toContain(`Register court: ${settings.companyRegisterCourt}`);
    expect(confirmed.html).toContain('lang="en"');
  });

  it("the language switch of a signed-in guest moves their profile's language; a visitor's changes none", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const toEnglish = await callRoute(languageAction, {
      url: "/api/language",
      cookie,
      form: { language: "en", redirectTo: "/properties" },
    });
    expect(toEnglish.status).toBe(302);
    expect(toEnglish.location).toBe("/properties");
    expect(toEnglish.response!.headers.get("set-cookie")).toMatch(/^lang=en;/);
    expect(await languageOf(guest.id)).toBe("en");

    // Anything but a known language is German, on the profile as in the cookie.
    await callRoute(languageAction, { url: "/api/language", cookie, form: { language: "fr" } });
    expect(await languageOf(guest.id)).toBe("de");

    // Without a session: the cookie only, no profile is touched, no error.
    const visitor = await callRoute(languageAction, {
      url: "/api/language",
      form: { language: "en" },
    });
    expect(visitor.status).toBe(302);
    expect(await languageOf(guest.id)).toBe("de");
  });

  it("sign-in and registration take the language chosen before; a sign-in without a choice keeps the profile's", async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await register({
      name: "Noah Green",
      email,
      password: TEST_PASSWORD,
      clientIp: "203.0.113.7",
      headers: new Headers(),
      language: "en",
    });
    expect(registered.ok).toBe(true);
    const [account] = await db().select().from(schema.user).where(eq(schema.user.email, email));
    expect(await languageOf(account.id)).toBe("en");

    // Signing in on a device without the language cookie changes nothing.
    const plain = await signIn({
      email,
      password: TEST_PASSWORD,
      clientIp: "203.0.113.8",
      headers: new Headers(),
      language: null,
    });
    expect(plain.ok).toBe(true);
    expect(await languageOf(account.id)).toBe("en");

    // Switched to German before signing in (the address typed in capitals): German from now on.
    const german = await signIn({
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
      clientIp: "203.0.113.9",
      headers: new Headers(),
      language: "de",
    });
    expect(german.ok).toBe(true);
    expect(await languageOf(account.id)).toBe("de");

    // A failed sign-in changes nothing.
    const wrong = await signIn({
      email,
      password: "falsch-falsch-falsch",
      clientIp: "203.0.113.10",
      headers: new Headers(),
      language: "en",
    });
    expect(wrong.ok).toBe(false);
    expect(await languageOf(account.id)).toBe("de");
  });
});

describe(`the Impressum in every e-mail to a guest or visitor (${databaseKind()})`, () => {
  it("the password reset and the newsletter confirmation carry it, in their language", async () => {
    const settings = await getSettings();
    const guest = await createUser();
    expect(
      await requestPasswordReset({ email: guest.email, clientIp: "203.0.113.20", language: "de" }),
    ).toBeTruthy();
    expect(
      await subscribeToNewsletter({
        email: "reader@example.com",
        language: "en",
        clientIp: "203.0.113.21",
      }),
    ).toBe("pending");
    const mails = await deliverAll();
    const reset = mails.find((mail) => mail.to === guest.email)!;
    const newsletter = mails.find((mail) => mail.to === "reader@example.com")!;
    expect(reset.subject).toBe("Passwort zurücksetzen");
    expect(newsletter.subject).toBe("Please confirm your newsletter subscription");
    for (const mail of [reset, newsletter]) {
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(settings.companyName);
        expect(part).toContain(settings.companyAddress);
        expect(part).toContain(settings.companyRepresentative);
      }
    }
    expect(reset.text).toContain(`Registergericht: ${settings.companyRegisterCourt}`);
    expect(reset.text).toContain(`USt-IdNr.: ${settings.companyVatId}`);
    expect(newsletter.text).toContain(`Register court: ${settings.companyRegisterCourt}`);
    expect(newsletter.text).toContain(`VAT ID: ${settings.companyVatId}`);
    // The newsletter's own footer part stays: the unsubscribe link.
    expect(newsletter.text).toContain("Unsubscribe from the newsletter: ");
  });
});

describe(`the e-mail switches of /dashboard/settings (${databaseKind()})`, () => {
  it("both switched off: the e-mails about the guest's own booking still arrive", async () => {
    const guest = await createUser({ name: "Emma Walker" });
    // "Marketing-E-Mails" off is the default (no newsletter subscription; decision 069).
    await updateNotificationSettings(guest.id, { emailNotifications: false });
    const property = await createProperty();
    const booking = await book(await sessionCookie(guest.email), property.id, 50);
    const mails = await deliverAll();
    const received = mails.find((mail) => mail.to === guest.email);
    expect(received?.subject).toContain(booking.number);
    const [row] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, guest.email));
    expect(row).toMatchObject({ status: "sent", lastError: null });
  });
});
