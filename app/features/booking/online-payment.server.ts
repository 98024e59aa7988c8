import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { dayInBerlin, todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import type { EmailTemplateData } from "~/features/email/templates";
import { enqueueEmail } from "~/features/email/outbox.server";
import { getSettingsStrict, SettingsUnavailableError } from "~/features/settings/settings.server";
import type { PaymentMethod } from "~/features/settings/settings";
import { db, schema } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { stripeClient, verifyWebhook, type Stripe } from "~/lib/stripe.server";
import type { StripeChecklist } from "./components/admin/stripe-checklist";
import {
  applyStripeRefundState,
  lookUpRefundsOfCharge,
  sendOnlineRefundsOf,
} from "./stripe-refunds.server";
import {
  applyBalanceIntent,
  applyBalanceLinkSession,
  BALANCE_BY_LINK,
  BALANCE_SAVED,
  balanceByOfBooking,
  type BalanceBy,
} from "./balance-charges.server";
import { contractMail, stayMail } from "./locked-booking.server";
import { refundLatePayment } from "./refunds.server";

/**
 * Paying online through the operator's Stripe account (spec/09-payments.md, decision 044).
 *
 * The booking is stored first, `pending` / `unpaid`, which holds its dates (the exclusion
 * constraints); then the guest is sent to a Stripe Checkout Session for the amount due now.
 * Only a signed webhook confirms it: the success page never claims a payment on its own.
 */

/** Methods paid through Stripe, and the Checkout payment method type of each. */
const CHECKOUT_TYPES: Partial<
  Record<PaymentMethod, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[]>
> = {
  "credit-card": ["card"],
  paypal: ["paypal"],
  // Confirms after days: `completed` arrives unpaid, `async_payment_succeeded/failed` decides.
  "sepa-debit": ["sepa_debit"],
};

export const isOnlineMethod = (method: string) => Object.hasOwn(CHECKOUT_TYPES, method);

/**
 * How long a held booking waits for its payment. Stripe's shortest session is 30 minutes from
 * its creation; the session's end is derived from the booking's creation (so that a repeated
 * create sends the very same parameters with the same idempotency key), with two minutes for
 * the time between storing the booking and creating the session.
 */
const HOLD_MINUTES = 32;
const HOLD_MS = HOLD_MINUTES * 60 * 1000;
/** Later than this after the booking the session can no longer get Stripe's 30 minutes. */
const START_WINDOW_MS = 2 * 60 * 1000;

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

const b = schema.booking;
const bookingColumns = {
  id: b.id,
  number: b.number,
  userId: b.userId,
  propertyId: b.propertyId,
  status: b.status,
  paymentStatus: b.paymentStatus,
  paymentMethod: b.paymentMethod,
  amountPaid: b.amountPaid,
  totalPrice: b.totalPrice,
  checkIn: b.checkIn,
  checkOut: b.checkOut,
  nights: b.nights,
  guests: b.guests,
  guestName: b.guestName,
  guestEmail: b.guestEmail,
  guestPhone: b.guestPhone,
  specialRequests: b.specialRequests,
  depositPercentage: b.depositPercentage,
  balanceDueDays: b.balanceDueDays,
  freeCancellationHours: b.freeCancellationHours,
  cancellationFeePercentage: b.cancellationFeePercentage,
  termsSnapshotId: b.termsSnapshotId,
  createdAt: b.createdAt,
  sessionId: b.stripeCheckoutSessionId,
  checkoutUrl: b.stripeCheckoutUrl,
  checkoutExpiresAt: b.stripeCheckoutExpiresAt,
  processingSince: b.stripePaymentProcessingSince,
  propertyTitle: schema.property.title,
  propertyLocation: schema.property.location,
  propertyTouristTaxMode: schema.property.touristTaxMode,
  propertyTouristTaxNote: schema.property.touristTaxNote,
  language: sql<string>`coalesce(${schema.profile.language}, 'de')`,
};
function selectBooking(executor: Tx | ReturnType<typeof db>) {
  return executor
    .select(bookingColumns)
    .from(b)
    .innerJoin(schema.property, eq(schema.property.id, b.propertyId))
    .leftJoin(schema.profile, eq(schema.profile.id, b.userId));
}

type HeldBooking = Awaited<ReturnType<typeof selectBooking>>[number];

/**
 * The one payment schedule of a stored booking: the first item is what the guest pays now in the
 * checkout; a second item (the balance) means the card is saved for later.
 */
export function checkoutSchedule(booking: {
  totalPrice: number;
  createdAt: Date;
  checkIn: string;
  depositPercentage: number;
  balanceDueDays: number;
}) {
  const schedule = paymentSchedule({
    total: booking.totalPrice,
    bookingDay: dayInBerlin(booking.createdAt),
    checkIn: booking.checkIn,
    depositPercentage: booking.depositPercentage,
    balanceDueDays: booking.balanceDueDays,
  });
  return { dueNow: schedule[0], balance: schedule[1] ?? null };
}

/** From the checkout session's metadata (ours, signed by Stripe with the event). */
function balanceByOf(metadata: Stripe.Metadata | null | undefined): BalanceBy {
  return metadata?.balance === BALANCE_BY_LINK ? BALANCE_BY_LINK : BALANCE_SAVED;
}

export type StartCheckoutResult =
  /** off to Stripe's page, or back to the success page when nothing is to be paid there */
  { ok: true; url: string } | { ok: false; error: "paymentStartFailed" };

/**
 * The Checkout Session of a held online booking: created once (idempotency key from the booking,
 * so a double submit or the SDK's own retry gets the same session), remembered on the booking,
 * and reused while it is open. When Stripe cannot be reached the hold is released at once, so
 * the guest can try again instead of finding their own dates blocked for half an hour.
 */
export async function startCheckout(
  bookingId: string,
  language: Language,
): Promise<StartCheckoutResult> {
  const env = getEnv();
  const successUrl = `${env.BASE_URL}/booking-success?booking=${encodeURIComponent(bookingId)}`;
  const [booking] = await selectBooking(db()).where(eq(b.id, bookingId)).limit(1);
  if (!booking) return { ok: false, error: "paymentStartFailed" };
  // Bank transfer, or paid, confirmed or already cancelled: the success page tells which.
  if (
    !isOnlineMethod(booking.paymentMethod) ||
    booking.status !== "pending" ||
    booking.amountPaid > 0
  ) {
    return { ok: true, url: successUrl };
  }
  if (
    booking.sessionId &&
    booking.checkoutUrl &&
    booking.checkoutExpiresAt &&
    booking.checkoutExpiresAt.getTime() > Date.now() + 60_000
  ) {
    return { ok: true, url: booking.checkoutUrl };
  }
  const client = stripeClient();
  const types = CHECKOUT_TYPES[booking.paymentMethod as PaymentMethod];
  const tooLate = Date.now() - booking.createdAt.getTime() > START_WINDOW_MS;
  if (!client || !types || booking.sessionId || tooLate) {
    await releaseHold(booking.id, "checkout-not-started");
    return { ok: false, error: "paymentStartFailed" };
  }

  const { dueNow, balance } = checkoutSchedule(booking);
  const expiresAt = Math.floor((booking.createdAt.getTime() + HOLD_MS) / 1000);
  const create = (saveForLater: boolean) =>
    client.checkout.sessions.create(
      {
        mode: "payment",
        allowed_payment_method_types: types,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "eur",
              unit_amount: dueNow.amount,
              product_data: {
                name: `${booking.number} · ${booking.propertyTitle}`,
                description: `${booking.checkIn} – ${booking.checkOut}`,
              },
            },
          },
        ],
        client_reference_id: booking.number,
        customer_email: booking.guestEmail,
        // A balance follows: a Stripe customer holds the saved method for the off-session charge.
        ...(balance ? { customer_creation: "always" as const } : {}),
        locale: language,
        expires_at: expiresAt,
        // For the guest's bank statement and the operator's Stripe dashboard; the webhook does
        // not trust these, it finds the booking by the session id stored below. `balance` says
        // how the balance will be paid, so the receipt can tell the guest the truth (decision
        // 066): from the saved method, or – PayPal not saved – through a payment link.
        metadata: {
          bookingId: booking.id,
          bookingNumber: booking.number,
          ...(balance ? { balance: saveForLater ? BALANCE_SAVED : BALANCE_BY_LINK } : {}),
        },
        payment_intent_data: {
          description: booking.number,
          metadata: { bookingId: booking.id, bookingNumber: booking.number },
          // A balance follows: the card (or PayPal agreement) is kept to charge it then.
          ...(balance && saveForLater ? { setup_future_usage: "off_session" as const } : {}),
        },
        success_url: successUrl,
        cancel_url: `${successUrl}&zahlung=abgebrochen`,
      },
      { idempotencyKey: `fw-checkout-${booking.id}${saveForLater ? "" : "-unsaved"}` },
    );
  let session: Stripe.Checkout.Session;
  try {
    try {
      session = await create(true);
    } catch (error) {
      // PayPal's recurring payments need the operator's approval in some Stripe accounts
      // (decision 051): without it Stripe refuses to save the agreement. The guest still pays
      // the deposit; the balance then goes by payment link on its due date.
      const refused = (error as { type?: string }).type === "StripeInvalidRequestError";
      if (!(balance && refused && booking.paymentMethod === "paypal")) throw error;
      logger.warn(
        { bookingId, err: { message: (error as Error).message } },
        "PayPal could not be saved for the balance; checkout without saving",
      );
      session = await create(false);
    }
  } catch (error) {
    // The SDK's errors carry no key; the message says what Stripe refused.
    logger.error(
      {
        err: { message: (error as Error).message, type: (error as { type?: string }).type },
        bookingId,
      },
      "creating the Stripe checkout session failed",
    );
    await releaseHold(booking.id, "checkout-not-started");
    return { ok: false, error: "paymentStartFailed" };
  }
  if (!session.url) {
    logger.error({ bookingId, sessionId: session.id }, "Stripe checkout session without a URL");
    await releaseHold(booking.id, "checkout-not-started");
    return { ok: false, error: "paymentStartFailed" };
  }
  await db()
    .update(b)
    .set({
      stripeCheckoutSessionId: session.id,
      stripeCheckoutUrl: session.url,
      stripeCheckoutExpiresAt: new Date(session.expires_at * 1000),
    })
    .where(and(eq(b.id, booking.id), sql`${b.stripeCheckoutSessionId} is null`));
  return { ok: true, url: session.url };
}

