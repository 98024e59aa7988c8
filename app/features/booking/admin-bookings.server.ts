import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { getSettingsStrict } from "~/features/settings/settings.server";
import type { PaymentMethod } from "~/features/settings/settings";
import { dayInBerlin, daysBetween } from "~/domain/calendar-day";
import { cancellationQuote } from "~/domain/cancellation";
import { isUuid } from "~/domain/ids";
import {
  amountToPayNext,
  bookingPaymentProgress,
  paymentSchedule,
} from "~/domain/payment-schedule";
import { db, pgErrorCode, PG_EXCLUSION_VIOLATION, schema } from "~/lib/db.server";
import { countUpTo, pageCountOf } from "~/lib/count-up-to.server";
import { logger } from "~/lib/logger.server";
import { foldedContains } from "~/lib/search-text.server";
import type { PropertyImage } from "../../../db/schema";
import { asBookingStatus, type BookingStatus } from "./booking-confirmation.server";
import { constraintName } from "./booking.server";
import { balanceChargeView } from "./balance-charge-view.server";
import {
  bookingRefunds,
  cancellationRefundMail,
  LATE_NOTES,
  openLatePaymentRefund,
  openRefundForCancellation,
  cancellationRefund,
  refundsTaken,
  openAmountOf,
  RefundAtStripeError,
  refundNeedsAdmin,
  MAX_REFUND_ATTEMPTS,
  withdrawOpenRefund,
} from "./refunds.server";
import { cancelledMoneyState, type CancelledMoneyState } from "./refund-state";
import { BALANCE_BY_LINK, balanceByOfBooking, expireBalanceLinks } from "./balance-charges.server";
import { isOnlineMethod } from "./online-payment.server";
import { sendOnlineRefundsOf } from "./stripe-refunds.server";
import { ADMIN_BOOKINGS_PAGE_SIZE, type AdminBookingFilter } from "./admin-bookings.schema";
import { termsOfBooking } from "~/features/company/terms-snapshot.server";
import {
  asMethod,
  contractMail,
  lockBooking,
  stayMail,
  transferAccountOf,
  type LockedBooking,
  type Tx,
} from "./locked-booking.server";

/**
 * The operator's side of bookings (spec/06-admin.md "/admin/bookings"): the paged list, the
 * detail with payments and history, status changes, recorded bank transfers and "Zahlungsdaten
 * senden". Every change writes its audit entry in the same transaction (spec: audit log).
 */

const b = schema.booking;
const p = schema.property;

// ---------------------------------------------------------------------------------------------
// List

export type AdminBookingRow = {
  id: string;
  number: string;
  guestName: string;
  guestEmail: string;
  propertyTitle: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  totalPrice: number;
  amountPaid: number;
  paymentMethod: PaymentMethod;
  paymentStatus: string;
  /** a SEPA debit is processing ("Lastschrift in Bearbeitung"): not paid, not overdue */
  isDebitProcessing: boolean;
  /** a refund the admin must act on ("Erstattung offen", decision 098) */
  isRefundOpen: boolean;
  /**
   * A cancelled booking's money, shown in place of its payment status as on the booking's own
   * page (decision 108); null for any other status.
   */
  cancelledMoney: CancelledMoneyState | null;
  status: BookingStatus;
  createdAt: string;
};

/**
 * A search for a booking number (decision 040): a complete one as the guest's bank transfer or
 * e-mail shows it ("FW-2026-000123", any case) is an exact lookup in the number's unique index;
 * the beginning of one ("FW-2026-0012") is a prefix of the number (booking_number_prefix_idx,
 * migration 0020). The trigram index cannot narrow either: "fw" and the year are in every
 * booking's text, and reading those trigrams costs more the more bookings there are. Only the
 * number is searched then, not the guest's name or e-mail (no name starts with "FW-2026-").
 */
export function bookingNumberSearch(q: string): { exact: string } | { prefix: string } | null {
  if (/^fw-\d{4}-\d{6,}$/i.test(q)) return { exact: q.toUpperCase() };
  // Letters other than FW, "%" and "_" cannot get here: the prefix needs no escaping.
  if (/^fw-[\d-]*$/i.test(q)) return { prefix: q.toUpperCase() };
  return null;
}

function listConditions(filter: AdminBookingFilter, propertyIds: string[]): SQL[] {
  const conditions: SQL[] = [];
  const number = bookingNumberSearch(filter.q);
  if (number && "exact" in number) {
    conditions.push(eq(b.number, number.exact));
  } else if (number) {
    conditions.push(sql`${b.number} like ${`${number.prefix}%`}`);
  } else if (filter.q) {
    const pattern = foldedContains(filter.q);
    // The trigram index booking_admin_search_idx is on the stored folded text (migration 0013);
    // the matching properties come as one array, so the planner can OR two index scans (a
    // subquery would rule that out; a list of 200 parameters costs more planning).
    const own = sql`${b.searchText} like ${pattern}`;
    conditions.push(
      propertyIds.length > 0
        ? or(own, sql`${b.propertyId} = any(${`{${propertyIds.join(",")}}`}::uuid[])`)!
        : own,
    );
  }
  if (filter.status !== "alle") conditions.push(eq(b.status, filter.status));
  if (filter.from) conditions.push(gte(b.checkIn, filter.from));
  if (filter.to) conditions.push(lte(b.checkIn, filter.to));
  if (filter.user) conditions.push(eq(b.userId, filter.user));
  // Decision 098: the bookings of the open items, read from refund_one_open_per_method_idx (open
  // rows only, few), then each booking by its primary key; a semi-join, so a booking with two
  // such items is listed once.
  if (filter.refund) {
    conditions.push(
      sql`${b.id} in (select ro.booking_id from refund ro where ${refundNeedsAdmin("ro")})`,
    );
  }
  return conditions;
}

