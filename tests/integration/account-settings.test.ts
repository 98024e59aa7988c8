import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changePassword,
  DELETED_GUEST_NAME,
  deleteAccount,
  describeUserAgent,
  getCurrentSessionId,
  getNotificationSettings,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  updateNotificationSettings,
} from "~/features/accounts/account-settings.server";
import { storeAvatar } from "~/features/accounts/profile.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { signIn, SIGN_IN_LIMITS } from "~/features/accounts/sign-in.server";
import { emailKindOf, isEmailWanted } from "~/features/email/templates";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { enqueueEmail, isSuppressedByRecipient } from "~/features/email/outbox.server";
import { getTranslator } from "~/lib/i18n";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { putObject, uploadsDir } from "~/lib/storage.server";
import * as settingsRoute from "~/routes/dashboard/settings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { callRoute } from "../helpers/route-call";
import {
  createBooking,
  createProperty,
  createUser,
  sessionCookie,
  TEST_PASSWORD,
} from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const page = (cookie: string) =>
  new Request("http://localhost:3000/dashboard/settings", { headers: { cookie } });
const isSignedIn = async (cookie: string) => (await getCurrentUser(page(cookie))) !== null;
const sessionIdOf = async (cookie: string) => (await getCurrentSessionId(page(cookie)))!;

let ipCounter = 0;
/** A client address of its own for each attempt, so only the per-account limit can apply. */
const freshIp = () => `192.0.2.${++ipCounter}`;
const canSignIn = async (email: string, password: string) =>
  (await signIn({ email, password, clientIp: freshIp(), headers: new Headers() })).ok;

describe(`password change (${databaseKind()})`, () => {
  it("refuses a wrong current password and changes nothing", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookie(email);
    const other = await sessionCookie(email);
    const result = await changePassword({
      userId: id,
      email,
      clientIp: freshIp(),
      currentSessionId: await sessionIdOf(cookie),
      currentPassword: "falsch-falsch",
      newPassword: "Neues-Passwort-2027",
    });
    expect(result).toEqual({ ok: false, error: "wrongCurrentPassword" });
    expect(await isSignedIn(other)).toBe(true);
    expect(await canSignIn(email, TEST_PASSWORD)).toBe(true);
  });

  it("stores the new password, keeps this session and ends the others", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookie(email);
    const other1 = await sessionCookie(email);
    const other2 = await sessionCookie(email);
    const result = await changePassword({
      userId: id,
      email,
      clientIp: freshIp(),
      currentSessionId: await sessionIdOf(cookie),
      currentPassword: TEST_PASSWORD,
      newPassword: "Neues-Passwort-2027",
    });
    // Sign-up opened a session too.
    expect(result).toEqual({ ok: true, endedSessions: 3 });
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(other1)).toBe(false);
    expect(await isSignedIn(other2)).toBe(false);
    expect(await canSignIn(email, TEST_PASSWORD)).toBe(false);
    expect(await canSignIn(email, "Neues-Passwort-2027")).toBe(true);
  });
});

