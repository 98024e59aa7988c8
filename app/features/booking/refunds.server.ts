import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import { adminEmails } from "~/features/accounts/admin-users.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { enqueueEmail } from "~/features/email/outbox.server";
import { db, queryRows, schema, type Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

/**
 * Refunds after a cancellation (spec/09-payments.md "Cancellation and refunds", decision 047):
 * the fee comes from the one cancellation function (app/domain/cancellation.ts); what was paid
 * above it becomes open refund items on the booking, in the transaction that cancels it: one
 * per way the money goes back (decision 086). A bank transfer is paid back by the operator, who
 * then marks the item "erstattet" with the day; the trigger on `refund` moves
 * booking.amount_refunded and payment_status ('refunded' once nothing is open). Money paid
 * online goes back through Stripe (stripe-refunds.server.ts) and is not marked by hand.
 */

const r = schema.refund;

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * What a booking that is not cancelled still owes: its total less what it received, where money
 * already owed back (or paid back: its refund items, which outside a cancellation are
 * overpayments) does not count as received. Never below 0. For the admin's "Zahlung erfassen"
 * (decision 097) and Stripe's balance payments (decision 072) alike.
 */
export async function openAmountOf(
  tx: Tx,
  booking: { id: string; totalPrice: number; amountPaid: number },
) {
  const [owedBack] = await tx
    .select({ amount: sql<number>`coalesce(sum(${schema.refund.amount}), 0)::integer` })
    .from(schema.refund)
    .where(eq(schema.refund.bookingId, booking.id));
  return Math.max(0, booking.totalPrice - booking.amountPaid + Number(owedBack?.amount ?? 0));
}

export type RefundMethod = "bank-transfer" | "credit-card" | "paypal" | "sepa-debit";

/** What a booking paid above the fee, in cents (never negative). */
export const refundDue = (amountPaid: number, cancellationFee: number) =>
  Math.max(0, amountPaid - cancellationFee);

const sum = (items: { amount: number }[]) => items.reduce((s, item) => s + item.amount, 0);

/**
 * Refund items whose money has left or is leaving (being sent to Stripe, at Stripe, paid back):
 * a cancellation's refund must not pay it again (a booking reopened and cancelled again).
 */
export function refundsTaken(database: Database, bookingId: string) {
  return database
    .select({ method: r.method, amount: r.amount })
    .from(r)
    .where(and(eq(r.bookingId, bookingId), inArray(r.status, ["sending", "pending", "refunded"])));
}

/**
 * What a cancellation with `cancellationFee` owes back now: what was paid above the fee, less
 * what earlier items took. The one rule for the refund item (`openRefundForCancellation`) and
 * the admin's cancel dialog, which shows it before the click.
 */
export const cancellationRefund = (
  amountPaid: number,
  cancellationFee: number,
  taken: { amount: number }[],
) => Math.max(0, refundDue(amountPaid, cancellationFee) - sum(taken));

/**
 * Stored with the bank-transfer part of the refund of a card, PayPal or SEPA booking (decision
 * 086): the admin sees why a booking paid online has money to transfer back by hand.
 */
export const TRANSFER_PART_NOTE = "Per Überweisung eingegangen, daher per Überweisung zu erstatten";

/**
 * Opens the refund items of a cancellation: amount paid − fee, less what earlier items of the
 * booking already pay back (being sent, sent to Stripe or refunded: a booking reopened and
 * cancelled again must not be paid back twice), when positive.
 *
 * Money goes back the way it came (spec 09, decision 086): for an online booking, through Stripe
 * as far as Stripe holds it (the booking's payments with a PaymentIntent, less what earlier
 * online items took from them), and the rest, which the admin recorded as bank transfers, as a
 * bank-transfer item the admin pays back by hand. So the fee is kept out of the transferred money
 * first, and Stripe is never asked for money it never received.
 *
 * One open item per booking and method (refund_one_open_per_method_idx): an open item of the
 * method (an overpayment not yet at Stripe, decision 072) takes the amount when it is larger;
 * its money is part of what was paid. Returns the amount owed back and the part of it by
 * transfer, or null when nothing is owed back.
 */
export async function openRefundForCancellation(
  tx: Tx,
  {
    bookingId,
    amountPaid,
    cancellationFee,
    method,
    actorId,
    now,
  }: {
    bookingId: string;
    amountPaid: number;
    cancellationFee: number;
    method: RefundMethod;
    actorId: string | null;
    /** the moment of the cancellation: the refund's creation */
    now: Date;
  },
): Promise<{ amount: number; byTransfer: number } | null> {
  const earlier = await refundsTaken(tx, bookingId);
  const due = cancellationRefund(amountPaid, cancellationFee, earlier);
  if (due === 0) return null;
  let online = 0;
  if (method !== "bank-transfer") {
    const [atStripe] = await tx
      .select({ amount: sql<number>`coalesce(sum(${schema.payment.amount}), 0)::integer` })
      .from(schema.payment)
      .where(
        and(
          eq(schema.payment.bookingId, bookingId),
          isNotNull(schema.payment.stripePaymentIntentId),
        ),
      );
    const takenFromStripe = sum(earlier.filter((item) => item.method !== "bank-transfer"));
    online = Math.min(due, Math.max(0, Number(atStripe?.amount ?? 0) - takenFromStripe));
  }
  const open = (itemMethod: RefundMethod, amount: number, note: string) =>
    tx
      .insert(r)
      .values({
        bookingId,
        method: itemMethod,
        amount,
        status: "open",
        note,
        createdBy: actorId,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [r.bookingId, r.method],
        targetWhere: sql`${r.status} = 'open'`,
        set: { amount: sql`greatest(${r.amount}, excluded.amount)` },
      })
      .returning({ amount: r.amount });
  const [byStripe] = online > 0 ? await open(method, online, "") : [];
  const [byTransfer] =
    due > online
      ? await open(
          "bank-transfer",
          due - online,
          method === "bank-transfer" ? "" : TRANSFER_PART_NOTE,
        )
      : [];
  return {
    amount: (byStripe?.amount ?? 0) + (byTransfer?.amount ?? 0),
    byTransfer: method === "bank-transfer" ? 0 : (byTransfer?.amount ?? 0),
  };
}

/**
 * The money facts of a cancellation for the guest's e-mail (decision 104): what the booking had
 * received, and what this cancellation owes back (`openRefundForCancellation`'s result), split
 * into the part Stripe pays back to the booking's online method and the part the admin
 * transfers.
 */
export function cancellationRefundMail(
  method: RefundMethod,
  amountPaid: number,
  refund: { amount: number; byTransfer: number } | null,
) {
  const amount = refund?.amount ?? 0;
  const transfer = method === "bank-transfer" ? amount : (refund?.byTransfer ?? 0);
  return { amountPaid, refund: { online: amount - transfer, transfer } };
}

/**
 * Money that arrived for a booking that is no longer held (decision 049, 051): a checkout paid
 * after its hold ended, a balance payment link paid after a cancellation; money beyond what a
 * booking still owed (decision 072); a transfer an admin recorded on a cancelled booking
 * (decision 074). It is owed back the way it came: added to the booking's open item of that
 * method, or opening one (decision 086: late card money beside an open bank-transfer item goes
 * to Stripe, not into the admin's transfer). An item being sent or already sent to Stripe stays
 * as it is beside it: its amount is what went to Stripe. Returns the open item.
 */
export async function openLatePaymentRefund(
  tx: Tx,
  {
    bookingId,
    method,
    amount,
    note,
    createdBy = null,
  }: {
    bookingId: string;
    method: RefundMethod;
    amount: number;
    note: string;
    /** the admin who recorded the money (decision 074); null for money Stripe reported */
    createdBy?: string | null;
  },
): Promise<{ id: string; amount: number }> {
  const [row] = await tx
    .insert(r)
    .values({
      bookingId,
      method,
      amount,
      status: "open",
      reason: "late-payment",
      note,
      createdBy,
    })
    .onConflictDoUpdate({
      target: [r.bookingId, r.method],
      targetWhere: sql`${r.status} = 'open'`,
      set: { amount: sql`${r.amount} + ${amount}`, updatedAt: new Date() },
    })
    .returning({ id: r.id, amount: r.amount });
  return row;
}

export const LATE_NOTES = {
  "hold-expired": "Zahlung nach Ablauf der Reservierung",
  "booking-cancelled": "Zahlung nach der Stornierung",
  overpaid: "Zahlung über den offenen Betrag hinaus",
} as const;

/**
 * A payment for a booking that is no longer held, or the part of a payment beyond what the
 * booking still owed (decision 072), in the transaction that recorded it: the history says so,
 * the amount is owed back (`openLatePaymentRefund`, sent to Stripe by the caller after the
 * commit) and every admin is told by e-mail, so they can answer the guest. For an overpayment
 * the payment's own history entry names the amount to refund.
 */
export async function refundLatePayment(
  tx: Tx,
  input: {
    booking: { id: string; number: string; paymentMethod: string };
    amount: number;
    reason: "hold-expired" | "booking-cancelled" | "overpaid";
    /** the Stripe object the money came with, for the history */
    reference: string;
  },
) {
  const { booking, amount, reason } = input;
  logger.warn({ bookingId: booking.id, reason }, "payment to refund");
  if (reason !== "overpaid") {
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "payment-after-cancellation",
      after: { amount, refundDue: amount, reason, reference: input.reference },
    });
  }
  await openLatePaymentRefund(tx, {
    bookingId: booking.id,
    method: booking.paymentMethod as RefundMethod,
    amount,
    note: LATE_NOTES[reason],
  });
  for (const email of await adminEmails(tx)) {
    await enqueueEmail(tx, {
      to: email,
      template: "late-payment-refunded",
      bookingId: booking.id,
      data: { bookingId: booking.id, bookingNumber: booking.number, amount, reason },
    });
  }
}

