import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { dayInBerlin, todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { SiteSettings } from "~/features/settings/settings";
import { getSettingsStrict } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { formatMoney } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { periodicJob } from "~/lib/periodic-job.server";
import { stripeClient, type Stripe } from "~/lib/stripe.server";
import { stayMail } from "./locked-booking.server";
import { openAmountOf, refundLatePayment } from "./refunds.server";
import { sendOnlineRefundsOf } from "./stripe-refunds.server";

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

/** SEPA too (decision 051): the mandate of the first debit is charged; the bank answers days later. */
const ONLINE = ["credit-card", "paypal", "sepa-debit"];
export const MAX_BALANCE_ATTEMPTS = 4;
const LINK_HOURS = 24;
const STUCK_CLAIM_MS = 60 * 60 * 1000;
/** Candidates per run; those that cannot proceed today are not among them (decision 072). */
const CANDIDATES_PER_RUN = 200;

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

/**
 * How the balance of an online booking is paid (decision 066): charged to the method saved at
 * the checkout, or – PayPal could not be saved (decision 051) – through a payment link on its
 * due date. The checkout records it in the first online payment's history entry.
 */
export type BalanceBy = "saved-method" | "payment-link";
export const BALANCE_SAVED: BalanceBy = "saved-method";
export const BALANCE_BY_LINK: BalanceBy = "payment-link";

/** What the first online payment's history entry recorded about the balance (decision 066). */
export async function balanceByOfBooking(
  bookingId: string,
  /** the caller's transaction, when it has one open (on PGlite a query beside it would wait) */
  executor: Tx | ReturnType<typeof db> = db(),
): Promise<BalanceBy> {
  const [entry] = await executor
    .select({ balanceBy: sql<string | null>`${schema.auditLog.after} ->> 'balanceBy'` })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.entity, "booking"),
        eq(schema.auditLog.entityId, bookingId),
        eq(schema.auditLog.action, "online-payment"),
      ),
    )
    .orderBy(schema.auditLog.createdAt)
    .limit(1);
  return entry?.balanceBy === BALANCE_BY_LINK ? BALANCE_BY_LINK : BALANCE_SAVED;
}

export type BalanceRun = { charged: number; failed: number; processing: number };

/** One run of the job: every online balance due by `now` (Berlin day) and still open. */
export async function chargeDueBalances(now = new Date()): Promise<BalanceRun> {
  const run: BalanceRun = { charged: 0, failed: 0, processing: 0 };
  const client = stripeClient();
  if (!client) return run;
  const today = dayInBerlin(now);
  await lookUpProcessingDebits(client, now);
  // The balance's due date as the schedule puts it (balanceOf below decides exactly): it puts no
  // payment on the day of arrival, so 0 balance days mean the day before.
  const dueDay = sql`(${b.checkIn} - greatest(${b.balanceDueDays}, 1))`;
  const stuckBefore = new Date(Date.now() - STUCK_CLAIM_MS);
  const candidates = await selectChargeBooking(db())
    .where(
      and(
        eq(b.status, "confirmed"),
        inArray(b.paymentMethod, ONLINE),
        isNotNull(b.stripeCustomerId),
        lt(b.amountPaid, b.totalPrice),
        sql`${dueDay} <= ${today}::date`,
        // Claims that cannot proceed today are left out (decision 072): otherwise a few hundred
        // of them (given up, a debit the bank has not answered, tried today) would fill every
        // run and a newly due balance would never be charged.
        sql`not exists (
          select 1 from ${bc} c
          where c.booking_id = ${b.id} and c.due_date = ${dueDay}
            and (c.status = 'succeeded'
              or (c.status = 'processing'
                and (c.payment_intent_id is not null or c.updated_at >= ${stuckBefore}))
              or (c.status = 'failed'
                and (c.attempts >= ${MAX_BALANCE_ATTEMPTS} or c.last_attempt_on >= ${today}::date))))`,
      ),
    )
    .orderBy(dueDay, b.id)
    .limit(CANDIDATES_PER_RUN);
  for (const booking of candidates) {
    const balance = balanceOf(booking);
    if (!balance || balance.dueDate > today) continue;
    try {
      const outcome = await chargeBalance(client, booking, balance.dueDate, today, now);
      if (outcome === "charged") run.charged++;
      if (outcome === "failed") run.failed++;
      if (outcome === "processing") run.processing++;
    } catch (error) {
      logger.error({ err: error, bookingId: booking.id }, "charging a balance failed");
    }
  }
  return run;
}

