import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { foldedContains } from "~/lib/search-text.server";
import {
  bookingSummaryColumns,
  getBookingConfirmation,
  toBookingSummary,
  type BookingConfirmation,
  type BookingSummary,
} from "./booking-confirmation.server";
import { isCancellable } from "~/domain/cancellation";
import { isReviewable } from "~/domain/review-eligibility";
import { dayInBerlin } from "~/domain/calendar-day";
import {
  bookingPaymentProgress,
  type PaymentKind,
  type PaymentProgress,
} from "~/domain/payment-schedule";
import type { MyBookingStatusFilter, MyBookingTab } from "./my-bookings.schema";
import { bookingRefunds } from "./refunds.server";

/**
 * The guest's own bookings for the dashboard (spec/05-account.md). Every query here is scoped
 * with `user_id = <the signed-in user>`; an id of someone else's booking finds nothing.
 * `today` is the Europe/Berlin calendar day of the request.
 */

export type MyBookingReview = { id: string; rating: number; title: string; text: string };

export type MyBooking = BookingSummary & {
  /** cents, stored with the booking */
  totalPrice: number;
  /** cents; set once cancelled */
  cancellationFee: number | null;
  /** pending or confirmed and today is before check-in */
  isCancellable: boolean;
  /** the stay is over and completed: "Bewertung schreiben" (isReviewable) */
  isReviewable: boolean;
  /** the guest's own review of this stay, or null */
  review: MyBookingReview | null;
  /**
   * A SEPA debit of this booking is processing (booking.stripe_payment_processing_since): the
   * money is on its way, not received, and not overdue either ("Lastschrift in Bearbeitung").
   */
  isDebitProcessing: boolean;
};

const b = schema.booking;
const p = schema.property;
const r = schema.review;

/**
 * Tabs: upcoming = check-out today or later and not cancelled; past = check-out before today and
 * not cancelled; cancelled = every cancelled booking. Spec 05 put cancelled bookings under
 * "Vergangen", where a cancelled stay of next summer read like a holiday already had (issue 16,
 * decision 039).
 */
export function tabCondition(tab: MyBookingTab, today: string): SQL {
  if (tab === "cancelled") return eq(b.status, "cancelled");
  return tab === "upcoming"
    ? and(sql`${b.checkOut} >= ${today}`, ne(b.status, "cancelled"))!
    : and(sql`${b.checkOut} < ${today}`, ne(b.status, "cancelled"))!;
}

/** The tab that lists a booking (the overview's links, the redirect after cancelling). */
export function tabOf(booking: { status: string; checkOut: string }, today: string): MyBookingTab {
  if (booking.status === "cancelled") return "cancelled";
  return booking.checkOut < today ? "past" : "upcoming";
}

async function selectMyBookings(
  userId: string,
  today: string,
  where: SQL[],
  order: SQL[],
  limit: number,
): Promise<MyBooking[]> {
  const rows = await db()
    .select({
      ...bookingSummaryColumns,
      totalPrice: b.totalPrice,
      cancellationFee: b.cancellationFee,
      debitProcessingSince: b.stripePaymentProcessingSince,
      reviewId: r.id,
      reviewRating: r.rating,
      reviewTitle: r.title,
      reviewText: r.text,
    })
    .from(b)
    .innerJoin(p, eq(p.id, b.propertyId))
    .leftJoin(r, and(eq(r.bookingId, b.id), eq(r.userId, userId)))
    .where(and(eq(b.userId, userId), ...where))
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => ({
    ...toBookingSummary(row),
    totalPrice: row.totalPrice,
    cancellationFee: row.cancellationFee,
    isCancellable: isCancellable(row, today),
    isReviewable: isReviewable(row, today),
    isDebitProcessing: row.debitProcessingSince !== null,
    review:
      row.reviewId === null
        ? null
        : {
            id: row.reviewId,
            rating: row.reviewRating ?? 0,
            title: row.reviewTitle ?? "",
            text: row.reviewText ?? "",
          },
  }));
}

/** A guest keeps their bookings for years; one page shows at most this many per tab. */
export const MY_BOOKINGS_LIMIT = 200;