/**
 * Cancels a held online booking that was never paid (no e-mail: the guest is on the booking page
 * and reads the error there). Its nights are free again at once.
 */
async function releaseHold(bookingId: string, reason: string) {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ status: "cancelled", cancellationFee: 0 })
      .where(and(eq(b.id, bookingId), eq(b.status, "pending"), eq(b.amountPaid, 0)))
      .returning({ id: b.id });
    if (!row) return;
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: bookingId,
      action: "status-change",
      before: { status: "pending" },
      after: { status: "cancelled", reason },
    });
  });
}

/**
 * "Zahlung abbrechen" on the success page: the guest gives up the open checkout. Stripe is told
 * to expire the session (so it can no longer be paid); its `checkout.session.expired` webhook
 * then cancels the booking, and so does this call right away with the session Stripe returned.
 */
export async function abandonCheckout(bookingId: string, userId: string): Promise<boolean> {
  const [booking] = await selectBooking(db())
    .where(and(eq(b.id, bookingId), eq(b.userId, userId)))
    .limit(1);
  if (!booking?.sessionId || booking.status !== "pending") return false;
  const client = stripeClient();
  if (!client) return false;
  let session: Stripe.Checkout.Session;
  try {
    session = await client.checkout.sessions.expire(booking.sessionId);
  } catch {
    // Already expired or completed meanwhile: what Stripe says now decides.
    try {
      session = await client.checkout.sessions.retrieve(booking.sessionId);
    } catch (error) {
      logger.error({ err: { message: (error as Error).message }, bookingId }, "Stripe unreachable");
      return false;
    }
  }
  try {
    await applyCheckoutSession(session, session.status === "expired" ? "expired" : "state");
  } catch (error) {
    // Expired at Stripe, so it can no longer be paid; its webhook (or the lapsed-hold job)
    // releases the booking and e-mails the guest once the settings can be read (decision 087).
    if (!(error instanceof SettingsUnavailableError)) throw error;
    logger.error({ err: error.cause, bookingId }, "abandoned checkout left to the webhook");
  }
  return true;
}