/** An item that is on its way to Stripe: the booking cannot be reopened under it. */
export class RefundAtStripeError extends Error {
  constructor(bookingId: string) {
    super(`a refund of booking ${bookingId} is at Stripe`);
    this.name = "RefundAtStripeError";
  }
}

/**
 * A booking leaves "cancelled" again (an admin reopens it): its open refund items are withdrawn,
 * the money stays with the booking. Refunds already made stay recorded. What the booking
 * received beyond its total stays owed back (an overpayment, decision 072): the open items keep
 * that, the online one first (it goes back through Stripe as far as it can, like a
 * cancellation's refund, decision 086). Returns the amount withdrawn, or null.
 *
 * Throws RefundAtStripeError (the caller's transaction is rolled back) when an item of the
 * booking is being sent to Stripe right now, or an open one has money at Stripe already:
 * deleting it would leave a refund Stripe makes unrecorded (audit 19, decision 072). The
 * sender claims an item by its row (open → sending) without the booking's lock, so this looks
 * after its own delete, when a claim that won the row is committed and visible.
 */
export async function withdrawOpenRefund(tx: Tx, bookingId: string) {
  const open = await tx
    .select({ id: r.id, amount: r.amount, method: r.method })
    .from(r)
    .where(and(eq(r.bookingId, bookingId), eq(r.status, "open")));
  open.sort((x, y) => Number(x.method === "bank-transfer") - Number(y.method === "bank-transfer"));
  let withdrawn = 0;
  let movedOn = false;
  if (open.length > 0) {
    const [atStripe] = await tx
      .select({ id: schema.stripeRefund.id })
      .from(schema.stripeRefund)
      .where(
        and(
          inArray(
            schema.stripeRefund.refundId,
            open.map((item) => item.id),
          ),
          notInArray(schema.stripeRefund.status, ["failed", "canceled"]),
        ),
      )
      .limit(1);
    if (atStripe) throw new RefundAtStripeError(bookingId);
    const [booking] = await tx
      .select({ amountPaid: schema.booking.amountPaid, totalPrice: schema.booking.totalPrice })
      .from(schema.booking)
      .where(eq(schema.booking.id, bookingId));
    const [others] = await tx
      .select({ amount: sql<number>`coalesce(sum(${r.amount}), 0)::integer` })
      .from(r)
      .where(and(eq(r.bookingId, bookingId), ne(r.status, "open")));
    let overpaid = booking
      ? Math.max(0, booking.amountPaid - booking.totalPrice - Number(others?.amount ?? 0))
      : 0;
    for (const item of open) {
      const kept = Math.min(item.amount, overpaid);
      overpaid -= kept;
      if (kept === item.amount) continue;
      const [changed] =
        kept > 0
          ? await tx
              .update(r)
              .set({ amount: kept, reason: "late-payment", note: LATE_NOTES.overpaid })
              .where(and(eq(r.id, item.id), eq(r.status, "open")))
              .returning({ id: r.id })
          : await tx
              .delete(r)
              .where(and(eq(r.id, item.id), eq(r.status, "open")))
              .returning({ id: r.id });
      if (changed) withdrawn += item.amount - kept;
      // Not changed: a sender claimed it in the meantime (sending now, or sent already).
      else movedOn = true;
    }
  }
  const [sending] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.bookingId, bookingId), eq(r.status, "sending")))
    .limit(1);
  if (sending || movedOn) throw new RefundAtStripeError(bookingId);
  return withdrawn > 0 ? { amount: withdrawn } : null;
}

