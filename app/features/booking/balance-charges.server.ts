import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { dayInBerlin, todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import { enqueueEmail } from "~/features/email/outbox.server";
import { emailCompany } from "~/features/email/templates";
import { getSettings } from "~/features/settings/settings.server";
import type { PaymentMethod } from "~/features/settings/settings";
import { db, schema } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { periodicJob } from "~/lib/periodic-job.server";
import { stripeClient, type Stripe } from "~/lib/stripe.server";

/**
 * The balance of an online booking (spec/09-payments.md "Balance, reminders…", decision 049):
 * on its due date (the one payment schedule) the payment method saved at the first checkout is
 * charged off-session. Success → payment recorded, receipt e-mail. Failure (the bank wants
 * strong authentication, the card is declined) → the guest gets a payment link (a Checkout
 * Session for the balance, 24 hours) and the job tries again at most once a day, up to
 * MAX_BALANCE_ATTEMPTS times; the admin sees it in the booking's history.
 *
 * Everything is computed from the data (what is due by today and not paid), so a run after
 * downtime catches up; the `balance_charge` row is claimed before Stripe is called, so several
 * processes charge a due date once.
 */

const b = schema.booking;
const bc = schema.balanceCharge;
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

const ONLINE = ["credit-card", "paypal"];
export const MAX_BALANCE_ATTEMPTS = 4;
const LINK_HOURS = 24;

function balanceOf(booking: {
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
  return schedule[1] ?? null;
}

const bookingColumns = {
  id: b.id,
  number: b.number,
  userId: b.userId,
  status: b.status,
  paymentMethod: b.paymentMethod,
  totalPrice: b.totalPrice,
  amountPaid: b.amountPaid,
  createdAt: b.createdAt,
  checkIn: b.checkIn,
  checkOut: b.checkOut,
  nights: b.nights,
  guests: b.guests,
  guestName: b.guestName,
  guestEmail: b.guestEmail,
  depositPercentage: b.depositPercentage,
  balanceDueDays: b.balanceDueDays,
  customerId: b.stripeCustomerId,
  paymentMethodId: b.stripePaymentMethodId,
  propertyTitle: schema.property.title,
  propertyLocation: schema.property.location,
  language: sql<string>`coalesce(${schema.profile.language}, 'de')`,
};
function selectChargeBooking(executor: Tx | ReturnType<typeof db>) {
  return executor
    .select(bookingColumns)
    .from(b)
    .innerJoin(schema.property, eq(schema.property.id, b.propertyId))
    .leftJoin(schema.profile, eq(schema.profile.id, b.userId));
}
type ChargeBooking = Awaited<ReturnType<typeof selectChargeBooking>>[number];

async function stayMail(booking: ChargeBooking) {
  const settings = await getSettings();
  return {
    language: (booking.language === "en" ? "en" : "de") as "de" | "en",
    guestName: booking.guestName,
    bookingNumber: booking.number,
    propertyTitle: booking.propertyTitle,
    propertyLocation: booking.propertyLocation,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: booking.nights,
    guests: booking.guests,
    totalPrice: booking.totalPrice,
    paymentMethod: booking.paymentMethod as PaymentMethod,
    company: emailCompany(settings),
  };
}

export type BalanceRun = { charged: number; failed: number };

/** One run of the job: every online balance due by `now` (Berlin day) and still open. */
export async function chargeDueBalances(now = new Date()): Promise<BalanceRun> {
  const run: BalanceRun = { charged: 0, failed: 0 };
  const client = stripeClient();
  if (!client) return run;
  const today = dayInBerlin(now);
  const candidates = await selectChargeBooking(db())
    .where(
      and(
        eq(b.status, "confirmed"),
        inArray(b.paymentMethod, ONLINE),
        isNotNull(b.stripeCustomerId),
        lt(b.amountPaid, b.totalPrice),
        sql`${b.checkIn} - ${b.balanceDueDays} <= ${today}::date`,
      ),
    )
    .limit(200);
  for (const booking of candidates) {
    const balance = balanceOf(booking);
    if (!balance || balance.dueDate > today) continue;
    try {
      const outcome = await chargeBalance(client, booking, balance.dueDate, today);
      if (outcome === "charged") run.charged++;
      if (outcome === "failed") run.failed++;
    } catch (error) {
      logger.error({ err: error, bookingId: booking.id }, "charging a balance failed");
    }
  }
  return run;
}

/** Claims the (booking, due date) for this attempt: the first one, or a retry once a day. */
async function claim(bookingId: string, dueDate: string, amount: number, today: string) {
  const [first] = await db()
    .insert(bc)
    .values({ bookingId, dueDate, amount, status: "processing", lastAttemptOn: today })
    .onConflictDoNothing()
    .returning({ attempts: bc.attempts });
  if (first) return first.attempts;
  const [retry] = await db()
    .update(bc)
    .set({
      status: "processing",
      amount,
      attempts: sql`${bc.attempts} + 1`,
      lastAttemptOn: today,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(bc.bookingId, bookingId),
        eq(bc.dueDate, dueDate),
        eq(bc.status, "failed"),
        lt(bc.lastAttemptOn, today),
        lt(bc.attempts, MAX_BALANCE_ATTEMPTS),
      ),
    )
    .returning({ attempts: bc.attempts });
  return retry?.attempts ?? null;
}

async function chargeBalance(
  client: Stripe,
  booking: ChargeBooking,
  dueDate: string,
  today: string,
): Promise<"charged" | "failed" | "skipped"> {
  const attempt = await claim(booking.id, dueDate, booking.totalPrice - booking.amountPaid, today);
  if (attempt === null) return "skipped";
  // Read again after the claim: the candidate list may be minutes old by now, and a payment
  // recorded meanwhile (a transfer the admin entered, the payment link) must not be charged a
  // second time. What is left between this read and Stripe's answer is a moment, not a run.
  const [fresh] = await db()
    .select({ status: b.status, amountPaid: b.amountPaid, totalPrice: b.totalPrice })
    .from(b)
    .where(eq(b.id, booking.id));
  const amount = fresh ? fresh.totalPrice - fresh.amountPaid : 0;
  if (!fresh || fresh.status !== "confirmed" || amount <= 0) {
    await db()
      .delete(bc)
      .where(
        and(eq(bc.bookingId, booking.id), eq(bc.dueDate, dueDate), eq(bc.status, "processing")),
      );
    return "skipped";
  }
  if (amount !== booking.totalPrice - booking.amountPaid) {
    await db()
      .update(bc)
      .set({ amount })
      .where(and(eq(bc.bookingId, booking.id), eq(bc.dueDate, dueDate)));
  }

  let paymentMethod = booking.paymentMethodId;
  let intent: Stripe.PaymentIntent | null = null;
  let failure: { message: string; code: string | null; intentId: string | null } | null = null;
  try {
    if (!paymentMethod) paymentMethod = await savedPaymentMethod(client, booking.id);
    if (!paymentMethod) throw new Error("no saved payment method");
    intent = await client.paymentIntents.create(
      {
        amount,
        currency: "eur",
        customer: booking.customerId!,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        description: booking.number,
        metadata: { bookingId: booking.id, bookingNumber: booking.number, dueDate },
      },
      // One key per booking, due date and attempt: a repeated call of this attempt is the same
      // charge; the next day's retry is a new one (Stripe replays a declined key's answer).
      { idempotencyKey: `fw-balance-${booking.id}-${dueDate}-${attempt}` },
    );
    if (intent.status !== "succeeded") {
      failure = { message: `status ${intent.status}`, code: intent.status, intentId: intent.id };
    }
  } catch (error) {
    const e = error as {
      message: string;
      code?: string;
      raw?: { payment_intent?: { id: string } };
    };
    failure = {
      message: e.message,
      code: e.code ?? null,
      intentId: e.raw?.payment_intent?.id ?? null,
    };
  }

  if (!failure && intent) {
    await recordBalancePayment({
      bookingId: booking.id,
      dueDate,
      amount,
      intentId: intent.id,
      sessionId: null,
    });
    return "charged";
  }

  // The payment link: a Checkout Session for the balance, the saved customer prefilled.
  let link: { id: string; url: string; expiresAt: Date } | null = null;
  try {
    const expiresAt = Math.floor(Date.now() / 1000) + LINK_HOURS * 3600 - 60;
    // Back to the booking's detail, where the guest sees what is paid (decision 051).
    const url = `${getEnv().BASE_URL}/dashboard/bookings?booking=${booking.id}`;
    const session = await client.checkout.sessions.create(
      {
        mode: "payment",
        customer: booking.customerId!,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "eur",
              unit_amount: amount,
              product_data: { name: `${booking.number} · Restzahlung` },
            },
          },
        ],
        client_reference_id: booking.number,
        expires_at: expiresAt,
        metadata: { bookingId: booking.id, bookingNumber: booking.number, dueDate },
        payment_intent_data: {
          description: booking.number,
          metadata: { bookingId: booking.id, bookingNumber: booking.number },
        },
        success_url: url,
        cancel_url: url,
      },
      { idempotencyKey: `fw-balance-link-${booking.id}-${dueDate}-${attempt}` },
    );
    if (session.url) {
      link = { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    }
  } catch (error) {
    logger.error(
      { err: { message: (error as Error).message }, bookingId: booking.id },
      "creating the balance payment link failed",
    );
  }
  const mail = await stayMail(booking);
  await db().transaction(async (tx) => {
    await tx
      .update(bc)
      .set({
        status: "failed",
        lastError: failure!.code ?? failure!.message.slice(0, 200),
        paymentIntentId: failure!.intentId,
        ...(link ? { checkoutSessionId: link.id, checkoutUrl: link.url } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(bc.bookingId, booking.id), eq(bc.dueDate, dueDate)));
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "balance-charge-failed",
      after: {
        amount,
        dueDate,
        attempt,
        maxAttempts: MAX_BALANCE_ATTEMPTS,
        error: failure!.code ?? failure!.message.slice(0, 200),
        paymentLinkSent: Boolean(link),
      },
    });
    if (link) {
      await enqueueEmail(tx, {
        to: booking.guestEmail,
        template: "balance-payment-link",
        bookingId: booking.id,
        data: {
          ...mail,
          amount,
          dueDate,
          paymentUrl: link.url,
          linkExpiresAt: link.expiresAt.toISOString(),
        },
      });
    }
  });
  return "failed";
}