export type WebhookResult =
  | { status: 200; outcome: "processed" | "duplicate" | "ignored" }
  | { status: 400; reason: string }
  /** The settings could not be read (decision 087): nothing applied; Stripe sends it again. */
  | { status: 503; reason: string };

/** The events this app acts on; others are acknowledged and stored, nothing more. */
const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);
/** An off-session balance debit settled by the bank (decision 051). */
const BALANCE_INTENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
]);
/** Refund events (decision 049): the state of a refund we made through Stripe. */
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);
/** Every event the webhook acts on: what the operator selects in Stripe (the checklist). */
export const STRIPE_WEBHOOK_EVENTS = [
  ...HANDLED,
  "charge.refunded",
  ...REFUND_EVENTS,
  ...BALANCE_INTENT_EVENTS,
];

/**
 * A webhook delivery: verified on its raw bytes (signature and the 5-minute tolerance, by the
 * SDK), stored by event id in the same transaction that applies it, so a repeated event finds
 * its row and changes nothing, and two deliveries of one event at once apply it once (the
 * primary key). Anything unsigned, forged or replayed is a 400 and touches nothing.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
): Promise<WebhookResult> {
  try {
    return await applyWebhook(rawBody, signature);
  } catch (error) {
    // Its e-mails would carry the demo company's data. The event's row stays unprocessed (its
    // transaction was rolled back, or it is marked only after it was applied), so Stripe's next
    // delivery of it is applied in full, once.
    if (!(error instanceof SettingsUnavailableError)) throw error;
    logger.error({ err: error.cause }, "Stripe event not applied: settings unreadable");
    return { status: 503, reason: "settings unreadable" };
  }
}

async function applyWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  if (!stripeClient()) return { status: 400, reason: "not configured" };
  if (!signature) return { status: 400, reason: "missing signature" };
  let event: Stripe.Event;
  try {
    event = verifyWebhook(rawBody, signature);
  } catch {
    return { status: 400, reason: "invalid signature" };
  }
  const isNew = await db()
    .insert(schema.stripeEvent)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: schema.stripeEvent.id });
  if (isNew.length === 0) {
    // Seen before. If it was not processed (the process died in between), apply it now.
    const [seen] = await db()
      .select({ processedAt: schema.stripeEvent.processedAt })
      .from(schema.stripeEvent)
      .where(eq(schema.stripeEvent.id, event.id));
    if (seen?.processedAt) return { status: 200, outcome: "duplicate" };
  }
  if (REFUND_EVENTS.has(event.type) || event.type === "charge.refunded") {
    // charge.refunded names only the charge: the refunds we made against its PaymentIntent are
    // looked up at Stripe before the transaction (a failed lookup is a 500: Stripe retries).
    const refunds =
      event.type === "charge.refunded"
        ? await lookUpRefundsOfCharge(event.data.object as Stripe.Charge)
        : [event.data.object as Stripe.Refund];
    await db().transaction(async (tx) => {
      await markProcessed(event.id, tx);
      for (const refund of refunds) await applyStripeRefundState(tx, refund);
    });
    return { status: 200, outcome: "processed" };
  }
  if (BALANCE_INTENT_EVENTS.has(event.type)) {
    // A SEPA debit of a balance (decision 051). Applied, then marked: a crash in between makes
    // Stripe's retry apply it again, which the claim on balance_charge makes harmless.
    const { lateRefundOf } = await applyBalanceIntent(event.data.object as Stripe.PaymentIntent);
    await markProcessed(event.id);
    if (lateRefundOf) await sendOnlineRefundsOf(lateRefundOf);
    return { status: 200, outcome: "processed" };
  }
  if (!HANDLED.has(event.type)) {
    await markProcessed(event.id);
    return { status: 200, outcome: "ignored" };
  }
  const session = event.data.object as Stripe.Checkout.Session;
  const kind =
    event.type === "checkout.session.expired"
      ? "expired"
      : event.type === "checkout.session.async_payment_failed"
        ? "failed"
        : "state";
  const { lateRefundOf } = await applyCheckoutSession(session, kind, event.id);
  // After the commit: money for a released hold goes back at once (the retry job otherwise).
  if (lateRefundOf) await sendOnlineRefundsOf(lateRefundOf);
  return { status: 200, outcome: "processed" };
}

async function markProcessed(eventId: string, tx: Tx | ReturnType<typeof db> = db()) {
  await tx
    .update(schema.stripeEvent)
    .set({ processedAt: new Date() })
    .where(eq(schema.stripeEvent.id, eventId));
}

/**
 * Applies what a Checkout Session says to its booking, in one transaction with the booking
 * locked. Safe in any order and any number of times:
 *
 * - paid → one payment per session (unique session id), the amount due now from OUR booking;
 *   a pending booking becomes confirmed with the "Buchung bestätigt" e-mail and its receipt. If
 *   the booking was already cancelled (the hold had expired), the money is recorded, marked to
 *   be refunded and the admins see it in the booking's history; the booking stays cancelled.
 * - expired or failed, and nothing paid → the booking is cancelled, its dates are free, and the
 *   guest is told they can book again.
 * - anything else (an asynchronous method still processing) → nothing yet.
 */