/**
 * Claims the (booking, due date) for this attempt: the first one, or a retry once a day – only
 * while the row still names the payment link `openLinkBlocks` found settled (a process that sent
 * a newer link meanwhile wins).
 */
async function claim(
  bookingId: string,
  dueDate: string,
  amount: number,
  today: string,
  checkedLink: string | null,
) {
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
        sql`${bc.checkoutSessionId} is not distinct from ${checkedLink}`,
      ),
    )
    .returning({ attempts: bc.attempts });
  if (retry) return retry.attempts;
  // A claim whose process died before Stripe answered (no PaymentIntent stored, untouched for
  // an hour): the same attempt again. Its idempotency key is the same, so a charge Stripe made
  // then is answered again, never made twice.
  const [stuck] = await db()
    .update(bc)
    .set({ amount, lastAttemptOn: today, updatedAt: new Date() })
    .where(
      and(
        eq(bc.bookingId, bookingId),
        eq(bc.dueDate, dueDate),
        eq(bc.status, "processing"),
        isNull(bc.paymentIntentId),
        lt(bc.updatedAt, new Date(Date.now() - STUCK_CLAIM_MS)),
      ),
    )
    .returning({ attempts: bc.attempts });
  return stuck?.attempts ?? null;
}

async function chargeBalance(
  client: Stripe,
  booking: ChargeBooking,
  dueDate: string,
  today: string,
  now: Date,
): Promise<"charged" | "failed" | "processing" | "skipped"> {
  const link = await openLinkBlocks(client, booking.id, dueDate, today, now);
  if (link.blocks) return "skipped";
  // Before anything is claimed or charged (decision 087): the receipt or the payment link e-mail
  // names the company, never the demo's of a failed read. A throw leaves this balance to the
  // next run.
  const settings = await getSettingsStrict();
  const attempt = await claim(
    booking.id,
    dueDate,
    booking.totalPrice - booking.amountPaid,
    today,
    link.sessionId,
  );
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
    if (intent.status !== "succeeded" && intent.status !== "processing") {
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

  // A SEPA debit: the bank answers in days (after the try: a failure to write this must not
  // be taken for a failed charge and send a payment link beside a running debit).
  if (!failure && intent?.status === "processing") {
    await markDebitProcessing(booking.id, dueDate, intent.id, amount);
    return "processing";
  }
  if (!failure && intent) {
    const recorded = await recordBalancePayment(
      { bookingId: booking.id, dueDate, amount, intentId: intent.id, sessionId: null },
      { settings },
    );
    // Cancelled while Stripe was charging: the money goes straight back.
    if (recorded === "late") await sendOnlineRefundsOf(booking.id);
    return "charged";
  }

  await failBalanceCharge(client, booking, settings, {
    dueDate,
    amount,
    attempt,
    failure: failure!,
    today,
  });
  return "failed";
}

/**
 * The payment link e-mailed after the last failed attempt, while the guest can still pay it:
 * no new debit or charge may start beside it, or the balance is collected twice (audit 19,
 * decision 072). Stripe says what became of it: expired → the next attempt may go; open until
 * its end (the time the e-mail promised) → wait; open past its end → expired at Stripe now
 * (Stripe refuses when it was paid in that moment: the next run sees it paid); paid → recorded
 * here as the webhook would (its event may be lost or late), and nothing is charged; complete
 * but unpaid (an asynchronous method) → wait while its payment is under way, go once it failed.
 */
async function openLinkBlocks(
  client: Stripe,
  bookingId: string,
  dueDate: string,
  today: string,
  now: Date,
): Promise<{ blocks: boolean; sessionId: string | null }> {
  const [row] = await db()
    .select({
      status: bc.status,
      sessionId: bc.checkoutSessionId,
      attempts: bc.attempts,
      lastAttemptOn: bc.lastAttemptOn,
    })
    .from(bc)
    .where(and(eq(bc.bookingId, bookingId), eq(bc.dueDate, dueDate)));
  const sessionId = row?.sessionId ?? null;
  if (!row || row.status !== "failed" || !sessionId) return { blocks: false, sessionId };
  // No retry today anyway (the claim would refuse it): Stripe is not asked.
  if (row.lastAttemptOn >= today || row.attempts >= MAX_BALANCE_ATTEMPTS) {
    return { blocks: true, sessionId };
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await client.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    // Unknown to Stripe (another account or mode): nobody can pay it. Anything else (Stripe
    // unreachable): asked again on the next run.
    if ((error as { code?: string }).code === "resource_missing") {
      return { blocks: false, sessionId };
    }
    throw error;
  }
  if (session.status === "open" && session.expires_at * 1000 <= now.getTime()) {
    session = await client.checkout.sessions.expire(sessionId);
  }
  if (session.status === "expired") return { blocks: false, sessionId };
  if (session.status === "complete" && session.payment_status === "paid") {
    // Read before the transaction (decision 087): the receipt names the company.
    const settings = await getSettingsStrict();
    const applied = await db().transaction((tx) =>
      applyBalanceLinkSession(tx, session, "state", settings),
    );
    if (applied?.outcome === "late") await sendOnlineRefundsOf(bookingId);
    return { blocks: true, sessionId };
  }
  if (session.status === "complete") {
    // Completed but not paid: the guest chose a method that takes days (a debit) – wait while
    // its payment is under way; once it failed, the link cannot be paid any more.
    const intentId =
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : session.payment_intent?.id;
    if (!intentId) return { blocks: false, sessionId };
    const intent = await client.paymentIntents.retrieve(intentId);
    const failed = intent.status === "requires_payment_method" || intent.status === "canceled";
    return { blocks: !failed, sessionId };
  }
  return { blocks: true, sessionId };
}

/**
 * A balance charge that failed (at once, or a debit the bank returned): the guest gets a payment
 * link (a Checkout Session for the balance, the saved customer prefilled) by e-mail, and the
 * failure is kept for the admin (balance_charge, history). The next day's run may try again, once
 * the link can no longer be paid (`openLinkBlocks`).
 */
async function failBalanceCharge(
  client: Stripe,
  booking: ChargeBooking,
  /** read strictly by the caller before it claimed the attempt */
  settings: SiteSettings,
  {
    dueDate,
    amount,
    attempt,
    failure,
    today,
  }: {
    dueDate: string;
    amount: number;
    attempt: number;
    failure: { message: string; code: string | null; intentId: string | null };
    /** the day of the failure: it counts as that day's attempt (decision 072) */
    today: string;
  },
) {
  // The payment link: a Checkout Session for the balance, the saved customer prefilled.
  let link: { id: string; url: string; expiresAt: Date } | null = null;
  try {
    const expiresAt = Math.floor(Date.now() / 1000) + LINK_HOURS * 3600 - 60;
    // Back to the booking's detail, where the guest sees what is paid (decision 053).
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
  const mail = stayMail(booking, settings);
  // The link e-mail says why there is a link: a failed charge, or no method saved (decision 066).
  const balanceBy = await balanceByOfBooking(booking.id);
  await db().transaction(async (tx) => {
    await tx
      .update(bc)
      .set({
        status: "failed",
        // A debit the bank returns days later is that day's attempt: the next one comes the
        // next day at the earliest, and only once this link can no longer be paid.
        lastAttemptOn: today,
        lastError: failure.code ?? failure.message.slice(0, 200),
        paymentIntentId: failure.intentId,
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
        error: failure.code ?? failure.message.slice(0, 200),
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
          balanceBy,
        },
      });
    }
  });
}

