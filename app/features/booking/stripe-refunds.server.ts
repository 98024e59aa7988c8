import { and, asc, desc, eq, inArray, isNotNull, lte, ne, notInArray, or, sql } from "drizzle-orm";
import { todayInBerlin } from "~/domain/calendar-day";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { stripeClient, type Stripe } from "~/lib/stripe.server";
import { MAX_REFUND_ATTEMPTS } from "./refunds.server";

/**
 * Refunds through Stripe (spec/09-payments.md "Cancellation and refunds", decision 049).
 *
 * A cancellation (guest, admin or automatic) opens a refund item of the booking's method for
 * paid − fee, as far as that money came through Stripe (refunds.server.ts; a transfer the admin
 * recorded goes back by hand, decision 086); a payment that arrived for a released hold opens
 * one for the whole payment. For an online method that item is then sent to Stripe here: one
 * Stripe refund per PaymentIntent the money came from (the deposit's checkout, a balance
 * charged later), each with an idempotency key derived from the refund item, so a repeated send,
 * a retry after a crash or two processes at once never pay back twice. Once Stripe accepted
 * every part the item is "pending" ("Erstattung veranlasst"); the signed webhook
 * (`charge.refunded`, `refund.*`) makes it "refunded", and the trigger on `refund` moves the
 * booking's amounts and status.
 * What Stripe refused stays "open" with its error for the admin, and the retry job sends it again.
 * While its parts are on their way to Stripe an item is "sending" (decision 072).
 */

const r = schema.refund;
const sr = schema.stripeRefund;
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

export const ONLINE_REFUND_METHODS = ["credit-card", "paypal", "sepa-debit"] as const;
const isOnlineRefundMethod = (method: string) =>
  (ONLINE_REFUND_METHODS as readonly string[]).includes(method);

/** After attempt n (1-based) the next one waits this long; after the last one it stops. */
const RETRY_AFTER_MINUTES = [5, 30, 120, 720, 1440, 1440, 1440];
/**
 * A refund Stripe accepted usually succeeds within seconds to days; its confirmation comes as a
 * webhook. If that event is lost, the job asks Stripe itself: an hour after sending, then
 * every six hours, then daily (decision 051).
 */
const LOOK_UP_AFTER_MINUTES = [60, 360, 360, 360, 1440];
const lookUpAfter = (now: Date, lookUps: number) =>
  new Date(
    now.getTime() +
      LOOK_UP_AFTER_MINUTES[Math.min(lookUps, LOOK_UP_AFTER_MINUTES.length - 1)] * 60_000,
  );

/** Stripe refund states that will not move money: the part must be made again. */
const DEAD = ["failed", "canceled"];

/**
 * How long a send may take before another process takes it up again. Stripe answers within
 * seconds (the client gives up after 15 s and two retries per call); a send still "sending"
 * after this died with its process. Taking it up again is harmless: the idempotency keys make
 * Stripe answer with the refunds it made.
 */
const SEND_LEASE_MS = 10 * 60_000;

/**
 * Sends one online refund item to Stripe when it is due. Claimed with a conditional update that
 * makes it "sending" (decision 072) with a lease in next_attempt_at and the attempt counted, so
 * of several processes only one sends it per turn, and nothing changes the item while its amount
 * is at Stripe: late money opens an item of its own beside it, and an admin cannot withdraw it
 * by reopening the booking. Afterwards it is "pending" (Stripe accepted every part) or "open"
 * again with the error and the next attempt's time. An open item that waited beside it (late
 * money) is sent right after. Returns what happened to this item.
 */
export async function sendOnlineRefund(
  refundId: string,
  now = new Date(),
): Promise<"sent" | "failed" | "skipped"> {
  const client = stripeClient();
  if (!client) return "skipped";
  const item = await claimForSending(refundId, now);
  if (!item) return "skipped";
  const outcome = await sendClaimed(client, item, now);
  const waiting = await db()
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.bookingId, item.bookingId), ne(r.id, item.id), dueToSend(now)));
  for (const other of waiting) await sendOnlineRefund(other.id, now);
  return outcome;
}