/** Longest arrival window (days) that is read through the arrival index and then sorted. */
const SHORT_WINDOW_DAYS = 92;

/**
 * Newest first. "nulls last" as in booking_created_idx: a plain "desc" means nulls first, and
 * the planner then sorts the whole table instead of reading the index. For a short arrival
 * window the order is written so that index cannot serve it: the planner would otherwise walk
 * the newest bookings one by one looking for the few arriving in the window (18,000 rows for a
 * three-day window at 100,000 bookings) instead of reading the window from booking_check_in_idx
 * and sorting a few thousand rows (a property has at most one arrival a day that is not
 * cancelled). That index includes created_at and id (migration 0020): the window is read without
 * visiting the table.
 */
function newestFirst(filter: AdminBookingFilter) {
  const isShortWindow =
    filter.from !== null &&
    filter.to !== null &&
    daysBetween(filter.from, filter.to) <= SHORT_WINDOW_DAYS;
  const created = isShortWindow ? sql`(${b.createdAt} + interval '0 seconds')` : b.createdAt;
  return [sql`${created} desc nulls last`, sql`${b.id} desc nulls last`];
}

/**
 * A text search counts its matches only up to 200 (ten pages), a plain list up to 1,000: a word
 * that matches a large share of all bookings (a property title, "Ostsee") otherwise makes the
 * count walk thousands of rows at 100,000 bookings to find the 1,001st match, and "mehr als 200
 * Buchungen" tells the operator to narrow the search just as well (decision 040, BENCHMARKS).
 */
export const SEARCH_COUNT_CAP = 200;

/**
 * Properties whose title contains the search text (a few hundred properties at most). The first
 * condition is implied by the second and is only there for property_admin_text_trgm_idx (title
 * and description, migration 0009): without it every property's title is folded, one SQL
 * function call each (search_fold is not inlined: unaccent is only STABLE), 1–3 ms at 1,000
 * properties before the list's own queries can start.
 */
async function propertiesTitled(q: string) {
  if (!q || bookingNumberSearch(q)) return [];
  const pattern = foldedContains(q);
  const rows = await db()
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        sql`search_fold(${p.title} || ' ' || ${p.description}) like ${pattern}`,
        sql`search_fold(${p.title}) like ${pattern}`,
      ),
    )
    .limit(500);
  return rows.map((row) => row.id);
}

type RefundItem = { status: string; method: string; attempts: number };

function cancelledMoneyOf(items: RefundItem[] | string | null): CancelledMoneyState | null {
  if (items === null) return null;
  // json arrives parsed from both drivers; a string is parsed here, should one not do it.
  const list: RefundItem[] = typeof items === "string" ? JSON.parse(items) : items;
  return cancelledMoneyState(list.map((item) => ({ ...item, maxAttempts: MAX_REFUND_ATTEMPTS })));
}