/**
 * A SEPA debit of the balance is under way (decision 051): the claim keeps "processing" with the
 * PaymentIntent, and the booking shows "Lastschrift in Bearbeitung" until Stripe's
 * `payment_intent.succeeded` or `payment_intent.payment_failed` arrives (or the job looks it up).
 */
async function markDebitProcessing(
  bookingId: string,
  dueDate: string,
  intentId: string,
  amount: number,
) {
  await db().transaction(async (tx) => {
    await tx
      .update(bc)
      .set({ paymentIntentId: intentId, updatedAt: new Date() })
      .where(and(eq(bc.bookingId, bookingId), eq(bc.dueDate, dueDate)));
    await tx.update(b).set({ stripePaymentProcessingSince: new Date() }).where(eq(b.id, bookingId));
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: bookingId,
      action: "payment-processing",
      after: { method: "sepa-debit", amount, dueDate, instalment: "balance" },
    });
  });
}

/**
 * What Stripe says about an off-session balance PaymentIntent (the webhook's
 * `payment_intent.succeeded` / `payment_intent.payment_failed`, or the job's look-up), found by
 * OUR stored PaymentIntent id. A success is recorded whatever the row says meanwhile (decision
 * 072: money Stripe took is never ignored; the payment is unique per intent, so a card charge
 * recorded when Stripe answered is not recorded again, and money beyond what is owed goes back).
 * A failure applies only to a debit still processing. Returns the booking when money must go
 * back (it was cancelled meanwhile, or the balance was paid already).
 */
