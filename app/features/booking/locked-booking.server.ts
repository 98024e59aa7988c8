import { and, eq, or, type SQL } from "drizzle-orm";
import { emailCompany } from "~/features/email/templates";
import type { getSettings } from "~/features/settings/settings.server";
import { PAYMENT_METHODS, type PaymentMethod } from "~/features/settings/settings";
import { resolveTouristTaxNote, type TouristTaxMode } from "~/domain/tourist-tax";
import { termsOfBooking } from "~/features/company/terms-snapshot.server";
import { type db, schema } from "~/lib/db.server";

const b = schema.booking;
const p = schema.property;

export type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** A stored method name as the e-mails and the admin take it (unknown ones as a transfer). */
export const asMethod = (value: string): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value)
    ? (value as PaymentMethod)
    : "bank-transfer";

/**
 * The booking row locked (FOR UPDATE) for a change in `tx`, with what its e-mails need; null
 * when it does not exist or does not meet `condition` (e.g. "still an open bank transfer").
 * Shared by the admin's status and payment actions and the payment-reminder job.
 */
export async function lockBooking(tx: Tx, bookingId: string, condition?: SQL) {
  const [row] = await tx
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
      totalPrice: b.totalPrice,
      amountPaid: b.amountPaid,
      amountRefunded: b.amountRefunded,
      cancellationFee: b.cancellationFee,
      depositPercentage: b.depositPercentage,
      balanceDueDays: b.balanceDueDays,
      freeCancellationHours: b.freeCancellationHours,
      cancellationFeePercentage: b.cancellationFeePercentage,
      bankAccountId: b.bankAccountId,
      stripeCustomerId: b.stripeCustomerId,
      termsSnapshotId: b.termsSnapshotId,
      createdAt: b.createdAt,
      propertyTitle: p.title,
      propertyLocation: p.location,
      propertyTouristTaxMode: p.touristTaxMode,
      propertyTouristTaxNote: p.touristTaxNote,
      language: schema.profile.language,
    })
    .from(b)
    .innerJoin(p, eq(p.id, b.propertyId))
    .leftJoin(schema.profile, eq(schema.profile.id, b.userId))
    .where(condition ? and(eq(b.id, bookingId), condition) : eq(b.id, bookingId))
    .for("update", { of: b });
  return row ?? null;
}
export type LockedBooking = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

/** The stay fields every booking e-mail to the guest carries, in the guest's language. */
export function stayMail(
  booking: Pick<
    LockedBooking,
    | "language"
    | "guestName"
    | "number"
    | "propertyTitle"
    | "propertyLocation"
    | "checkIn"
    | "checkOut"
    | "nights"
    | "guests"
    | "totalPrice"
    | "paymentMethod"
  >,
  settings: Awaited<ReturnType<typeof getSettings>>,
) {
  return {
    language: booking.language === "en" ? ("en" as const) : ("de" as const),
    guestName: booking.guestName,
    bookingNumber: booking.number,
    propertyTitle: booking.propertyTitle,
    propertyLocation: booking.propertyLocation,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: booking.nights,
    guests: booking.guests,
    totalPrice: booking.totalPrice,
    paymentMethod: asMethod(booking.paymentMethod),
    company: emailCompany(settings),
  };
}

/**
 * What "Buchung bestätigt" adds as the contract's content on a durable medium (§ 312f Abs. 2
 * BGB, decision 080): the cancellation terms stored with the booking, stated as of `now` (the
 * moment of the confirmation; the template computes the line with `stayCancellationTerms`, as
 * the booking page did), the property's Kurtaxe note as the property page shows it (decision
 * 041), null when there is none, and the AGB the booking was made under (decision 087), read in
 * the confirmation's transaction from the booking's snapshot, never from today's /agb.
 */
export async function contractMail(
  tx: Tx,
  booking: {
    freeCancellationHours: number;
    cancellationFeePercentage: number;
    propertyTouristTaxMode: TouristTaxMode;
    propertyTouristTaxNote: string;
    termsSnapshotId: string | null;
  },
  settings: { touristTaxNote: string },
  now: Date,
) {
  const terms = await termsOfBooking(tx, booking.termsSnapshotId);
  return {
    contract: {
      freeCancellationHours: booking.freeCancellationHours,
      cancellationFeePercentage: booking.cancellationFeePercentage,
      at: now.toISOString(),
      touristTaxNote: resolveTouristTaxNote(
        booking.propertyTouristTaxMode,
        booking.propertyTouristTaxNote,
        settings.touristTaxNote,
      ),
      terms: terms ? { language: terms.language, text: terms.text } : null,
    },
  };
}

/**
 * The account the guest pays to by transfer: the one they were told (booking.bank_account_id)
 * while it is active, else today's default account. Null when no account is active. Shared by
 * the payment reminders and the admin's confirmation, so both name the same account.
 */
export async function transferAccountOf(tx: Tx, bankAccountId: string | null) {
  const a = schema.bankAccount;
  const condition = bankAccountId
    ? or(eq(a.id, bankAccountId), eq(a.isDefault, true))
    : eq(a.isDefault, true);
  const accounts = await tx
    .select()
    .from(a)
    .where(and(eq(a.isActive, true), condition))
    .for("share");
  // The booking's own account first.
  return accounts.find((account) => account.id === bankAccountId) ?? accounts[0] ?? null;
}