describe(`the password re-check shares the sign-in limits (${databaseKind()})`, () => {
  const accountFailures = async (email: string) => {
    const [row] = await db()
      .select({ count: schema.rateLimit.count })
      .from(schema.rateLimit)
      .where(eq(schema.rateLimit.key, `sign-in:account:${email}`));
    return row?.count ?? 0;
  };
  const wrongChange = async (user: { id: string; email: string }, cookie: string, ip: string) =>
    changePassword({
      userId: user.id,
      email: user.email,
      clientIp: ip,
      currentSessionId: await sessionIdOf(cookie),
      currentPassword: "falsch-falsch",
      newPassword: "Neues-Passwort-2027",
    });

  it("a wrong current password counts as a failed sign-in; at the limit nothing checks the password", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user.email);
    const max = SIGN_IN_LIMITS.perAccountFailures.max;
    // Half through the password change, half through the deletion form, each from its own address.
    for (let i = 0; i < max; i++) {
      const result =
        i % 2 === 0
          ? await wrongChange(user, cookie, freshIp())
          : await deleteAccount({
              userId: user.id,
              email: user.email,
              clientIp: freshIp(),
              password: "falsch-falsch",
            });
      expect(result).toMatchObject({ ok: false });
    }
    expect(await accountFailures(user.email)).toBe(max);

    // Locked: the right password is refused everywhere and the counter does not move.
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(false);
    const change = await changePassword({
      userId: user.id,
      email: user.email,
      clientIp: freshIp(),
      currentSessionId: await sessionIdOf(cookie),
      currentPassword: TEST_PASSWORD,
      newPassword: "Neues-Passwort-2027",
    });
    expect(change).toEqual({ ok: false, error: "tooManyAttempts" });
    const deletion = await deleteAccount({
      userId: user.id,
      email: user.email,
      clientIp: freshIp(),
      password: TEST_PASSWORD,
    });
    expect(deletion).toEqual({ ok: false, error: "tooManyAttempts" });
    expect(await accountFailures(user.email)).toBe(max);
    const [stillThere] = await db().select().from(schema.user).where(eq(schema.user.id, user.id));
    expect(stillThere).toBeDefined();
    // The password did not change either.
    await db().delete(schema.rateLimit);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
  });

  it("parallel wrong passwords in the deletion and password forms: only the limit's worth is checked", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user.email);
    const max = SIGN_IN_LIMITS.perAccountFailures.max;
    // Sent at once, half to each form, each from its own address (audit 19, finding 3).
    const results = await Promise.all(
      Array.from({ length: 3 * max }, (_, i) =>
        i % 2 === 0
          ? wrongChange(user, cookie, freshIp())
          : deleteAccount({
              userId: user.id,
              email: user.email,
              clientIp: freshIp(),
              password: "falsch-falsch",
            }),
      ),
    );
    const errors = results.map((result) => ("error" in result ? result.error : "ok"));
    const checked = errors.filter((e) => e === "wrongCurrentPassword" || e === "wrongPassword");
    expect(checked).toHaveLength(max);
    expect(errors.filter((e) => e === "tooManyAttempts")).toHaveLength(2 * max);
    expect(await accountFailures(user.email)).toBe(max);
  });

  it("failed sign-ins lock the re-check too, and a right re-check clears the account's failures", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user.email);
    await wrongChange(user, cookie, freshIp());
    await wrongChange(user, cookie, freshIp());
    expect(await accountFailures(user.email)).toBe(2);
    const change = await changePassword({
      userId: user.id,
      email: user.email,
      clientIp: freshIp(),
      currentSessionId: await sessionIdOf(cookie),
      currentPassword: TEST_PASSWORD,
      newPassword: "Neues-Passwort-2027",
    });
    expect(change).toMatchObject({ ok: true });
    expect(await accountFailures(user.email)).toBe(0);

    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFailures.max; i++) {
      expect(await canSignIn(user.email, "falsch-falsch")).toBe(false);
    }
    const deletion = await deleteAccount({
      userId: user.id,
      email: user.email,
      clientIp: freshIp(),
      password: "Neues-Passwort-2027",
    });
    expect(deletion).toEqual({ ok: false, error: "tooManyAttempts" });
  });

  it("a client address over the sign-in limit gets no re-check either, and wrong ones count for it", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user.email);
    const ip = freshIp();
    await wrongChange(user, cookie, ip);
    const [client] = await db()
      .select({ count: schema.rateLimit.count })
      .from(schema.rateLimit)
      .where(eq(schema.rateLimit.key, `sign-in:client:${ip}`));
    expect(client.count).toBe(1);
    const { max, windowSeconds } = SIGN_IN_LIMITS.perClient;
    for (let i = 1; i < max; i++) await hitRateLimit(`sign-in:client:${ip}`, max, windowSeconds);
    const change = await changePassword({
      userId: user.id,
      email: user.email,
      clientIp: ip,
      currentSessionId: await sessionIdOf(cookie),
      currentPassword: TEST_PASSWORD,
      newPassword: "Neues-Passwort-2027",
    });
    expect(change).toEqual({ ok: false, error: "tooManyAttempts" });
    expect(
      await deleteAccount({
        userId: user.id,
        email: user.email,
        clientIp: ip,
        password: TEST_PASSWORD,
      }),
    ).toEqual({ ok: false, error: "tooManyAttempts" });
    // From another address the right password still works.
    expect(
      await deleteAccount({
        userId: user.id,
        email: user.email,
        clientIp: freshIp(),
        password: TEST_PASSWORD,
      }),
    ).toEqual({ ok: true });
  });

  it("the settings page answers 429 with 'Zu viele Versuche…' for both forms", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user.email);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFailures.max; i++) {
      expect(await canSignIn(user.email, "falsch-falsch")).toBe(false);
    }
    const submit = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost:3000/dashboard/settings", {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams(fields),
      });
      const result = (await settingsRoute.action({
        request,
        params: {},
        context: { clientIp: freshIp(), requestId: "test", nonce: "" },
      } as never)) as { data: Record<string, unknown>; init: { status: number } };
      return { status: result.init.status, data: result.data };
    };
    const change = await submit({
      intent: "changePassword",
      currentPassword: TEST_PASSWORD,
      newPassword: "Neues-Passwort-2027",
      confirmPassword: "Neues-Passwort-2027",
    });
    expect(change).toEqual({
      status: 429,
      data: {
        intent: "changePassword",
        error: "field",
        field: "currentPassword",
        message: "tooManyAttempts",
      },
    });
    const deletion = await submit({ intent: "deleteAccount", password: TEST_PASSWORD });
    expect(deletion).toEqual({
      status: 429,
      data: { intent: "deleteAccount", error: "tooManyAttempts" },
    });
    expect(getTranslator("de").t("accountSettings.tooManyAttempts")).toBe(
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    expect(getTranslator("en").t("accountSettings.tooManyAttempts")).toBe(
      "Too many attempts. Please wait a moment and try again.",
    );
  });
});