export async function applyBalanceIntent(
  intent: Pick<Stripe.PaymentIntent, "id" | "status" | "last_payment_error" | "amount">,
  now = new Date(),
): Promise<{ lateRefundOf: string | null }> {
  const [charge] = await db()
    .select({
      bookingId: bc.bookingId,
      dueDate: bc.dueDate,
      amount: bc.amount,
      attempts: bc.attempts,
      status: bc.status,
    })
    .from(bc)
    .where(eq(bc.paymentIntentId, intent.id));
  if (!charge) return { lateRefundOf: null };
  if (intent.status === "succeeded") {
    const outcome = await recordBalancePayment({
      bookingId: charge.bookingId,
      dueDate: charge.dueDate,
      // What Stripe took (the amount asked for, unless the event says otherwise).
      amount:
        typeof intent.amount === "number" && intent.amount > 0 ? intent.amount : charge.amount,
      intentId: intent.id,
      sessionId: null,
    });
    return { lateRefundOf: outcome === "late" ? charge.bookingId : null };
  }
  if (charge.status !== "processing") return { lateRefundOf: null };
  if (intent.status !== "requires_payment_method" && intent.status !== "canceled") {
    return { lateRefundOf: null };
  }
  const client = stripeClient();
  const [booking] = await selectChargeBooking(db()).where(eq(b.id, charge.bookingId));
  if (!client || !booking) return { lateRefundOf: null };
  // Before the claim (decision 087): a throw here leaves the debit "processing", so the event's
  // next delivery (the webhook answers 503) or the job's look-up sends the link; after the
  // claim nothing would.
  const settings = await getSettingsStrict();
  // Claimed by the state change, so a repeated event sends no second link.
  const [claimed] = await db()
    .update(bc)
    .set({ status: "failed", updatedAt: new Date() })
    .where(
      and(
        eq(bc.bookingId, charge.bookingId),
        eq(bc.dueDate, charge.dueDate),
        eq(bc.status, "processing"),
      ),
    )
    .returning({ bookingId: bc.bookingId });
  if (!claimed) return { lateRefundOf: null };
  await db()
    .update(b)
    .set({ stripePaymentProcessingSince: null })
    .where(eq(b.id, charge.bookingId));
  if (booking.status === "cancelled") return { lateRefundOf: null };
  await failBalanceCharge(client, booking, settings, {
    dueDate: charge.dueDate,
    amount: charge.amount,
    attempt: charge.attempts,
    failure: {
      message: intent.last_payment_error?.message ?? "debit failed",
      code: intent.last_payment_error?.code ?? "debit_failed",
      intentId: intent.id,
    },
    today: dayInBerlin(now),
  });
  return { lateRefundOf: null };
}

