/**
 * Charging the balance of an online booking off-session (issue 17, decision 049), against the
 * local fake Stripe with the official SDK, on a real database:
 *
 * - the card saved at the first checkout is charged on the balance's due date (the one payment
 *   schedule), once, also with several job runs at once; a receipt goes to the guest;
 * - a failure (strong authentication required) sends the guest a payment link e-mail, is kept
 *   for the admin's history and retried at most once a day; paying through the link records the
 *   balance like the first checkout.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/calendar-day";
import { changeBookingStatus } from "~/features/booking/admin-bookings.server";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { bookingRefunds } from "~/features/booking/refunds.server";
import { retryOnlineRefunds } from "~/features/booking/stripe-refunds.server";
import { db, schema } from "~/lib/db.server";
import { createUser } from "../helpers/factories";
import { bookingRow, depositPaid as depositPaidOnline } from "../helpers/online-booking";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("balance");

const deliver = deliverWebhook;

/** A card booking far enough ahead for a deposit; the deposit is paid through the checkout. */
const depositPaid = (inDays: number) =>
  depositPaidOnline(stripe, { inDays, guestName: "Bert Balance" });

const at = (day: string) => new Date(`${day}T12:00:00+01:00`);
const mails = (id: string, template: string) =>
  db()
    .select({ to: schema.emailOutbox.to, data: schema.emailOutbox.data })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.bookingId, id), eq(schema.emailOutbox.template, template)));
const chargesOf = (customer: string) =>
  stripe.charges.filter((c) => c.params.customer === customer);

describe("the balance of a card booking", () => {
  it("is charged off-session on its due date, once, with a receipt", async () => {
    const { booking, balance, customer } = await depositPaid(60);
    expect(balance).toBeDefined();
    expect((await bookingRow(booking.id)).stripeCustomerId).toBe(customer);

    // The day before: nothing.
    await chargeDueBalances(at(addDays(balance.dueDate, -1)));
    expect(chargesOf(customer)).toEqual([]);
    // On the due date, three processes at once (and a run after downtime would be the same).
    const due = at(balance.dueDate);
    await Promise.all([chargeDueBalances(due), chargeDueBalances(due), chargeDueBalances(due)]);
    const charges = chargesOf(customer);
    expect(charges).toHaveLength(1);
    expect(charges[0].params).toMatchObject({
      amount: String(balance.amount),
      currency: "eur",
      off_session: "true",
      confirm: "true",
    });
    expect(charges[0].idempotencyKey).toBe(`fw-balance-${booking.id}-${balance.dueDate}-1`);
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ paymentStatus: "paid", amountPaid: booking.totalPrice });
    const receipts = await mails(booking.id, "balance-paid");
    expect(receipts).toHaveLength(1);
    expect(receipts[0].data).toMatchObject({
      amount: balance.amount,
      paidTotal: booking.totalPrice,
    });
    // Later runs: paid, nothing more.
    await chargeDueBalances(at(addDays(balance.dueDate, 3)));
    expect(chargesOf(customer)).toHaveLength(1);
  });

  it("with the balance due 0 days before arrival, is charged the day before, as scheduled", async () => {
    // The schedule never puts a payment on the day of arrival (payment-schedule.ts): with 0
    // balance days the balance is due the day before, and that is when it is charged.
    const { booking, customer } = await depositPaid(60);
    await db()
      .update(schema.booking)
      .set({ balanceDueDays: 0 })
      .where(eq(schema.booking.id, booking.id));
    const dayBefore = addDays(booking.checkIn, -1);
    await chargeDueBalances(at(addDays(dayBefore, -1)));
    expect(chargesOf(customer)).toEqual([]);
    await chargeDueBalances(at(dayBefore));
    expect(chargesOf(customer)).toHaveLength(1);
    expect((await bookingRow(booking.id)).paymentStatus).toBe("paid");
  });

  it("sends a payment link when the bank wants authentication, and retries once a day", async () => {
    const { booking, balance, customer } = await depositPaid(70);
    stripe.failNextCharges(1, "authentication_required");
    await chargeDueBalances(at(balance.dueDate));
    expect(chargesOf(customer)).toEqual([expect.objectContaining({ ok: false })]);
    expect((await bookingRow(booking.id)).paymentStatus).toBe("partially-paid");
    const links = await mails(booking.id, "balance-payment-link");
    expect(links).toHaveLength(1);
    const link = links[0].data as { paymentUrl: string; amount: number };
    expect(link.amount).toBe(balance.amount);
    const session = [...stripe.sessions.values()].find((s) => s.url === link.paymentUrl)!;
    expect(session).toMatchObject({ amount_total: balance.amount, customer });
    const history = await db()
      .select({ action: schema.auditLog.action, after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, booking.id));
    expect(history.find((h) => h.action === "balance-charge-failed")?.after).toMatchObject({
      error: "authentication_required",
      paymentLinkSent: true,
    });

    // The same day again: no second attempt.
    await chargeDueBalances(at(balance.dueDate));
    expect(chargesOf(customer)).toHaveLength(1);
    // The next day, after the link's end: tried again, with a new key, and it works. The link
    // is expired at Stripe first, so it can no longer be paid beside the charge (decision 072).
    await chargeDueBalances(at(addDays(balance.dueDate, 1)));
    const charges = chargesOf(customer);
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({ ok: true });
    expect(charges[1].idempotencyKey).toBe(`fw-balance-${booking.id}-${balance.dueDate}-2`);
    expect((await bookingRow(booking.id)).paymentStatus).toBe("paid");
    expect(stripe.sessions.get(session.id)!.status).toBe("expired");
  });

  it("records the balance paid through the link once, and stops charging", async () => {
    const { booking, balance, customer } = await depositPaid(80);
    stripe.failNextCharges(1, "card_declined");
    await chargeDueBalances(at(balance.dueDate));
    const [link] = await mails(booking.id, "balance-payment-link");
    const url = (link.data as { paymentUrl: string }).paymentUrl;
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    stripe.settle(session.id, "paid");
    const paid = stripe.signedEvent("checkout.session.completed", session.id);
    expect(await deliver(paid)).toBe(200);
    expect(await deliver(paid)).toBe(200);
    expect(await deliver(stripe.signedEvent("checkout.session.completed", session.id))).toBe(200);
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ paymentStatus: "paid", amountPaid: booking.totalPrice });
    expect(await mails(booking.id, "balance-paid")).toHaveLength(1);
    await chargeDueBalances(at(addDays(balance.dueDate, 1)));
    expect(chargesOf(customer)).toHaveLength(1);
  });
});

