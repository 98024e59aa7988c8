import { and, eq, inArray } from "drizzle-orm";
import { emailCompany } from "~/features/email/templates";
import { getSettingsStrict } from "~/features/settings/settings.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { db, schema } from "~/lib/db.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { CANCELLABLE_STATUSES, cancellationQuote, isCancellable } from "~/domain/cancellation";
import type { CancelBookingError } from "./my-bookings.schema";
import { getMyBookingDetail, type MyBookingDetail } from "./my-bookings.server";
import { cancellationRefundMail, openRefundForCancellation } from "./refunds.server";
import { expireBalanceLinks } from "./balance-charges.server";
import { sendOnlineRefundsOf } from "./stripe-refunds.server";

/**
 * A guest cancels their own booking (spec/05-account.md "Stornieren"): pending or confirmed,
 * before the check-in day (Europe/Berlin), with the fee of `cancellationQuote` by the terms
 * stored with the booking (decision 080), never today's settings: the guest booked under those.
 *
 * Refunds (decision 047): what was paid above the fee becomes an open refund item on the
 * booking (`openRefundForCancellation`), in the same transaction; the operator pays it back
 * and marks it refunded, and only then does the payment status become `refunded`. Money paid
 * online goes back through Stripe, what came by transfer by transfer (decision 086).
 */

const b = schema.booking;

/**
 * The cancel dialog: the guest's booking and, while it can be cancelled, the fee if cancelled at
 * `now` (`quote` null otherwise). Null when the booking is not the guest's (or does not exist).
 */
export async function getCancellationPreview({
  userId,
  bookingId,
  now,
}: {
  userId: string;
  bookingId: string;
  now: Date;
}): Promise<{
  booking: MyBookingDetail;
  quote: { fee: number; isFree: boolean; freeUntil: string } | null;
} | null> {
  const booking = await getMyBookingDetail(userId, bookingId, dayInBerlin(now));
  if (!booking) return null;
  if (!booking.isCancellable) return { booking, quote: null };
  const quote = cancellationQuote({
    totalPrice: booking.price.totalPrice,
    checkIn: booking.checkIn,
    now,
    ...booking.cancellationTerms,
  });
  return {
    booking,
    quote: { fee: quote.fee, isFree: quote.isFree, freeUntil: quote.freeUntil.toISOString() },
  };
}

export type CancelBookingResult =
  { ok: true; fee: number } | { ok: false; error: "notFound" | CancelBookingError; fee?: number };

/**
 * Cancels `bookingId` for its guest `userId` in one transaction: the row is locked, the rule and
 * the fee are checked, then a conditional update (`status in ('pending','confirmed')`) makes a
 * second cancel a no-op; the audit row and both e-mails are written in the same transaction.
 * "notFound" for an unknown id and for someone else's booking alike (nothing changes).
 */
export async function cancelBooking({
  userId,
  bookingId,
  quotedFee,
  now,
  language,
}: {
  userId: string;
  bookingId: string;
  /** the fee the guest confirmed in the dialog (cents) */
  quotedFee: number;
  now: Date;
  language: Language;
}): Promise<CancelBookingResult> {
  const today = dayInBerlin(now);
  let result: CancelBookingResult;
  try {
    // The fee follows the booking's own terms (decision 080); the settings name the operator
    // the cancellation is mailed to and the company in the guest's e-mail. A failed read
    // refuses ("failed", nothing changes) rather than mail the defaults' address (decision 078).
    const settings = await getSettingsStrict();
    result = await db().transaction(async (tx): Promise<CancelBookingResult> => {
      const [booking] = await tx
        .select({
          id: b.id,
          number: b.number,
          status: b.status,
          paymentStatus: b.paymentStatus,
          checkIn: b.checkIn,
          checkOut: b.checkOut,
          nights: b.nights,
          guests: b.guests,
          totalPrice: b.totalPrice,
          amountPaid: b.amountPaid,
          paymentMethod: b.paymentMethod,
          freeCancellationHours: b.freeCancellationHours,
          cancellationFeePercentage: b.cancellationFeePercentage,
          guestName: b.guestName,
          guestEmail: b.guestEmail,
          propertyTitle: schema.property.title,
          propertyLocation: schema.property.location,
        })
        .from(b)
        .innerJoin(schema.property, eq(schema.property.id, b.propertyId))
        .where(and(eq(b.id, bookingId), eq(b.userId, userId)))
        .for("update", { of: b });
      if (!booking) return { ok: false, error: "notFound" };
      if (!isCancellable(booking, today)) return { ok: false, error: "notCancellable" };

      const { fee } = cancellationQuote({
        totalPrice: booking.totalPrice,
        checkIn: booking.checkIn,
        now,
        freeCancellationHours: booking.freeCancellationHours,
        cancellationFeePercentage: booking.cancellationFeePercentage,
      });
      if (fee > quotedFee) return { ok: false, error: "feeChanged", fee };

      const wasPaid = booking.amountPaid > 0;
      const updated = await tx
        .update(b)
        .set({ status: "cancelled", cancellationFee: fee })
        .where(
          and(
            eq(b.id, booking.id),
            eq(b.userId, userId),
            inArray(b.status, [...CANCELLABLE_STATUSES]),
          ),
        )
        .returning({ id: b.id });
      if (updated.length === 0) return { ok: false, error: "notCancellable" };
      const paymentMethod = booking.paymentMethod as "bank-transfer" | "credit-card" | "paypal";
      const refund = await openRefundForCancellation(tx, {
        bookingId: booking.id,
        amountPaid: booking.amountPaid,
        cancellationFee: fee,
        method: paymentMethod,
        actorId: userId,
        now,
      });

      await tx.insert(schema.auditLog).values({
        actorId: userId,
        entity: "booking",
        entityId: booking.id,
        action: "cancelled-by-guest",
        before: { status: booking.status, paymentStatus: booking.paymentStatus },
        after: {
          status: "cancelled",
          paymentStatus: booking.paymentStatus,
          cancellationFee: fee,
          amountPaid: booking.amountPaid,
          refundDue: refund?.amount ?? 0,
          ...(refund?.byTransfer ? { refundByTransfer: refund.byTransfer } : {}),
        },
      });

      const mail = {
        guestName: booking.guestName,
        bookingNumber: booking.number,
        propertyTitle: booking.propertyTitle,
        propertyLocation: booking.propertyLocation,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        nights: booking.nights,
        guests: booking.guests,
        totalPrice: booking.totalPrice,
        paymentMethod,
        cancellationFee: fee,
        wasPaid,
        ...cancellationRefundMail(paymentMethod, booking.amountPaid, refund),
        company: emailCompany(settings),
      };
      await enqueueEmail(tx, {
        to: booking.guestEmail,
        template: "booking-cancelled",
        bookingId: booking.id,
        data: { ...mail, language },
      });
      await enqueueEmail(tx, {
        to: settings.companyEmail,
        template: "booking-cancelled-operator",
        bookingId: booking.id,
        data: { ...mail, language: "de", guestEmail: booking.guestEmail, bookingId: booking.id },
      });
      return { ok: true, fee };
    });
  } catch (error) {
    logger.error({ err: error, bookingId, userId }, "cancelling a booking failed");
    return { ok: false, error: "failed" };
  }
  // Paid online: the refund goes to Stripe now (decision 049); if Stripe cannot be reached the
  // item stays open with its error and the retry job sends it. The cancellation stands either way.
  if (result.ok) {
    await expireBalanceLinks(bookingId);
    await sendOnlineRefundsOf(bookingId, now);
  }
  return result;
}