/** Debits processing for more than a day whose event may be lost: asked at Stripe. */
async function lookUpProcessingDebits(client: Stripe, now: Date) {
  const waiting = await db()
    .select({ intentId: bc.paymentIntentId })
    .from(bc)
    .where(
      and(
        eq(bc.status, "processing"),
        isNotNull(bc.paymentIntentId),
        lt(bc.updatedAt, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    )
    .limit(50);
  for (const row of waiting) {
    try {
      const intent = await client.paymentIntents.retrieve(row.intentId!);
      const { lateRefundOf } = await applyBalanceIntent(intent, now);
      if (lateRefundOf) await sendOnlineRefundsOf(lateRefundOf);
      if (intent.status === "processing") {
        await db().update(bc).set({ updatedAt: now }).where(eq(bc.paymentIntentId, row.intentId!));
      }
    } catch (error) {
      logger.error(
        { err: { message: (error as Error).message }, intentId: row.intentId },
        "looking up a balance debit failed",
      );
    }
  }
}

/**
 * After a cancellation: the balance payment links still open are expired at Stripe, so the guest
 * cannot pay for a stay that is gone (one paid in the same moment is refunded in full by the
 * webhook). Best effort: a link Stripe cannot expire (already paid, expired) is left alone.
 */
export async function expireBalanceLinks(bookingId: string) {
  const client = stripeClient();
  if (!client) return;
  const links = await db()
    .select({ sessionId: bc.checkoutSessionId })
    .from(bc)
    .where(
      and(eq(bc.bookingId, bookingId), eq(bc.status, "failed"), isNotNull(bc.checkoutSessionId)),
    );
  for (const link of links) {
    try {
      const session = await client.checkout.sessions.retrieve(link.sessionId!);
      if (session.status === "open") await client.checkout.sessions.expire(link.sessionId!);
    } catch (error) {
      logger.warn(
        { err: { message: (error as Error).message }, bookingId },
        "expiring a balance payment link failed",
      );
    }
  }
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
 * (unique), the receipt e-mail, the history entry; for money beyond what was owed the guest's
 * "Zu viel gezahlt" e-mail (decision 076). Also called by the webhook for the link's
 * Checkout Session (`tx` given then).
 *
 * Money beyond what the booking still owes (decision 072: a second payment of the balance, a
 * debit that succeeds after the guest transferred it) is recorded too – it was received – and
 * paid back through Stripe like money for a released hold (`refundLatePayment`); for a cancelled
 * booking that is all of it (decision 051). Returns "late" whenever money is to go back, for the
 * caller to send after the commit.
 */
export async function recordBalancePayment(
  input: {
    bookingId: string;
    dueDate: string;
    amount: number;
    intentId: string | null;
    sessionId: string | null;
  },
  /**
   * `tx`: the caller's transaction (the webhook's). `settings`: read strictly by the caller
   * before any transaction; without them they are read here, before this one (decision 087).
   * With a `tx` the settings are required: read here, inside the caller's open transaction, they
   * would wait for it for ever on PGlite.
   */
  outer: { tx: Tx; settings: SiteSettings } | { tx?: undefined; settings?: SiteSettings } = {},
): Promise<"recorded" | "late" | "none"> {
  // Strict (decision 087): the receipt names the company. Never read inside a transaction: on
  // PGlite a query outside the open transaction waits for it. A throw records nothing; the
  // webhook answers 503 and Stripe sends the event again, and the job's claim of a charge it
  // could not record is taken up again an hour later with the same idempotency key.
  const settings = outer.settings ?? (await getSettingsStrict());
  const work = async (tx: Tx): Promise<"recorded" | "late" | "none"> => {
    const [booking] = await selectChargeBooking(tx)
      .where(eq(b.id, input.bookingId))
      .for("update", { of: b });
    if (!booking) return "none";
    const today = todayInBerlin();
    const reference = input.intentId ?? input.sessionId ?? "";
    // A payment link paid (or a debit arrived) after the booking was cancelled: the money is
    // recorded and goes back in full (decision 051), the booking stays cancelled.
    const isLate = booking.status === "cancelled";
    // What is still owed, before this payment: the total less what was received, where money
    // already owed back does not count as received (the refund items of a booking that is not
    // cancelled are such overpayments; a reopened booking has none of its cancellation's).
    const open = await openAmountOf(tx, booking);
    const counted = isLate ? 0 : Math.min(input.amount, open);
    const excess = input.amount - counted;
    const [payment] = await tx
      .insert(schema.payment)
      .values({
        bookingId: booking.id,
        method: booking.paymentMethod,
        amount: input.amount,
        receivedOn: today,
        note: isLate
          ? `Stripe ${reference} – Restzahlung nach der Stornierung, zu erstatten`
          : excess > 0
            ? `Stripe ${reference} – Restzahlung, ${formatMoney(excess, "de")} über dem offenen Betrag, zu erstatten`
            : `Stripe ${reference} – Restzahlung`,
        stripePaymentIntentId: input.intentId,
        stripeCheckoutSessionId: input.sessionId,
        refundDue: excess > 0,
      })
      .onConflictDoNothing()
      .returning({ id: schema.payment.id });
    if (!payment) return "none";
    await tx
      .update(bc)
      .set({
        status: "succeeded",
        lastError: null,
        // The row keeps the PaymentIntent of its last debit: a link's payment must not hide it,
        // or that debit's later success could no longer be found (decision 072).
        ...(input.sessionId ? {} : { paymentIntentId: input.intentId }),
        updatedAt: new Date(),
      })
      .where(and(eq(bc.bookingId, booking.id), eq(bc.dueDate, input.dueDate)));
    await tx
      .update(b)
      .set({ stripePaymentProcessingSince: null })
      .where(and(eq(b.id, booking.id), isNotNull(b.stripePaymentProcessingSince)));
    if (isLate) {
      await refundLatePayment(tx, {
        booking,
        amount: input.amount,
        reason: "booking-cancelled",
        reference,
      });
      return "late";
    }
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
        ...(excess > 0 ? { refundDue: excess } : {}),
      },
    });
    const mail = stayMail(booking, settings);
    if (counted > 0) {
      await enqueueEmail(tx, {
        to: booking.guestEmail,
        template: "balance-paid",
        bookingId: booking.id,
        data: {
          ...mail,
          amount: counted,
          paidOn: today,
          paidTotal: booking.totalPrice - open + counted,
        },
      });
    }
    if (excess > 0) {
      await refundLatePayment(tx, { booking, amount: excess, reason: "overpaid", reference });
      // The guest hears of it too, in their language (decision 076): they paid twice and see
      // money going back; the admins' e-mail is for answering them.
      await enqueueEmail(tx, {
        to: booking.guestEmail,
        template: "overpayment-refunded",
        bookingId: booking.id,
        data: { ...mail, amount: excess },
      });
      return "late";
    }
    return "recorded";
  };
  return outer.tx ? work(outer.tx) : db().transaction(work);
}