describe("a balance payment link after a cancellation (decision 051)", () => {
  it("is expired at Stripe when the booking is cancelled", async () => {
    const admin = await createUser({ role: "admin" });
    const { booking, balance } = await depositPaid(85);
    stripe.failNextCharges(1, "card_declined");
    await chargeDueBalances(at(balance.dueDate));
    const [link] = await mails(booking.id, "balance-payment-link");
    const url = (link.data as { paymentUrl: string }).paymentUrl;
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    expect(session.status).toBe("open");
    const result = await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: admin.id,
      now: new Date(),
    });
    expect(result).toEqual({ ok: true });
    expect(stripe.sessions.get(session.id)!.status).toBe("expired");
  });

  it("paid in the same moment as the cancellation: refunded in full, the admins told", async () => {
    const admin = await createUser({ role: "admin" });
    const { booking, deposit, balance } = await depositPaid(95);
    stripe.failNextCharges(1, "authentication_required");
    await chargeDueBalances(at(balance.dueDate));
    const [link] = await mails(booking.id, "balance-payment-link");
    const url = (link.data as { paymentUrl: string }).paymentUrl;
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    // The guest pays the link while the admin cancels: Stripe has taken the money already.
    stripe.settle(session.id, "paid");
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        fee: "none",
        actorId: admin.id,
        now: new Date(),
      }),
    ).toEqual({ ok: true });
    // The deposit's refund is at Stripe ("pending") when the link's payment event arrives.
    expect(await bookingRefunds(booking.id)).toEqual([
      expect.objectContaining({ amount: deposit.amount, status: "pending" }),
    ]);
    const paid = stripe.signedEvent("checkout.session.completed", session.id);
    expect(await deliver(paid)).toBe(200);
    expect(await deliver(paid)).toBe(200);

    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ status: "cancelled", amountPaid: booking.totalPrice });
    // A second item for the late money beside the pending one, sent to Stripe at once.
    expect(await bookingRefunds(booking.id)).toEqual([
      expect.objectContaining({ amount: deposit.amount, status: "pending" }),
      expect.objectContaining({ amount: balance.amount, status: "pending" }),
    ]);
    const intent = stripe.sessions.get(session.id)!.payment_intent!;
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toEqual([
      expect.objectContaining({ amount: balance.amount }),
    ]);
    // No "Restzahlung erhalten" for a cancelled stay; the admins hear of it once.
    expect(await mails(booking.id, "balance-paid")).toEqual([]);
    const alerts = await mails(booking.id, "late-payment-refunded");
    expect(alerts.filter((a) => a.to === admin.email)).toHaveLength(1);
    expect(alerts[0].data).toMatchObject({ amount: balance.amount, reason: "booking-cancelled" });
  });
});

