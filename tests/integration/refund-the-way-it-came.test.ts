/**
 * Decision 086: money goes back the way it came (spec 09: "online payments through Stripe, bank
 * transfers as an open refund item the admin marks 'erstattet'"). Through the admin's booking
 * page (the route's real action, with an admin session), the signed webhook and the fake Stripe:
 *
 * - card money that reaches Stripe after the booking was cancelled, while a transfer the admin
 *   recorded waits to be paid back by hand, goes back through Stripe as an item of its own; it
 *   was added to the admin's transfer item, so nobody asked Stripe for it;
 * - a card booking whose balance the admin recorded as a transfer, then cancelled: the card part
 *   goes back through Stripe, the transferred part is a bank-transfer item for the admin (it was
 *   one card item for everything, which Stripe could pay only in part, its error left open);
 *   a fee is kept out of the transferred money first;
 * - reopened while Stripe cannot be reached, both parts are withdrawn, and cancelled again they
 *   open once more, nothing paid back twice.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayInBerlin } from "~/domain/calendar-day";
import { TRANSFER_PART_NOTE } from "~/features/booking/refunds.server";
import { db, schema } from "~/lib/db.server";
import { formatMoney, getTranslator } from "~/lib/i18n";
import { adminOnThePage } from "../helpers/admin-booking-page";
import { databaseKind } from "../helpers/database";
import { bookingRow, bookOnline, depositPaid } from "../helpers/online-booking";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("way-it-came");

const refundsOf = (bookingId: string) =>
  db().select().from(schema.refund).where(eq(schema.refund.bookingId, bookingId));
/** [method, amount, status] of each refund item, in a stable order. */
const itemsOf = async (bookingId: string) =>
  (await refundsOf(bookingId)).map((i) => [i.method, i.amount, i.status] as const).sort();
const cardPaymentsOf = async (bookingId: string) =>
  (await db().select().from(schema.payment).where(eq(schema.payment.bookingId, bookingId)))
    .filter((p) => p.stripePaymentIntentId)
    .map((p) => p.stripePaymentIntentId!);
/** The refunds Stripe holds for the booking's card payments, by amount. */
const atStripe = async (bookingId: string) => {
  const intents = await cardPaymentsOf(bookingId);
  return [...stripe.refunds.values()].filter((r) => intents.includes(r.payment_intent));
};
/** "1234,50": the amount field as the admin types it. */
const typed = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** Stripe pays back every refund it holds for the booking, and says so (signed events). */
async function stripeConfirmsRefundsOf(bookingId: string) {
  for (const refund of await atStripe(bookingId)) {
    if (refund.status !== "pending") continue;
    await stripe.completeRefund(refund.id, "succeeded");
    const done = stripe.refunds.get(refund.id)!;
    expect(await deliverWebhook(stripe.signedObjectEvent("refund.updated", { ...done }))).toBe(200);
  }
}

/** A card booking whose deposit came through Stripe and whose balance the admin recorded. */
async function depositByCardBalanceByTransfer(
  post: Awaited<ReturnType<typeof adminOnThePage>>["post"],
  inDays: number,
  guestName: string,
) {
  const paid = await depositPaid(stripe, { inDays, guestName });
  expect(
    await post(paid.booking.id, {
      intent: "payment",
      amount: typed(paid.balance.amount),
      receivedOn: todayInBerlin(),
      note: "Überweisung statt Abbuchung",
      seenStatus: "confirmed",
      seenAmountPaid: String(paid.deposit.amount),
    }),
  ).toMatchObject({ status: 302, location: `/admin/bookings/${paid.booking.id}?hinweis=payment` });
  expect(await bookingRow(paid.booking.id)).toMatchObject({
    status: "confirmed",
    amountPaid: paid.booking.totalPrice,
    paymentStatus: "paid",
  });
  return paid;
}