export async function applyCheckoutSession(
  session: Pick<
    Stripe.Checkout.Session,
    | "id"
    | "payment_status"
    | "status"
    | "amount_total"
    | "currency"
    | "payment_intent"
    | "customer"
    | "metadata"
  >,
  kind: "state" | "expired" | "failed",
  eventId?: string,
): Promise<{ lateRefundOf: string | null }> {
  let lateRefundOf: string | null = null;
  // Strict (decision 087), and before the transaction (on PGlite a query outside an open
  // transaction waits for it): the e-mails below name the company and "Neue Buchung" goes to its
  // address; the defaults of a failed read would send the demo's. The throw applies nothing: the
  // event stays unprocessed and the webhook answers 503, so Stripe sends it again, and the
  // lapsed-hold job looks the session up again, once the settings can be read.
  const settings = await getSettingsStrict();
  await db().transaction(async (tx) => {
    if (eventId) await markProcessed(eventId, tx);
    const [booking] = await selectBooking(tx)
      .where(eq(b.stripeCheckoutSessionId, session.id))
      .for("update", { of: b });
    if (!booking) {
      // A balance payment link (decision 049) is a session of its own.
      // An expired or failed link changes nothing: the job's next attempt sends a new one.
      const link = await applyBalanceLinkSession(tx, session, kind, settings);
      if (link?.outcome === "late") lateRefundOf = link.bookingId;
      if (link !== null) return;
      logger.warn({ sessionId: session.id }, "Stripe event for a session of no booking");
      return;
    }
    const mail = stayMail(booking, settings);

    if (kind === "state" && session.payment_status === "paid") {
      const outcome = await recordPaid(
        tx,
        booking,
        session,
        { ...mail, ...(await contractMail(tx, booking, settings, new Date())) },
        settings.companyEmail,
      );
      if (outcome === "late") lateRefundOf = booking.id;
      return;
    }
    // SEPA (decision 049): the checkout is complete, the debit is processing. Shown as
    // "Lastschrift in Bearbeitung"; not paid, not confirmed, the dates stay held.
    if (
      kind === "state" &&
      session.status === "complete" &&
      session.payment_status === "unpaid" &&
      booking.status === "pending" &&
      booking.amountPaid === 0
    ) {
      const [marked] = await tx
        .update(b)
        .set({ stripePaymentProcessingSince: new Date() })
        .where(and(eq(b.id, booking.id), sql`${b.stripePaymentProcessingSince} is null`))
        .returning({ id: b.id });
      if (marked) {
        await tx.insert(schema.auditLog).values({
          actorId: null,
          entity: "booking",
          entityId: booking.id,
          action: "payment-processing",
          after: { method: booking.paymentMethod, sessionId: session.id },
        });
      }
      return;
    }
    if ((kind === "expired" || kind === "failed") && booking.status === "pending") {
      const [cancelled] = await tx
        .update(b)
        .set({ status: "cancelled", cancellationFee: 0, stripePaymentProcessingSince: null })
        .where(and(eq(b.id, booking.id), eq(b.amountPaid, 0)))
        .returning({ id: b.id });
      if (!cancelled) return;
      await tx.insert(schema.auditLog).values({
        actorId: null,
        entity: "booking",
        entityId: booking.id,
        action: "status-change",
        before: { status: "pending" },
        after: {
          status: "cancelled",
          reason: kind === "expired" ? "checkout-expired" : "payment-failed",
        },
      });
      if (booking.userId) {
        await enqueueEmail(tx, {
          to: booking.guestEmail,
          template: "checkout-expired",
          bookingId: booking.id,
          data: { ...mail, propertyId: booking.propertyId },
        });
      }
    }
  });
  return { lateRefundOf };
}