describe(`active sessions (${databaseKind()})`, () => {
  it("lists the user's sessions with this device marked and the browser in words", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookie(email);
    await sessionCookie(email);
    const sessions = await listSessions(id, await sessionIdOf(cookie));
    // Sign-up opened one session, then two sign-ins.
    expect(sessions).toHaveLength(3);
    expect(sessions[0].isCurrent).toBe(true);
    expect(sessions.slice(1).every((s) => !s.isCurrent)).toBe(true);
    expect(sessions[0].lastActiveDaysAgo).toBe(0);

    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome", os: "Windows" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", os: "iOS" });
    expect(
      describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toEqual({ browser: "Firefox", os: "Linux" });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });

  it("user A cannot end user B's session by its id", async () => {
    const a = await createUser();
    const b = await createUser();
    const cookieB = await sessionCookie(b.email);
    const sessionB = await sessionIdOf(cookieB);
    expect(await revokeSession({ userId: a.id, sessionId: sessionB })).toBe(false);
    expect(await isSignedIn(cookieB)).toBe(true);
    // Also "end all other sessions" of A leaves B alone.
    const cookieA = await sessionCookie(a.email);
    await revokeOtherSessions({ userId: a.id, currentSessionId: await sessionIdOf(cookieA) });
    expect(await isSignedIn(cookieB)).toBe(true);

    expect(await revokeSession({ userId: b.id, sessionId: sessionB })).toBe(true);
    expect(await isSignedIn(cookieB)).toBe(false);
  });

  it("ends all other sessions and keeps the current one", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookie(email);
    const other = await sessionCookie(email);
    expect(
      await revokeOtherSessions({ userId: id, currentSessionId: await sessionIdOf(cookie) }),
    ).toBe(2);
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
  });
});