describe(`money goes back the way it came (${databaseKind()})`, () => {
  it("card money that arrives after the cancellation goes to Stripe, not into the admin's transfer", async () => {
    const { admin, post } = await adminOnThePage();
    // The guest's hold runs out unpaid: the booking is cancelled.
    const { booking } = await bookOnline({ inDays: 140, guestName: "Lena Spätzahlerin" });
    const sessionId = booking.stripeCheckoutSessionId!;
    expect(await deliverWebhook(stripe.signedEvent("checkout.session.expired", sessionId))).toBe(
      200,
    );
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled" });
    // She transferred 150 € instead; the admin records it on the cancelled booking (owed back).
    expect(
      await post(booking.id, {
        intent: "payment",
        amount: "150,00",
        receivedOn: todayInBerlin(),
        note: "",
        seenStatus: "cancelled",
        seenAmountPaid: "0",
      }),
    ).toMatchObject({
      status: 302,
      location: `/admin/bookings/${booking.id}?hinweis=paymentToRefund`,
    });
    const [transfer] = await refundsOf(booking.id);
    expect(transfer).toMatchObject({
      method: "bank-transfer",
      amount: 15_000,
      status: "open",
      createdBy: admin.id,
    });

    // Then Stripe reports her card payment after all.
    stripe.settle(sessionId, "paid");
    const paid = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(await deliverWebhook(paid)).toBe(200);
    expect(await deliverWebhook(paid)).toBe(200);
    const amount = stripe.sessions.get(sessionId)!.amount_total;

    // The card money goes back through Stripe, at once and once; the transfer item is as the
    // admin left it: 150 € to transfer back by hand, nothing of the card money in it.
    expect(await itemsOf(booking.id)).toEqual([
      ["bank-transfer", 15_000, "open"],
      ["credit-card", amount, "pending"],
    ]);
    expect((await atStripe(booking.id)).map((r) => r.amount)).toEqual([amount]);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      amountPaid: amount + 15_000,
    });

    // The admin transfers the 150 € back and marks it; Stripe confirms the card refund.
    expect(
      await post(booking.id, {
        intent: "mark-refunded",
        refundId: transfer.id,
        refundedOn: todayInBerlin(),
        note: "",
      }),
    ).toMatchObject({ status: 302, location: `/admin/bookings/${booking.id}?hinweis=refunded` });
    await stripeConfirmsRefundsOf(booking.id);
    expect(await itemsOf(booking.id)).toEqual([
      ["bank-transfer", 15_000, "refunded"],
      ["credit-card", amount, "refunded"],
    ]);
    expect(await bookingRow(booking.id)).toMatchObject({
      paymentStatus: "refunded",
      amountRefunded: amount + 15_000,
    });
  });

  it("a card booking whose balance came by transfer: the card part through Stripe, the transfer by hand", async () => {
    const { post } = await adminOnThePage();
    const { booking, deposit, balance } = await depositByCardBalanceByTransfer(
      post,
      150,
      "Theo Teilzahler",
    );
    expect(
      await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "confirmed" }),
    ).toMatchObject({ status: 302 });

    // Stripe is asked for the deposit it holds, and pays nothing it never received.
    expect(await itemsOf(booking.id)).toEqual([
      ["bank-transfer", balance.amount, "open"],
      ["credit-card", deposit.amount, "pending"],
    ]);
    const items = await refundsOf(booking.id);
    const card = items.find((i) => i.method === "credit-card")!;
    const transfer = items.find((i) => i.method === "bank-transfer")!;
    expect(card.lastError).toBeNull();
    expect(transfer.note).toBe(TRANSFER_PART_NOTE);
    expect((await atStripe(booking.id)).map((r) => r.amount)).toEqual([deposit.amount]);
    // The history names the part to transfer back.
    const changes = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.entityId, booking.id), eq(schema.auditLog.action, "status-change")),
      );
    const entry = changes.find((c) => (c.after as { status?: string }).status === "cancelled")!;
    expect(entry.after).toMatchObject({
      status: "cancelled",
      refundDue: booking.totalPrice,
      refundByTransfer: balance.amount,
    });
    const { t } = getTranslator("de");
    expect(
      t("adminBookings.historyRefundByTransfer", { amount: formatMoney(balance.amount, "de") }),
    ).toBe(`davon ${formatMoney(balance.amount, "de")} per Überweisung`);

    // The admin transfers the balance back and marks it; Stripe confirms the deposit's refund.
    expect(
      await post(booking.id, {
        intent: "mark-refunded",
        refundId: transfer.id,
        refundedOn: todayInBerlin(),
        note: "",
      }),
    ).toMatchObject({ status: 302 });
    await stripeConfirmsRefundsOf(booking.id);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      amountRefunded: booking.totalPrice,
    });
  });

  it("a fee is kept out of the transferred money first", async () => {
    const { post } = await adminOnThePage();
    const { booking, deposit } = await depositByCardBalanceByTransfer(post, 160, "Fiona Gebühr");
    // Booked under terms that charge 30 % from now on (decision 080: the booking keeps them).
    await db()
      .update(schema.booking)
      .set({ freeCancellationHours: 24 * 365, cancellationFeePercentage: 30 })
      .where(eq(schema.booking.id, booking.id));
    const fee = Math.round((booking.totalPrice * 30) / 100);
    expect(
      await post(booking.id, { intent: "cancel", fee: "guest-terms", seenStatus: "confirmed" }),
    ).toMatchObject({ status: 302 });
    expect(await bookingRow(booking.id)).toMatchObject({ cancellationFee: fee });
    // The whole deposit back through Stripe; of the transfer, what is left above the fee.
    expect(await itemsOf(booking.id)).toEqual([
      ["bank-transfer", booking.totalPrice - fee - deposit.amount, "open"],
      ["credit-card", deposit.amount, "pending"],
    ]);
    expect((await atStripe(booking.id)).map((r) => r.amount)).toEqual([deposit.amount]);
  });

  it("reopened while Stripe cannot be reached, both parts are withdrawn; cancelled again, they open once", async () => {
    const { post } = await adminOnThePage();
    const { booking, deposit, balance } = await depositByCardBalanceByTransfer(
      post,
      170,
      "Rudi Rückkehr",
    );
    stripe.failNextRefunds(10);
    expect(
      await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "confirmed" }),
    ).toMatchObject({ status: 302 });
    stripe.failNextRefunds(0);
    expect(await itemsOf(booking.id)).toEqual([
      ["bank-transfer", balance.amount, "open"],
      ["credit-card", deposit.amount, "open"],
    ]);
    expect((await refundsOf(booking.id)).find((i) => i.method === "credit-card")).toMatchObject({
      lastError: expect.any(String),
    });

    // The admin reopens the booking: nothing went back, both items are withdrawn.
    expect(
      await post(booking.id, { intent: "status", status: "pending", seenStatus: "cancelled" }),
    ).toMatchObject({ status: 302 });
    expect(await refundsOf(booking.id)).toEqual([]);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "pending",
      paymentStatus: "paid",
      amountRefunded: 0,
    });

    // Cancelled again: the same two parts, the card part at Stripe once.
    expect(
      await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "pending" }),
    ).toMatchObject({ status: 302 });
    expect(await itemsOf(booking.id)).toEqual([
      ["bank-transfer", balance.amount, "open"],
      ["credit-card", deposit.amount, "pending"],
    ]);
    expect((await atStripe(booking.id)).map((r) => r.amount)).toEqual([deposit.amount]);
  });
});