/** The payment method of the booking's first online payment, kept on the booking for next time. */
async function savedPaymentMethod(client: Stripe, bookingId: string) {
  const [first] = await db()
    .select({ intent: schema.payment.stripePaymentIntentId })
    .from(schema.payment)
    .where(
      and(eq(schema.payment.bookingId, bookingId), isNotNull(schema.payment.stripePaymentIntentId)),
    )
    .orderBy(schema.payment.createdAt)
    .limit(1);
  if (!first?.intent) return null;
  const intent = await client.paymentIntents.retrieve(first.intent);
  const method =
    typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  if (!method) return null;
  await db().update(b).set({ stripePaymentMethodId: method }).where(eq(b.id, bookingId));
  return method;
}

/**
 * Records a balance paid off-session or through the payment link: one payment per PaymentIntent
 * (unique), the receipt e-mail, the history entry. Also called by the webhook for the link's
 * Checkout Session (`tx` given then).
 */
export async function recordBalancePayment(
  input: {
    bookingId: string;
    dueDate: string;
    amount: number;
    intentId: string | null;
    sessionId: string | null;
  },
  outer?: Tx,
) {
  const work = async (tx: Tx) => {
    const [booking] = await selectChargeBooking(tx)
      .where(eq(b.id, input.bookingId))
      .for("update", { of: b });
    if (!booking) return false;
    const today = todayInBerlin();
    const [payment] = await tx
      .insert(schema.payment)
      .values({
        bookingId: booking.id,
        method: booking.paymentMethod,
        amount: input.amount,
        receivedOn: today,
        note: `Stripe ${input.intentId ?? input.sessionId} – Restzahlung`,
        stripePaymentIntentId: input.intentId,
        stripeCheckoutSessionId: input.sessionId,
      })
      .onConflictDoNothing()
      .returning({ id: schema.payment.id });
    if (!payment) return false;
    await tx
      .update(bc)
      .set({
        status: "succeeded",
        lastError: null,
        paymentIntentId: input.intentId,
        updatedAt: new Date(),
      })
      .where(and(eq(bc.bookingId, booking.id), eq(bc.dueDate, input.dueDate)));
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "online-payment",
      after: {
        amount: input.amount,
        method: booking.paymentMethod,
        receivedOn: today,
        instalment: "balance",
      },
    });
    await enqueueEmail(tx, {
      to: booking.guestEmail,
      template: "balance-paid",
      bookingId: booking.id,
      data: {
        ...(await stayMail(booking)),
        amount: input.amount,
        paidOn: today,
        paidTotal: booking.amountPaid + input.amount,
      },
    });
    return true;
  };
  return outer ? work(outer) : db().transaction(work);
}

