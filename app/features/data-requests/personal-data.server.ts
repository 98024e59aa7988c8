import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { bookingRetentionEnd } from "~/domain/retention";
import { describeUserAgent } from "~/features/accounts/account-settings.server";
import { roleOf, type Role } from "~/features/accounts/session.server";
import {
  asBookingStatus,
  type BookingStatus,
} from "~/features/booking/booking-confirmation.server";
import {
  asNewsletterStatus,
  type NewsletterStatus,
} from "~/features/newsletter/admin-newsletter.server";
import { db, schema } from "~/lib/db.server";
import { foldedContains } from "~/lib/search-text.server";

/**
 * Everything the site holds about one e-mail address (decision 085): what /admin/datenschutz-
 * anfragen shows, what "Auskunft herunterladen" exports and what "Daten löschen" works on. Read
 * from the database only. The address is the normalised one (`dataRequestEmailSchema`); stored
 * addresses are compared in lower case, as the app stores and looks them up elsewhere.
 */

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
/** The database or an open transaction. */
export type Reader = ReturnType<typeof db> | Tx;

export type EmailStatus = "pending" | "sent" | "failed";

export type PersonalData = {
  email: string;
  account: {
    id: string;
    name: string;
    email: string;
    registeredAt: string;
    role: Role;
    /** Shown with a link mailed to it (decision 075/077). */
    isAddressConfirmed: boolean;
    /** The only admin: the account cannot be deleted (decision 075). */
    isLastAdmin: boolean;
    hasPassword: boolean;
    profile: {
      fullName: string;
      phone: string | null;
      address: string | null;
      city: string | null;
      postalCode: string | null;
      country: string | null;
      language: string;
      avatarUrl: string | null;
      emailNotifications: boolean;
      marketingEmails: boolean;
    };
    sessions: { browser: string | null; os: string | null; lastActiveAt: string }[];
  } | null;
  bookings: {
    id: string;
    number: string;
    propertyTitle: string;
    checkIn: string;
    checkOut: string;
    guests: number;
    status: BookingStatus;
    paymentMethod: string;
    paymentStatus: string;
    /** cents */
    totalPrice: number;
    amountPaid: number;
    amountRefunded: number;
    cancellationFee: number | null;
    guestName: string;
    guestEmail: string;
    guestPhone: string | null;
    specialRequests: string | null;
    createdAt: string;
    payments: { amount: number; receivedOn: string; method: string }[];
    refunds: { amount: number; status: string; refundedOn: string | null }[];
    /** The last day it must be kept for the books (app/domain/retention.ts). */
    retainedUntil: string;
    /** Not cancelled and not over yet: the account's deletion refuses (spec 05). */
    isUpcoming: boolean;
  }[];
  contactMessages: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    subject: string;
    message: string;
    language: string;
    createdAt: string;
    replies: {
      text: string;
      createdAt: string;
      emailStatus: EmailStatus | null;
      /** The reply's e-mail, for the deletion (never exported). */
      emailId: string | null;
    }[];
  }[];
  newsletter: {
    id: string;
    status: NewsletterStatus;
    createdAt: string;
    confirmedAt: string | null;
  } | null;
  reviews: {
    id: string;
    propertyTitle: string;
    rating: number;
    title: string;
    text: string;
    isHidden: boolean;
    ownerReply: string | null;
    createdAt: string;
  }[];
  /**
   * E-mails to the address, about its bookings (also the operator's copies) and the /kontakt
   * e-mails carrying it, in any state.
   */
  emails: {
    id: string;
    template: string;
    status: EmailStatus;
    /** To the address itself; otherwise to the operator. */
    isToAddress: boolean;
    createdAt: string;
    sentAt: string | null;
  }[];
  /** Audit entries that name the address (they are kept: spec 06). */
  auditEntries: { entity: string; action: string; createdAt: string }[];
};

const u = schema.user;
const p = schema.profile;
const b = schema.booking;
const cm = schema.contactMessage;
const cr = schema.contactReply;
const n = schema.newsletterSubscription;
const r = schema.review;
const o = schema.emailOutbox;
const a = schema.auditLog;

const lowerIs = (column: AnyColumn | SQL, email: string) => sql`lower(${column}) = ${email}`;

