/**
 * Refunds through Stripe (issue 17, decision 049), against the local fake Stripe with the
 * official SDK, on a real database:
 *
 * - a guest cancels a card booking: paid − fee (the one cancellation function) is sent to Stripe
 *   as a refund of the PaymentIntent (idempotency key from the refund item), shown "pending"
 *   ("Erstattung veranlasst") until the signed webhook confirms it, then refunded; a duplicate
 *   webhook changes nothing;
 * - Stripe unreachable: the item stays open with the error for the admin, and the retry job
 *   sends it once at its time, also with several runs at once;
 * - a payment for a hold that had already expired is refunded in full once, and the admins are
 *   e-mailed once, however often the event arrives.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { changeBookingStatus } from "~/features/booking/admin-bookings.server";
import { cancelBooking, getCancellationPreview } from "~/features/booking/cancellation.server";
import { bookingRefunds } from "~/features/booking/refunds.server";
import { lookUpPendingRefunds, retryOnlineRefunds } from "~/features/booking/stripe-refunds.server";
import { db, schema } from "~/lib/db.server";
import { createUser } from "../helpers/factories";
import { bookingRow, bookOnline, payCheckout } from "../helpers/online-booking";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("refunds");
beforeAll(async () => {
  // Free until 48 hours before arrival, then 50 % of the total.
  await db()
    .update(schema.settings)
    .set({ freeCancellationHours: 48, cancellationFeePercentage: 50 });
});

const deliver = deliverWebhook;

/** A guest books by card and pays the amount due now (the webhook confirms it). */
async function paidCardBooking(inDays: number, { pay = true } = {}) {
  const { booking, guest, checkIn } = await bookOnline({
    inDays,
    nights: 3,
    guestName: "Rita Rückzahlung",
  });
  const sessionId = booking.stripeCheckoutSessionId!;
  if (pay) await payCheckout(stripe, sessionId);
  return { booking, guest, sessionId, checkIn };
}

const refundsOfIntent = (intent: string) =>
  [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent);
const auditActions = async (id: string) =>
  (
    await db()
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, id))
  ).map((row) => row.action);

/** An admin cancels the booking without a fee (everything paid goes back). */
async function adminCancelsWithoutFee(bookingId: string) {
  const admin = await createUser({ role: "admin" });
  return changeBookingStatus({
    bookingId,
    status: "cancelled",
    fee: "none",
    actorId: admin.id,
    now: new Date(),
  });
}

/** Stripe confirms a refund: the events it sends, signed, delivered to our webhook. */
async function stripeConfirms(refundId: string) {
  await stripe.completeRefund(refundId, "succeeded");
  const refund = stripe.refunds.get(refundId)!;
  const chargeRefunded = stripe.signedObjectEvent("charge.refunded", {
    id: refund.charge,
    object: "charge",
    payment_intent: refund.payment_intent,
  });
  const refundUpdated = stripe.signedObjectEvent("refund.updated", { ...refund });
  return { chargeRefunded, refundUpdated };
}