/**
 * The webhook's part: a paid Checkout Session that is a balance payment link. Found by OUR stored
 * session id; the amount recorded is the one we asked for, and a session that charged something
 * else records nothing. Returns false when the session is not a payment link.
 */
export async function applyBalanceLinkSession(
  tx: Tx,
  session: Pick<
    Stripe.Checkout.Session,
    "id" | "payment_status" | "amount_total" | "payment_intent"
  >,
) {
  const [charge] = await tx
    .select({ bookingId: bc.bookingId, dueDate: bc.dueDate, amount: bc.amount })
    .from(bc)
    .where(eq(bc.checkoutSessionId, session.id));
  if (!charge) return false;
  if (session.payment_status !== "paid") return true;
  if (session.amount_total !== charge.amount) {
    logger.error({ sessionId: session.id }, "balance link paid a different amount");
    return true;
  }
  const intent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  await recordBalancePayment({ ...charge, intentId: intent ?? null, sessionId: session.id }, tx);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Running in the server: with the hourly payment jobs (every process; the claim makes it safe).

const job = periodicJob("balance-charges", {
  everyMs: 60 * 60 * 1000,
  run: async () => {
    const result = await chargeDueBalances();
    if (result.charged + result.failed > 0) logger.info(result, "online balances charged");
  },
});
export const startBalanceChargeJob = job.start;
export const stopBalanceChargeJob = job.stop;