async function recordPaid(
  tx: Tx,
  booking: HeldBooking,
  session: Pick<
    Stripe.Checkout.Session,
    "id" | "amount_total" | "currency" | "payment_intent" | "customer" | "metadata"
  >,
  mail: Omit<EmailTemplateData<"booking-confirmed">, "receipt">,
  companyEmail: string,
): Promise<"recorded" | "late" | "none"> {
  const { dueNow, balance } = checkoutSchedule(booking);
  // Our booking says what this session was for; a session that charged something else is not
  // ours to book (it would be a configuration error or tampering), so it confirms nothing.
  if (session.amount_total !== dueNow.amount || session.currency?.toLowerCase() !== "eur") {
    logger.error(
      {
        bookingId: booking.id,
        sessionId: session.id,
        expected: dueNow.amount,
        got: session.amount_total,
      },
      "Stripe session amount does not match the booking",
    );
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "payment-mismatch",
      after: { sessionId: session.id, expected: dueNow.amount, received: session.amount_total },
    });
    return "none";
  }
  const today = todayInBerlin();
  const isHeld = booking.status !== "cancelled";
  const intent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  const [payment] = await tx
    .insert(schema.payment)
    .values({
      bookingId: booking.id,
      method: booking.paymentMethod,
      amount: dueNow.amount,
      receivedOn: today,
      note: isHeld
        ? `Stripe ${intent ?? session.id}`
        : `Stripe ${intent ?? session.id} – nach Ablauf der Reservierung eingegangen, zu erstatten`,
      stripeCheckoutSessionId: session.id,
      stripePaymentIntentId: intent ?? null,
      refundDue: !isHeld,
    })
    .onConflictDoNothing()
    .returning({ id: schema.payment.id });
  // The session's payment is recorded already (a repeated or second event about it).
  if (!payment) return "none";

  if (!isHeld) {
    // Paid back in full, automatically (decision 049): the booking stays cancelled, its nights
    // may be someone else's. One payment row per session (unique), so one refund and one
    // e-mail to the admins however often the event arrives; sent to Stripe after the commit.
    await refundLatePayment(tx, {
      booking,
      amount: dueNow.amount,
      reason: "hold-expired",
      reference: session.id,
    });
    return "late";
  }
  await tx.insert(schema.auditLog).values({
    actorId: null,
    entity: "booking",
    entityId: booking.id,
    action: "online-payment",
    after: {
      amount: dueNow.amount,
      method: booking.paymentMethod,
      receivedOn: today,
      // How the balance follows (the success page reads it here, decision 066).
      ...(balance ? { balanceBy: balanceByOf(session.metadata) } : {}),
    },
  });
  if (booking.status !== "pending") return "recorded";
  const customer = typeof session.customer === "string" ? session.customer : session.customer?.id;
  // The saved method's customer, for charging the balance off-session (decision 049).
  await tx
    .update(b)
    .set({
      status: "confirmed",
      stripeCustomerId: customer ?? null,
      stripePaymentProcessingSince: null,
    })
    .where(eq(b.id, booking.id));
  await tx.insert(schema.auditLog).values({
    actorId: null,
    entity: "booking",
    entityId: booking.id,
    action: "status-change",
    before: { status: "pending" },
    after: { status: "confirmed", reason: "online-payment" },
  });
  await enqueueEmail(tx, {
    to: booking.guestEmail,
    template: "booking-confirmed",
    bookingId: booking.id,
    data: {
      ...mail,
      receipt: {
        amount: dueNow.amount,
        paidOn: today,
        open: balance?.amount ?? 0,
        nextDueDate: balance?.dueDate ?? null,
        balanceBy: balanceByOf(session.metadata),
      },
    },
  });
  // The operator hears of an online booking once it is paid (a held, unpaid one may vanish).
  const { contract: _contract, ...stay } = mail;
  await enqueueEmail(tx, {
    to: companyEmail,
    template: "booking-new",
    bookingId: booking.id,
    data: {
      ...stay,
      language: "de",
      guestEmail: booking.guestEmail,
      guestPhone: booking.guestPhone,
      specialRequests: booking.specialRequests,
      bookingId: booking.id,
      confirmed: true,
    },
  });
  return "recorded";
}