/** The bookings of the address: the account's, and any others made out to it. */
export function bookingsOfAddress(email: string, accountId: string | null): SQL {
  // search_text holds the folded e-mail (trigram index, migration 0013); the exact comparison
  // follows.
  const byAddress = and(
    sql`${b.searchText} like ${foldedContains(email)}`,
    lowerIs(b.guestEmail, email),
  )!;
  return accountId ? or(eq(b.userId, accountId), byAddress)! : byAddress;
}

const iso = (value: Date) => value.toISOString();
const asEmailStatus = (value: string): EmailStatus =>
  value === "sent" || value === "failed" ? value : "pending";

/**
 * Locks, in the order the account's deletion takes them (admins' profiles, then the user, see
 * `eraseAccountIn`), the rows an erasure works on, so that what it checked is what it deletes.
 */
export async function lockPersonalData(tx: Tx, email: string) {
  await tx.select({ id: p.id }).from(p).where(eq(p.role, "admin")).orderBy(p.id).for("update");
  const [account] = await tx
    .select({ id: u.id })
    .from(u)
    .where(lowerIs(u.email, email))
    .for("update");
  await tx
    .select({ id: b.id })
    .from(b)
    .where(bookingsOfAddress(email, account?.id ?? null))
    .for("update");
  await tx.select({ id: cm.id }).from(cm).where(lowerIs(cm.email, email)).for("update");
  await tx.select({ id: n.id }).from(n).where(lowerIs(n.email, email)).for("update");
}