describe(`notification settings (${databaseKind()})`, () => {
  it("stores the notifications toggle (default on) and the account's own marketing choice (default off)", async () => {
    const { id } = await createUser();
    expect(await getNotificationSettings(id)).toEqual({
      emailNotifications: true,
      marketingEmails: false,
    });
    await updateNotificationSettings(id, { emailNotifications: false });
    expect(await getNotificationSettings(id)).toEqual({
      emailNotifications: false,
      marketingEmails: false,
    });
    // Each key is saved on its own.
    await updateNotificationSettings(id, { marketingEmails: true });
    expect(await getNotificationSettings(id)).toEqual({
      emailNotifications: false,
      marketingEmails: true,
    });
  });

  it("optional e-mails follow the recipient's settings; transactional ones are always sent", async () => {
    const account = (emailNotifications: boolean | null, isSubscribed = false) => ({
      emailNotifications,
      isSubscribed,
    });
    expect(isEmailWanted("transactional", account(false))).toBe(true);
    expect(isEmailWanted("notification", account(false, true))).toBe(false);
    expect(isEmailWanted("notification", account(true))).toBe(true);
    // No account with that address: nothing to honour for a notification.
    expect(isEmailWanted("notification", account(null))).toBe(true);
    // Marketing needs the double opt-in, account or not (decision 069).
    expect(isEmailWanted("marketing", account(true))).toBe(false);
    expect(isEmailWanted("marketing", account(null))).toBe(false);
    expect(isEmailWanted("marketing", account(false, true))).toBe(true);
    for (const template of [
      "booking-received",
      "booking-new",
      "password-reset",
      "contact-message",
    ]) {
      expect(emailKindOf(template)).toBe("transactional");
    }
    expect(emailKindOf("contact-copy")).toBe("notification");

    const { id, email } = await createUser();
    await updateNotificationSettings(id, { emailNotifications: false });
    expect(await isSuppressedByRecipient("transactional", email)).toBe(false);
    expect(await isSuppressedByRecipient("notification", email.toUpperCase())).toBe(true);
    expect(await isSuppressedByRecipient("marketing", email)).toBe(true);
    expect(await isSuppressedByRecipient("marketing", "fremd@example.com")).toBe(true);
    await db()
      .insert(schema.newsletterSubscription)
      .values({ email: "fremd@example.com", token: `t-${id}`, status: "confirmed" });
    expect(await isSuppressedByRecipient("marketing", "FREMD@example.com")).toBe(false);
    await updateNotificationSettings(id, { emailNotifications: true });
    expect(await isSuppressedByRecipient("notification", email)).toBe(false);
  });
});

