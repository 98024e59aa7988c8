import { and, eq, sql } from "drizzle-orm";
import { hostNameOf } from "~/features/properties/host-name.server";
import { getOfferedPaymentMethods, offeredOnly } from "~/features/company/payment-methods.server";
import { getSettingsStrict, SettingsUnavailableError } from "~/features/settings/settings.server";
import { emailCompany } from "~/features/email/templates";
import type { SiteSettings } from "~/features/settings/settings";
import { bookingTermsKey } from "~/domain/booking-terms";
import { dayInBerlin, isCalendarDay } from "~/domain/calendar-day";
import { isTooLateFor } from "~/domain/payment-schedule";
import { enqueueEmail } from "~/features/email/outbox.server";
import { recordTermsSnapshot } from "~/features/company/terms-snapshot.server";
import type { Language } from "~/lib/i18n";
import {
  db,
  pgErrorCode,
  PG_DEADLOCK_DETECTED,
  PG_EXCLUSION_VIOLATION,
  PG_SERIALIZATION_FAILURE,
  PG_UNIQUE_VIOLATION,
  schema,
} from "~/lib/db.server";
import { fieldErrorsFromIssues } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { bookingHorizonEnd, stayProblem, type StayProblem } from "~/domain/availability";
import {
  bookingFormSchema,
  type BookingErrorCode,
  type BookingForm,
  type BookingFormField,
} from "./booking.schema";
import { computePrice, nightsBetween, storedPriceDetails } from "~/domain/price";
import { seasonOfNight } from "~/domain/seasons";
import { listSeasons } from "~/features/properties/seasons.server";
import { isUuid } from "~/domain/ids";
import { stayArrival } from "./booking-confirmation.server";
import { isOnlineMethod } from "./online-payment.server";

export type CreateBookingResult =
  | { ok: true; bookingId: string }
  | {
      ok: false;
      error: BookingErrorCode;
      fieldErrors?: Partial<Record<BookingFormField, string>>;
      /** cents: the stay's total now, for "priceChanged" */
      total?: number;
    };

/**
 * The total (cents) the booking page showed when the guest pressed the button (decision 079).
 * Absent or empty: the page showed no total (a client of its own, or the form without JavaScript
 * opened without dates), booked at the server's price as before; anything else that is not a
 * whole number of cents is a forged form.
 */
function shownTotalOf(value: unknown): number | undefined | "malformed" {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return "malformed";
  return Number(value);
}

/** Absent or empty: no check (as `shownTotalOf`); anything but four whole numbers is forged. */
function shownTermsOf(value: unknown): string | undefined | "malformed" {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !/^\d{1,6}(-\d{1,6}){3}$/.test(value)) return "malformed";
  return value;
}

const HOUR = 60 * 60;

const STAY_ERRORS: Record<StayProblem, BookingErrorCode> = {
  invalidDate: "dates",
  checkInPast: "checkInPast",
  tooFarAhead: "tooFarAhead",
  checkOutBeforeCheckIn: "dates",
  arrivalDay: "arrivalDay",
  tooShort: "minStay",
  tooLong: "maxStay",
  departureDay: "departureDay",
  booked: "datesTaken",
};

async function bookingForKey(userId: string, idempotencyKey: string) {
  const [row] = await db()
    .select({ id: schema.booking.id })
    .from(schema.booking)
    .where(
      and(eq(schema.booking.userId, userId), eq(schema.booking.idempotencyKey, idempotencyKey)),
    )
    .limit(1);
  return row;
}

/**
 * Stores a booking request (spec/04-booking.md) for the signed-in guest `userId`.
 *
 * Everything the browser sends is only input: the rules are checked here, the price comes from
 * the one price function with the property's stored prices, and status/payment status are set
 * here. The database's exclusion constraints are the guard against double bookings (no
 * check-then-insert); their violations become the spec's German messages. The e-mails are queued
 * in the same transaction, so a stored booking always has its e-mails and vice versa.
 * Repeating a submit with the same idempotency key returns the booking created the first time.
 * The total the page showed (`shownTotal`) is an upper bound only: a higher price is refused.
 * The terms it showed (`shownTerms`) must be today's: other terms are refused.
 *
 * Limits against inventory hoarding (decision 012), all from the settings: attempts per account
 * and per client address and hour, arrival at most N months ahead, and at most N pending unpaid
 * bookings per account (counted under the guest's lock, so parallel submits cannot both pass).
 * The booking's e-mail is the account's own address; an address sent by the browser is ignored.
 */