export async function collectPersonalData(
  reader: Reader,
  input: { email: string; today: string },
): Promise<PersonalData> {
  const { email, today } = input;
  const [accountRow] = await reader
    .select({
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      createdAt: u.createdAt,
      role: p.role,
      fullName: p.fullName,
      phone: p.phone,
      address: p.address,
      city: p.city,
      postalCode: p.postalCode,
      country: p.country,
      language: p.language,
      avatarUrl: p.avatarUrl,
      notificationSettings: p.notificationSettings,
    })
    .from(u)
    .leftJoin(p, eq(p.id, u.id))
    .where(lowerIs(u.email, email));
  const accountId = accountRow?.id ?? null;

  const [bookingRows, messageRows, newsletterRows, accountExtras] = await Promise.all([
    reader
      .select({
        id: b.id,
        number: b.number,
        propertyTitle: schema.property.title,
        checkIn: b.checkIn,
        checkOut: b.checkOut,
        guests: b.guests,
        status: b.status,
        paymentMethod: b.paymentMethod,
        paymentStatus: b.paymentStatus,
        totalPrice: b.totalPrice,
        amountPaid: b.amountPaid,
        amountRefunded: b.amountRefunded,
        cancellationFee: b.cancellationFee,
        guestName: b.guestName,
        guestEmail: b.guestEmail,
        guestPhone: b.guestPhone,
        specialRequests: b.specialRequests,
        createdAt: b.createdAt,
      })
      .from(b)
      .innerJoin(schema.property, eq(schema.property.id, b.propertyId))
      .where(bookingsOfAddress(email, accountId))
      .orderBy(asc(b.checkIn), asc(b.id)),
    reader.select().from(cm).where(lowerIs(cm.email, email)).orderBy(asc(cm.createdAt), asc(cm.id)),
    reader.select().from(n).where(lowerIs(n.email, email)),
    accountId ? accountDetails(reader, accountId) : null,
  ]);
  const bookingIds = bookingRows.map((row) => row.id);
  const messageIds = messageRows.map((row) => row.id);

  const [payments, refunds, replies, reviews, emails, auditEntries] = await Promise.all([
    bookingIds.length
      ? reader
          .select({
            bookingId: schema.payment.bookingId,
            amount: schema.payment.amount,
            receivedOn: schema.payment.receivedOn,
            method: schema.payment.method,
          })
          .from(schema.payment)
          .where(inArray(schema.payment.bookingId, bookingIds))
          .orderBy(asc(schema.payment.receivedOn), asc(schema.payment.id))
      : [],
    bookingIds.length
      ? reader
          .select({
            bookingId: schema.refund.bookingId,
            amount: schema.refund.amount,
            status: schema.refund.status,
            refundedOn: schema.refund.refundedOn,
          })
          .from(schema.refund)
          .where(inArray(schema.refund.bookingId, bookingIds))
          .orderBy(asc(schema.refund.createdAt), asc(schema.refund.id))
      : [],
    messageIds.length
      ? reader
          .select({
            messageId: cr.messageId,
            text: cr.text,
            createdAt: cr.createdAt,
            emailId: cr.emailId,
            emailStatus: o.status,
          })
          .from(cr)
          .leftJoin(o, eq(o.id, cr.emailId))
          .where(inArray(cr.messageId, messageIds))
          .orderBy(asc(cr.createdAt), asc(cr.id))
      : [],
    accountId || bookingIds.length
      ? reader
          .select({
            id: r.id,
            propertyTitle: schema.property.title,
            rating: r.rating,
            title: r.title,
            text: r.text,
            isHidden: r.isHidden,
            ownerReply: r.ownerReply,
            createdAt: r.createdAt,
          })
          .from(r)
          .innerJoin(schema.property, eq(schema.property.id, r.propertyId))
          .where(
            or(
              accountId ? eq(r.userId, accountId) : undefined,
              bookingIds.length ? inArray(r.bookingId, bookingIds) : undefined,
            ),
          )
          .orderBy(asc(r.createdAt), asc(r.id))
      : [],
    reader
      .select({
        id: o.id,
        to: o.to,
        template: o.template,
        status: o.status,
        createdAt: o.createdAt,
        sentAt: o.sentAt,
      })
      .from(o)
      .where(
        or(
          lowerIs(o.to, email),
          bookingIds.length ? inArray(o.bookingId, bookingIds) : undefined,
          and(
            inArray(o.template, ["contact-message", "contact-copy"]),
            sql`lower(${o.data}->>'email') = ${email}`,
          ),
        ),
      )
      .orderBy(asc(o.createdAt), asc(o.id)),
    // The log is small next to the bookings and read only here; a scan of its text is fine.
    reader
      .select({ entity: a.entity, action: a.action, createdAt: a.createdAt })
      .from(a)
      .where(
        or(
          sql`strpos(lower(${a.before}::text), ${email}) > 0`,
          sql`strpos(lower(${a.after}::text), ${email}) > 0`,
        ),
      )
      .orderBy(asc(a.createdAt), asc(a.id)),
  ]);

  return {
    email,
    account:
      accountRow && accountExtras
        ? {
            id: accountRow.id,
            name: accountRow.name,
            email: accountRow.email,
            registeredAt: iso(accountRow.createdAt),
            role: roleOf(accountRow.role),
            isAddressConfirmed: accountRow.emailVerified,
            isLastAdmin: roleOf(accountRow.role) === "admin" && accountExtras.adminCount === 1,
            hasPassword: accountExtras.hasPassword,
            profile: {
              fullName: accountRow.fullName ?? "",
              phone: accountRow.phone ?? null,
              address: accountRow.address ?? null,
              city: accountRow.city ?? null,
              postalCode: accountRow.postalCode ?? null,
              country: accountRow.country ?? null,
              language: accountRow.language ?? "de",
              avatarUrl: accountRow.avatarUrl ?? null,
              emailNotifications: accountRow.notificationSettings?.emailNotifications !== false,
              marketingEmails: accountRow.notificationSettings?.marketingEmails === true,
            },
            sessions: accountExtras.sessions,
          }
        : null,
    bookings: bookingRows.map((row) => {
      const own = <T extends { bookingId: string }>(list: T[]) =>
        list.filter((item) => item.bookingId === row.id);
      const bookingPayments = own(payments).map(({ amount, receivedOn, method }) => ({
        amount,
        receivedOn,
        method,
      }));
      const bookingRefunds = own(refunds).map(({ amount, status, refundedOn }) => ({
        amount,
        status,
        refundedOn,
      }));
      const status = asBookingStatus(row.status);
      return {
        ...row,
        status,
        createdAt: iso(row.createdAt),
        payments: bookingPayments,
        refunds: bookingRefunds,
        retainedUntil: bookingRetentionEnd([
          row.checkOut,
          ...bookingPayments.map((payment) => payment.receivedOn),
          ...bookingRefunds.map((refund) => refund.refundedOn),
        ]),
        isUpcoming: status !== "cancelled" && row.checkOut >= today,
      };
    }),
    contactMessages: messageRows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      subject: row.subject,
      message: row.message,
      language: row.language,
      createdAt: iso(row.createdAt),
      replies: replies
        .filter((reply) => reply.messageId === row.id)
        .map((reply) => ({
          text: reply.text,
          createdAt: iso(reply.createdAt),
          emailStatus: reply.emailStatus ? asEmailStatus(reply.emailStatus) : null,
          emailId: reply.emailId,
        })),
    })),
    newsletter: newsletterRows[0]
      ? {
          id: newsletterRows[0].id,
          status: asNewsletterStatus(newsletterRows[0].status),
          createdAt: iso(newsletterRows[0].createdAt),
          confirmedAt: newsletterRows[0].confirmedAt ? iso(newsletterRows[0].confirmedAt) : null,
        }
      : null,
    reviews: reviews.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    emails: emails.map((row) => ({
      id: row.id,
      template: row.template,
      status: asEmailStatus(row.status),
      isToAddress: row.to.toLowerCase() === email,
      createdAt: iso(row.createdAt),
      sentAt: row.sentAt ? iso(row.sentAt) : null,
    })),
    auditEntries: auditEntries.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
  };
}