export type BookingRefund = {
  id: string;
  method: RefundMethod;
  amount: number;
  /** "pending": sent to Stripe, "Erstattung veranlasst" until Stripe confirms (decision 049) */
  status: "open" | "pending" | "refunded";
  refundedOn: string | null;
  note: string;
  createdAt: string;
  /** online refunds: how often sent to Stripe, and what Stripe said the last time it failed */
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
};

/** The online refund retry job's attempts per item (stripe-refunds.server.ts, decision 049). */
export const MAX_REFUND_ATTEMPTS = 8;

/**
 * A refund item the admin has to act on (decision 098), as SQL over the `refund` row named
 * `alias`: an open bank-transfer item (the admin transfers the money and marks it "erstattet")
 * or an open online item the retry job has given up on (every attempt failed: only the admin, in
 * the Stripe dashboard, can still pay it back). Not an item being sent, waiting for Stripe
 * ("pending") or failed with attempts left: Stripe and the retry job handle those. Every such
 * row is in refund_one_open_per_method_idx (status = 'open'), so the list reads that index.
 */
export const refundNeedsAdmin = (alias: string) => {
  const row = sql.raw(alias);
  return sql`(${row}.status = 'open'
    and (${row}.method = 'bank-transfer' or ${row}.attempts >= ${MAX_REFUND_ATTEMPTS}))`;
};