export async function createBooking({
  userId,
  propertyId,
  form,
  today,
  language,
  clientIp,
}: {
  userId: string;
  propertyId: string;
  form: Record<string, unknown>;
  /** Europe/Berlin calendar day of the request */
  today: string;
  language: Language;
  /** The client's address (rate limit per client) */
  clientIp: string;
}): Promise<CreateBookingResult> {
  const parsed = bookingFormSchema.safeParse(form);
  if (!parsed.success) {
    return {
      ok: false,
      error: "invalid",
      fieldErrors: fieldErrorsFromIssues<BookingFormField>(parsed.error.issues),
    };
  }
  const input = parsed.data;
  const shownTotal = shownTotalOf(form.shownTotal);
  const shownTerms = shownTermsOf(form.shownTerms);
  if (shownTotal === "malformed" || shownTerms === "malformed") {
    return { ok: false, error: "invalid" };
  }
  if (!isUuid(propertyId)) return { ok: false, error: "propertyNotFound" };

  const existing = await bookingForKey(userId, input.idempotencyKey);
  if (existing) return { ok: true, bookingId: existing.id };

  // The terms this booking is stored with (fee, deposit, due days, cancellation terms, payment
  // methods): never the defaults of a failed read, which are not the operator's (decision 078).
  let settings: SiteSettings;
  try {
    settings = await getSettingsStrict();
  } catch (error) {
    if (!(error instanceof SettingsUnavailableError)) throw error;
    logger.error({ err: error.cause, propertyId, userId }, "booking refused: settings unreadable");
    return { ok: false, error: "unavailable" };
  }
  // Every further submit counts, refused ones too: probing dates is an attempt as well.
  const [perAccount, perClient] = await Promise.all([
    hitRateLimit(`booking:account:${userId}`, settings.bookingAttemptsPerAccount, HOUR),
    hitRateLimit(`booking:client:${clientIp}`, settings.bookingAttemptsPerClient, HOUR),
  ]);
  if (perAccount.isLimited || perClient.isLimited) return { ok: false, error: "tooManyAttempts" };

  // The seasons that hold any night of the stay (their rules and prices); none for bad dates,
  // which stayProblem refuses below.
  const stayDates = isCalendarDay(input.checkIn) && isCalendarDay(input.checkOut);
  const [[property], paymentMethods, [account], seasons] = await Promise.all([
    db()
      .select()
      .from(schema.property)
      .where(and(eq(schema.property.id, propertyId), eq(schema.property.status, "published")))
      .limit(1),
    getOfferedPaymentMethods(settings),
    db()
      .select({ email: schema.user.email })
      .from(schema.user)
      .where(eq(schema.user.id, userId))
      .limit(1),
    stayDates ? listSeasons(propertyId, input.checkIn, input.checkOut) : [],
  ]);
  if (!property) return { ok: false, error: "propertyNotFound" };
  if (!account) {
    logger.error({ userId }, "booking for an account that does not exist");
    return { ok: false, error: "failed" };
  }
  // Confirmations (with the bank details) only ever go to the account's own, verified address.
  const details = { ...input, guestEmail: account.email };

  // Dates against today, the booking horizon and the stay limits; overlaps are left to the
  // database constraint.
  const problem = stayProblem(input.checkIn, input.checkOut, {
    today,
    lastCheckIn: bookingHorizonEnd(today, settings.bookingHorizonMonths),
    stays: [],
    minStayDays: settings.minStayDays,
    maxStayDays: settings.maxStayDays,
    seasons,
  });
  if (problem === "tooShort" && seasonOfNight(seasons, input.checkIn)) {
    // The arrival night's season sets the minimum stay: say so, with its number of nights.
    return { ok: false, error: "seasonMinStay" };
  }
  if (problem) return { ok: false, error: STAY_ERRORS[problem] };
  if (input.guests > property.maxGuests) return { ok: false, error: "guests" };
  if (!paymentMethods.some((m) => m.method === input.paymentMethod && m.isOffered)) {
    return { ok: false, error: "paymentUnavailable" };
  }
  // The booking page offers SEPA then only greyed out; a forged or old form gets this.
  if (isTooLateFor(input.paymentMethod, today, input.checkIn)) {
    return { ok: false, error: "sepaTooLate" };
  }

  const nights = nightsBetween(input.checkIn, input.checkOut);
  const price = computePrice({
    property,
    nights,
    checkIn: input.checkIn,
    seasons,
    serviceFee: settings.serviceFee,
    today,
  });
  // The guest agreed to the total on the page; a price raised since it was loaded (an admin's
  // change, an offer that ended at midnight) is shown to them first, never charged unseen. A
  // lower one is simply booked: it is what the page would show now.
  if (shownTotal !== undefined && price.total > shownTotal) {
    return { ok: false, error: "priceChanged", total: price.total };
  }
  // The cancellation and payment terms stated next to the button are the contract's: terms
  // changed by an admin since the page was loaded are shown first, better or worse (decision 088).
  if (shownTerms !== undefined && shownTerms !== bookingTermsKey(settings)) {
    return { ok: false, error: "termsChanged" };
  }

  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db().transaction(
        async (
          tx,
        ): Promise<{ bookingId: string } | { error: "pendingLimit" | "propertyNotFound" }> => {
          // One booking transaction per guest at a time (on every process): a double submit's
          // twin waits here instead of racing into the constraints, where two inserts that each
          // see the other's uncommitted row can deadlock (40P01, seen about once in 300 twins).
          await lockGuestBookings(tx, userId);
          // The twin may have committed while this one waited for the lock.
          const [twin] = await tx
            .select({ id: schema.booking.id })
            .from(schema.booking)
            .where(
              and(
                eq(schema.booking.userId, userId),
                eq(schema.booking.idempotencyKey, input.idempotencyKey),
              ),
            )
            .limit(1);
          if (twin) return { bookingId: twin.id };

          // Counted under the lock: a parallel submit of the same guest waits for this one.
          const [{ pending }] = await tx
            .select({ pending: sql<number>`count(*)::int` })
            .from(schema.booking)
            .where(
              and(
                eq(schema.booking.userId, userId),
                eq(schema.booking.status, "pending"),
                eq(schema.booking.paymentStatus, "unpaid"),
              ),
            );
          if (pending >= settings.maxPendingBookings) return { error: "pendingLimit" };

          // Still published, and kept so until this commits: an admin deleting or archiving the
          // property right now (deleteProperty locks it FOR UPDATE) either waits for this
          // booking and then sees it, or made this wait and the property is gone from here.
          const [stillPublished] = await tx
            .select({ id: schema.property.id })
            .from(schema.property)
            .where(
              and(eq(schema.property.id, property.id), eq(schema.property.status, "published")),
            )
            .for("key share");
          if (!stillPublished) return { error: "propertyNotFound" };

          // The account the guest is told to pay to, read once in this transaction and stored
          // with the booking (the success page, the dashboard and the e-mail show the same).
          const [bankAccount] =
            input.paymentMethod === "bank-transfer"
              ? await tx
                  .select({
                    id: schema.bankAccount.id,
                    accountHolder: schema.bankAccount.accountHolder,
                    iban: schema.bankAccount.iban,
                    bic: schema.bankAccount.bic,
                    bankName: schema.bankAccount.bankName,
                  })
                  .from(schema.bankAccount)
                  .where(
                    and(
                      eq(schema.bankAccount.isDefault, true),
                      eq(schema.bankAccount.isActive, true),
                    ),
                  )
                  .limit(1)
              : [];
          // The offered-check above saw the account; if it vanished meanwhile, fail the booking.
          if (input.paymentMethod === "bank-transfer" && !bankAccount) {
            throw new Error("bank transfer without a default bank account");
          }

          // The AGB as /agb shows them now, in the guest's language, with this booking's
          // terms filled in: the text "Buchung bestätigt" will carry (decision 087).
          const termsSnapshotId = await recordTermsSnapshot(tx, {
            language,
            settings,
            offered: offeredOnly(paymentMethods),
          });

          const [booking] = await tx
            .insert(schema.booking)
            .values({
              // FW-<year>-<000123>: padded to six digits, never truncated beyond them.
              number: sql`'FW-' || ${today.slice(0, 4)} || '-' || (select lpad(n::text, greatest(6, length(n::text)), '0') from nextval('booking_number_seq') as n)`,
              userId,
              propertyId: property.id,
              checkIn: input.checkIn,
              checkOut: input.checkOut,
              guests: input.guests,
              guestName: input.guestName,
              guestEmail: details.guestEmail,
              guestPhone: input.guestPhone,
              specialRequests: input.specialRequests || null,
              nightlyPrice: price.nightlyPrice,
              nights: price.nights,
              cleaningFee: price.cleaningFee,
              serviceFee: price.serviceFee,
              totalPrice: price.total,
              priceDetails: storedPriceDetails(price),
              paymentMethod: input.paymentMethod,
              paymentStatus: "unpaid",
              status: "pending",
              idempotencyKey: input.idempotencyKey,
              depositPercentage: settings.depositPercentage,
              balanceDueDays: settings.balanceDueDays,
              // The cancellation terms the page showed are this booking's (decision 080).
              freeCancellationHours: settings.freeCancellationHours,
              cancellationFeePercentage: settings.cancellationFeePercentage,
              bankAccountId: bankAccount?.id ?? null,
              termsSnapshotId,
            })
            .returning({
              id: schema.booking.id,
              number: schema.booking.number,
              createdAt: schema.booking.createdAt,
            });

          // The profile learns the name and phone the guest just gave, where it had none, and
          // the language they booked in: the later e-mails about this booking (confirmed by an
          // admin, reminders, online payments) are written in it (decision 066).
          await tx
            .update(schema.profile)
            .set({
              fullName: sql`case when btrim(${schema.profile.fullName}) = '' then ${input.guestName} else ${schema.profile.fullName} end`,
              phone: sql`coalesce(nullif(btrim(${schema.profile.phone}), ''), ${input.guestPhone})`,
              language,
            })
            .where(eq(schema.profile.id, userId));

          await queueBookingEmails(tx, {
            // The day the success page and the dashboard derive from created_at, so that all of
            // them state the same due dates even for a booking made at midnight.
            booking: { ...booking, bookingDay: dayInBerlin(booking.createdAt), language },
            input: details,
            property,
            price,
            settings,
            bankAccount: bankAccount ?? null,
          });
          return { bookingId: booking.id };
        },
      );
      if ("error" in outcome) return { ok: false, error: outcome.error };
      return { ok: true, bookingId: outcome.bookingId };
    } catch (error) {
      const code = pgErrorCode(error);
      if (code && TWIN_CODES.has(code)) {
        // A double submit that lost the race against its twin: the twin's booking is the answer.
        const twin = await bookingForKey(userId, input.idempotencyKey);
        if (twin) return { ok: true, bookingId: twin.id };
      }
      if (code && RETRY_CODES.has(code) && attempt < MAX_ATTEMPTS) {
        // A deadlock or serialization failure with another guest's booking: nothing was
        // stored, so the whole transaction runs again (the constraints then answer cleanly).
        logger.warn({ code, attempt, propertyId, userId }, "booking transaction retried");
        continue;
      }
      if (code === PG_EXCLUSION_VIOLATION) {
        return {
          ok: false,
          error: constraintName(error) === "booking_no_user_overlap" ? "ownOverlap" : "datesTaken",
        };
      }
      logger.error({ err: error, code, propertyId, userId }, "creating a booking failed");
      return { ok: false, error: "failed" };
    }
  }
}

