import { and, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { NotificationSettings } from "../../../db/schema";
import { getAuth } from "~/lib/auth.server";
import { dayInBerlin, todayInBerlin } from "~/domain/calendar-day";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { deleteObject } from "~/lib/storage.server";
import { ownAvatarKey } from "./profile.server";
import { ensureProfile } from "./session.server";
import { withSignInLimits } from "./sign-in.server";

/** Personal data of a deleted account's bookings is replaced by this (spec 05). */
export const DELETED_GUEST_NAME = "Gelöschter Benutzer";

/** The id of the session the request is signed in with (null: none). */
export async function getCurrentSessionId(request: Request) {
  const session = await getAuth().api.getSession({ headers: request.headers });
  return session?.session.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Sessions

export type SessionInfo = {
  id: string;
  isCurrent: boolean;
  browser: string | null;
  os: string | null;
  /** Whole days since the session was last refreshed (Better Auth renews at most once a day). */
  lastActiveDaysAgo: number;
};

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** Browser and operating system in words, from a User-Agent header (null when unknown). */
export function describeUserAgent(userAgent: string | null | undefined) {
  const ua = userAgent ?? "";
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}

const daysBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000));

export async function listSessions(userId: string, currentSessionId: string | null) {
  const rows = await db()
    .select({
      id: schema.session.id,
      userAgent: schema.session.userAgent,
      updatedAt: schema.session.updatedAt,
    })
    .from(schema.session)
    .where(and(eq(schema.session.userId, userId), gte(schema.session.expiresAt, sql`now()`)))
    .orderBy(desc(schema.session.updatedAt));
  const today = todayInBerlin();
  const sessions: SessionInfo[] = rows.map((row) => ({
    id: row.id,
    isCurrent: row.id === currentSessionId,
    ...describeUserAgent(row.userAgent),
    lastActiveDaysAgo: daysBetween(dayInBerlin(row.updatedAt), today),
  }));
  // This device first.
  return sessions.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** Ends one session, only when it belongs to `userId` (the id alone is never enough). */
export async function revokeSession(input: { userId: string; sessionId: string }) {
  const deleted = await db()
    .delete(schema.session)
    .where(and(eq(schema.session.id, input.sessionId), eq(schema.session.userId, input.userId)))
    .returning({ id: schema.session.id });
  return deleted.length > 0;
}

/** Ends every session of the user except the current one. */
export async function revokeOtherSessions(input: { userId: string; currentSessionId: string }) {
  const deleted = await db()
    .delete(schema.session)
    .where(
      and(eq(schema.session.userId, input.userId), ne(schema.session.id, input.currentSessionId)),
    )
    .returning({ id: schema.session.id });
  return deleted.length;
}

// ---------------------------------------------------------------------------------------------
// Notifications

/**
 * The notification switches as stored. "E-Mail-Benachrichtigungen" is what the outbox honours.
 * `marketingEmails` is only the account's own last choice of "Marketing-E-Mails", which the page
 * shows while the account's address is not proven (decision 075); the newsletter subscription of
 * the address is what decides whether marketing e-mails go out (decision 069).
 */
export async function getNotificationSettings(userId: string, name = "") {
  const profile = await ensureProfile(userId, name);
  return {
    emailNotifications: profile.notificationSettings.emailNotifications,
    marketingEmails: profile.notificationSettings.marketingEmails === true,
  };
}

/** Merges only the given keys into the stored JSON (older keys stay). */
export async function updateNotificationSettings(
  userId: string,
  settings: Partial<NotificationSettings>,
) {
  const changes: Partial<NotificationSettings> = {};
  if (settings.emailNotifications !== undefined) {
    changes.emailNotifications = settings.emailNotifications;
  }
  if (settings.marketingEmails !== undefined) changes.marketingEmails = settings.marketingEmails;
  await ensureProfile(userId, "");
  await db()
    .update(schema.profile)
    .set({
      notificationSettings: sql`${schema.profile.notificationSettings} || ${JSON.stringify(changes)}::jsonb`,
    })
    .where(eq(schema.profile.id, userId));
}

/**
 * Whether the account has shown that it holds its e-mail address. Accounts need no confirmed
 * address, so anyone can register under a stranger's one; only a link mailed to the address and
 * used for this account proves it: a completed password reset (password-reset.server) or an
 * address confirmation (address-confirmation.server, decision 077).
 */
export async function isAddressProven(userId: string) {
  const [row] = await db()
    .select({ emailVerified: schema.user.emailVerified })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  return row?.emailVerified === true;
}

// ---------------------------------------------------------------------------------------------
// Password

async function credentialAccount(userId: string) {
  const [row] = await db()
    .select({ id: schema.account.id, password: schema.account.password })
    .from(schema.account)
    .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, "credential")));
  return row ?? null;
}