describe("a guest cancels a paid card booking", () => {
  it("sends paid − fee to Stripe once, shows it pending, and refunded after the webhook", async () => {
    const { booking, guest, sessionId, checkIn } = await paidCardBooking(10);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const paid = (await bookingRow(booking.id)).amountPaid;
    expect(paid).toBe(booking.totalPrice);
    // The day before arrival: inside the 48 hours, the fee applies.
    const now = new Date(`${addDays(checkIn, -1)}T10:00:00+01:00`);
    const preview = await getCancellationPreview({ userId: guest.id, bookingId: booking.id, now });
    const fee = preview!.quote!.fee;
    expect(fee).toBeGreaterThan(0);
    const result = await cancelBooking({
      userId: guest.id,
      bookingId: booking.id,
      quotedFee: fee,
      now,
      language: "de",
    });
    expect(result).toEqual({ ok: true, fee });

    const [item] = await bookingRefunds(booking.id);
    expect(item).toMatchObject({ method: "credit-card", amount: paid - fee, status: "pending" });
    const atStripe = refundsOfIntent(intent);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ amount: paid - fee, status: "pending" });
    const create = stripe.refundCreates.find((c) => c.params.payment_intent === intent)!;
    expect(create.idempotencyKey).toBe(`fw-refund-${item.id}-${intent}-0`);
    // Not refunded before Stripe says so.
    expect((await bookingRow(booking.id)).paymentStatus).not.toBe("refunded");

    const { chargeRefunded, refundUpdated } = await stripeConfirms(atStripe[0].id);
    expect(await deliver(chargeRefunded)).toBe(200);
    const [done] = await bookingRefunds(booking.id);
    expect(done).toMatchObject({ status: "refunded", refundedOn: todayInBerlin() });
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({
      paymentStatus: "refunded",
      amountPaid: paid,
      amountRefunded: paid - fee,
      cancellationFee: fee,
    });
    const actions = await auditActions(booking.id);

    // A duplicate delivery, and the other event about the same refund: nothing changes.
    expect(await deliver(chargeRefunded)).toBe(200);
    expect(await deliver(refundUpdated)).toBe(200);
    expect(await deliver(refundUpdated)).toBe(200);
    expect(await bookingRefunds(booking.id)).toEqual([done]);
    expect(await bookingRow(booking.id)).toMatchObject({
      paymentStatus: "refunded",
      amountRefunded: paid - fee,
    });
    expect(await auditActions(booking.id)).toEqual(actions);
    expect(actions.filter((a) => a === "refund-confirmed")).toHaveLength(1);
    // The job finds nothing more to send, and Stripe was asked once.
    await retryOnlineRefunds(new Date(Date.now() + 86_400_000));
    expect(refundsOfIntent(intent)).toHaveLength(1);
  });

  it("an admin's cancellation without fee refunds everything paid", async () => {
    const { booking, sessionId } = await paidCardBooking(90);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const paid = (await bookingRow(booking.id)).amountPaid;
    const result = await adminCancelsWithoutFee(booking.id);
    expect(result).toEqual({ ok: true });
    expect(refundsOfIntent(intent)).toEqual([expect.objectContaining({ amount: paid })]);
    const [item] = await bookingRefunds(booking.id);
    expect(item.status).toBe("pending");
  });
});

describe("when Stripe refuses or cannot be reached", () => {
  it("keeps the item open with the error and the job sends it once at its time", async () => {
    const { booking, sessionId } = await paidCardBooking(120);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const admin = await createUser({ role: "admin" });
    stripe.failNextRefunds(10);
    const now = new Date();
    await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: admin.id,
      now,
    });
    stripe.failNextRefunds(0);
    const [failed] = await bookingRefunds(booking.id);
    expect(failed).toMatchObject({ status: "open", attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    expect(refundsOfIntent(intent)).toEqual([]);

    // Before the next attempt's time nothing is sent.
    await retryOnlineRefunds(new Date(now.getTime() + 60_000));
    expect(refundsOfIntent(intent)).toEqual([]);
    // Three processes run the job at the same time, after the wait: one refund at Stripe.
    const later = new Date(now.getTime() + 6 * 60_000);
    await Promise.all([
      retryOnlineRefunds(later),
      retryOnlineRefunds(later),
      retryOnlineRefunds(later),
    ]);
    expect(refundsOfIntent(intent)).toHaveLength(1);
    const [sent] = await bookingRefunds(booking.id);
    expect(sent).toMatchObject({ status: "pending", attempts: 2, lastError: null });
  });

  it("a refund Stripe reports failed goes back to the job and is made again", async () => {
    const { booking, sessionId } = await paidCardBooking(130);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const paid = (await bookingRow(booking.id)).amountPaid;
    await adminCancelsWithoutFee(booking.id);
    const [first] = refundsOfIntent(intent);
    await stripe.completeRefund(first.id, "failed");
    expect(await deliver(stripe.signedObjectEvent("refund.failed", { ...first }))).toBe(200);
    const [reopened] = await bookingRefunds(booking.id);
    expect(reopened.status).toBe("open");
    expect(reopened.lastError).toContain("fehlgeschlagen");

    await retryOnlineRefunds(new Date(Date.now() + 60_000));
    const again = refundsOfIntent(intent).filter((r) => r.id !== first.id);
    expect(again).toEqual([expect.objectContaining({ amount: paid, status: "pending" })]);
    const { chargeRefunded } = await stripeConfirms(again[0].id);
    expect(await deliver(chargeRefunded)).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      paymentStatus: "refunded",
      amountRefunded: paid,
    });
  });
});