/** SQLSTATEs after which the booking may exist already, made by a twin with the same key. */
const TWIN_CODES = new Set([
  PG_UNIQUE_VIOLATION,
  PG_EXCLUSION_VIOLATION,
  PG_DEADLOCK_DETECTED,
  PG_SERIALIZATION_FAILURE,
]);
/** SQLSTATEs that mean "try again": the transaction was rolled back as a whole. */
const RETRY_CODES = new Set([PG_DEADLOCK_DETECTED, PG_SERIALIZATION_FAILURE]);
const MAX_ATTEMPTS = 3;

/** Namespace of the guest's booking lock (first key of the two-key advisory lock). */
const GUEST_BOOKING_LOCK = 4_0411;

/**
 * Serialises the booking transactions of one guest until the transaction ends (commit or
 * rollback release it). A transaction-scoped advisory lock: it touches no row, so it cannot
 * block sign-ins, profile changes or foreign-key checks; PGlite (one connection) takes it too.
 * Different guests whose ids hash alike only wait for each other briefly.
 */
async function lockGuestBookings(tx: Transaction, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${GUEST_BOOKING_LOCK}::int, hashtext(${userId}))`,
  );
}

export function constraintName(error: unknown): string | undefined {
  let e = error as { constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.constraint === "string") return e.constraint;
    e = e.cause as typeof e;
  }
  return undefined;
}

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * "Buchung eingegangen" to the guest (with the bank details for a transfer) and "Neue Buchung"
 * to the operator, queued in the booking's transaction. Sending bank details is recorded on the
 * booking's audit trail (spec principle 2).
 */
async function queueBookingEmails(
  tx: Transaction,
  {
    booking,
    input,
    property,
    price,
    settings,
    bankAccount,
  }: {
    booking: { id: string; number: string; bookingDay: string; language: Language };
    input: BookingForm & { guestEmail: string };
    property: typeof schema.property.$inferSelect;
    price: ReturnType<typeof computePrice>;
    settings: SiteSettings;
    bankAccount: {
      id: string;
      accountHolder: string;
      iban: string;
      bic: string;
      bankName: string;
    } | null;
  },
) {
  // Online payment (decision 044): the guest hears "Buchung bestätigt" with the receipt and the
  // operator "Neue Buchung" once the payment is in; a held booking whose checkout runs out
  // never was one.
  if (isOnlineMethod(input.paymentMethod)) return;
  const stay = {
    bookingNumber: booking.number,
    propertyTitle: property.title,
    propertyLocation: property.location,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights: price.nights,
    guests: input.guests,
    totalPrice: price.total,
    paymentMethod: input.paymentMethod,
    company: emailCompany(settings),
  };
  const arrival = stayArrival(property, settings, await hostNameOf(property.ownerId, tx));
  await enqueueEmail(tx, {
    to: input.guestEmail,
    template: "booking-received",
    bookingId: booking.id,
    data: {
      ...stay,
      nightlyPrice: price.nightlyPrice,
      priceLines: price.lines,
      discountPercent: price.discountPercent,
      discount: price.discount,
      cleaningFee: price.cleaningFee,
      serviceFee: price.serviceFee,
      bookingDay: booking.bookingDay,
      depositPercentage: settings.depositPercentage,
      balanceDueDays: settings.balanceDueDays,
      language: booking.language,
      guestName: input.guestName,
      bankAccount: bankAccount
        ? {
            accountHolder: bankAccount.accountHolder,
            iban: bankAccount.iban,
            bic: bankAccount.bic,
            bankName: bankAccount.bankName,
          }
        : null,
      cancellation: {
        freeHours: settings.freeCancellationHours,
        feePercentage: settings.cancellationFeePercentage,
      },
      // Getting there (issue 16): the same facts the success page shows.
      bookingId: booking.id,
      arrival: {
        checkInFrom: arrival.checkInFrom,
        checkOutUntil: arrival.checkOutUntil,
        hostName: arrival.host.person,
      },
      specialRequests: input.specialRequests || null,
    },
  });
  await enqueueEmail(tx, {
    to: settings.companyEmail,
    template: "booking-new",
    bookingId: booking.id,
    data: {
      ...stay,
      language: "de",
      guestName: input.guestName,
      guestEmail: input.guestEmail,
      guestPhone: input.guestPhone,
      specialRequests: input.specialRequests || null,
      bookingId: booking.id,
    },
  });
  if (bankAccount) {
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "payment-details-sent",
      after: { bankAccountId: bankAccount.id, to: input.guestEmail, reason: "booking-received" },
    });
  }
}