/** An open online item whose (next) attempt is due. */
const dueToSend = (now: Date) =>
  and(
    eq(r.status, "open"),
    inArray(r.method, [...ONLINE_REFUND_METHODS]),
    sql`${r.attempts} < ${MAX_REFUND_ATTEMPTS}`,
    or(sql`${r.nextAttemptAt} is null`, lte(r.nextAttemptAt, now)),
  );

async function claimForSending(refundId: string, now: Date) {
  const [item] = await db()
    .update(r)
    .set({
      status: "sending",
      // A new attempt counts; taking up a dead send again is the same attempt (same keys).
      attempts: sql`case when ${r.status} = 'open' then ${r.attempts} + 1 else ${r.attempts} end`,
      nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS),
    })
    .where(
      and(
        eq(r.id, refundId),
        or(
          dueToSend(now),
          and(
            eq(r.status, "sending"),
            inArray(r.method, [...ONLINE_REFUND_METHODS]),
            lte(r.nextAttemptAt, now),
          ),
        ),
        // One item of a booking at Stripe at a time, so each plans with what the other sent
        // (a dead one's lease does not hold the next back).
        sql`not exists (select 1 from ${r} o where o.booking_id = ${r.bookingId}
          and o.status = 'sending' and o.id <> ${r.id} and o.next_attempt_at > ${now})`,
      ),
    )
    .returning({
      id: r.id,
      bookingId: r.bookingId,
      method: r.method,
      amount: r.amount,
      attempts: r.attempts,
    });
  return item ?? null;
}

async function sendClaimed(
  client: Stripe,
  item: { id: string; bookingId: string; method: string; amount: number; attempts: number },
  now: Date,
): Promise<"sent" | "failed"> {
  try {
    const plan = await planStripeRefunds(item);
    for (const part of plan.parts) {
      const refund = await client.refunds.create(
        {
          payment_intent: part.paymentIntentId,
          amount: part.amount,
          reason: "requested_by_customer",
          metadata: { refundId: item.id, bookingId: item.bookingId },
        },
        { idempotencyKey: `fw-refund-${item.id}-${part.paymentIntentId}-${part.earlierFailures}` },
      );
      await db()
        .insert(sr)
        .values({
          id: refund.id,
          refundId: item.id,
          paymentIntentId: part.paymentIntentId,
          amount: part.amount,
          status: refund.status ?? "pending",
        })
        .onConflictDoNothing();
    }
    if (plan.missing > 0) {
      throw new Error(`no Stripe payment left to refund ${plan.missing} cents from`);
    }
    await db().transaction(async (tx) => {
      // Only the send that holds the claim, and only for the amount it sent.
      const [moved] = await tx
        .update(r)
        // While pending, next_attempt_at is when to ask Stripe if its confirmation got lost.
        .set({ status: "pending", lastError: null, nextAttemptAt: lookUpAfter(now, 0) })
        .where(and(eq(r.id, item.id), eq(r.status, "sending"), eq(r.amount, item.amount)))
        .returning({ id: r.id });
      if (!moved) {
        // Its amount changed under the claim (nothing should change it): open again at once,
        // and the next send pays back only what this one did not.
        await tx
          .update(r)
          .set({ status: "open", nextAttemptAt: now })
          .where(and(eq(r.id, item.id), eq(r.status, "sending")));
        return;
      }
      await tx.insert(schema.auditLog).values({
        actorId: null,
        entity: "booking",
        entityId: item.bookingId,
        action: "refund-sent",
        after: { refundId: item.id, amount: item.amount, attempt: item.attempts },
      });
      // A webhook may have been faster than this bookkeeping.
      await settleRefundItem(tx, item.id);
    });
    return "sent";
  } catch (error) {
    const message = (error as Error).message;
    logger.error(
      { err: { message, type: (error as { type?: string }).type }, refundId: item.id },
      "sending a refund to Stripe failed",
    );
    // Open again with the error; after attempt n (1-based) the next one waits its time.
    const wait = RETRY_AFTER_MINUTES[item.attempts - 1];
    await reopenFailedSend(
      item,
      message.slice(0, 500),
      item.attempts >= MAX_REFUND_ATTEMPTS || wait === undefined
        ? null
        : new Date(now.getTime() + wait * 60_000),
      now,
    );
    return "failed";
  }
}