/** The refund items of a booking, oldest first (admin detail, guest's booking page). */
export async function bookingRefunds(bookingId: string): Promise<BookingRefund[]> {
  const rows = await db()
    .select({
      id: r.id,
      method: r.method,
      amount: r.amount,
      status: r.status,
      refundedOn: r.refundedOn,
      note: r.note,
      createdAt: r.createdAt,
      attempts: r.attempts,
      lastError: r.lastError,
    })
    .from(r)
    .where(eq(r.bookingId, bookingId))
    .orderBy(asc(r.createdAt));
  return rows.map((row) => ({
    ...row,
    method: row.method as RefundMethod,
    // "sending" (on its way to Stripe, decision 072) is shown as open: "Wird an Stripe übermittelt".
    status: row.status === "refunded" || row.status === "pending" ? row.status : "open",
    createdAt: row.createdAt.toISOString(),
    maxAttempts: MAX_REFUND_ATTEMPTS,
  }));
}

export type MarkRefundedError =
  "notFound" | "notOpen" | "notBankTransfer" | "dateInFuture" | "dateBeforeRefund" | "failed";

/**
 * An admin marks a bank-transfer refund as paid back on `refundedOn` (not in the future, not
 * before the refund was opened). Conditional on the item still being open, so a second click
 * changes nothing; the audit entry is written in the same transaction.
 */