/** For /admin/settings › Buchungen: the last webhook event received (type and time). */
export async function lastStripeEvent() {
  const [row] = await db()
    .select({ type: schema.stripeEvent.type, receivedAt: schema.stripeEvent.receivedAt })
    .from(schema.stripeEvent)
    .orderBy(sql`${schema.stripeEvent.receivedAt} desc`)
    .limit(1);
  return row ?? null;
}

export type OnlinePaymentView =
  /** held, its checkout not paid (yet): "Zahlung wird bestätigt…"; the page keeps asking */
  | {
      state: "waiting";
      /** Stripe's page while the session is open, for "Zur Zahlung zurückkehren" */
      checkoutUrl: string | null;
      /** ISO time the hold ends */
      holdUntil: string | null;
    }
  /** SEPA: the checkout is complete, the debit is processing ("Lastschrift in Bearbeitung") */
  | { state: "processing" }
  /** the webhook confirmed the payment: the receipt, from our payments and the schedule */
  | {
      state: "paid";
      amount: number;
      open: number;
      nextDueDate: string | null;
      /** how the open balance will be paid (saved method, or a payment link on its due date) */
      balanceBy: BalanceBy;
    }
  /** cancelled without a payment (expired, failed or given up) */
  | { state: "expired" };

/**
 * What the success page says about an online payment: only what our database knows from the
 * signed webhook, never what the return URL claims.
 */