/**
 * A send that failed goes back to "open" with its error. Late money of the same method may have
 * opened an item beside it during the send (decision 072), and only one item per booking and
 * method may be open (decision 086): that item, never sent, is folded into this one, which then
 * pays back both (the plan per PaymentIntent covers them). Before, the index refused the
 * update, the error escaped to the caller (the admin's cancellation answered 500 after its
 * commit, the retry job stopped its run) and the item stayed "sending". Should part of the item
 * beside it be at Stripe already, this one waits "pending" with its error, as a failed refund
 * does (`reopenFailedRefund`), for the look-up job to reopen it.
 */
async function reopenFailedSend(
  item: { id: string; bookingId: string; method: string },
  error: string,
  nextAttemptAt: Date | null,
  now: Date,
) {
  await db().transaction(async (tx) => {
    const [still] = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.id, item.id), eq(r.status, "sending")))
      .for("update");
    if (!still) return;
    const extra = await foldOpenBeside(tx, item);
    if (extra === "wait") {
      await tx
        .update(r)
        .set({ status: "pending", lastError: error, nextAttemptAt: lookUpAfter(now, 1) })
        .where(eq(r.id, item.id));
      return;
    }
    await tx
      .update(r)
      .set({ status: "open", amount: sql`${r.amount} + ${extra}`, lastError: error, nextAttemptAt })
      .where(eq(r.id, item.id));
  });
}

/**
 * Which PaymentIntents the item is paid back from: newest payment first (a balance before its
 * deposit), never more than a payment has left after the other refunds of the booking. Parts
 * this item already has at Stripe (alive) are not made again.
 */
async function planStripeRefunds(item: { id: string; bookingId: string; amount: number }) {
  const payments = await db()
    .select({ intent: schema.payment.stripePaymentIntentId, amount: schema.payment.amount })
    .from(schema.payment)
    .where(
      and(
        eq(schema.payment.bookingId, item.bookingId),
        isNotNull(schema.payment.stripePaymentIntentId),
      ),
    )
    .orderBy(desc(schema.payment.createdAt));
  const intents = payments.map((p) => p.intent!);
  const made =
    intents.length === 0
      ? []
      : await db()
          .select({
            refundId: sr.refundId,
            intent: sr.paymentIntentId,
            amount: sr.amount,
            status: sr.status,
          })
          .from(sr)
          .where(inArray(sr.paymentIntentId, intents));
  const alive = made.filter((m) => !DEAD.includes(m.status));
  let remaining =
    item.amount - alive.filter((m) => m.refundId === item.id).reduce((s, m) => s + m.amount, 0);
  const parts: { paymentIntentId: string; amount: number; earlierFailures: number }[] = [];
  for (const payment of payments) {
    if (remaining <= 0) break;
    const intent = payment.intent!;
    if (alive.some((m) => m.refundId === item.id && m.intent === intent)) continue;
    const refundedFromIt = alive
      .filter((m) => m.intent === intent)
      .reduce((s, m) => s + m.amount, 0);
    const amount = Math.min(remaining, payment.amount - refundedFromIt);
    if (amount <= 0) continue;
    const earlierFailures = made.filter(
      (m) => m.refundId === item.id && m.intent === intent && DEAD.includes(m.status),
    ).length;
    parts.push({ paymentIntentId: intent, amount, earlierFailures });
    remaining -= amount;
  }
  return { parts, missing: Math.max(0, remaining) };
}