export async function markRefunded({
  bookingId,
  refundId,
  refundedOn,
  note,
  actorId,
  now,
}: {
  bookingId: string;
  refundId: string;
  refundedOn: string;
  note: string;
  actorId: string;
  now: Date;
}): Promise<{ ok: true; paymentStatus: string } | { ok: false; error: MarkRefundedError }> {
  if (!isUuid(bookingId) || !isUuid(refundId)) return { ok: false, error: "notFound" };
  if (refundedOn > dayInBerlin(now)) return { ok: false, error: "dateInFuture" };
  try {
    return await db().transaction(async (tx) => {
      const [item] = await tx
        .select()
        .from(r)
        .where(and(eq(r.id, refundId.toLowerCase()), eq(r.bookingId, bookingId.toLowerCase())))
        .for("update");
      if (!item) return { ok: false, error: "notFound" } as const;
      if (item.status !== "open") return { ok: false, error: "notOpen" } as const;
      if (item.method !== "bank-transfer") return { ok: false, error: "notBankTransfer" } as const;
      if (refundedOn < dayInBerlin(item.createdAt)) {
        return { ok: false, error: "dateBeforeRefund" } as const;
      }
      const [before] = await tx
        .select({
          amountRefunded: schema.booking.amountRefunded,
          paymentStatus: schema.booking.paymentStatus,
        })
        .from(schema.booking)
        .where(eq(schema.booking.id, item.bookingId));
      await tx
        .update(r)
        .set({ status: "refunded", refundedOn, note, refundedBy: actorId })
        .where(and(eq(r.id, item.id), eq(r.status, "open")));
      const [after] = await tx
        .select({
          amountRefunded: schema.booking.amountRefunded,
          paymentStatus: schema.booking.paymentStatus,
        })
        .from(schema.booking)
        .where(eq(schema.booking.id, item.bookingId));
      await tx.insert(schema.auditLog).values({
        actorId,
        entity: "booking",
        entityId: item.bookingId,
        action: "refund-marked",
        before: { ...before, refundStatus: "open" },
        after: {
          ...after,
          refundStatus: "refunded",
          refundId: item.id,
          amount: item.amount,
          refundedOn,
          note,
        },
      });
      return { ok: true, paymentStatus: after.paymentStatus } as const;
    });
  } catch (error) {
    logger.error({ err: error, bookingId, refundId }, "marking a refund failed");
    return { ok: false, error: "failed" };
  }
}

// ---------------------------------------------------------------------------------------------
// What the admin owes guests (decision 098): the dashboard's box

const num = (value: unknown) => Number(value ?? 0);

/** How many open refunds the dashboard lists (the oldest first). */
export const OPEN_REFUNDS_LIST_SIZE = 20;

export type OpenRefund = {
  id: string;
  bookingId: string;
  number: string;
  guestName: string;
  method: RefundMethod;
  /** cents owed back to the guest */
  amount: number;
  /** the day the item was opened (Berlin) */
  openedOn: string;
  /** online items only: Stripe's last answer, after the retry job gave up */
  lastError: string | null;
};

/**
 * Refunds the admin owes guests and must act on (decision 098, `refundNeedsAdmin`): bank
 * transfers to pay back and mark, online refunds every attempt of which failed. Those Stripe is
 * handling are not listed. The oldest first, at most OPEN_REFUNDS_LIST_SIZE; `total` and
 * `amount` count them all (read from refund_one_open_per_method_idx, open rows only).
 */
export async function openRefunds() {
  const [found, [sums]] = await Promise.all([
    queryRows(sql`
      select r.id, r.booking_id, r.method, r.amount, r.created_at, r.last_error,
             b.number, b.guest_name
        from refund r join booking b on b.id = r.booking_id
       where ${refundNeedsAdmin("r")}
       order by r.created_at, r.id
       limit ${OPEN_REFUNDS_LIST_SIZE}
    `),
    queryRows(sql`
      select count(*) as total, coalesce(sum(r.amount), 0) as amount
        from refund r where ${refundNeedsAdmin("r")}
    `),
  ]);
  const refunds = found.map((row): OpenRefund => ({
    id: String(row.id),
    bookingId: String(row.booking_id),
    number: String(row.number),
    guestName: String(row.guest_name),
    method: String(row.method) as RefundMethod,
    amount: num(row.amount),
    openedOn: dayInBerlin(
      row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    ),
    lastError:
      row.method === "bank-transfer" || row.last_error == null ? null : String(row.last_error),
  }));
  return { refunds, total: num(sums.total), amount: num(sums.amount) };
}