/**
 * The webhook's part: a paid Checkout Session that is a balance payment link. Found by OUR stored
 * session id; what is recorded is what Stripe took for it (the amount we asked for; should it
 * differ, the money is still recorded, and what is beyond the balance goes back – decision 072).
 * Returns null when the session is not a payment link, "late" when money is to be sent back
 * after the commit (a cancelled booking, a balance paid already).
 */
export async function applyBalanceLinkSession(
  tx: Tx,
  session: Pick<
    Stripe.Checkout.Session,
    "id" | "payment_status" | "amount_total" | "payment_intent"
  >,
  kind: "state" | "expired" | "failed",
  /** read strictly by the caller before its transaction (decision 087) */
  settings: SiteSettings,
): Promise<{ outcome: "recorded" | "late" | "none"; bookingId: string } | null> {
  const [charge] = await tx
    .select({ bookingId: bc.bookingId, dueDate: bc.dueDate, amount: bc.amount })
    .from(bc)
    .where(eq(bc.checkoutSessionId, session.id));
  if (!charge) return null;
  const none = { outcome: "none" as const, bookingId: charge.bookingId };
  if (kind !== "state" || session.payment_status !== "paid") return none;
  const amount = session.amount_total ?? charge.amount;
  if (amount !== charge.amount) {
    logger.error(
      { sessionId: session.id, asked: charge.amount, paid: amount },
      "balance link paid a different amount",
    );
  }
  if (!(amount > 0)) return none;
  const intent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  const outcome = await recordBalancePayment(
    { ...charge, amount, intentId: intent ?? null, sessionId: session.id },
    { tx, settings },
  );
  return { outcome, bookingId: charge.bookingId };
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