describe("a balance charge whose process died before Stripe answered", () => {
  it("is tried again with the same attempt an hour later, and charged once", async () => {
    const { booking, balance, customer } = await depositPaid(100);
    // The claim of a process that died right after it: "processing", no PaymentIntent.
    await db()
      .insert(schema.balanceCharge)
      .values({
        bookingId: booking.id,
        dueDate: balance.dueDate,
        amount: balance.amount,
        status: "processing",
        lastAttemptOn: balance.dueDate,
        updatedAt: new Date(Date.now() - 10 * 60_000),
      });
    // Ten minutes old: maybe still running elsewhere, left alone.
    await chargeDueBalances(at(balance.dueDate));
    expect(chargesOf(customer)).toEqual([]);
    await db()
      .update(schema.balanceCharge)
      .set({ updatedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(schema.balanceCharge.bookingId, booking.id));
    await Promise.all([
      chargeDueBalances(at(balance.dueDate)),
      chargeDueBalances(at(balance.dueDate)),
    ]);
    const charges = chargesOf(customer);
    expect(charges).toHaveLength(1);
    // The attempt the dead process had claimed: the same key, so Stripe would answer it again.
    expect(charges[0].idempotencyKey).toBe(`fw-balance-${booking.id}-${balance.dueDate}-1`);
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: "paid" });
  });
});

describe("a refund that fails while late money waits beside it (decision 051)", () => {
  it("takes the waiting item in and pays both back together", async () => {
    const admin = await createUser({ role: "admin" });
    const { booking, deposit, balance } = await depositPaid(105);
    stripe.failNextCharges(1, "card_declined");
    await chargeDueBalances(at(balance.dueDate));
    const [link] = await mails(booking.id, "balance-payment-link");
    const url = (link.data as { paymentUrl: string }).paymentUrl;
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    stripe.settle(session.id, "paid");
    await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: admin.id,
      now: new Date(),
    });
    // The late money's refund cannot reach Stripe (it stays open beside the pending one) …
    stripe.failNextRefunds(10);
    expect(await deliver(stripe.signedEvent("checkout.session.completed", session.id))).toBe(200);
    stripe.failNextRefunds(0);
    expect((await bookingRefunds(booking.id)).map((r) => [r.amount, r.status])).toEqual([
      [deposit.amount, "pending"],
      [balance.amount, "open"],
    ]);
    // … and then Stripe reports the deposit's refund failed.
    const depositRefund = [...stripe.refunds.values()].find(
      (r) => r.metadata.bookingId === booking.id,
    )!;
    await stripe.completeRefund(depositRefund.id, "failed");
    expect(await deliver(stripe.signedObjectEvent("refund.failed", { ...depositRefund }))).toBe(
      200,
    );
    expect((await bookingRefunds(booking.id)).map((r) => [r.amount, r.status])).toEqual([
      [deposit.amount + balance.amount, "open"],
    ]);
    // The retry job sends both parts, one per PaymentIntent.
    await retryOnlineRefunds(new Date(Date.now() + 3_600_000));
    const [item] = await bookingRefunds(booking.id);
    expect(item.status).toBe("pending");
    const alive = [...stripe.refunds.values()].filter(
      (r) => r.metadata.refundId === item.id && r.status === "pending",
    );
    expect(alive.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [deposit.amount, balance.amount].sort((a, b) => a - b),
    );
  });
});