/** /dashboard/bookings: one tab, optionally searched (title or location) and filtered by status. */
export async function listMyBookings({
  userId,
  today,
  tab,
  q,
  status,
}: {
  userId: string;
  today: string;
  tab: MyBookingTab;
  q: string;
  status: MyBookingStatusFilter;
}): Promise<MyBooking[]> {
  const where: SQL[] = [tabCondition(tab, today)];
  if (status !== "all") where.push(eq(b.status, status));
  if (q !== "") {
    // Accent- and case-insensitive, like the public search (search_fold = lower(unaccent(…))).
    const pattern = foldedContains(q);
    where.push(
      or(
        sql`search_fold(${p.title}) like ${pattern}`,
        sql`search_fold(${p.location}) like ${pattern}`,
      )!,
    );
  }
  // Upcoming: the next arrival first; past and cancelled: the latest stay first.
  const order =
    tab === "upcoming" ? [asc(b.checkIn), asc(b.id)] : [desc(b.checkIn), desc(b.createdAt)];
  return selectMyBookings(userId, today, where, order, MY_BOOKINGS_LIMIT);
}

export type DashboardStats = {
  /** not cancelled, check-out today or later */
  activeBookings: number;
  totalBookings: number;
  /** cents: sum of the totals of non-cancelled bookings */
  totalSpent: number;
  reviewCount: number;
  /** null without reviews */
  ratingAverage: number | null;
};