/** After a cancellation or a late payment: sends the booking's open online refund, if any. */
export async function sendOnlineRefundsOf(bookingId: string, now = new Date()) {
  const items = await db()
    .select({ id: r.id, method: r.method })
    .from(r)
    .where(and(eq(r.bookingId, bookingId), eq(r.status, "open")));
  for (const item of items) {
    if (isOnlineRefundMethod(item.method)) await sendOnlineRefund(item.id, now);
  }
}

/**
 * The retry job (every 15 minutes with the booking job): online refund items Stripe has not
 * accepted yet whose next attempt is due, and sends whose process died, oldest first. Computed from the table, so a process
 * that was down catches up on its next run.
 */
export async function retryOnlineRefunds(now = new Date()) {
  const due = await db()
    .select({ id: r.id })
    .from(r)
    .where(
      or(
        dueToSend(now),
        // A send whose process died: taken up again once its lease has run out.
        and(eq(r.status, "sending"), lte(r.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(r.createdAt))
    .limit(50);
  const result = { sent: 0, failed: 0 };
  for (const item of due) {
    const outcome = await sendOnlineRefund(item.id, now);
    if (outcome === "sent") result.sent++;
    if (outcome === "failed") result.failed++;
  }
  return result;
}

/**
 * Refunds sent to Stripe whose confirmation has not arrived by their look-up time: each part
 * that is not final is fetched from Stripe and applied like its webhook would be. Claimed per
 * item by moving its look-up time first, so several processes ask once per turn; applying a
 * state twice changes nothing (applyStripeRefundState).
 */
export async function lookUpPendingRefunds(now = new Date()) {
  const client = stripeClient();
  const result = { settled: 0, waiting: 0 };
  if (!client) return result;
  const due = await db()
    .select({ id: r.id, updatedAt: r.updatedAt, createdAt: r.createdAt })
    .from(r)
    .where(and(eq(r.status, "pending"), lte(r.nextAttemptAt, now)))
    .orderBy(asc(r.nextAttemptAt))
    .limit(50);
  for (const item of due) {
    // How often it was looked up is not stored; the item's age picks the interval.
    const ageHours = (now.getTime() - item.createdAt.getTime()) / 3_600_000;
    const [claimed] = await db()
      .update(r)
      .set({ nextAttemptAt: lookUpAfter(now, ageHours < 24 ? 1 : 4) })
      .where(and(eq(r.id, item.id), eq(r.status, "pending"), lte(r.nextAttemptAt, now)))
      .returning({ id: r.id });
    if (!claimed) continue;
    try {
      const parts = await db()
        .select({ id: sr.id })
        .from(sr)
        .where(and(eq(sr.refundId, item.id), inArray(sr.status, ["pending", "requires_action"])));
      const states: Stripe.Refund[] = [];
      for (const part of parts) states.push(await client.refunds.retrieve(part.id));
      const settled = await db().transaction(async (tx) => {
        for (const state of states) await applyStripeRefundState(tx, state);
        // Nothing left to look up (every part final): settle what is there, or, when a part
        // failed, reopen it for the retry job (it may have waited for an open item beside it).
        if (states.length === 0 && !(await settleRefundItem(tx, item.id))) {
          const [dead] = await tx
            .select({ id: sr.id, status: sr.status })
            .from(sr)
            .where(and(eq(sr.refundId, item.id), inArray(sr.status, DEAD)))
            .limit(1);
          const [waiting] = await tx
            .select({ lastError: r.lastError })
            .from(r)
            .where(eq(r.id, item.id));
          // Without a dead part: a send that failed beside an item partly at Stripe waited
          // (`reopenFailedSend`); it is reopened the same way.
          await reopenFailedRefund(
            tx,
            item.id,
            waiting?.lastError ?? "Stripe: Erstattung fehlgeschlagen",
            { stripeRefundId: dead?.id ?? null, status: dead?.status ?? "not-sent" },
            now,
          );
        }
        const [after] = await tx.select({ status: r.status }).from(r).where(eq(r.id, item.id));
        return after?.status !== "pending";
      });
      if (settled) result.settled++;
      else result.waiting++;
    } catch (error) {
      logger.error(
        { err: { message: (error as Error).message }, refundId: item.id },
        "looking up a refund at Stripe failed",
      );
    }
  }
  return result;
}

/**
 * A Stripe refund's state from a signed event (`refund.created/updated/failed`) or looked up
 * after `charge.refunded`, applied in the webhook's transaction. Only refunds we made are
 * applied (found by Stripe's id in our table, never by metadata).
 */
export async function applyStripeRefundState(
  tx: Tx,
  refund: Pick<Stripe.Refund, "id" | "status" | "failure_reason">,
) {
  const [row] = await tx
    .select({ refundId: sr.refundId, status: sr.status })
    .from(sr)
    .where(eq(sr.id, refund.id));
  if (!row) return false;
  // Lock the item first, so two events about its parts settle it one after the other.
  await tx.select({ id: r.id }).from(r).where(eq(r.id, row.refundId)).for("update");
  const status = refund.status ?? row.status;
  // A final state never goes back (events may arrive in any order).
  if (row.status === "succeeded" || DEAD.includes(row.status)) {
    return settleRefundItem(tx, row.refundId);
  }
  await tx.update(sr).set({ status }).where(eq(sr.id, refund.id));
  if (DEAD.includes(status)) {
    const error = `Stripe: Erstattung ${status === "failed" ? "fehlgeschlagen" : "abgebrochen"}${
      refund.failure_reason ? ` (${refund.failure_reason})` : ""
    }`;
    await reopenFailedRefund(tx, row.refundId, error, { stripeRefundId: refund.id, status });
    return true;
  }
  return settleRefundItem(tx, row.refundId);
}

/**
 * A pending item with a part Stripe reports failed or cancelled goes back to "open" with the
 * error, for the retry job to send again (and for the admin to see). At most one open item per
 * booking and method (refund_one_open_per_method_idx, decision 086): one of the same method that
 * is open beside it (money that came late while this was at Stripe) and was never accepted by
 * Stripe is folded into it, so both go out together; the plan per PaymentIntent covers them.
 * The failed one stays pending with its error and a look-up time instead when part of that open
 * item is at Stripe already; the look-up job calls this again and reopens it once nothing open
 * of its method is left beside it. An open bank-transfer item beside it (money the admin pays
 * back by hand, which Stripe never received) is neither folded in nor waited for: it is an item
 * of its own method (decision 076 waited for it, decision 086 no longer needs to). Returns
 * whether it was reopened.
 */
async function reopenFailedRefund(
  tx: Tx,
  refundId: string,
  error: string,
  audit: { stripeRefundId: string | null; status: string },
  now = new Date(),
) {
  const [failed] = await tx
    .select({ bookingId: r.bookingId, method: r.method })
    .from(r)
    .where(and(eq(r.id, refundId), eq(r.status, "pending")));
  if (!failed) return false;
  const extra = await foldOpenBeside(tx, { id: refundId, ...failed });
  if (extra === "wait") {
    await tx
      .update(r)
      .set({ lastError: error, nextAttemptAt: lookUpAfter(now, 1) })
      .where(eq(r.id, refundId));
    logger.error({ refundId }, "a failed refund waits until the open one beside it is done");
    return false;
  }
  const [item] = await tx
    .update(r)
    .set({
      amount: sql`${r.amount} + ${extra}`,
      status: "open",
      lastError: error,
      nextAttemptAt: now,
    })
    .where(and(eq(r.id, refundId), eq(r.status, "pending")))
    .returning({ bookingId: r.bookingId, amount: r.amount });
  if (!item) return false;
  await tx.insert(schema.auditLog).values({
    actorId: null,
    entity: "booking",
    entityId: item.bookingId,
    action: "refund-failed",
    after: { refundId, ...audit, ...(extra ? { joined: extra } : {}) },
  });
  return true;
}

/**
 * The open item of the same booking and method beside `item` (money that came late while `item`
 * was at Stripe; decision 086 allows one open item per booking and method), folded into `item`:
 * deleted, and its amount returned for `item` to pay back too. "wait" when part of it is at
 * Stripe already: then it cannot be folded, and `item` waits until it is done.
 */
async function foldOpenBeside(
  tx: Tx,
  item: { id: string; bookingId: string; method: string },
): Promise<number | "wait"> {
  const [beside] = await tx
    .select({ id: r.id, amount: r.amount })
    .from(r)
    .where(
      and(
        eq(r.bookingId, item.bookingId),
        eq(r.method, item.method),
        eq(r.status, "open"),
        ne(r.id, item.id),
      ),
    )
    .for("update");
  if (!beside) return 0;
  const [sent] = await tx
    .select({ id: sr.id })
    .from(sr)
    .where(and(eq(sr.refundId, beside.id), notInArray(sr.status, DEAD)))
    .limit(1);
  if (sent) return "wait";
  await tx.delete(r).where(eq(r.id, beside.id));
  return beside.amount;
}

/** A pending item all of whose Stripe parts succeeded becomes "refunded" today. */
async function settleRefundItem(tx: Tx, refundId: string) {
  const parts = await tx
    .select({ id: sr.id, amount: sr.amount, status: sr.status })
    .from(sr)
    .where(eq(sr.refundId, refundId));
  const succeeded = parts.filter((p) => p.status === "succeeded");
  const total = succeeded.reduce((s, p) => s + p.amount, 0);
  const [item] = await tx
    .select({ amount: r.amount, bookingId: r.bookingId })
    .from(r)
    .where(and(eq(r.id, refundId), eq(r.status, "pending")));
  if (!item || total !== item.amount) return false;
  const [before] = await tx
    .select({
      amountRefunded: schema.booking.amountRefunded,
      paymentStatus: schema.booking.paymentStatus,
    })
    .from(schema.booking)
    .where(eq(schema.booking.id, item.bookingId));
  const refundedOn = todayInBerlin();
  await tx
    .update(r)
    .set({
      status: "refunded",
      nextAttemptAt: null,
      refundedOn,
      note: `Stripe ${succeeded.map((p) => p.id).join(", ")}`,
    })
    .where(and(eq(r.id, refundId), eq(r.status, "pending")));
  const [after] = await tx
    .select({
      amountRefunded: schema.booking.amountRefunded,
      paymentStatus: schema.booking.paymentStatus,
    })
    .from(schema.booking)
    .where(eq(schema.booking.id, item.bookingId));
  await tx.insert(schema.auditLog).values({
    actorId: null,
    entity: "booking",
    entityId: item.bookingId,
    action: "refund-confirmed",
    before: { ...before, refundStatus: "pending" },
    after: { ...after, refundStatus: "refunded", refundId, amount: item.amount, refundedOn },
  });
  return true;
}

/**
 * `charge.refunded`: the charge names its PaymentIntent; the refunds we made against it that are
 * not final yet are looked up at Stripe (the event's charge does not list them) and returned
 * for the webhook to apply in its transaction.
 */
export async function lookUpRefundsOfCharge(charge: Pick<Stripe.Charge, "payment_intent">) {
  const client = stripeClient();
  const intent =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!client || !intent) return [];
  const open = await db()
    .select({ id: sr.id })
    .from(sr)
    .where(and(eq(sr.paymentIntentId, intent), inArray(sr.status, ["pending", "requires_action"])));
  const found: Stripe.Refund[] = [];
  for (const row of open) found.push(await client.refunds.retrieve(row.id));
  return found;
}