export async function listAdminBookings(filter: AdminBookingFilter) {
  const where = and(...listConditions(filter, await propertiesTitled(filter.q)));
  const offset = (filter.page - 1) * ADMIN_BOOKINGS_PAGE_SIZE;
  const order = newestFirst(filter);
  // The page's ids first (from the index alone where it can be), then only those rows with
  // their property: a deep page otherwise reads every skipped booking.
  const pageIds = db()
    .select({ id: b.id })
    .from(b)
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_BOOKINGS_PAGE_SIZE)
    .offset(offset);
  const [rows, { total, isCapped }, user] = await Promise.all([
    db()
      .select({
        id: b.id,
        number: b.number,
        guestName: b.guestName,
        guestEmail: b.guestEmail,
        propertyTitle: p.title,
        checkIn: b.checkIn,
        checkOut: b.checkOut,
        nights: b.nights,
        totalPrice: b.totalPrice,
        amountPaid: b.amountPaid,
        paymentMethod: b.paymentMethod,
        paymentStatus: b.paymentStatus,
        debitProcessingSince: b.stripePaymentProcessingSince,
        // The page's 20 bookings, each one probe of refund_one_open_per_method_idx.
        isRefundOpen: sql<boolean>`exists (select 1 from refund ro
          where ro.booking_id = ${b.id} and ${refundNeedsAdmin("ro")})`,
        // A cancelled booking's refund items, for its refund state: the same rule as its page
        // (cancelledMoneyState), in this query (refund_booking_idx), not one more per row.
        cancelledRefunds: sql<RefundItem[] | string | null>`case when ${b.status} = 'cancelled'
          then (select coalesce(json_agg(json_build_object('status', rf.status,
                  'method', rf.method, 'attempts', rf.attempts)), '[]'::json)
                from refund rf where rf.booking_id = ${b.id}) end`,
        status: b.status,
        createdAt: b.createdAt,
      })
      .from(b)
      .innerJoin(p, eq(p.id, b.propertyId))
      .where(inArray(b.id, pageIds))
      .orderBy(...order),
    countUpTo(
      db()
        .select({ one: sql`1` })
        .from(b)
        .where(where)
        .$dynamic(),
      filter.q ? SEARCH_COUNT_CAP : undefined,
    ),
    filter.user
      ? db()
          .select({ name: schema.user.name, email: schema.user.email })
          .from(schema.user)
          .where(eq(schema.user.id, filter.user))
          .limit(1)
          .then(([row]) => row ?? null)
      : null,
  ]);
  return {
    bookings: rows.map(({ debitProcessingSince, cancelledRefunds, ...row }): AdminBookingRow => ({
      ...row,
      isDebitProcessing: debitProcessingSince !== null,
      cancelledMoney: cancelledMoneyOf(cancelledRefunds),
      isRefundOpen: row.isRefundOpen === true,
      paymentMethod: asMethod(row.paymentMethod),
      status: asBookingStatus(row.status),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    isCapped,
    pageCount: pageCountOf(total, isCapped, ADMIN_BOOKINGS_PAGE_SIZE),
    /** whose bookings a `user` filter shows; null when the account does not exist (anymore) */
    user,
  };
}

// ---------------------------------------------------------------------------------------------
// Detail

export type AdminBookingDetail = Awaited<ReturnType<typeof loadAdminBooking>>;

async function loadAdminBooking(bookingId: string, today: string) {
  const [row] = await db()
    .select({
      id: b.id,
      number: b.number,
      userId: b.userId,
      status: b.status,
      paymentStatus: b.paymentStatus,
      paymentMethod: b.paymentMethod,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      nights: b.nights,
      guests: b.guests,
      guestName: b.guestName,
      guestEmail: b.guestEmail,
      guestPhone: b.guestPhone,
      specialRequests: b.specialRequests,
      nightlyPrice: b.nightlyPrice,
      priceDetails: b.priceDetails,
      cleaningFee: b.cleaningFee,
      serviceFee: b.serviceFee,
      totalPrice: b.totalPrice,
      cancellationFee: b.cancellationFee,
      amountPaid: b.amountPaid,
      amountRefunded: b.amountRefunded,
      depositPercentage: b.depositPercentage,
      balanceDueDays: b.balanceDueDays,
      freeCancellationHours: b.freeCancellationHours,
      cancellationFeePercentage: b.cancellationFeePercentage,
      bankAccountId: b.bankAccountId,
      termsSnapshotId: b.termsSnapshotId,
      debitProcessingSince: b.stripePaymentProcessingSince,
      createdAt: b.createdAt,
      propertyId: p.id,
      propertyTitle: p.title,
      propertyLocation: p.location,
      propertyBedrooms: p.bedrooms,
      propertyMaxGuests: p.maxGuests,
      propertyImages: p.images,
    })
    .from(b)
    .innerJoin(p, eq(p.id, b.propertyId))
    .where(eq(b.id, bookingId));
  if (!row) return null;
  const bookingDay = dayInBerlin(row.createdAt);
  const progress = bookingPaymentProgress({ ...row, bookingDay }, today);
  const { propertyImages, debitProcessingSince, ...rest } = row;
  return {
    ...rest,
    /** a SEPA debit is processing since then ("Lastschrift in Bearbeitung"), ISO; else null */
    debitProcessingSince: debitProcessingSince?.toISOString() ?? null,
    status: asBookingStatus(row.status),
    paymentMethod: asMethod(row.paymentMethod),
    createdAt: row.createdAt.toISOString(),
    bookingDay,
    propertyImage: (propertyImages as PropertyImage[])[0] ?? null,
    progress,
  };
}

export async function getAdminBooking(bookingId: string, now: Date) {
  if (!isUuid(bookingId)) return null;
  const today = dayInBerlin(now);
  const booking = await loadAdminBooking(bookingId.toLowerCase(), today);
  if (!booking) return null;
  const [payments, accounts, history, emails, refunds, taken, balanceCharges, terms] =
    await Promise.all([
      db()
        .select({
          id: schema.payment.id,
          amount: schema.payment.amount,
          receivedOn: schema.payment.receivedOn,
          note: schema.payment.note,
          recordedBy: schema.user.name,
        })
        .from(schema.payment)
        .leftJoin(schema.user, eq(schema.user.id, schema.payment.recordedBy))
        .where(eq(schema.payment.bookingId, booking.id))
        .orderBy(asc(schema.payment.receivedOn), asc(schema.payment.createdAt)),
      activeBankAccounts(),
      db()
        .select({
          id: schema.auditLog.id,
          action: schema.auditLog.action,
          before: schema.auditLog.before,
          after: schema.auditLog.after,
          createdAt: schema.auditLog.createdAt,
          actorName: schema.user.name,
          actorEmail: schema.user.email,
        })
        .from(schema.auditLog)
        .leftJoin(schema.user, eq(schema.user.id, schema.auditLog.actorId))
        .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, booking.id)))
        .orderBy(desc(schema.auditLog.createdAt))
        .limit(100),
      db()
        .select({
          id: schema.emailOutbox.id,
          to: schema.emailOutbox.to,
          template: schema.emailOutbox.template,
          status: schema.emailOutbox.status,
          createdAt: schema.emailOutbox.createdAt,
          sentAt: schema.emailOutbox.sentAt,
        })
        .from(schema.emailOutbox)
        .where(eq(schema.emailOutbox.bookingId, booking.id))
        .orderBy(desc(schema.emailOutbox.createdAt))
        .limit(100),
      bookingRefunds(booking.id),
      refundsTaken(db(), booking.id),
      balanceChargeView(
        { id: booking.id, status: booking.status, open: booking.progress.open },
        now,
      ),
      termsOfBooking(db(), booking.termsSnapshotId),
    ]);
  // By the terms the booking was made under (decision 080), as the guest's own cancellation.
  const quote = cancellationQuote({
    totalPrice: booking.totalPrice,
    checkIn: booking.checkIn,
    now,
    freeCancellationHours: booking.freeCancellationHours,
    cancellationFeePercentage: booking.cancellationFeePercentage,
  });
  return {
    booking,
    payments,
    refunds,
    /** the balance job's state per due date (online bookings; decision 052) */
    balanceCharges,
    accounts,
    /** the fee the guest's own cancellation would cost now (the admin may waive it) */
    guestCancellationFee: quote.fee,
    /** what each choice of the cancel dialog would owe back, by the refund item's own rule */
    cancellationRefunds: {
      guestTerms: cancellationRefund(booking.amountPaid, quote.fee, taken),
      none: cancellationRefund(booking.amountPaid, 0, taken),
    },
    /** the AGB the booking was made under (decision 087); null: not recorded (older booking) */
    terms: terms && { ...terms, savedAt: terms.savedAt?.toISOString() ?? null },
    history: [
      ...history.map((entry) => ({
        kind: "audit" as const,
        id: entry.id,
        at: entry.createdAt.toISOString(),
        action: entry.action,
        actor: entry.actorName ?? entry.actorEmail ?? null,
        before: (entry.before ?? null) as Record<string, unknown> | null,
        after: (entry.after ?? null) as Record<string, unknown> | null,
      })),
      ...emails.map((email) => ({
        kind: "email" as const,
        id: email.id,
        at: email.createdAt.toISOString(),
        template: email.template,
        to: email.to,
        status: email.status,
        sentAt: email.sentAt?.toISOString() ?? null,
      })),
    ].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0)),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