/** Whether the password matches a stored hash (a real scrypt: tens of milliseconds). */
export async function isPasswordCorrect(hash: string | null | undefined, password: string) {
  if (!hash) return false;
  const context = await getAuth().$context;
  return context.password.verify({ hash, password });
}

/**
 * Re-checks the signed-in user's password (before a password change or a deletion) under the
 * sign-in limits: a stolen session must not become a way to guess the password without them.
 * A wrong password counts as a failed sign-in; over the limit, the password is not checked.
 */
export function recheckPassword(input: {
  userId: string;
  email: string;
  clientIp: string;
  password: string;
}) {
  return withSignInLimits(input, async () => {
    const account = await credentialAccount(input.userId);
    return account && (await isPasswordCorrect(account.password, input.password)) ? account : null;
  });
}

export type ChangePasswordResult =
  | { ok: true; endedSessions: number }
  | { ok: false; error: "wrongCurrentPassword" | "tooManyAttempts" | "changeFailed" };

/** Checks the current password, stores the new one and ends every OTHER session. */
export async function changePassword(input: {
  userId: string;
  email: string;
  clientIp: string;
  currentSessionId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<ChangePasswordResult> {
  try {
    const check = await recheckPassword({ ...input, password: input.currentPassword });
    if (!check.ok) {
      return {
        ok: false,
        error: check.error === "tooManyAttempts" ? "tooManyAttempts" : "wrongCurrentPassword",
      };
    }
    const account = check.value;
    const context = await getAuth().$context;
    const hash = await context.password.hash(input.newPassword);
    return await db().transaction(async (tx) => {
      await tx
        .update(schema.account)
        .set({ password: hash })
        .where(eq(schema.account.id, account.id));
      const ended = await tx
        .delete(schema.session)
        .where(
          and(
            eq(schema.session.userId, input.userId),
            ne(schema.session.id, input.currentSessionId),
          ),
        )
        .returning({ id: schema.session.id });
      return { ok: true as const, endedSessions: ended.length };
    });
  } catch (error) {
    logger.error({ err: error }, "password change failed");
    return { ok: false, error: "changeFailed" };
  }
}

// ---------------------------------------------------------------------------------------------
// Account deletion

export type DeleteAccountResult =
  | { ok: true }
  | {
      ok: false;
      error:
        "wrongPassword" | "tooManyAttempts" | "upcomingBookings" | "lastAdmin" | "deleteFailed";
    };

const UPCOMING = "upcoming";
/** E-mails queued for an account itself, not for its address (see eraseAccountIn). */
const ACCOUNT_TEMPLATES = ["contact-copy", "password-reset", "address-confirm"];
const LAST_ADMIN = "last-admin";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Why `eraseAccountIn` refused, from what it threw (null: it failed for another reason). */
function accountErasureRefusal(error: unknown): "upcomingBookings" | "lastAdmin" | null {
  if (error instanceof Error && error.message === UPCOMING) return "upcomingBookings";
  if (error instanceof Error && error.message === LAST_ADMIN) return "lastAdmin";
  return null;
}

/**
 * The personal data of bookings kept for accounting goes (spec 05): the guest's name, e-mail
 * address, phone and wishes on the bookings `where` selects, and in their e-mails. What is still queued
 * for `email` about them is deleted (a deleted person gets no more mail about them); the e-mails
 * already sent (or given up) stay as the record that they were sent: which one, when, about
 * which booking. Not to whom or with what: they held the same data (audit 20, Art. 17 DSGVO), so
 * the guest's address becomes "Gelöschter Benutzer" and the content goes. The booking's history
 * then reads "an Gelöschter Benutzer". The operator's copies keep their address, and pending
 * ones of the operator keep their content: they still have to be rendered.
 *
 * Used by the account's deletion (below) and by an admin's erasure of an address
 * (decision 085), for bookings of the address that no longer hang on an account.
 */
export async function forgetBookingGuestIn(tx: Tx, input: { where: SQL; email: string }) {
  const bookings = tx.select({ id: schema.booking.id }).from(schema.booking).where(input.where);
  const toGuest = sql`lower(${schema.emailOutbox.to}) = lower(${input.email})`;
  await tx
    .delete(schema.emailOutbox)
    .where(
      and(
        eq(schema.emailOutbox.status, "pending"),
        toGuest,
        inArray(schema.emailOutbox.bookingId, bookings),
      ),
    );
  await tx
    .update(schema.emailOutbox)
    .set({
      // The operator's copies keep their address; only the guest's own is replaced.
      to: sql`case when ${toGuest} then ${DELETED_GUEST_NAME} else ${schema.emailOutbox.to} end`,
      data: {},
    })
    .where(
      and(
        ne(schema.emailOutbox.status, "pending"),
        inArray(schema.emailOutbox.bookingId, bookings),
      ),
    );
  await tx
    .update(schema.booking)
    .set({
      guestName: DELETED_GUEST_NAME,
      guestEmail: "",
      guestPhone: null,
      specialRequests: null,
      userId: null,
    })
    .where(input.where);
}

/**
 * The account's deletion inside the caller's transaction, without the password check: the
 * guest's own deletion (`deleteAccount`) and an admin's erasure of an address (decision 085)
 * run the same rules. Throws (see `accountErasureRefusal`) for the last admin and while a
 * booking that is not cancelled ends `today` or later; nothing is written then. Returns the
 * avatar URL, whose file the caller removes after the commit (`removeAvatarFile`).
 *
 * The user's bookings stay for accounting with the personal data removed
 * (`forgetBookingGuestIn`), the account's own e-mails still queued are deleted (not the
 * newsletter subscription of its address, decision 075), then the user row goes (profile,
 * sessions, accounts and review votes cascade; reviews and bookings keep their rows with
 * user_id null).
 *
 * The last admin cannot delete their account (as they cannot be demoted, spec 06): nobody could
 * reach /admin afterwards. The admins' profile rows are locked first, in the order
 * `changeUserRole` locks them, so two admins deleting themselves (or one deleting while the
 * other is demoted) are serialised and the second sees that it is the last. An admin's deletion
 * is an admin change and is written to the audit log with `actorId`.
 */
export async function eraseAccountIn(
  tx: Tx,
  input: { userId: string; actorId: string; today: string },
): Promise<string | null> {
  const admins = await tx
    .select({ id: schema.profile.id })
    .from(schema.profile)
    .where(eq(schema.profile.role, "admin"))
    .orderBy(schema.profile.id)
    .for("update");
  const isAdmin = admins.some((admin) => admin.id === input.userId);
  if (isAdmin && admins.length === 1) throw new Error(LAST_ADMIN);
  // Locks the user: a booking being created for them waits and then fails its foreign key.
  const [user] = await tx
    .select({ id: schema.user.id, email: schema.user.email, name: schema.user.name })
    .from(schema.user)
    .where(eq(schema.user.id, input.userId))
    .for("update");
  const [upcoming] = await tx
    .select({ id: schema.booking.id })
    .from(schema.booking)
    .where(
      and(
        eq(schema.booking.userId, input.userId),
        ne(schema.booking.status, "cancelled"),
        gte(schema.booking.checkOut, input.today),
      ),
    )
    .limit(1);
  if (upcoming) throw new Error(UPCOMING);
  if (user) {
    // A deleted person gets no more mail about their account: what is still queued for the
    // account's address and is the account's own goes: its contact copies, password links and
    // address confirmations (those about its bookings go with the bookings below). Anything
    // else queued for the address (a newsletter confirmation, an admin's reply to a contact
    // message) belongs to whoever holds the address, which an account never had to prove; so
    // does the address's newsletter subscription, which its own unsubscribe link governs
    // (decision 075). Those sent stay as the record of what was sent, without address and
    // content (as the bookings' e-mails in forgetBookingGuestIn).
    const ownMail = and(
      sql`lower(${schema.emailOutbox.to}) = lower(${user.email})`,
      inArray(schema.emailOutbox.template, ACCOUNT_TEMPLATES),
    );
    await tx
      .delete(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.status, "pending"), ownMail));
    await tx
      .update(schema.emailOutbox)
      .set({ to: DELETED_GUEST_NAME, data: {} })
      .where(and(ne(schema.emailOutbox.status, "pending"), ownMail));
    await forgetBookingGuestIn(tx, {
      where: eq(schema.booking.userId, input.userId),
      email: user.email,
    });
  }
  const [profile] = await tx
    .select({ avatarUrl: schema.profile.avatarUrl })
    .from(schema.profile)
    .where(eq(schema.profile.id, input.userId));
  if (isAdmin && user) {
    // The foreign key clears actor_id when the user row goes below (the actor may be the
    // account itself), so the entry keeps who it was in `before` (decision 075).
    await tx.insert(schema.auditLog).values({
      actorId: input.actorId,
      entity: "user",
      entityId: input.userId,
      action: "delete",
      before: { role: "admin", name: user.name, email: user.email },
      after: {},
    });
  }
  await tx.delete(schema.user).where(eq(schema.user.id, input.userId));
  return profile?.avatarUrl ?? null;
}