describe("a refund that fails beside an open item already partly at Stripe", () => {
  it("waits with its error, and the look-up job reopens it once nothing open is beside it", async () => {
    const { booking, sessionId } = await paidCardBooking(131);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    await adminCancelsWithoutFee(booking.id);
    const [first] = refundsOfIntent(intent);
    const [failing] = await bookingRefunds(booking.id);
    expect(failing.status).toBe("pending");
    // Meanwhile late money made a second item, and one of its parts is at Stripe already (the
    // state a send interrupted between two PaymentIntents leaves behind).
    const [late] = await db()
      .insert(schema.refund)
      .values({
        bookingId: booking.id,
        method: "credit-card",
        amount: 1_000,
        status: "open",
        reason: "late-payment",
      })
      .returning();
    await db()
      .insert(schema.stripeRefund)
      .values({
        id: `re_partly_${late.id.slice(0, 8)}`,
        refundId: late.id,
        paymentIntentId: intent,
        amount: 400,
        status: "pending",
      });

    await stripe.completeRefund(first.id, "failed");
    expect(await deliver(stripe.signedObjectEvent("refund.failed", { ...first }))).toBe(200);
    const waiting = (await bookingRefunds(booking.id)).find((item) => item.id === failing.id)!;
    // Not reopened (the open item beside it is half sent), but the admin sees why.
    expect(waiting).toMatchObject({ status: "pending" });
    expect(waiting.lastError).toContain("fehlgeschlagen");

    // The job looks again while the other item is still open: it keeps waiting.
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    await lookUpPendingRefunds(inTwoHours);
    expect((await bookingRefunds(booking.id)).find((i) => i.id === failing.id)!.status).toBe(
      "pending",
    );

    // The other item is sent in full; at its next look-up the failed one is reopened and sent.
    await db()
      .update(schema.refund)
      .set({ status: "pending" })
      .where(eq(schema.refund.id, late.id));
    const later = new Date(Date.now() + 8 * 3_600_000);
    await lookUpPendingRefunds(later);
    const reopened = (await bookingRefunds(booking.id)).find((i) => i.id === failing.id)!;
    expect(reopened).toMatchObject({ status: "open" });
    expect(reopened.lastError).toContain("fehlgeschlagen");
    expect(await auditActions(booking.id)).toContain("refund-failed");

    await retryOnlineRefunds(new Date(later.getTime() + 60_000));
    const again = refundsOfIntent(intent).filter((refund) => refund.id !== first.id);
    expect(again).toEqual([expect.objectContaining({ status: "pending" })]);
    // Sent for the failed item (what the intent still allows beside the other item's part).
    const parts = await db()
      .select({ id: schema.stripeRefund.id })
      .from(schema.stripeRefund)
      .where(eq(schema.stripeRefund.refundId, failing.id));
    expect(parts.map((part) => part.id)).toContain(again[0].id);
  });
});

describe("a payment that arrives after the hold expired", () => {
  it("is refunded in full once and the admins are e-mailed once", async () => {
    const adminA = await createUser({ role: "admin" });
    const adminB = await createUser({ role: "admin" });
    const { booking, sessionId } = await paidCardBooking(150, { pay: false });
    const expired = stripe.signedEvent("checkout.session.expired", sessionId);
    stripe.settle(sessionId, "paid");
    const paid = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(await deliver(expired)).toBe(200);
    expect(await deliver(paid)).toBe(200);
    // Again, and another event about the same session.
    expect(await deliver(paid)).toBe(200);
    expect(
      await deliver(stripe.signedEvent("checkout.session.async_payment_succeeded", sessionId)),
    ).toBe(200);

    const amount = stripe.sessions.get(sessionId)!.amount_total;
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    const items = await bookingRefunds(booking.id);
    expect(items).toEqual([expect.objectContaining({ amount, status: "pending" })]);
    expect(refundsOfIntent(intent)).toEqual([expect.objectContaining({ amount })]);

    const alerts = await db()
      .select({ to: schema.emailOutbox.to, data: schema.emailOutbox.data })
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.bookingId, booking.id),
          eq(schema.emailOutbox.template, "late-payment-refunded"),
        ),
      );
    const admins = alerts.map((a) => a.to);
    expect(admins).toContain(adminA.email);
    expect(admins).toContain(adminB.email);
    expect(new Set(admins).size).toBe(admins.length);
    expect(alerts[0].data).toMatchObject({
      bookingNumber: booking.number,
      amount,
      reason: "hold-expired",
    });

    const { chargeRefunded } = await stripeConfirms(refundsOfIntent(intent)[0].id);
    expect(await deliver(chargeRefunded)).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      amountRefunded: amount,
    });
  });
});