export type AdminBookingError =
  | "notFound"
  | "unchanged"
  | "datesTaken"
  | "ownOverlap"
  | "noAccount"
  | "nothingDue"
  | "alreadyRefunded"
  | "refundAtStripe"
  | "failed";

/**
 * The booking's status is no longer the one the admin's page showed (decision 074): nothing was
 * changed; `current` is what it is now, for the message and the page.
 */
export type StatusChanged = { ok: false; error: "statusChanged"; current: BookingStatus };

const statusChanged = (current: string): StatusChanged => ({
  ok: false,
  error: "statusChanged",
  current: asBookingStatus(current),
});

/**
 * The amount received is no longer the one the admin's payment dialog showed (decision 076):
 * another payment was recorded or arrived meanwhile, maybe the very transfer this dialog was
 * about to record a second time. Nothing was recorded; both amounts in cents, for the message.
 */
export type PaymentsChanged = {
  ok: false;
  error: "paymentsChanged";
  received: number;
  seenReceived: number;
};

/** "Zahlung erfassen" with more than is open and no confirmation of the surplus (decision 097). */
export type ExceedsOpen = {
  ok: false;
  error: "exceedsOpen";
  /** cents open before this payment, as the server computed them */
  open: number;
  /** cents the payment is beyond that */
  surplus: number;
};

type ChangeResult = { ok: true } | { ok: false; error: AdminBookingError } | StatusChanged;

/**
 * Sets a booking's status (spec: any status directly, subject to the availability rules).
 * Leaving "cancelled" puts the nights back under the exclusion constraints: if they were booked
 * meanwhile the database refuses and nothing changes ("datesTaken"). Cancelling applies the
 * guest's cancellation fee (`fee: "guest-terms"`, computed now by the terms stored with the
 * booking, decision 080) or none.
 * Confirming and cancelling e-mail the guest.
 *
 * `seenStatus` is the status the admin's page showed (decision 074). The change is made only
 * while the booking still has it: a guest who cancelled after the page was loaded is not
 * confirmed again by a click on the stale "Bestätigen" (which would withdraw their refund, block
 * the nights again and send "Buchung bestätigt" after "Stornierung"). The admin's form always
 * sends it; callers that act on whatever the booking is now (tests setting up a state) leave it
 * out.
 */