async function accountDetails(reader: Reader, accountId: string) {
  const [sessions, credential, admins] = await Promise.all([
    reader
      .select({ userAgent: schema.session.userAgent, updatedAt: schema.session.updatedAt })
      .from(schema.session)
      .where(and(eq(schema.session.userId, accountId), gt(schema.session.expiresAt, sql`now()`)))
      .orderBy(asc(schema.session.updatedAt), asc(schema.session.id)),
    reader
      .select({ id: schema.account.id })
      .from(schema.account)
      .where(
        and(
          eq(schema.account.userId, accountId),
          eq(schema.account.providerId, "credential"),
          sql`${schema.account.password} is not null`,
        ),
      ),
    reader
      .select({ count: sql<number>`count(*)::int` })
      .from(p)
      .where(eq(p.role, "admin")),
  ]);
  return {
    sessions: sessions.map((session) => ({
      ...describeUserAgent(session.userAgent),
      lastActiveAt: iso(session.updatedAt),
    })),
    hasPassword: credential.length > 0,
    adminCount: admins[0]?.count ?? 0,
  };
}

/**
 * What the page showed, in 64 hex characters: the rows an erasure would delete or anonymise and
 * the states that decide how (decision 085). A row added or a status changed since makes the
 * erasure stale (409, decisions 073/074). The audit entries are left out: downloading the
 * export writes one, and that must not make the page stale.
 */
export function personalDataSnapshot(data: PersonalData) {
  const parts = {
    account: data.account ? `${data.account.id}:${data.account.role}` : null,
    bookings: data.bookings.map((row) => `${row.id}:${row.status}`).sort(),
    messages: data.contactMessages.map((row) => `${row.id}:${row.replies.length}`).sort(),
    newsletter: data.newsletter ? `${data.newsletter.id}:${data.newsletter.status}` : null,
    reviews: data.reviews.map((row) => row.id).sort(),
    emails: data.emails.map((row) => row.id).sort(),
  };
  return crypto.createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

export type ErasureBlocker =
  | { reason: "ownAccount" }
  | { reason: "lastAdmin" }
  | { reason: "upcomingBookings"; numbers: string[] };

/**
 * Why the address's data cannot be erased now, or null. The account's own deletion refuses the
 * last admin and upcoming bookings (decision 075, spec 05); an admin's own account is deleted
 * in /dashboard/settings with their password, not here (this page would lock them out).
 */
export function erasureBlocker(data: PersonalData, actorId: string): ErasureBlocker | null {
  if (data.account?.id === actorId) return { reason: "ownAccount" };
  if (data.account?.isLastAdmin) return { reason: "lastAdmin" };
  const upcoming = data.bookings.filter((booking) => booking.isUpcoming);
  if (upcoming.length > 0) {
    return { reason: "upcomingBookings", numbers: upcoming.map((booking) => booking.number) };
  }
  return null;
}

/** Whether anything of the address can be deleted or anonymised (the audit log stays). */
export function hasErasableData(data: PersonalData) {
  return (
    data.account !== null ||
    data.bookings.length > 0 ||
    data.contactMessages.length > 0 ||
    data.newsletter !== null ||
    data.reviews.length > 0 ||
    data.emails.length > 0
  );
}

/** "Daten löschen" reads the same as the page, at its own moment. */
export function findPersonalData(email: string, today: string) {
  return collectPersonalData(db(), { email, today });
}
