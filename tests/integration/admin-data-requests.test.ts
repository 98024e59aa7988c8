/**
 * /admin/datenschutz-anfragen through its real route modules with real sessions (decision 085):
 * the search by address shows what the site holds (an account's, a contact-form sender's,
 * nobody's), "Auskunft herunterladen" sends all of it as a JSON download and records it,
 * "Daten löschen" deletes or anonymises it in one transaction with its audit entry, refuses
 * what the guest's own deletion refuses, and deletes nothing for a page that went stale.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_GUEST_NAME } from "~/features/accounts/account-settings.server";
import { storeAvatar } from "~/features/accounts/profile.server";
import { sendContactMessage } from "~/features/contact/contact.server";
import { cancelBooking } from "~/features/booking/cancellation.server";
import { replyToContactMessage } from "~/features/contact/inbox.server";
import { processEmailOutboxOnce } from "~/features/email/outbox.server";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { uploadsDir } from "~/lib/storage.server";
import * as exportRoute from "~/routes/admin/data-request-export";
import * as page from "~/routes/admin/data-requests";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import { whileSettingsUnreadable } from "../helpers/settings-unreadable";

let handle: DatabaseHandle;
let admin: { id: string; email: string; cookie: string };
let guestCookie: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  admin = { ...a, cookie: await sessionCookie(a.email) };
  const g = await createUser({ name: "Gina Gast" });
  guestCookie = await sessionCookie(g.email);
});
afterAll(() => handle.close());

type Findings = {
  email: string;
  snapshot: string;
  blocker: { reason: string; numbers?: string[] } | null;
  canErase: boolean;
  isEmpty: boolean;
  account: {
    name: string;
    role: string;
    isAddressConfirmed: boolean;
    sessions: number;
  } | null;
  bookings: {
    number: string;
    property: string;
    status: string;
    retainedUntil: string;
    isUpcoming: boolean;
  }[];
  contactMessages: { subject: string; replies: number }[];
  newsletter: { status: string } | null;
  reviews: { property: string; rating: number }[];
  emails: { total: number; pending: number; sent: number; failed: number };
  auditEntries: number;
};
type Answer = {
  kind?: string;
  error?: string;
  findings?: Findings;
  refusal?: string;
  summary?: Record<string, unknown>;
};

const post = (form: Record<string, string>, cookie: string | null = admin.cookie) =>
  callRoute<Answer>(page.action as never, { url: "/admin/datenschutz-anfragen", form, cookie });
async function search(email: string) {
  const answer = await post({ intent: "search", email });
  expect(answer.status).toBe(200);
  return answer.data!.findings!;
}
const erase = (findings: Pick<Findings, "email" | "snapshot">) =>
  post({ intent: "erase", email: findings.email, snapshot: findings.snapshot });
const download = (email: string, cookie: string | null = admin.cookie) =>
  callRoute(exportRoute.action as never, {
    url: "/admin/datenschutz-anfragen/auskunft",
    form: { email },
    cookie,
  });

let serial = 0;
const clientIp = () => `203.0.113.${(++serial % 250) + 1}`;

/**
 * A guest with everything the site can hold about a person: an account with an avatar, a
 * completed stay paid in 2026 (with its e-mails to the guest and the operator's copy), a
 * cancelled one, a review, a contact message with an admin's reply, and a newsletter sign-up.
 */