export async function changeBookingStatus({
  bookingId,
  status,
  seenStatus,
  fee,
  actorId,
  now,
}: {
  bookingId: string;
  status: BookingStatus;
  seenStatus?: BookingStatus;
  fee?: "guest-terms" | "none";
  actorId: string;
  now: Date;
}): Promise<ChangeResult> {
  if (!isUuid(bookingId)) return { ok: false, error: "notFound" };
  let result: ChangeResult;
  try {
    // The e-mails' company and operator address: never the defaults of a failed read (decision
    // 078); that refuses with "failed" and nothing changes. The fee follows the booking's own
    // terms (decision 080).
    const settings = await getSettingsStrict();
    result = await db().transaction(async (tx): Promise<ChangeResult> => {
      const booking = await lockBooking(tx, bookingId.toLowerCase());
      if (!booking) return { ok: false, error: "notFound" } as const;
      // Under the row lock: nobody changes the status between this check and the update.
      if (seenStatus !== undefined && booking.status !== seenStatus) {
        return statusChanged(booking.status);
      }
      if (booking.status === status) return { ok: false, error: "unchanged" } as const;

      // Money already paid back cannot be un-refunded by reopening (decision 047), nor money
      // Stripe is paying back right now (decision 051).
      if (booking.status === "cancelled") {
        const [atStripe] = await tx
          .select({ id: schema.refund.id })
          .from(schema.refund)
          .where(and(eq(schema.refund.bookingId, booking.id), eq(schema.refund.status, "pending")))
          .limit(1);
        if (booking.amountRefunded > 0 || atStripe) {
          return { ok: false, error: "alreadyRefunded" } as const;
        }
      }
      let cancellationFee: number | null = null;
      if (status === "cancelled") {
        cancellationFee =
          fee === "guest-terms"
            ? cancellationQuote({
                totalPrice: booking.totalPrice,
                checkIn: booking.checkIn,
                now,
                freeCancellationHours: booking.freeCancellationHours,
                cancellationFeePercentage: booking.cancellationFeePercentage,
              }).fee
            : 0;
      } else if (booking.status !== "cancelled") {
        cancellationFee = booking.cancellationFee;
      }

      // Conditional on the status read under the lock as well, so the update can never act on
      // another status than the one checked above.
      const updated = await tx
        .update(b)
        .set({ status, cancellationFee })
        .where(and(eq(b.id, booking.id), eq(b.status, booking.status)))
        .returning({ id: b.id });
      if (updated.length === 0) throw new Error("booking status changed under its row lock");
      // Money received beyond the fee is owed back: an open refund item (decision 047); leaving
      // "cancelled" again withdraws it. The payment status follows through the trigger.
      // What came by transfer on an online booking goes back by transfer (decision 086).
      const refund =
        status === "cancelled"
          ? await openRefundForCancellation(tx, {
              bookingId: booking.id,
              amountPaid: booking.amountPaid,
              cancellationFee: cancellationFee ?? 0,
              method: asMethod(booking.paymentMethod),
              actorId,
              now,
            })
          : null;
      const withdrawn =
        status !== "cancelled" && booking.status === "cancelled"
          ? await withdrawOpenRefund(tx, booking.id)
          : null;
      const [{ paymentStatus }] = await tx
        .select({ paymentStatus: b.paymentStatus })
        .from(b)
        .where(eq(b.id, booking.id));
      await tx.insert(schema.auditLog).values({
        actorId,
        entity: "booking",
        entityId: booking.id,
        action: "status-change",
        before: {
          status: booking.status,
          paymentStatus: booking.paymentStatus,
          cancellationFee: booking.cancellationFee,
        },
        after: {
          status,
          paymentStatus,
          cancellationFee,
          ...(status === "cancelled"
            ? {
                amountPaid: booking.amountPaid,
                refundDue: refund?.amount ?? 0,
                ...(refund?.byTransfer ? { refundByTransfer: refund.byTransfer } : {}),
              }
            : withdrawn
              ? { refundWithdrawn: withdrawn.amount }
              : {}),
        },
      });
      const mail = stayMail(booking, settings);
      if (status === "confirmed") {
        await enqueueEmail(tx, {
          to: booking.guestEmail,
          template: "booking-confirmed",
          bookingId: booking.id,
          data: {
            ...mail,
            ...(await contractMail(tx, booking, settings, now)),
            // The money as it stands (decision 107): a receipt when anything was received,
            // else what is due by when; each with how the rest gets paid.
            ...(await confirmationPayment(tx, booking, dayInBerlin(now), null, actorId)),
          },
        });
      } else if (status === "cancelled") {
        await enqueueEmail(tx, {
          to: booking.guestEmail,
          template: "booking-cancelled",
          bookingId: booking.id,
          data: {
            ...mail,
            cancellationFee: cancellationFee ?? 0,
            wasPaid: booking.amountPaid > 0,
            ...cancellationRefundMail(asMethod(booking.paymentMethod), booking.amountPaid, refund),
            reason: "operator",
          },
        });
      }
      return { ok: true } as const;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) {
      return {
        ok: false,
        error: constraintName(error) === "booking_no_user_overlap" ? "ownOverlap" : "datesTaken",
      };
    }
    // A reopen while the refund is on its way to Stripe (decision 072): rolled back, and the
    // admin is told why (decision 076) instead of "could not be saved".
    if (error instanceof RefundAtStripeError) return { ok: false, error: "refundAtStripe" };
    logger.error({ err: error, bookingId }, "changing a booking's status failed");
    return { ok: false, error: "failed" };
  }
  // Paid online: the refund item goes to Stripe after the commit (decision 049); a failure is
  // shown on the booking and retried by the job.
  if (result.ok && status === "cancelled") {
    await expireBalanceLinks(bookingId.toLowerCase());
    await sendOnlineRefundsOf(bookingId.toLowerCase(), now);
  }
  return result;
}

/**
 * A transfer recorded on a cancelled booking is owed back in full (decision 074): it is added to
 * the booking's open bank-transfer refund item, or opens one ("late-payment", like the money
 * that reaches Stripe after a cancellation, decision 051), which the admin marks "erstattet"
 * once it is sent back. Beside a refund of the booking's online method, whatever its state: one
 * open item per booking and method (decision 086), so the transfer never ends up in what Stripe
 * is asked to pay back, and the card refund never in the admin's transfer.
 */
async function openRefundOfRecordedPayment(
  tx: Tx,
  { bookingId, amount, actorId }: { bookingId: string; amount: number; actorId: string },
) {
  await openLatePaymentRefund(tx, {
    bookingId,
    method: "bank-transfer",
    amount,
    note: LATE_NOTES["booking-cancelled"],
    createdBy: actorId,
  });
}

/**
 * Records a bank transfer that arrived. The `payment` row's trigger adds it to amount_paid and
 * moves payment_status (unpaid → partially-paid → paid). With `confirm`, a pending booking whose
 * deposit (or whole amount) is now covered is confirmed in the same step, with its e-mail.
 *
 * Only while the booking has the status the admin's dialog showed (`seenStatus`, decision 074):
 * a dialog opened before the guest cancelled records nothing, and the admin sees the booking as
 * it is now. Only while it has received what the dialog showed (`seenAmountPaid`, decision
 * 076): two dialogs opened on the same state record one transfer once; the second is refused
 * and shows the payment the first recorded (saving again then records a genuine second one).
 * Money that really arrived for a cancelled booking is still recorded (the books must show it)
 * when the admin records it on the cancelled booking: then it is marked to be paid back in
 * full, with a bank-transfer refund item, and never confirms anything.
 *
 * More than is open is refused ("exceedsOpen", with the open amount) unless the admin confirmed
 * exactly that surplus (decision 097): then the whole transfer is recorded and the surplus is
 * owed back with the booking's bank-transfer refund item, like an online overpayment.
 */
export async function recordPayment({
  bookingId,
  seenStatus,
  seenAmountPaid,
  amount,
  receivedOn,
  note,
  confirm,
  acceptSurplus = null,
  actorId,
  now,
}: {
  bookingId: string;
  seenStatus: BookingStatus;
  /** cents received as the dialog showed them (booking.amount_paid when the page was loaded) */
  seenAmountPaid: number;
  amount: number;
  receivedOn: string;
  note: string;
  confirm: boolean;
  /**
   * The surplus (cents beyond what is open) the admin confirmed to record and owe back
   * (decision 097); null when nothing was confirmed. Only a confirmation of exactly the surplus
   * the server computes counts: the browser's number is compared, never used.
   */
  acceptSurplus?: number | null;
  actorId: string;
  now: Date;
}): Promise<
  | {
      ok: true;
      paymentStatus: string;
      confirmed: boolean;
      refundDue: boolean;
      /** cents recorded beyond what was open and owed back (decision 097); only when any */
      surplus?: number;
    }
  | { ok: false; error: AdminBookingError | "dateInFuture" }
  | StatusChanged
  | PaymentsChanged
  | ExceedsOpen
> {
  if (!isUuid(bookingId)) return { ok: false, error: "notFound" };
  const today = dayInBerlin(now);
  if (receivedOn > today) return { ok: false, error: "dateInFuture" };
  try {
    // For the confirmation's e-mail (decision 078: not the defaults' company).
    const settings = await getSettingsStrict();
    return await db().transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId.toLowerCase());
      if (!booking) return { ok: false, error: "notFound" } as const;
      // Under the row lock: a cancellation cannot slip in between this check and the insert.
      if (booking.status !== seenStatus) return statusChanged(booking.status);
      // Under the same lock: every payment (recorded here, or by Stripe's webhook) moves
      // amount_paid through its trigger, which needs this row; a second dialog that saw the
      // same amount waits here for the first one's commit and then finds it changed.
      if (booking.amountPaid !== seenAmountPaid) {
        return {
          ok: false,
          error: "paymentsChanged",
          received: booking.amountPaid,
          seenReceived: seenAmountPaid,
        } as const;
      }
      const cancelled = booking.status === "cancelled";
      // More than is open (decision 097): a typo (1000 for 100) must not go into the books
      // silently. What is open is computed here, under the lock, as the Stripe side does it
      // (decision 072): money already owed back does not count as received.
      let surplus = 0;
      if (!cancelled) {
        const open = await openAmountOf(tx, booking);
        surplus = Math.max(0, amount - open);
        if (surplus > 0 && acceptSurplus !== surplus) {
          return { ok: false, error: "exceedsOpen", open, surplus } as const;
        }
      }
      const refundDue = cancelled || surplus > 0;
      await tx.insert(schema.payment).values({
        bookingId: booking.id,
        amount,
        receivedOn,
        note,
        recordedBy: actorId,
        refundDue,
      });
      if (cancelled) {
        await openRefundOfRecordedPayment(tx, { bookingId: booking.id, amount, actorId });
      } else if (surplus > 0) {
        // The part beyond what was open goes back by transfer, like an online overpayment's
        // goes back through Stripe (decisions 072, 086); the admin marks it "erstattet".
        await openLatePaymentRefund(tx, {
          bookingId: booking.id,
          method: "bank-transfer",
          amount: surplus,
          note: LATE_NOTES.overpaid,
          createdBy: actorId,
        });
      }
      if (refundDue) {
        // The guest hears of it, as of an online overpayment (decisions 076, 104): the same
        // e-mail, saying what comes back by transfer; all of it when the booking was already
        // cancelled (decision 105: they paid for a booking that no longer exists).
        await enqueueEmail(tx, {
          to: booking.guestEmail,
          template: "overpayment-refunded",
          bookingId: booking.id,
          data: {
            ...stayMail(booking, settings),
            amount: cancelled ? amount : surplus,
            refundBy: "bank-transfer",
            received: amount,
            ...(cancelled ? { cancelled: true } : {}),
          },
        });
      }
      const [after] = await tx
        .select({ amountPaid: b.amountPaid, paymentStatus: b.paymentStatus })
        .from(b)
        .where(eq(b.id, booking.id));
      await tx.insert(schema.auditLog).values({
        actorId,
        entity: "booking",
        entityId: booking.id,
        action: "payment-recorded",
        before: { amountPaid: booking.amountPaid, paymentStatus: booking.paymentStatus },
        after: {
          amount,
          receivedOn,
          note,
          ...after,
          ...(cancelled ? { refundDue: amount } : surplus > 0 ? { refundDue: surplus } : {}),
        },
      });

      // "Confirm too" only when the first payment due (deposit or whole amount) is covered.
      const schedule = paymentSchedule({
        total: booking.totalPrice,
        bookingDay: dayInBerlin(booking.createdAt),
        checkIn: booking.checkIn,
        depositPercentage: booking.depositPercentage,
        balanceDueDays: booking.balanceDueDays,
      });
      const firstCovered = after.amountPaid >= (schedule[0]?.amount ?? 0);
      let confirmed = false;
      if (confirm && booking.status === "pending" && firstCovered) {
        await tx.update(b).set({ status: "confirmed" }).where(eq(b.id, booking.id));
        await tx.insert(schema.auditLog).values({
          actorId,
          entity: "booking",
          entityId: booking.id,
          action: "status-change",
          before: { status: "pending" },
          after: { status: "confirmed" },
        });
        // The receipt, as the online path sends it (decision 104), with what really happens
        // to the rest (decision 107).
        await enqueueEmail(tx, {
          to: booking.guestEmail,
          template: "booking-confirmed",
          bookingId: booking.id,
          data: {
            ...stayMail(booking, settings),
            ...(await contractMail(tx, booking, settings, now)),
            ...(await confirmationPayment(
              tx,
              { ...booking, amountPaid: after.amountPaid },
              today,
              receivedOn,
              actorId,
            )),
          },
        });
        confirmed = true;
      }
      return {
        ok: true,
        paymentStatus: after.paymentStatus,
        confirmed,
        refundDue: cancelled,
        ...(surplus > 0 ? { surplus } : {}),
      } as const;
    });
  } catch (error) {
    logger.error({ err: error, bookingId }, "recording a payment failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * The money part of "Buchung bestätigt" when an admin confirms (decisions 104, 107), from the
 * booking as it stands in `tx` (`amountPaid` after any payment just recorded). Anything
 * received: the receipt – what was received (a surplus owed back does not count), on which day
 * (`paidOn`, else the latest transfer recorded), what is open and by when, from the one payment
 * schedule, and how that rest gets paid. Nothing received: the payments due with their dates.
 */
async function confirmationPayment(
  tx: Tx,
  booking: LockedBooking,
  today: string,
  paidOn: string | null,
  actorId: string,
) {
  // Received: what came in less a surplus owed back (openAmountOf).
  const received = booking.totalPrice - (await openAmountOf(tx, booking));
  const bookingDay = dayInBerlin(booking.createdAt);
  const progress = bookingPaymentProgress({ ...booking, bookingDay, amountPaid: received }, today);
  if (progress.received === 0) {
    // Nothing received: no Stripe customer either (a checkout saves one only once it is paid),
    // so nothing is charged and no link is sent – the guest transfers.
    return {
      due: {
        depositPercentage: booking.depositPercentage,
        items: progress.items
          .filter((item) => item.open > 0)
          .map((item) => ({ kind: item.kind, amount: item.open, dueDate: item.dueDate })),
      },
      ...(await transferAccountMail(tx, booking, actorId)),
    };
  }
  const [latest] = paidOn
    ? [{ receivedOn: paidOn }]
    : await tx
        .select({ receivedOn: schema.payment.receivedOn })
        .from(schema.payment)
        .where(and(eq(schema.payment.bookingId, booking.id), eq(schema.payment.refundDue, false)))
        .orderBy(desc(schema.payment.receivedOn))
        .limit(1);
  const rest = progress.open > 0 ? await restPaidBy(tx, booking, actorId) : null;
  return {
    receipt: {
      amount: progress.received,
      paidOn: latest?.receivedOn ?? today,
      open: progress.open,
      nextDueDate: progress.next?.dueDate ?? null,
      balanceBy: rest?.balanceBy ?? "bank-transfer",
    },
    ...(rest?.bankAccount ? { bankAccount: rest.bankAccount } : {}),
  };
}

/**
 * What really happens to the rest of a booking an admin confirmed (decision 107). An online
 * booking whose checkout saved a Stripe customer: the balance job charges it on its due date,
 * from the saved method or – PayPal not saved – through a payment link (balance-charges.server.ts,
 * which needs the customer). Any other booking gets no automatic request for the online
 * booking's rest (the reminders take bank-transfer bookings only): the guest transfers, to the
 * account the reminders would name.
 */
async function restPaidBy(
  tx: Tx,
  booking: LockedBooking,
  actorId: string,
): Promise<{
  balanceBy: "saved-method-earlier" | "payment-link" | "bank-transfer";
  bankAccount?: { accountHolder: string; iban: string; bic: string; bankName: string };
}> {
  if (isOnlineMethod(booking.paymentMethod) && booking.stripeCustomerId) {
    const by = await balanceByOfBooking(booking.id, tx);
    return {
      balanceBy: by === BALANCE_BY_LINK ? "payment-link" : "saved-method-earlier",
    } as const;
  }
  return { balanceBy: "bank-transfer", ...(await transferAccountMail(tx, booking, actorId)) };
}

/**
 * The account the guest transfers to, for the e-mail; nothing when no account is active. The
 * e-mail sends payment details, so the booking's history records which account went to whom
 * (spec README principle 2), as "Buchung eingegangen" and "Zahlungsdaten senden" do; the entry
 * also keeps the account from being deleted (bank-accounts.server.ts, isReferenced).
 */
async function transferAccountMail(tx: Tx, booking: LockedBooking, actorId: string) {
  const account = await transferAccountOf(tx, booking.bankAccountId);
  if (!account) return {};
  await tx.insert(schema.auditLog).values({
    actorId,
    entity: "booking",
    entityId: booking.id,
    action: "payment-details-sent",
    after: { bankAccountId: account.id, to: booking.guestEmail, reason: "booking-confirmed" },
  });
  return {
    bankAccount: {
      accountHolder: account.accountHolder,
      iban: account.iban,
      bic: account.bic,
      bankName: account.bankName,
    },
  };
}

/**
 * "Zahlungsdaten senden": e-mails the guest the chosen active account, the amount to pay next
 * (the first open item of the schedule, else everything open) and the EPC QR code; the booking
 * remembers the account (the guest's page shows the same), and the audit log records it —
 * which also keeps the account from being deleted later (decision 018).
 */
export async function sendPaymentDetails({
  bookingId,
  bankAccountId,
  actorId,
  now,
}: {
  bookingId: string;
  bankAccountId: string;
  actorId: string;
  now: Date;
}): Promise<{ ok: true } | { ok: false; error: AdminBookingError }> {
  if (!isUuid(bookingId)) return { ok: false, error: "notFound" };
  if (!isUuid(bankAccountId)) return { ok: false, error: "noAccount" };
  const today = dayInBerlin(now);
  try {
    // For the e-mail's company (decision 078: not the defaults').
    const settings = await getSettingsStrict();
    return await db().transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId.toLowerCase());
      if (!booking) return { ok: false, error: "notFound" } as const;
      const [account] = await tx
        .select()
        .from(schema.bankAccount)
        .where(
          and(
            eq(schema.bankAccount.id, bankAccountId.toLowerCase()),
            eq(schema.bankAccount.isActive, true),
          ),
        )
        .for("share");
      if (!account) return { ok: false, error: "noAccount" } as const;
      const progress = bookingPaymentProgress(
        { ...booking, bookingDay: dayInBerlin(booking.createdAt) },
        today,
      );
      if (booking.status === "cancelled" || progress.open === 0) {
        return { ok: false, error: "nothingDue" } as const;
      }
      const amountDue = amountToPayNext(progress);
      await enqueueEmail(tx, {
        to: booking.guestEmail,
        template: "payment-details",
        bookingId: booking.id,
        data: {
          ...stayMail(booking, settings),
          account: {
            accountHolder: account.accountHolder,
            iban: account.iban,
            bic: account.bic,
            bankName: account.bankName,
          },
          amountDue,
          dueDate: progress.dueNow > 0 ? null : (progress.next?.dueDate ?? null),
          openTotal: progress.open,
        },
      });
      await tx.update(b).set({ bankAccountId: account.id }).where(eq(b.id, booking.id));
      await tx.insert(schema.auditLog).values({
        actorId,
        entity: "booking",
        entityId: booking.id,
        action: "payment-details-sent",
        after: { bankAccountId: account.id, to: booking.guestEmail, amountDue },
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error, bookingId }, "sending payment details failed");
    return { ok: false, error: "failed" };
  }
}

/** The active accounts for the payment-details dialog (list and detail), the default first. */
export async function activeBankAccounts() {
  return db()
    .select({
      id: schema.bankAccount.id,
      accountHolder: schema.bankAccount.accountHolder,
      iban: schema.bankAccount.iban,
      bankName: schema.bankAccount.bankName,
      isDefault: schema.bankAccount.isDefault,
    })
    .from(schema.bankAccount)
    .where(eq(schema.bankAccount.isActive, true))
    .orderBy(desc(schema.bankAccount.isDefault), asc(schema.bankAccount.createdAt));
}