/**
 * The photo of a deleted account is personal data and public at /media/… to anyone with the
 * link: it goes too, after the commit (a rolled-back deletion keeps it). Only files we stored
 * (ownAvatarKey).
 */
export async function removeAvatarFile(avatarUrl: string | null) {
  const avatarKey = ownAvatarKey(avatarUrl);
  if (!avatarKey) return;
  await deleteObject(avatarKey).catch((error: unknown) =>
    logger.error({ err: error, key: avatarKey }, "avatar of a deleted account not removed"),
  );
}

/**
 * Deletes the account after checking the password, in ONE transaction (`eraseAccountIn`), then
 * removes the avatar file. Blocked while a booking that is not cancelled ends today or later,
 * and for the last admin.
 */
export async function deleteAccount(input: {
  userId: string;
  email: string;
  clientIp: string;
  password: string;
  today?: string;
}): Promise<DeleteAccountResult> {
  const today = input.today ?? todayInBerlin();
  try {
    const check = await recheckPassword(input);
    if (!check.ok) return { ok: false, error: check.error };
    const avatarUrl = await db().transaction((tx) =>
      eraseAccountIn(tx, { userId: input.userId, actorId: input.userId, today }),
    );
    await removeAvatarFile(avatarUrl);
    logger.info({ userId: input.userId }, "account deleted by its owner");
    return { ok: true };
  } catch (error) {
    const refusal = accountErasureRefusal(error);
    if (refusal) return { ok: false, error: refusal };
    logger.error({ err: error }, "account deletion failed");
    return { ok: false, error: "deleteFailed" };
  }
}
