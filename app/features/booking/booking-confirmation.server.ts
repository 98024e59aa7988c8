import type { StoredPriceDetails } from "~/domain/price";
import { displayHostName } from "~/features/properties/host-name.server";
import { and, eq, type SQL } from "drizzle-orm";
import { PAYMENT_METHODS, type PaymentMethod } from "~/features/settings/settings";
import { dayInBerlin } from "~/domain/calendar-day";
import { db, schema } from "~/lib/db.server";
import type { PropertyImage } from "../../../db/schema";
import { isUuid } from "~/domain/ids";
import {
  amountToPayNext,
  bookingPaymentProgress,
  type PaymentTerms,
} from "~/domain/payment-schedule";
import { logger } from "~/lib/logger.server";
import { paymentQrSvgDataUrl } from "~/lib/payment-qr.server";
import { resolvePropertyFacts } from "~/domain/property-facts";
import { getSettings } from "~/features/settings/settings.server";

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** A status read from the database, as the type; an unknown one counts as "pending". */
export const asBookingStatus = (value: string): BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value) ? (value as BookingStatus) : "pending";

/** The operator's account a bank-transfer guest pays to. */
export type BankAccount = {
  accountHolder: string;
  iban: string;
  bic: string;
  bankName: string;
};

/** What every view of one booking starts from: the success page and the guest's list. */
export type BookingSummary = {
  id: string;
  number: string;
  status: BookingStatus;
  property: { id: string; title: string; location: string; image: PropertyImage | null };
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  paymentMethod: PaymentMethod;
};

/** One booking as its guest sees it after booking (success page; later the dashboard). */
export type BookingConfirmation = BookingSummary & {
  /** The breakdown stored with the booking (cents); later price changes do not alter it. */
  price: {
    nightlyPrice: number;
    nights: number;
    cleaningFee: number;
    serviceFee: number;
    totalPrice: number;
    /** The stored lines and discount (issue 18); null for bookings made before them. */
    priceDetails: StoredPriceDetails | null;
  };
  guestEmail: string;
  /** The day the booking was made in Europe/Berlin: the payment schedule counts from it. */
  bookingDay: string;
  /** The deposit share and balance days stored with the booking (the one payment schedule). */
  paymentTerms: PaymentTerms;
  /**
   * Bank transfer only: the account the guest was told to pay to (at booking, or by the last
   * "Zahlungsdaten senden") while it is active, else today's default; null when there is none.
   */
  bankAccount: BankAccount | null;
  /**
   * The EPC QR code ("GiroCode") for the amount to pay next to that account, the same code the
   * "Zahlungsdaten" e-mail carries; null when nothing is open or there is no account.
   */
  paymentQr: { dataUrl: string; amount: number } | null;
  /** What the guest needs to get there (issue 16): success page, e-mail and calendar file. */
  arrival: StayArrival;
  /** The guest's "Besondere Wünsche" as sent; null when none. */
  specialRequests: string | null;
};

/**
 * Where and when, and whom to ask: the property's place, its check-in/check-out times (its own,
 * else the settings', decision 033; null when neither is a valid time) and the host's contact
 * from the settings (company name, e-mail, phone).
 */
export type StayArrival = {
  address: string;
  checkInFrom: string | null;
  checkOutUntil: string | null;
  /**
   * `person`: the host's name as the property page names it (null: none); `name`, `email`,
   * `phone`: the company's contact from the settings.
   */
  host: { person: string | null; name: string; email: string; phone: string };
};

/** The arrival facts of a property row, with the settings' defaults. */
export function stayArrival(
  property: { location: string; checkInFrom: string; checkOutUntil: string },
  settings: Awaited<ReturnType<typeof getSettings>>,
  hostName: string | null = null,
): StayArrival {
  const facts = resolvePropertyFacts(
    { houseRules: "", touristTaxMode: "none", touristTaxNote: "", ...property },
    {
      houseRules: "",
      touristTaxNote: "",
      checkInFrom: settings.checkInFrom,
      checkOutUntil: settings.checkOutUntil,
    },
  );
  return {
    address: property.location,
    checkInFrom: facts.checkInFrom,
    checkOutUntil: facts.checkOutUntil,
    host: {
      person: hostName,
      name: settings.companyName,
      email: settings.companyEmail,
      phone: settings.companyPhone,
    },
  };
}

const asStatus = (value: string): BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value) ? (value as BookingStatus) : "pending";
const asPaymentMethod = (value: string): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value)
    ? (value as PaymentMethod)
    : "bank-transfer";

/** The columns `toBookingSummary` needs, for a select from booking joined with its property. */
export const bookingSummaryColumns = {
  id: schema.booking.id,
  number: schema.booking.number,
  status: schema.booking.status,
  checkIn: schema.booking.checkIn,
  checkOut: schema.booking.checkOut,
  nights: schema.booking.nights,
  guests: schema.booking.guests,
  paymentMethod: schema.booking.paymentMethod,
  propertyId: schema.property.id,
  propertyTitle: schema.property.title,
  propertyLocation: schema.property.location,
  propertyImages: schema.property.images,
};

type SummaryRow = {
  id: string;
  number: string;
  status: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  paymentMethod: string;
  propertyId: string;
  propertyTitle: string;
  propertyLocation: string;
  propertyImages: PropertyImage[];
};