describe(`account deletion (${databaseKind()})`, () => {
  const today = "2027-03-10";
  /** Deleting the account as of `today`, from a fresh client address. */
  const deleteToday = (userId: string, email: string, password = TEST_PASSWORD) =>
    deleteAccount({ userId, email, clientIp: freshIp(), password, today });

  it("needs the password", async () => {
    const { id, email } = await createUser();
    expect(await deleteToday(id, email, "falsch-falsch")).toEqual({
      ok: false,
      error: "wrongPassword",
    });
    expect(await canSignIn(email, TEST_PASSWORD)).toBe(true);
  });

  it("is blocked while a booking that is not cancelled ends today or later", async () => {
    const { id, email } = await createUser();
    const property = await createProperty();
    await createBooking({
      userId: id,
      propertyId: property.id,
      checkIn: "2027-03-08",
      checkOut: "2027-03-10",
      status: "confirmed",
    });
    expect(await deleteToday(id, email)).toEqual({
      ok: false,
      error: "upcomingBookings",
    });
    const [user] = await db().select().from(schema.user).where(eq(schema.user.id, id));
    expect(user).toBeDefined();
  });

  it("keeps past and cancelled bookings anonymised and reviews without the user", async () => {
    const { id, email } = await createUser();
    const cookie = await sessionCookie(email);
    const property = await createProperty();
    const past = await createBooking({
      userId: id,
      propertyId: property.id,
      checkIn: "2027-01-02",
      checkOut: "2027-01-05",
      status: "completed",
      guestName: "Erika Musterfrau",
      guestEmail: email,
      guestPhone: "+49 170 1234567",
      specialRequests: "Kinderbett bitte",
    });
    const cancelled = await createBooking({
      userId: id,
      propertyId: property.id,
      checkIn: "2027-05-02",
      checkOut: "2027-05-05",
      status: "cancelled",
      guestEmail: email,
    });
    const [review] = await db()
      .insert(schema.review)
      .values({
        bookingId: past.id,
        propertyId: property.id,
        userId: id,
        rating: 5,
        text: "Wunderbare Wohnung, sehr gerne wieder.",
      })
      .returning();

    expect(await deleteToday(id, email)).toEqual({
      ok: true,
    });

    expect(await db().select().from(schema.user).where(eq(schema.user.id, id))).toEqual([]);
    expect(await db().select().from(schema.profile).where(eq(schema.profile.id, id))).toEqual([]);
    expect(await db().select().from(schema.account).where(eq(schema.account.userId, id))).toEqual(
      [],
    );
    expect(await isSignedIn(cookie)).toBe(false);

    for (const bookingId of [past.id, cancelled.id]) {
      const [row] = await db()
        .select()
        .from(schema.booking)
        .where(eq(schema.booking.id, bookingId));
      expect(row).toMatchObject({
        userId: null,
        guestName: DELETED_GUEST_NAME,
        guestEmail: "",
        guestPhone: null,
        specialRequests: null,
      });
    }
    const [pastRow] = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.id, past.id));
    expect(pastRow.totalPrice).toBe(past.totalPrice);
    const [kept] = await db().select().from(schema.review).where(eq(schema.review.id, review.id));
    expect(kept).toMatchObject({ userId: null, rating: 5 });
    const leftovers = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.booking)
      .where(eq(schema.booking.guestEmail, email));
    expect(leftovers[0].n).toBe(0);
  });

  it("drops the account's own queued e-mails; the address's others, sent ones and others' stay", async () => {
    const { id, email } = await createUser();
    const other = await createUser();
    const property = await createProperty();
    const past = await createBooking({
      userId: id,
      propertyId: property.id,
      checkIn: "2027-01-02",
      checkOut: "2027-01-05",
      status: "cancelled",
      guestEmail: email,
    });
    const queue = async (
      to: string,
      template: string,
      values: Partial<typeof schema.emailOutbox.$inferInsert> = {},
    ) =>
      (
        await db()
          .insert(schema.emailOutbox)
          .values({ to, template, data: {}, ...values })
          .returning({ id: schema.emailOutbox.id })
      )[0].id;
    // The account's own: its password link, its contact copy, a mail about its booking.
    const reset = await queue(email, "password-reset");
    const copy = await queue(email.toUpperCase(), "contact-copy");
    const aboutBooking = await queue(email, "booking-cancelled", { bookingId: past.id });
    // The address's, whoever holds it (decision 075): a newsletter confirmation and an admin's
    // reply to a contact message sent by someone who typed this address.
    const confirmation = await queue(email, "newsletter-confirm");
    const reply = await queue(email, "contact-reply");
    const sent = await queue(email, "password-reset", { status: "sent", sentAt: new Date() });
    const forOther = await queue(other.email, "password-reset");
    // The operator still learns about things the guest did before deleting the account.
    const forOperator = await queue("info@example.com", "booking-cancelled-operator", {
      bookingId: past.id,
    });

    expect(await deleteToday(id, email)).toEqual({ ok: true });

    const left = await db().select({ id: schema.emailOutbox.id }).from(schema.emailOutbox);
    const ids = left.map((row) => row.id);
    for (const gone of [reset, copy, aboutBooking]) expect(ids).not.toContain(gone);
    expect(ids).toEqual(expect.arrayContaining([confirmation, reply, sent, forOther, forOperator]));
  });

  it("keeps the sent e-mails of its bookings as a record, without the guest's address or details", async () => {
    const { id, email } = await createUser();
    const other = await createUser();
    const property = await createProperty();
    const past = await createBooking({
      userId: id,
      propertyId: property.id,
      checkIn: "2027-01-02",
      checkOut: "2027-01-05",
      status: "completed",
      guestEmail: email,
    });
    const details = { guestName: "Erika Musterfrau", guestPhone: "+49 170 1234567" };
    const sent = async (to: string, template: string, bookingId: string | null, data = details) =>
      (
        await db()
          .insert(schema.emailOutbox)
          .values({ to, template, bookingId, data, status: "sent", sentAt: new Date() })
          .returning({ id: schema.emailOutbox.id })
      )[0].id;
    const toGuest = await sent(email, "booking-confirmed", past.id);
    const toOperator = await sent("info@example.com", "booking-new-operator", past.id);
    const contactCopy = await sent(email, "contact-copy", null);
    const othersDetails = { guestName: "Otto Anders", guestPhone: "+49 30 999" };
    const othersMail = await sent(other.email, "contact-copy", null, othersDetails);

    expect(await deleteToday(id, email)).toEqual({ ok: true });

    const rows = await db()
      .select({
        id: schema.emailOutbox.id,
        to: schema.emailOutbox.to,
        data: schema.emailOutbox.data,
      })
      .from(schema.emailOutbox)
      .where(inArray(schema.emailOutbox.id, [toGuest, toOperator, contactCopy, othersMail]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(toGuest)).toMatchObject({ to: DELETED_GUEST_NAME, data: {} });
    expect(byId.get(contactCopy)).toMatchObject({ to: DELETED_GUEST_NAME, data: {} });
    expect(byId.get(toOperator)).toMatchObject({ to: "info@example.com", data: {} });
    expect(byId.get(othersMail)).toMatchObject({ to: other.email, data: othersDetails });
    const anywhere = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.emailOutbox)
      .where(
        sql`${schema.emailOutbox.to} = ${email} or ${schema.emailOutbox.data}::text like ${"%Erika%"}`,
      );
    expect(anywhere[0].n).toBe(0);
  });

  it("leaves the newsletter subscription of the address alone: its unsubscribe link governs it", async () => {
    const { id, email } = await createUser();
    await db()
      .insert(schema.newsletterSubscription)
      .values({ email, token: `nl-${id}`, status: "confirmed", confirmedAt: new Date() });

    expect(await deleteToday(id, email)).toEqual({ ok: true });
    const [row] = await db()
      .select()
      .from(schema.newsletterSubscription)
      .where(sql`lower(${schema.newsletterSubscription.email}) = lower(${email})`);
    expect(row).toMatchObject({ status: "confirmed", token: `nl-${id}` });
  });

  const png = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: "#3b82f6" } })
      .png()
      .toBuffer();
  const fileOf = (mediaUrl: string) => path.join(uploadsDir(), mediaUrl.replace(/^\/media\//, ""));

  it("removes the avatar file, so /media/… has nothing to serve; others' files stay", async () => {
    const user = await createUser();
    const other = await createUser();
    const own = await storeAvatar({ id: user.id, fullName: "" }, await png());
    const others = await storeAvatar({ id: other.id, fullName: "" }, await png());
    if (!own.ok || !others.ok) throw new Error("avatar not stored");
    expect(fs.existsSync(fileOf(own.avatarUrl))).toBe(true);

    // Refused deletions keep it.
    await deleteAccount({
      ...user,
      userId: user.id,
      clientIp: freshIp(),
      password: "falsch-falsch",
    });
    expect(fs.existsSync(fileOf(own.avatarUrl))).toBe(true);

    expect(
      await deleteAccount({
        ...user,
        userId: user.id,
        clientIp: freshIp(),
        password: TEST_PASSWORD,
        today,
      }),
    ).toEqual({ ok: true });
    expect(fs.existsSync(fileOf(own.avatarUrl))).toBe(false);
    expect(fs.readdirSync(path.dirname(fileOf(own.avatarUrl)))).toContain(
      path.basename(others.avatarUrl),
    );
  });

  it("leaves files it did not store itself (seed images, foreign URLs) alone", async () => {
    const user = await createUser();
    await putObject("demo/avatar.webp", await png());
    await db()
      .update(schema.profile)
      .set({ avatarUrl: "/media/demo/avatar.webp" })
      .where(eq(schema.profile.id, user.id));
    expect(
      await deleteAccount({
        ...user,
        userId: user.id,
        clientIp: freshIp(),
        password: TEST_PASSWORD,
        today,
      }),
    ).toEqual({ ok: true });
    expect(fs.existsSync(fileOf("/media/demo/avatar.webp"))).toBe(true);
  });

  it("an avatar uploaded for an account that is already gone leaves no file behind", async () => {
    const user = await createUser();
    await db().delete(schema.user).where(eq(schema.user.id, user.id));
    const before = fs.existsSync(path.join(uploadsDir(), "avatars"))
      ? fs.readdirSync(path.join(uploadsDir(), "avatars"))
      : [];
    const result = await storeAvatar({ id: user.id, fullName: "" }, await png());
    expect(result).toEqual({ ok: false, error: "failed" });
    const after = fs.existsSync(path.join(uploadsDir(), "avatars"))
      ? fs.readdirSync(path.join(uploadsDir(), "avatars"))
      : [];
    expect(after).toEqual(before);
  });

  it("a blocked deletion keeps the queued e-mails and the newsletter subscription", async () => {
    const { id, email } = await createUser();
    const property = await createProperty();
    await createBooking({
      userId: id,
      propertyId: property.id,
      checkIn: "2027-04-01",
      checkOut: "2027-04-05",
      status: "pending",
    });
    const queued = await enqueueEmail(db(), {
      to: email,
      template: "newsletter-confirm",
      data: { token: `blockiert-${id}` },
    });
    await db()
      .insert(schema.newsletterSubscription)
      .values({ email, token: `nl-blockiert-${id}`, status: "confirmed" });

    expect(await deleteToday(id, email)).toEqual({
      ok: false,
      error: "upcomingBookings",
    });
    const [row] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, queued));
    expect(row.status).toBe("pending");
    const subscriptions = await db()
      .select()
      .from(schema.newsletterSubscription)
      .where(eq(schema.newsletterSubscription.email, email));
    expect(subscriptions).toHaveLength(1);
  });
});