/** The stat cards of /dashboard, aggregated in the database from the guest's own rows. */
export async function getDashboardStats(userId: string, today: string): Promise<DashboardStats> {
  const [[bookings], [reviews]] = await Promise.all([
    db()
      .select({
        active:
          sql<number>`count(*) filter (where ${b.status} <> 'cancelled' and ${b.checkOut} >= ${today})`.mapWith(
            Number,
          ),
        total: sql<number>`count(*)`.mapWith(Number),
        spent:
          sql<number>`coalesce(sum(${b.totalPrice}) filter (where ${b.status} <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
      })
      .from(b)
      .where(eq(b.userId, userId)),
    db()
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        average: sql<string | null>`round(avg(${r.rating}), 1)`,
      })
      .from(r)
      .where(eq(r.userId, userId)),
  ]);
  return {
    activeBookings: bookings.active,
    totalBookings: bookings.total,
    totalSpent: bookings.spent,
    reviewCount: reviews.count,
    ratingAverage: reviews.average === null ? null : Number(reviews.average),
  };
}

export type DashboardProfile = {
  fullName: string;
  email: string;
  phone: string | null;
  avatarUrl: string | null;
  /** name or phone missing: the teaser asks to complete the profile */
  isIncomplete: boolean;
};

export type NextPayment = {
  bookingId: string;
  bookingNumber: string;
  propertyTitle: string;
  kind: PaymentKind;
  /** cents still open of this part of the schedule */
  amount: number;
  dueDate: string;
  isOverdue: boolean;
  /** the guest's SEPA debit for it is processing: neither paid nor overdue (decision 052) */
  isDebitProcessing: boolean;
};

/**
 * What a guest opens the dashboard for first (issue 16): the next stay (the earliest arrival
 * not cancelled and not over) and the next payment due across all upcoming stays, from the one
 * payment schedule (app/domain/payment-schedule.ts) with the amounts stored on the bookings.
 */
export async function getNextTripAndPayment(
  userId: string,
  today: string,
): Promise<{ nextTrip: MyBooking | null; nextPayment: NextPayment | null }> {
  const upcoming = await selectMyBookings(
    userId,
    today,
    [tabCondition("upcoming", today)],
    [asc(b.checkIn), asc(b.id)],
    MY_BOOKINGS_LIMIT,
  );
  if (upcoming.length === 0) return { nextTrip: null, nextPayment: null };
  const terms = await db()
    .select({
      id: b.id,
      totalPrice: b.totalPrice,
      amountPaid: b.amountPaid,
      createdAt: b.createdAt,
      depositPercentage: b.depositPercentage,
      balanceDueDays: b.balanceDueDays,
    })
    .from(b)
    .where(and(eq(b.userId, userId), tabCondition("upcoming", today)));
  const byId = new Map(upcoming.map((booking) => [booking.id, booking]));
  let nextPayment: NextPayment | null = null;
  for (const row of terms) {
    const booking = byId.get(row.id);
    if (!booking) continue;
    const progress = bookingPaymentProgress(
      { ...row, checkIn: booking.checkIn, bookingDay: dayInBerlin(row.createdAt) },
      today,
    );
    const next = progress.next;
    if (!next) continue;
    if (nextPayment && nextPayment.dueDate <= next.dueDate) continue;
    nextPayment = {
      bookingId: booking.id,
      bookingNumber: booking.number,
      propertyTitle: booking.property.title,
      kind: next.kind,
      amount: next.open,
      dueDate: next.dueDate,
      isOverdue: next.isOverdue && !booking.isDebitProcessing,
      isDebitProcessing: booking.isDebitProcessing,
    };
  }
  return { nextTrip: upcoming[0], nextPayment };
}

/** /dashboard: stats, the three most recently made bookings and the profile teaser. */
export async function getDashboardOverview(userId: string, today: string) {
  const [stats, recentBookings, [profile], next] = await Promise.all([
    getDashboardStats(userId, today),
    selectMyBookings(userId, today, [], [desc(b.createdAt), desc(b.id)], 3),
    db()
      .select({
        fullName: schema.profile.fullName,
        phone: schema.profile.phone,
        avatarUrl: schema.profile.avatarUrl,
        email: schema.user.email,
      })
      .from(schema.user)
      .leftJoin(schema.profile, eq(schema.profile.id, schema.user.id))
      .where(eq(schema.user.id, userId)),
    getNextTripAndPayment(userId, today),
  ]);
  const fullName = profile?.fullName?.trim() ?? "";
  const phone = profile?.phone?.trim() || null;
  return {
    stats,
    recentBookings,
    ...next,
    profile: {
      fullName,
      email: profile?.email ?? "",
      phone,
      avatarUrl: profile?.avatarUrl ?? null,
      isIncomplete: fullName === "" || phone === null,
    } satisfies DashboardProfile,
  };
}

export type MyBookingDetail = BookingConfirmation & {
  cancellationFee: number | null;
  isCancellable: boolean;
  /** the cancellation terms stored with the booking, the ones it was made under (decision 080) */
  cancellationTerms: { freeCancellationHours: number; cancellationFeePercentage: number };
  /** cents received for the booking (shown with the refunds of a cancelled one) */
  amountPaid: number;
  /** a SEPA debit of this booking is processing ("Lastschrift in Bearbeitung") */
  isDebitProcessing: boolean;
  /**
   * The one payment schedule filled with what was received, as of today (decision 053): what
   * is paid and what is still open, for every method (a card balance paid later included).
   */
  payments: PaymentProgress;
  /** what is paid back after a cancellation, and whether it has been (decision 047) */
  refunds: {
    amount: number;
    method: string;
    status: "open" | "pending" | "refunded";
    refundedOn: string | null;
  }[];
};

/** The detail dialog: the guest's own booking only (admins too see only their own here). */
export async function getMyBookingDetail(
  userId: string,
  bookingId: string,
  today: string,
): Promise<MyBookingDetail | null> {
  const booking = await getBookingConfirmation(bookingId, { id: userId, role: "user" });
  if (!booking) return null;
  const [[row], refunds] = await Promise.all([
    db()
      .select({
        cancellationFee: b.cancellationFee,
        amountPaid: b.amountPaid,
        debitProcessingSince: b.stripePaymentProcessingSince,
        freeCancellationHours: b.freeCancellationHours,
        cancellationFeePercentage: b.cancellationFeePercentage,
      })
      .from(b)
      .where(and(eq(b.id, booking.id), eq(b.userId, userId))),
    bookingRefunds(booking.id),
  ]);
  // Gone between the two reads: as unknown as any other.
  if (!row) return null;
  return {
    ...booking,
    cancellationFee: row.cancellationFee,
    isCancellable: isCancellable(booking, today),
    cancellationTerms: {
      freeCancellationHours: row.freeCancellationHours,
      cancellationFeePercentage: row.cancellationFeePercentage,
    },
    amountPaid: row.amountPaid,
    isDebitProcessing: row.debitProcessingSince !== null,
    payments: bookingPaymentProgress(
      {
        totalPrice: booking.price.totalPrice,
        bookingDay: booking.bookingDay,
        checkIn: booking.checkIn,
        amountPaid: row.amountPaid,
        ...booking.paymentTerms,
      },
      today,
    ),
    // Only what the guest needs: no admin notes.
    refunds: refunds.map(({ amount, method, status, refundedOn }) => ({
      amount,
      method,
      status,
      refundedOn,
    })),
  };
}