async function fullPerson(name = "Paula Privat") {
  const email = `paula.${++serial}.${Date.now()}@example.com`;
  const user = await createUser({ email, name });
  // A property of its own: the stays of several people would overlap.
  const propertyId = (await createProperty({ title: "Haus Düne" })).id;
  const stay = await createBooking({
    userId: user.id,
    propertyId,
    checkIn: "2026-03-02",
    checkOut: "2026-03-06",
    status: "completed",
    guestName: name,
    guestEmail: email,
    guestPhone: "+49 170 5550101",
    specialRequests: "Kinderbett bitte",
  });
  await db()
    .insert(schema.payment)
    .values({ bookingId: stay.id, amount: stay.totalPrice, receivedOn: "2026-02-10" });
  const cancelled = await createBooking({
    userId: user.id,
    propertyId,
    checkIn: "2025-07-01",
    checkOut: "2025-07-04",
    status: "cancelled",
    cancellationFee: 0,
    guestName: name,
    guestEmail: email,
  });
  await db().insert(schema.review).values({
    bookingId: stay.id,
    propertyId,
    userId: user.id,
    rating: 4,
    title: "Schön ruhig",
    text: "Sehr ruhige Lage, wir kommen wieder.",
  });
  const [guestMail, operatorCopy] = await db()
    .insert(schema.emailOutbox)
    .values([
      {
        to: email,
        template: "booking-confirmed",
        bookingId: stay.id,
        data: { guestName: name },
        status: "sent",
        sentAt: new Date(),
      },
      {
        to: "info@example.com",
        template: "booking-new",
        bookingId: stay.id,
        data: { guestName: name, guestEmail: email },
        status: "sent",
        sentAt: new Date(),
      },
    ])
    .returning();
  const contact = await sendContactMessage({
    values: {
      firstName: "Paula",
      lastName: "Privat",
      email,
      subject: "Frage zur Anreise",
      message: "Gibt es Parkplätze am Haus?",
    },
    clientIp: clientIp(),
  });
  if (!contact.ok) throw new Error(contact.error);
  const replied = await replyToContactMessage({
    actor: admin,
    id: contact.id,
    reply: "Ja, zwei Stellplätze direkt am Haus.",
  });
  if (!replied.ok) throw new Error(replied.error);
  expect(await subscribeToNewsletter({ email, language: "de", clientIp: clientIp() })).toBe(
    "pending",
  );
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: "#0a2463" },
  })
    .png()
    .toBuffer();
  const avatar = await storeAvatar({ id: user.id, fullName: name }, png);
  if (!avatar.ok) throw new Error("avatar not stored");
  return {
    email,
    user,
    stay,
    cancelled,
    messageId: contact.id,
    guestMailId: guestMail.id,
    operatorCopyId: operatorCopy.id,
    avatarFile: path.join(uploadsDir(), avatar.avatarUrl.replace(/^\/media\//, "")),
  };
}

/** Every e-mail row that carries the address (to or data), in any state. */
async function emailsMentioning(email: string) {
  return db()
    .select()
    .from(schema.emailOutbox)
    .where(
      sql`lower(${schema.emailOutbox.to}) = ${email} or position(${email} in lower(${schema.emailOutbox.data}::text)) > 0`,
    );
}

describe(`data-protection requests: search (${databaseKind()})`, () => {
  it("shows the account, bookings with their retention, messages, newsletter, reviews and e-mails of the address", async () => {
    const person = await fullPerson();
    // Someone else's data never shows up, not even with a similar address.
    const other = await createUser({ email: `x${person.email}`, name: "Xaver Anders" });
    await createBooking({
      userId: other.id,
      propertyId: (await createProperty()).id,
      checkIn: "2026-05-01",
      checkOut: "2026-05-03",
      guestEmail: `x${person.email}`,
    });

    // Typed with spaces and capitals: normalised as everywhere in the app.
    const findings = await search(`  ${person.email.toUpperCase()} `);
    expect(findings.email).toBe(person.email);
    expect(findings.account).toMatchObject({
      name: "Paula Privat",
      role: "user",
      isAddressConfirmed: false,
      sessions: 1,
    });
    expect(findings.bookings).toEqual([
      expect.objectContaining({
        number: person.cancelled.number,
        status: "cancelled",
        // Cancelled in 2025, nothing paid: ten years from the end of 2025.
        retainedUntil: "31.12.2035",
        isUpcoming: false,
      }),
      expect.objectContaining({
        number: person.stay.number,
        property: "Haus Düne",
        status: "completed",
        retainedUntil: "31.12.2036",
        isUpcoming: false,
      }),
    ]);
    expect(findings.contactMessages).toEqual([
      expect.objectContaining({ subject: "Frage zur Anreise", replies: 1 }),
    ]);
    expect(findings.newsletter).toMatchObject({ status: "pending" });
    expect(findings.reviews).toEqual([
      expect.objectContaining({ property: "Haus Düne", rating: 4 }),
    ]);
    // The two booking e-mails (sent), the /kontakt e-mail to the company, the reply and the
    // newsletter confirmation (queued): counted from the outbox.
    const rows = await emailsMentioning(person.email);
    expect(findings.emails).toEqual({
      total: rows.length,
      pending: rows.filter((row) => row.status === "pending").length,
      sent: 2,
      failed: 0,
    });
    expect(findings.emails.total).toBe(5);
    // The reply's audit entry names the address (decision 032).
    expect(findings.auditEntries).toBe(1);
    expect(findings).toMatchObject({ canErase: true, blocker: null, isEmpty: false });
    expect(findings.snapshot).toMatch(/^[0-9a-f]{64}$/);
  });

  it("finds a contact-form sender and a newsletter subscriber who never had an account", async () => {
    const email = `nur.kontakt.${Date.now()}@example.com`;
    const contact = await sendContactMessage({
      values: {
        firstName: "Nora",
        lastName: "Ohne",
        email,
        subject: "Hunde?",
        message: "Erlaubt?",
      },
      clientIp: clientIp(),
    });
    expect(contact.ok).toBe(true);
    await subscribeToNewsletter({ email, language: "de", clientIp: clientIp() });
    const findings = await search(email);
    expect(findings.account).toBeNull();
    expect(findings.bookings).toEqual([]);
    expect(findings.contactMessages).toEqual([
      expect.objectContaining({ subject: "Hunde?", replies: 0 }),
    ]);
    expect(findings.newsletter).toMatchObject({ status: "pending" });
    expect(findings.emails.total).toBe(2);
    expect(findings.canErase).toBe(true);
  });

  it("says so for an address it holds nothing about", async () => {
    const findings = await search(`niemand.${Date.now()}@example.com`);
    expect(findings).toMatchObject({
      account: null,
      bookings: [],
      contactMessages: [],
      newsletter: null,
      reviews: [],
      emails: { total: 0 },
      auditEntries: 0,
      isEmpty: true,
      canErase: false,
    });
  });
});

describe(`data-protection requests: export (${databaseKind()})`, () => {
  it("downloads everything of the address as JSON, not cached, and records who exported whose data", async () => {
    const person = await fullPerson("Erna Export");
    const answer = await download(person.email.toUpperCase());
    expect(answer.status).toBe(200);
    const headers = answer.response!.headers;
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(headers.get("content-disposition")).toMatch(
      /^attachment; filename="datenauskunft-paula\.\d+\.\d+-at-example\.com-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(headers.get("cache-control")).toBe("private, no-store");
    const text = await answer.response!.text();
    const file = JSON.parse(text);
    expect(file).toMatchObject({
      title: "Auskunft nach Art. 15 DSGVO",
      email: person.email,
      privacyPolicy: expect.stringMatching(/\/datenschutz$/),
      account: {
        name: "Erna Export",
        email: person.email,
        role: "user",
        addressConfirmed: false,
        passwordStored: true,
        profile: { avatarUrl: expect.stringMatching(/^\/media\/avatars\//) },
      },
      newsletter: { status: "pending" },
    });
    expect(file.bookings).toEqual([
      expect.objectContaining({ number: person.cancelled.number, retainedUntil: "2035-12-31" }),
      expect.objectContaining({
        number: person.stay.number,
        property: "Haus Düne",
        guestName: "Erna Export",
        guestEmail: person.email,
        guestPhone: "+49 170 5550101",
        specialRequests: "Kinderbett bitte",
        status: "completed",
        total: (person.stay.totalPrice / 100).toFixed(2),
        payments: [
          { receivedOn: "2026-02-10", method: "bank-transfer", amount: expect.any(String) },
        ],
        retainedUntil: "2036-12-31",
      }),
    ]);
    expect(file.contactMessages).toEqual([
      expect.objectContaining({
        subject: "Frage zur Anreise",
        message: "Gibt es Parkplätze am Haus?",
        replies: [expect.objectContaining({ text: "Ja, zwei Stellplätze direkt am Haus." })],
      }),
    ]);
    expect(file.reviews).toEqual([
      expect.objectContaining({ text: "Sehr ruhige Lage, wir kommen wieder.", rating: 4 }),
    ]);
    expect(file.emails).toHaveLength(5);
    expect(file.emails).toContainEqual(
      expect.objectContaining({ template: "booking-new", recipient: "operator", status: "sent" }),
    );
    expect(file.notes.length).toBeGreaterThan(0);
    // No hash, no internal ids.
    const [credential] = await db()
      .select({ password: schema.account.password })
      .from(schema.account)
      .where(eq(schema.account.userId, person.user.id));
    expect(text).not.toContain(credential.password!);
    expect(text).not.toContain(person.user.id);

    const entries = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "data_request"));
    expect(entries.filter((entry) => entry.action === "access-export")).toContainEqual(
      expect.objectContaining({
        actorId: admin.id,
        after: expect.objectContaining({ email: person.email, bookings: 2, contactMessages: 1 }),
      }),
    );
    // The export itself changes nothing else.
    expect((await search(person.email)).bookings).toHaveLength(2);
  });

  it("only POST from an admin; a malformed address is refused with a German message", async () => {
    const get = await callRoute(exportRoute.loader as never, {
      url: "/admin/datenschutz-anfragen/auskunft",
      cookie: admin.cookie,
    });
    expect(get.status).toBe(405);
    expect((await download("someone@example.com", guestCookie)).status).toBe(403);
    expect((await download("someone@example.com", null)).status).toBe(401);
    const before = await db().select().from(schema.auditLog);
    for (const bad of ["", "kein-at-zeichen", `${"a".repeat(250)}@example.com`]) {
      const answer = await download(bad);
      expect(answer.status).toBe(400);
      expect(await answer.response!.text()).toMatch(
        /^Bitte geben Sie eine (gültige )?E-Mail-Adresse ein\.$/,
      );
    }
    // Nothing exported, nothing recorded.
    expect(await db().select().from(schema.auditLog)).toHaveLength(before.length);
  });

  it("names no default (demo) company as the controller when the settings cannot be read: nothing exported", async () => {
    const person = await fullPerson("Sina Sperre");
    const before = await db().select().from(schema.auditLog);
    const answer = await whileSettingsUnreadable(() => download(person.email));
    expect(answer.status).toBe(500);
    expect(await answer.response!.text()).toBe(
      "Die Daten konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
    );
    expect(await db().select().from(schema.auditLog)).toHaveLength(before.length);
  });
});

describe(`data-protection requests: erasure (${databaseKind()})`, () => {
  it("deletes the account, messages, newsletter and reviews, keeps bookings anonymised and audits without content", async () => {
    const person = await fullPerson("Lena Löschen");
    const bystander = await fullPerson("Bernd Bleibt");
    expect(fs.existsSync(person.avatarFile)).toBe(true);
    const findings = await search(person.email);

    const answer = await erase(findings);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      kind: "erased",
      email: person.email,
      summary: {
        accountDeleted: true,
        bookingsKept: [
          { number: person.cancelled.number, retainedUntil: "31.12.2035" },
          { number: person.stay.number, retainedUntil: "31.12.2036" },
        ],
        contactMessagesDeleted: 1,
        contactRepliesDeleted: 1,
        newsletterDeleted: true,
        reviewsDeleted: 1,
        // The /kontakt e-mail, the reply and the newsletter confirmation (queued);
        emailsDeleted: 3,
        // the booking e-mails already sent stay as the record of what was sent.
        emailsStripped: 2,
      },
    });

    // Gone: the account with profile and sessions, its avatar file, the message with its reply,
    // the subscription, the review.
    const userId = person.user.id;
    expect(await db().select().from(schema.user).where(eq(schema.user.id, userId))).toEqual([]);
    expect(await db().select().from(schema.profile).where(eq(schema.profile.id, userId))).toEqual(
      [],
    );
    expect(
      await db().select().from(schema.session).where(eq(schema.session.userId, userId)),
    ).toEqual([]);
    expect(fs.existsSync(person.avatarFile)).toBe(false);
    expect(
      await db()
        .select()
        .from(schema.contactMessage)
        .where(eq(schema.contactMessage.id, person.messageId)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(schema.contactReply)
        .where(eq(schema.contactReply.messageId, person.messageId)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(schema.newsletterSubscription)
        .where(sql`lower(${schema.newsletterSubscription.email}) = ${person.email}`),
    ).toEqual([]);
    expect(
      await db().select().from(schema.review).where(eq(schema.review.bookingId, person.stay.id)),
    ).toEqual([]);

    // Kept for the books, without the person: the bookings and their payment.
    const bookings = await db()
      .select()
      .from(schema.booking)
      .where(inArray(schema.booking.id, [person.stay.id, person.cancelled.id]));
    expect(bookings).toHaveLength(2);
    for (const booking of bookings) {
      expect(booking).toMatchObject({
        guestName: DELETED_GUEST_NAME,
        guestEmail: "",
        guestPhone: null,
        specialRequests: null,
        userId: null,
      });
    }
    expect(
      await db().select().from(schema.payment).where(eq(schema.payment.bookingId, person.stay.id)),
    ).toHaveLength(1);
    // The sent e-mails keep which template went out when, not to whom or with what; the
    // operator's copy keeps the operator's address.
    const kept = await db()
      .select()
      .from(schema.emailOutbox)
      .where(inArray(schema.emailOutbox.id, [person.guestMailId, person.operatorCopyId]));
    const guestMail = kept.find((row) => row.id === person.guestMailId)!;
    expect(guestMail).toMatchObject({ to: DELETED_GUEST_NAME, status: "sent" });
    expect(guestMail.data).toEqual({});
    const operatorCopy = kept.find((row) => row.id === person.operatorCopyId)!;
    expect(operatorCopy.to).toBe("info@example.com");
    expect(operatorCopy.data).toEqual({});
    // No e-mail row carries the address any more.
    expect(await emailsMentioning(person.email)).toEqual([]);

    // One audit entry for the request: who, when, which address, how much; none of the content.
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(
        sql`${schema.auditLog.entity} = 'data_request' and ${schema.auditLog.action} = 'erasure' and ${schema.auditLog.after}->>'email' = ${person.email}`,
      );
    expect(entry).toMatchObject({
      actorId: admin.id,
      entityId: null,
      after: {
        email: person.email,
        accountDeleted: true,
        bookingsAnonymised: 2,
        contactMessagesDeleted: 1,
        reviewsDeleted: 1,
        newsletterDeleted: true,
      },
    });
    const logged = JSON.stringify(entry);
    for (const content of ["Lena", "Parkplätze", "Frage zur Anreise", "Kinderbett", "ruhige"]) {
      expect(logged).not.toContain(content);
    }

    // Searching again finds nothing left to delete; the audit log keeps naming the address.
    const after = await search(person.email);
    expect(after).toMatchObject({
      account: null,
      bookings: [],
      contactMessages: [],
      newsletter: null,
      reviews: [],
      emails: { total: 0 },
      canErase: false,
    });
    expect(after.auditEntries).toBeGreaterThanOrEqual(2);

    // The other person is untouched.
    const theirs = await search(bystander.email);
    expect(theirs.account?.name).toBe("Bernd Bleibt");
    expect(theirs.bookings).toHaveLength(2);
    expect(theirs.contactMessages).toHaveLength(1);
    expect(theirs.emails.total).toBe(5);
  });

  it("erases a contact-form sender without an account: message, copy and subscription go", async () => {
    const email = `ohne.konto.${Date.now()}@example.com`;
    const contact = await sendContactMessage({
      values: {
        firstName: "Olga",
        lastName: "Ohne",
        email,
        subject: "Preis?",
        message: "Wie viel?",
      },
      clientIp: clientIp(),
    });
    if (!contact.ok) throw new Error(contact.error);
    await subscribeToNewsletter({ email, language: "de", clientIp: clientIp() });
    const answer = await erase(await search(email));
    expect(answer.data).toMatchObject({
      kind: "erased",
      summary: { accountDeleted: false, contactMessagesDeleted: 1, newsletterDeleted: true },
    });
    expect(
      await db()
        .select()
        .from(schema.contactMessage)
        .where(eq(schema.contactMessage.id, contact.id)),
    ).toEqual([]);
    expect(await emailsMentioning(email)).toEqual([]);
  });

  it("a page that went stale deletes nothing (409) and shows what is there now", async () => {
    const person = await fullPerson("Stefan Stale");
    const shown = await search(person.email);
    // A second message arrives after the page was shown.
    const late = await sendContactMessage({
      values: {
        firstName: "Stefan",
        lastName: "Stale",
        email: person.email,
        subject: "Noch eine Frage",
        message: "Und Fahrräder?",
      },
      clientIp: clientIp(),
    });
    expect(late.ok).toBe(true);

    const answer = await erase(shown);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ kind: "found", refusal: "stale" });
    expect(answer.data!.findings!.contactMessages.map((m) => m.subject)).toEqual([
      "Frage zur Anreise",
      "Noch eine Frage",
    ]);
    // Nothing changed.
    const now = await search(person.email);
    expect(now.account?.name).toBe("Stefan Stale");
    expect(now.contactMessages).toHaveLength(2);
    expect(now.newsletter).not.toBeNull();
    expect(now.reviews).toHaveLength(1);
    const entries = await db()
      .select()
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.after}->>'email' = ${person.email}`);
    expect(entries.filter((entry) => entry.action === "erasure")).toEqual([]);

    // With what is shown now, it goes through.
    expect((await erase(now)).status).toBe(200);
    // The same confirmation a second time finds nothing it showed: 409, nothing happens.
    expect((await erase(now)).status).toBe(409);
  });

  it("refuses with the guest's own deletion rules: an upcoming booking, and the admin's own account", async () => {
    const email = `bald.${Date.now()}@example.com`;
    const user = await createUser({ email, name: "Bea Bald" });
    const upcoming = await createBooking({
      userId: user.id,
      propertyId: (await createProperty()).id,
      checkIn: addDays(todayInBerlin(), 30),
      checkOut: addDays(todayInBerlin(), 33),
      guestEmail: email,
    });
    const findings = await search(email);
    expect(findings.blocker).toEqual({ reason: "upcomingBookings", numbers: [upcoming.number] });
    expect(findings.bookings[0]).toMatchObject({ isUpcoming: true });
    const answer = await erase(findings);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ refusal: "upcomingBookings" });
    expect(await db().select().from(schema.user).where(eq(schema.user.id, user.id))).toHaveLength(
      1,
    );
    const [booking] = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.id, upcoming.id));
    expect(booking.guestEmail).toBe(email);

    // Once cancelled, the same address can be erased.
    await db()
      .update(schema.booking)
      .set({ status: "cancelled", cancellationFee: 0 })
      .where(eq(schema.booking.id, upcoming.id));
    expect((await erase(await search(email))).status).toBe(200);

    // An admin's own account is deleted with the password in /dashboard/settings, not here.
    const own = await search(admin.email);
    expect(own.blocker).toEqual({ reason: "ownAccount" });
    expect((await erase(own)).status).toBe(409);
    expect(await db().select().from(schema.user).where(eq(schema.user.id, admin.id))).toHaveLength(
      1,
    );
  });

  it("the operator's e-mail about a cancellation still queued at the erasure is sent, then keeps nothing of the guest", async () => {
    const email = `storno.${Date.now()}@example.com`;
    const user = await createUser({ email, name: "Clara Cancel" });
    const booking = await createBooking({
      userId: user.id,
      propertyId: (await createProperty()).id,
      checkIn: addDays(todayInBerlin(), 200),
      checkOut: addDays(todayInBerlin(), 203),
      guestName: "Clara Cancel",
      guestEmail: email,
    });
    const cancelled = await cancelBooking({
      userId: user.id,
      bookingId: booking.id,
      quotedFee: 0,
      now: new Date(),
      language: "de",
    });
    expect(cancelled).toMatchObject({ ok: true });
    // Erased before the worker ran: the guest's e-mail is not sent any more; the operator's
    // copy still has to be rendered, with the guest's name in it.
    expect((await erase(await search(email))).status).toBe(200);
    const queued = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.bookingId, booking.id));
    expect(queued.map((row) => [row.template, row.status])).toEqual([
      ["booking-cancelled-operator", "pending"],
    ]);
    expect(JSON.stringify(queued[0].data)).toContain("Clara Cancel");

    await processEmailOutboxOnce({ limit: 100 });
    const [done] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, queued[0].id));
    expect(done.status).toBe("sent");
    expect(done.data).toEqual({});
  });

  it("another admin's account is deleted as their own deletion would, with its role entry", async () => {
    const other = await createUser({ name: "Olaf Oberadmin", role: "admin" });
    const answer = await erase(await search(other.email));
    expect(answer.status).toBe(200);
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.entity} = 'user' and ${schema.auditLog.entityId} = ${other.id}`);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: "delete",
      before: { role: "admin", name: "Olaf Oberadmin", email: other.email },
    });
  });
});