export async function onlinePaymentView(bookingId: string): Promise<OnlinePaymentView | null> {
  const [booking] = await selectBooking(db()).where(eq(b.id, bookingId)).limit(1);
  if (!booking || !isOnlineMethod(booking.paymentMethod)) return null;
  if (booking.amountPaid > 0 && booking.status !== "cancelled") {
    const { balance } = checkoutSchedule(booking);
    const open = Math.max(0, booking.totalPrice - booking.amountPaid);
    return {
      state: "paid",
      amount: booking.amountPaid,
      open,
      nextDueDate: open > 0 ? (balance?.dueDate ?? null) : null,
      balanceBy: open > 0 ? await balanceByOfBooking(booking.id) : BALANCE_SAVED,
    };
  }
  if (booking.status === "pending" && booking.processingSince) return { state: "processing" };
  if (booking.status === "pending") {
    const isOpen =
      booking.checkoutExpiresAt !== null && booking.checkoutExpiresAt.getTime() > Date.now();
    return {
      state: "waiting",
      checkoutUrl: isOpen ? booking.checkoutUrl : null,
      holdUntil: booking.checkoutExpiresAt?.toISOString() ?? null,
    };
  }
  return { state: "expired" };
}

/**
 * /admin/settings › Buchungen: what is set up for online payment (decision 044), without a
 * single character of the keys themselves.
 */
export async function stripeChecklist(): Promise<StripeChecklist> {
  const env = getEnv();
  const last = await lastStripeEvent();
  const key = env.STRIPE_SECRET_KEY;
  return {
    secretKey: key ? (/^(sk|rk)_test_/.test(key) ? "test" : "live") : null,
    hasWebhookSecret: Boolean(env.STRIPE_WEBHOOK_SECRET),
    webhookUrl: `${env.BASE_URL}/api/stripe/webhook`,
    lastEvent: last ? { type: last.type, receivedAt: last.receivedAt.toISOString() } : null,
    events: STRIPE_WEBHOOK_EVENTS,
  };
}

/**
 * Online bookings whose checkout never started: the process stopped (or the database failed)
 * between storing the booking and storing its Stripe session. No session can be created for
 * them any more (START_WINDOW_MS), so nothing will ever settle them: their nights are released,
 * as when the start fails in front of the guest. The margin leaves a slow Stripe call that began
 * inside the window (the SDK's timeout and retries take minutes at most) time to write its
 * session first.
 */
const UNSTARTED_AFTER_MS = 15 * 60_000;
const ONLINE_METHODS = Object.keys(CHECKOUT_TYPES);

async function releaseUnstartedHolds(now: Date): Promise<number> {
  const unstarted = await db()
    .select({ id: b.id })
    .from(b)
    .where(
      and(
        eq(b.status, "pending"),
        eq(b.amountPaid, 0),
        inArray(b.paymentMethod, ONLINE_METHODS),
        sql`${b.stripeCheckoutSessionId} is null`,
        // Whatever the record lacks, a debit on its way is settled by its webhook, not here.
        sql`${b.stripePaymentProcessingSince} is null`,
        lt(b.createdAt, new Date(now.getTime() - UNSTARTED_AFTER_MS)),
      ),
    )
    .limit(100);
  for (const hold of unstarted) await releaseHold(hold.id, "checkout-not-started");
  return unstarted.length;
}

/**
 * The safety net for a lost webhook: held online bookings whose checkout ended more than five
 * minutes ago are looked up at Stripe (the source of truth, not a guess) and settled like the
 * webhook would have: paid → confirmed, expired → released. Run by the 15-minute booking job, so
 * a misconfigured webhook cannot block dates for ever. Holds whose checkout never started are
 * released first (also without Stripe keys); SEPA deposits whose debit has been processing for
 * more than a day are looked up too (decision 070). Returns how many holds it settled.
 */
export async function settleLapsedHolds(now = new Date()): Promise<number> {
  let settled = await releaseUnstartedHolds(now);
  const client = stripeClient();
  if (!client) return settled;
  const lapsed = await db()
    .select({ id: b.id, sessionId: b.stripeCheckoutSessionId })
    .from(b)
    .where(
      and(
        eq(b.status, "pending"),
        eq(b.amountPaid, 0),
        sql`${b.stripeCheckoutSessionId} is not null`,
        // A debit in processing is settled by its async_payment_* event, which takes days.
        sql`${b.stripePaymentProcessingSince} is null`,
        sql`${b.stripeCheckoutExpiresAt} < ${new Date(now.getTime() - 5 * 60_000)}`,
      ),
    )
    .limit(100);
  for (const hold of lapsed) {
    try {
      const session = await client.checkout.sessions.retrieve(hold.sessionId!);
      if (session.status === "expired") await applyCheckoutSession(session, "expired");
      else if (session.payment_status === "paid") await applyCheckoutSession(session, "state");
      else continue;
      settled++;
    } catch (error) {
      logger.error(
        { err: { message: (error as Error).message }, bookingId: hold.id },
        "looking up a lapsed checkout at Stripe failed",
      );
    }
  }
  settled += await lookUpProcessingDeposits(client, now);
  return settled;
}