describe("a refund whose confirmation from Stripe never arrives (decision 051)", () => {
  it("is looked up at Stripe by the job an hour later and settled once", async () => {
    const { booking, sessionId } = await paidCardBooking(160);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const paid = (await bookingRow(booking.id)).amountPaid;
    const admin = await createUser({ role: "admin" });
    const now = new Date();
    await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: admin.id,
      now,
    });
    const [atStripe] = refundsOfIntent(intent);
    // Stripe pays it back, but its events are lost (no webhook reaches us).
    await stripe.completeRefund(atStripe.id, "succeeded");

    // Before its look-up time the job leaves it alone.
    await lookUpPendingRefunds(new Date(now.getTime() + 30 * 60_000));
    expect((await bookingRefunds(booking.id))[0].status).toBe("pending");

    // Two processes at once, an hour later.
    const later = new Date(now.getTime() + 61 * 60_000);
    await Promise.all([lookUpPendingRefunds(later), lookUpPendingRefunds(later)]);
    const [item] = await bookingRefunds(booking.id);
    expect(item).toMatchObject({ status: "refunded", amount: paid });
    expect(await bookingRow(booking.id)).toMatchObject({
      paymentStatus: "refunded",
      amountRefunded: paid,
    });
    // The late event changes nothing; the history has one confirmation.
    const { chargeRefunded } = await stripeConfirms(atStripe.id);
    expect(await deliver(chargeRefunded)).toBe(200);
    const actions = await auditActions(booking.id);
    expect(actions.filter((a) => a === "refund-confirmed")).toHaveLength(1);
    await lookUpPendingRefunds(new Date(now.getTime() + 3 * 86_400_000));
    expect(await auditActions(booking.id)).toEqual(actions);
  });

  it("keeps waiting while Stripe still says pending, and asks again later", async () => {
    const { booking, sessionId } = await paidCardBooking(170);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const admin = await createUser({ role: "admin" });
    const now = new Date();
    await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: admin.id,
      now,
    });
    const nextLookUp = async () =>
      (
        await db()
          .select({ at: schema.refund.nextAttemptAt })
          .from(schema.refund)
          .where(eq(schema.refund.bookingId, booking.id))
      )[0].at!.getTime();
    expect(await nextLookUp()).toBeGreaterThan(now.getTime());
    const later = new Date(now.getTime() + 61 * 60_000);
    await lookUpPendingRefunds(later);
    expect((await bookingRefunds(booking.id))[0].status).toBe("pending");
    // Asked once per turn: the next look-up is hours away.
    expect(await nextLookUp()).toBeGreaterThanOrEqual(later.getTime() + 6 * 3_600_000);
    // Stripe gives up on it: the item goes back to the retry job with the reason.
    const [atStripe] = refundsOfIntent(intent);
    await stripe.completeRefund(atStripe.id, "failed");
    await lookUpPendingRefunds(new Date(now.getTime() + 8 * 3_600_000));
    const [item] = await bookingRefunds(booking.id);
    expect(item.status).toBe("open");
    expect(item.lastError).toContain("fehlgeschlagen");
  });
});

describe("a booking reopened by the admin and cancelled again", () => {
  it("cannot be reopened while its refund is at Stripe or done", async () => {
    const admin = await createUser({ role: "admin" });
    for (const confirmFirst of [false, true]) {
      const { booking, sessionId } = await paidCardBooking(confirmFirst ? 190 : 180);
      const intent = stripe.sessions.get(sessionId)!.payment_intent!;
      const paid = (await bookingRow(booking.id)).amountPaid;
      const change = (status: "cancelled" | "confirmed") =>
        changeBookingStatus({
          bookingId: booking.id,
          status,
          fee: "none",
          actorId: admin.id,
          now: new Date(),
        });
      expect(await change("cancelled")).toEqual({ ok: true });
      if (confirmFirst) {
        const { chargeRefunded } = await stripeConfirms(refundsOfIntent(intent)[0].id);
        expect(await deliver(chargeRefunded)).toBe(200);
      }
      // The money is on its way back (or back): the booking stays cancelled.
      expect(await change("confirmed")).toEqual({ ok: false, error: "alreadyRefunded" });
      expect((await bookingRow(booking.id)).status).toBe("cancelled");
      expect(refundsOfIntent(intent)).toEqual([expect.objectContaining({ amount: paid })]);
      expect(await bookingRefunds(booking.id)).toEqual([
        expect.objectContaining({ amount: paid, status: confirmFirst ? "refunded" : "pending" }),
      ]);
    }
  });
});