describe(`data-protection requests: access and bad input (${databaseKind()})`, () => {
  it("only admins: guests get 403, visitors sign in (page) or 401 (forms)", async () => {
    const open = (cookie: string | null) =>
      callRoute(page.loader as never, { url: "/admin/datenschutz-anfragen", cookie });
    expect((await open(admin.cookie)).status).toBe(200);
    expect((await open(guestCookie)).status).toBe(403);
    expect(await open(null)).toMatchObject({
      status: 302,
      location: `/auth?redirectTo=${encodeURIComponent("/admin/datenschutz-anfragen")}`,
    });
    const person = await fullPerson("Gustav Geschützt");
    const findings = await search(person.email);
    for (const cookie of [guestCookie, null]) {
      expect((await post({ intent: "search", email: person.email }, cookie)).status).toBe(
        cookie ? 403 : 401,
      );
      const erasing = await post(
        { intent: "erase", email: person.email, snapshot: findings.snapshot },
        cookie,
      );
      expect(erasing.status).toBe(cookie ? 403 : 401);
    }
    expect((await search(person.email)).account?.name).toBe("Gustav Geschützt");
  });

  it("malformed, oversized, missing or forged input: 4xx with a German message, nothing deleted", async () => {
    const person = await fullPerson("Hanna Hart");
    const findings = await search(person.email);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "search", email: "" }, "emailRequired"],
      [{ intent: "search" }, "emailRequired"],
      [{ intent: "search", email: "kein-at-zeichen" }, "emailInvalid"],
      [{ intent: "search", email: `${"a".repeat(250)}@example.com` }, "emailInvalid"],
      [{ intent: "search", email: "' OR '1'='1" }, "emailInvalid"],
      [{ intent: "erase", email: person.email }, "invalid"],
      [{ intent: "erase", email: person.email, snapshot: "abc" }, "invalid"],
      [{ intent: "erase", email: "kaputt", snapshot: findings.snapshot }, "invalid"],
      [{ intent: "erase", snapshot: findings.snapshot }, "invalid"],
      [{ intent: "alles-loeschen", email: person.email }, "invalid"],
      [{}, "invalid"],
    ];
    for (const [form, error] of cases) {
      const answer = await post(form);
      expect(answer.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(answer.data).toMatchObject({ kind: "error", error });
    }
    // A well-formed but forged snapshot is a stale page: 409.
    const forged = await erase({ email: person.email, snapshot: "0".repeat(64) });
    expect(forged.status).toBe(409);
    expect((await search(person.email)).snapshot).toBe(findings.snapshot);

    const { t } = (await import("~/lib/i18n")).getTranslator("de");
    expect(t("adminDataRequests.errors.emailInvalid")).toBe(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    );
    expect(t("adminDataRequests.errors.invalid")).toBe(
      "Ungültige Anfrage. Bitte laden Sie die Seite neu.",
    );
  });
});