describe(`the last admin cannot delete their account (${databaseKind()})`, () => {
  const today = "2027-03-10";
  const adminCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.profile)
        .where(eq(schema.profile.role, "admin"))
    )[0].n;
  const auditOf = (userId: string) =>
    db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "user"), eq(schema.auditLog.entityId, userId)));
  /** An instance whose only admin is a new account. */
  async function onlyAdmin() {
    await db().update(schema.profile).set({ role: "user" }).where(eq(schema.profile.role, "admin"));
    return createUser({ role: "admin", name: "Anna Admin" });
  }

  it("refuses with a German message on the settings page and writes nothing", async () => {
    const admin = await onlyAdmin();
    const cookie = await sessionCookie(admin.email);
    const queued = await enqueueEmail(db(), {
      to: admin.email,
      template: "password-reset",
      data: { name: "Anna Admin", token: "bleibt-liegen" },
    });

    expect(
      await deleteAccount({
        userId: admin.id,
        email: admin.email,
        clientIp: freshIp(),
        password: TEST_PASSWORD,
        today,
      }),
    ).toEqual({ ok: false, error: "lastAdmin" });
    const answer = await callRoute<{ intent: string; error: string }>(settingsRoute.action, {
      url: "/dashboard/settings",
      cookie,
      form: { intent: "deleteAccount", password: TEST_PASSWORD },
    });
    expect(answer.status).toBe(409);
    expect(answer.data).toEqual({ intent: "deleteAccount", error: "lastAdmin" });
    expect(getTranslator("de").t("accountSettings.lastAdmin")).toBe(
      "Der letzte Administrator kann sein Konto nicht löschen. Ernennen Sie zuerst ein anderes Konto zum Administrator.",
    );

    expect(await adminCount()).toBe(1);
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await auditOf(admin.id)).toEqual([]);
    const [mail] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, queued));
    expect(mail.status).toBe("pending");
  });

  it("with another admin the deletion goes through and leaves an audit entry", async () => {
    await onlyAdmin();
    const leaving = await createUser({ role: "admin", name: "Bernd Admin" });
    const guest = await createUser();
    expect(
      await deleteAccount({
        userId: leaving.id,
        email: leaving.email,
        clientIp: freshIp(),
        password: TEST_PASSWORD,
        today,
      }),
    ).toEqual({ ok: true });
    expect(await adminCount()).toBe(1);
    const [entry] = await auditOf(leaving.id);
    expect(entry).toMatchObject({
      action: "delete",
      before: { role: "admin", name: "Bernd Admin", email: leaving.email },
    });
    // A guest's deletion is not an admin change: no entry.
    expect(
      await deleteAccount({
        userId: guest.id,
        email: guest.email,
        clientIp: freshIp(),
        password: TEST_PASSWORD,
        today,
      }),
    ).toEqual({ ok: true });
    expect(await auditOf(guest.id)).toEqual([]);
  });

  it("two admins deleting themselves at the same time: one goes, the other is the last", async () => {
    const first = await onlyAdmin();
    const second = await createUser({ role: "admin", name: "Bernd Admin" });
    const results = await Promise.all(
      [first, second].map((admin) =>
        deleteAccount({
          userId: admin.id,
          email: admin.email,
          clientIp: freshIp(),
          password: TEST_PASSWORD,
          today,
        }),
      ),
    );
    expect(results).toEqual(
      expect.arrayContaining([{ ok: true }, { ok: false, error: "lastAdmin" }]),
    );
    expect(await adminCount()).toBe(1);
  });
});