export function toBookingSummary(row: SummaryRow): BookingSummary {
  return {
    id: row.id,
    number: row.number,
    status: asStatus(row.status),
    property: {
      id: row.propertyId,
      title: row.propertyTitle,
      location: row.propertyLocation,
      image: row.propertyImages[0] ?? null,
    },
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    nights: row.nights,
    guests: row.guests,
    paymentMethod: asPaymentMethod(row.paymentMethod),
  };
}

/**
 * The booking `bookingId` for `viewer`: its own guest or an admin. Null for a malformed id, an
 * unknown booking and someone else's booking alike, so a caller cannot tell them apart.
 */
export async function getBookingConfirmation(
  bookingId: string,
  viewer: { id: string; role: string },
): Promise<BookingConfirmation | null> {
  if (!isUuid(bookingId)) return null;
  const b = schema.booking;
  const p = schema.property;
  const a = schema.bankAccount;
  const conditions: SQL[] = [eq(b.id, bookingId.toLowerCase())];
  if (viewer.role !== "admin") conditions.push(eq(b.userId, viewer.id));
  const [row] = await db()
    .select({
      ...bookingSummaryColumns,
      nightlyPrice: b.nightlyPrice,
      priceDetails: b.priceDetails,
      cleaningFee: b.cleaningFee,
      serviceFee: b.serviceFee,
      totalPrice: b.totalPrice,
      guestEmail: b.guestEmail,
      specialRequests: b.specialRequests,
      checkInFrom: p.checkInFrom,
      checkOutUntil: p.checkOutUntil,
      // The host the property page names (decision 105), in this one read.
      ownerProfileName: schema.profile.fullName,
      ownerAccountName: schema.user.name,
      createdAt: b.createdAt,
      depositPercentage: b.depositPercentage,
      balanceDueDays: b.balanceDueDays,
      amountPaid: b.amountPaid,
      accountHolder: a.accountHolder,
      iban: a.iban,
      bic: a.bic,
      bankName: a.bankName,
    })
    .from(b)
    .innerJoin(p, eq(p.id, b.propertyId))
    .leftJoin(a, and(eq(a.id, b.bankAccountId), eq(a.isActive, true)))
    .leftJoin(schema.user, eq(schema.user.id, p.ownerId))
    .leftJoin(schema.profile, eq(schema.profile.id, p.ownerId))
    .where(and(...conditions));
  if (!row) return null;

  const summary = toBookingSummary(row);
  const bookingDay = dayInBerlin(row.createdAt);
  const paymentTerms = {
    depositPercentage: row.depositPercentage,
    balanceDueDays: row.balanceDueDays,
  };
  const bankAccount =
    summary.paymentMethod !== "bank-transfer"
      ? null
      : row.iban !== null
        ? {
            accountHolder: row.accountHolder ?? "",
            iban: row.iban,
            bic: row.bic ?? "",
            bankName: row.bankName ?? "",
          }
        : await getDefaultBankAccount();
  return {
    ...summary,
    price: {
      nightlyPrice: row.nightlyPrice,
      nights: row.nights,
      cleaningFee: row.cleaningFee,
      serviceFee: row.serviceFee,
      totalPrice: row.totalPrice,
      priceDetails: row.priceDetails,
    },
    guestEmail: row.guestEmail,
    specialRequests: row.specialRequests?.trim() || null,
    arrival: stayArrival(
      {
        location: row.propertyLocation,
        checkInFrom: row.checkInFrom,
        checkOutUntil: row.checkOutUntil,
      },
      await getSettings(),
      displayHostName(row.ownerProfileName, row.ownerAccountName),
    ),
    bookingDay,
    paymentTerms,
    bankAccount,
    paymentQr:
      bankAccount && summary.status !== "cancelled"
        ? await paymentQrFor({
            account: bankAccount,
            number: row.number,
            amount: amountToPayNext(
              bookingPaymentProgress(
                {
                  totalPrice: row.totalPrice,
                  bookingDay,
                  checkIn: row.checkIn,
                  amountPaid: row.amountPaid,
                  ...paymentTerms,
                },
                dayInBerlin(new Date()),
              ),
            ),
          })
        : null,
  };
}

async function paymentQrFor({
  account,
  number,
  amount,
}: {
  account: BankAccount;
  number: string;
  amount: number;
}) {
  if (amount <= 0) return null;
  try {
    const dataUrl = await paymentQrSvgDataUrl({
      name: account.accountHolder,
      iban: account.iban,
      bic: account.bic,
      amount,
      text: number,
    });
    return { dataUrl, amount };
  } catch (error) {
    // An account the EPC format cannot carry (it was checked when saved): no code, the details
    // stay readable above it.
    logger.warn({ err: error }, "no payment QR code for this account");
    return null;
  }
}

/** The default active bank account, or null. */
export async function getDefaultBankAccount(): Promise<BankAccount | null> {
  const a = schema.bankAccount;
  const [account] = await db()
    .select({
      accountHolder: a.accountHolder,
      iban: a.iban,
      bic: a.bic,
      bankName: a.bankName,
    })
    .from(a)
    .where(and(eq(a.isDefault, true), eq(a.isActive, true)))
    .limit(1);
  return account ?? null;
}