/**
 * A SEPA deposit's debit takes days; only `checkout.session.async_payment_succeeded/failed`
 * settles it, and if that event is lost the booking would stay "Lastschrift in Bearbeitung", its
 * nights held, for ever (decision 070). A debit processing for more than a day is asked at Stripe
 * and settled exactly as the event would: succeeded → confirmed, failed → released. One still
 * processing is asked again a day later: the look-up moves the booking's `updated_at` (nothing
 * else reads it), never `stripe_payment_processing_since`, which the guest and admin see.
 */
const DEPOSIT_LOOKUP_AFTER_MS = 24 * 3_600_000;

async function lookUpProcessingDeposits(client: Stripe, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DEPOSIT_LOOKUP_AFTER_MS);
  const waiting = await db()
    .select({ id: b.id, sessionId: b.stripeCheckoutSessionId })
    .from(b)
    .where(
      and(
        eq(b.status, "pending"),
        eq(b.amountPaid, 0),
        isNotNull(b.stripeCheckoutSessionId),
        lt(b.stripePaymentProcessingSince, dayAgo),
        // Asked at most once a day: the mark below, or any other change of the booking.
        lt(b.updatedAt, dayAgo),
      ),
    )
    .orderBy(b.stripePaymentProcessingSince)
    .limit(50);
  let settled = 0;
  for (const hold of waiting) {
    try {
      const outcome = await lookUpDeposit(client, hold.sessionId!);
      if (outcome === "processing") {
        await db()
          .update(b)
          .set({ updatedAt: now })
          .where(and(eq(b.id, hold.id), eq(b.status, "pending")));
      } else if (outcome === "settled") {
        settled++;
      }
    } catch (error) {
      const type = (error as { type?: string }).type;
      logger.error(
        { err: { message: (error as Error).message, type }, bookingId: hold.id },
        "looking up a processing SEPA deposit at Stripe failed",
      );
      // Stripe unreachable: the next run (15 minutes later) asks again. A session Stripe does
      // not know (keys of another account, say) will not be known in 15 minutes either: asked
      // again the next day, so such bookings cannot keep the others out of the run's limit.
      if (type === "StripeInvalidRequestError") {
        await db()
          .update(b)
          .set({ updatedAt: now })
          .where(and(eq(b.id, hold.id), eq(b.status, "pending")))
          // Not marked: only asked again sooner; the job must go on.
          .catch(() => {});
      }
    }
  }
  return settled;
}

/**
 * What Stripe says about one processing deposit. The Checkout Session of an asynchronous method
 * stays `complete`/`unpaid` while the debit runs and after it failed; it turns `paid` when the
 * money arrived. Its PaymentIntent tells the rest: `processing` while the bank has not answered,
 * `requires_payment_method` after a failed attempt (or `canceled`), as Stripe's PaymentIntent
 * lifecycle describes.
 */
async function lookUpDeposit(
  client: Stripe,
  sessionId: string,
): Promise<"settled" | "processing" | "unclear"> {
  const session = await client.checkout.sessions.retrieve(sessionId);
  if (session.payment_status === "paid") {
    const { lateRefundOf } = await applyCheckoutSession(session, "state");
    // Cancelled by the admin in the meantime: the money goes back at once, as the webhook does.
    if (lateRefundOf) await sendOnlineRefundsOf(lateRefundOf);
    return "settled";
  }
  const intentId =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  if (session.status !== "complete" || !intentId) {
    logger.warn(
      { sessionId, status: session.status, paymentStatus: session.payment_status },
      "processing SEPA deposit: its checkout session is not complete or has no payment",
    );
    return "processing";
  }
  const intent = await client.paymentIntents.retrieve(intentId);
  if (intent.status === "requires_payment_method" || intent.status === "canceled") {
    await applyCheckoutSession(session, "failed");
    return "settled";
  }
  // Succeeded, but the session does not say paid yet: asked again at the next run, so the
  // money is recorded from the session as the webhook would (its amount, its customer).
  if (intent.status === "succeeded") return "unclear";
  return "processing";
}
