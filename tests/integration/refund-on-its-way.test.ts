/**
 * A refund of an online booking while it is on its way to Stripe (decisions 072, 076), through
 * the admin's booking page (the route's real action, with an admin session) and the fake Stripe:
 *
 * - reopening the cancelled booking while its refund is being sent is refused with 409 and a
 *   German reason (it was the generic "konnte nicht gespeichert werden" before), nothing changes;
 *   a bank transfer recorded in that moment gets a bank-transfer item of its own beside the
 *   card refund (decision 086; decision 074 refused it);
 * - a Stripe refund that fails beside an open bank-transfer refund is not merged with it (Stripe
 *   would have been asked to pay back a transfer it never received): it is sent again for its
 *   own amount only, at once (decision 086; decision 076 waited until the transfer was marked);
 * - a send that fails while late card money opened an item beside it takes that item in (the
 *   one open item per method refused putting it back: the admin's cancellation answered 500 and
 *   the retry job stopped), and the retry job pays both back.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayInBerlin } from "~/domain/calendar-day";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { bookingRefunds, markRefunded } from "~/features/booking/refunds.server";
import { lookUpPendingRefunds, retryOnlineRefunds } from "~/features/booking/stripe-refunds.server";
import { db, schema } from "~/lib/db.server";
import { getTranslator } from "~/lib/i18n";
import { stripeClient } from "~/lib/stripe.server";
import { databaseKind } from "../helpers/database";
import { adminOnThePage } from "../helpers/admin-booking-page";
import { bookingRow, depositPaid } from "../helpers/online-booking";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("on-its-way");
const { t } = getTranslator("de");

/** Runs `during` once, inside the next refund create, before the request reaches Stripe. */
function duringNextRefundCreate(during: () => Promise<void>) {
  const refunds = stripeClient()!.refunds;
  const original = refunds.create;
  refunds.create = async function (this: unknown, ...args: unknown[]) {
    refunds.create = original;
    await during();
    return (original as (...a: unknown[]) => Promise<unknown>).apply(refunds, args);
  } as typeof refunds.create;
  return () => {
    refunds.create = original;
  };
}

const refundsOf = (bookingId: string) =>
  db().select().from(schema.refund).where(eq(schema.refund.bookingId, bookingId));
const paymentsOf = (bookingId: string) =>
  db().select().from(schema.payment).where(eq(schema.payment.bookingId, bookingId));

describe(`the admin's page while a refund is on its way to Stripe (${databaseKind()})`, () => {
  it("reopening the booking during the send answers 409 with the reason; a transfer recorded then gets its own item", async () => {
    const { post } = await adminOnThePage();
    const { booking, deposit } = await depositPaid(stripe, {
      inDays: 120,
      guestName: "Sandra Sendung",
    });
    let reopen: Awaited<ReturnType<typeof post>> | undefined;
    let record: Awaited<ReturnType<typeof post>> | undefined;
    const restore = duringNextRefundCreate(async () => {
      // A second admin's page shows the booking cancelled (it is): "Wieder öffnen".
      reopen = await post(booking.id, {
        intent: "status",
        status: "pending",
        seenStatus: "cancelled",
      });
      // A third records a transfer of the guest on the cancelled booking.
      record = await post(booking.id, {
        intent: "payment",
        amount: "50,00",
        receivedOn: todayInBerlin(),
        note: "",
        seenStatus: "cancelled",
        seenAmountPaid: String(deposit.amount),
      });
    });
    try {
      expect(
        await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "confirmed" }),
      ).toMatchObject({ status: 302, location: `/admin/bookings/${booking.id}?hinweis=status` });
    } finally {
      restore();
    }

    expect(reopen).toMatchObject({ status: 409, data: { error: "refundAtStripe" } });
    expect(t("adminBookings.errors.refundAtStripe")).toBe(
      "Die Erstattung dieser Buchung wird gerade an Stripe übermittelt. Deshalb kann die Buchung jetzt nicht wieder geöffnet werden: Nimmt Stripe die Erstattung an, geht das Geld an den Gast zurück. Schlägt die Übermittlung fehl, können Sie die Buchung danach wieder öffnen.",
    );
    // The transfer is recorded and owed back by hand, beside the card refund (decision 086).
    expect(record).toMatchObject({
      status: 302,
      location: `/admin/bookings/${booking.id}?hinweis=paymentToRefund`,
    });
    // Still cancelled; the card refund at Stripe for the deposit alone, the transfer the admin's.
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled" });
    expect((await refundsOf(booking.id)).map((i) => [i.method, i.amount, i.status]).sort()).toEqual(
      [
        ["bank-transfer", 5_000, "open"],
        ["credit-card", deposit.amount, "pending"],
      ],
    );
    expect((await paymentsOf(booking.id)).map((p) => p.amount).sort()).toEqual(
      [deposit.amount, 5_000].sort(),
    );
    const intent = (await paymentsOf(booking.id)).find(
      (p) => p.stripePaymentIntentId,
    )!.stripePaymentIntentId!;
    expect(
      [...stripe.refunds.values()].filter((r) => r.payment_intent === intent).map((r) => r.amount),
    ).toEqual([deposit.amount]);

    // Once Stripe has it, reopening is refused as before: money is going back.
    expect(
      await post(booking.id, { intent: "status", status: "pending", seenStatus: "cancelled" }),
    ).toMatchObject({ status: 400, data: { error: "alreadyRefunded" } });
  });

  it("a Stripe refund that fails beside an open bank-transfer refund keeps its own method and amount", async () => {
    const { admin, post } = await adminOnThePage();
    const { booking, deposit } = await depositPaid(stripe, {
      inDays: 130,
      guestName: "Bruno Beiderlei",
    });
    expect(
      await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "confirmed" }),
    ).toMatchObject({ status: 302 });
    const [card] = await refundsOf(booking.id);
    expect(card).toMatchObject({
      method: "credit-card",
      amount: deposit.amount,
      status: "pending",
    });
    // A transfer of the guest arrives too, recorded on the cancelled booking: owed back by hand.
    expect(
      await post(booking.id, {
        intent: "payment",
        amount: "50,00",
        receivedOn: todayInBerlin(),
        note: "",
        seenStatus: "cancelled",
        seenAmountPaid: String(deposit.amount),
      }),
    ).toMatchObject({ status: 302 });
    const transfer = (await refundsOf(booking.id)).find((i) => i.method === "bank-transfer")!;
    expect(transfer).toMatchObject({ amount: 5_000, status: "open", createdBy: admin.id });

    // Stripe cannot pay the card refund back (the card has expired).
    const intent = (await paymentsOf(booking.id)).find(
      (p) => p.stripePaymentIntentId,
    )!.stripePaymentIntentId!;
    const [atStripe] = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent);
    await stripe.completeRefund(atStripe.id, "failed");
    expect(
      await deliverWebhook(
        stripe.signedObjectEvent("refund.failed", { ...stripe.refunds.get(atStripe.id)! }),
      ),
    ).toBe(200);

    // Not merged: the transfer stays the admin's to send back; the card item is open again with
    // its error, for its own amount, and does not wait for the transfer (decision 086).
    const after = await bookingRefunds(booking.id);
    expect(after.map((i) => [i.method, i.amount, i.status]).sort()).toEqual([
      ["bank-transfer", 5_000, "open"],
      ["credit-card", deposit.amount, "open"],
    ]);
    expect(after.find((i) => i.id === card.id)!.lastError).toContain("fehlgeschlagen");
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    await retryOnlineRefunds(later(1));
    const alive = [...stripe.refunds.values()].filter(
      (r) => r.payment_intent === intent && r.status !== "failed",
    );
    expect(alive.map((r) => r.amount)).toEqual([deposit.amount]);
    expect((await bookingRefunds(booking.id)).find((i) => i.id === card.id)).toMatchObject({
      amount: deposit.amount,
      status: "pending",
    });
    await lookUpPendingRefunds(later(2));
    expect((await bookingRefunds(booking.id)).find((i) => i.id === transfer.id)).toMatchObject({
      amount: 5_000,
      status: "open",
    });

    // The admin transfers the 50 € back and marks it: only that item changes.
    expect(
      await markRefunded({
        bookingId: booking.id,
        refundId: transfer.id,
        refundedOn: todayInBerlin(),
        note: "",
        actorId: admin.id,
        now: new Date(),
      }),
    ).toMatchObject({ ok: true });
    expect((await bookingRefunds(booking.id)).map((i) => [i.method, i.status]).sort()).toEqual([
      ["bank-transfer", "refunded"],
      ["credit-card", "pending"],
    ]);
  });

  it("a send that fails while late card money arrives takes it in; the cancellation stands and both go back", async () => {
    const { post } = await adminOnThePage();
    const { booking, deposit, balance } = await depositPaid(stripe, {
      inDays: 140,
      guestName: "Fritz Fehlversuch",
    });
    // The balance charge fails; the guest is e-mailed a payment link and pays it just as the
    // admin cancels: Stripe has the money, its event arrives while the deposit's refund is sent.
    stripe.failNextCharges(1, "card_declined");
    await chargeDueBalances(new Date(`${balance.dueDate}T12:00:00+01:00`));
    const [linkMail] = await db()
      .select({ data: schema.emailOutbox.data })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.bookingId, booking.id))
      .then((mails) =>
        mails.filter((m) => (m.data as { paymentUrl?: string }).paymentUrl !== undefined),
      );
    const url = (linkMail.data as { paymentUrl: string }).paymentUrl;
    const link = [...stripe.sessions.values()].find((session) => session.url === url)!;
    stripe.settle(link.id, "paid");
    const restore = duringNextRefundCreate(async () => {
      expect(await deliverWebhook(stripe.signedEvent("checkout.session.completed", link.id))).toBe(
        200,
      );
      // … and Stripe cannot be reached for the deposit's refund.
      stripe.failNextRefunds(10);
    });
    let cancel: Awaited<ReturnType<typeof post>>;
    try {
      cancel = await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "confirmed" });
    } finally {
      restore();
      stripe.failNextRefunds(0);
    }
    // The cancellation stands and says so (it answered 500 after its commit before).
    expect(cancel).toMatchObject({
      status: 302,
      location: `/admin/bookings/${booking.id}?hinweis=status`,
    });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      amountPaid: booking.totalPrice,
    });
    // One open card item for both, with the error; nothing at Stripe yet.
    const [item] = await bookingRefunds(booking.id);
    expect(await bookingRefunds(booking.id)).toHaveLength(1);
    expect(item).toMatchObject({
      method: "credit-card",
      amount: deposit.amount + balance.amount,
      status: "open",
      lastError: expect.any(String),
    });

    // The retry job sends both parts, each from the PaymentIntent it came with, once.
    expect(await retryOnlineRefunds(new Date(Date.now() + 3_600_000))).toEqual({
      sent: 1,
      failed: 0,
    });
    const intents = (await paymentsOf(booking.id)).map((p) => p.stripePaymentIntentId!);
    const atStripe = [...stripe.refunds.values()].filter((r) => intents.includes(r.payment_intent));
    expect(atStripe.map((r) => r.amount).sort((x, y) => x - y)).toEqual(
      [deposit.amount, balance.amount].sort((x, y) => x - y),
    );
    expect(await bookingRefunds(booking.id)).toMatchObject([
      { amount: deposit.amount + balance.amount, status: "pending" },
    ]);
  });

  it("a send that fails beside an item partly at Stripe waits, and the look-up job reopens it once that one is done", async () => {
    const { post } = await adminOnThePage();
    const { booking, deposit } = await depositPaid(stripe, {
      inDays: 150,
      guestName: "Wanda Warteschlange",
    });
    // While the deposit's refund is being sent, a card item of the booking is open beside it
    // with a part at Stripe already: a rare state (a send of it that outlived its lease), set up
    // here directly. Stripe then cannot be reached for the deposit's refund.
    let besideId = "";
    const restore = duringNextRefundCreate(async () => {
      const [beside] = await db()
        .insert(schema.refund)
        .values({
          bookingId: booking.id,
          method: "credit-card",
          amount: 1_000,
          status: "open",
          reason: "late-payment",
        })
        .returning();
      besideId = beside.id;
      await db()
        .insert(schema.stripeRefund)
        .values({
          id: `re_${crypto.randomUUID()}`,
          refundId: beside.id,
          paymentIntentId: `pi_${crypto.randomUUID()}`,
          amount: 1_000,
          status: "pending",
        });
      stripe.failNextRefunds(10);
    });
    try {
      expect(
        await post(booking.id, { intent: "cancel", fee: "none", seenStatus: "confirmed" }),
      ).toMatchObject({ status: 302 });
    } finally {
      restore();
      stripe.failNextRefunds(0);
    }
    const deposits = () =>
      bookingRefunds(booking.id).then((items) => items.find((i) => i.amount === deposit.amount)!);
    // Not folded into the item beside it (part of that is at Stripe): it waits with its error.
    expect(await deposits()).toMatchObject({ status: "pending", lastError: expect.any(String) });
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    await lookUpPendingRefunds(later(7));
    expect(await deposits()).toMatchObject({ status: "pending" });

    // The item beside it is accepted by Stripe; the next look-up reopens the deposit's refund,
    // and the retry job sends it, once.
    await db()
      .update(schema.refund)
      .set({ status: "pending" })
      .where(eq(schema.refund.id, besideId));
    await lookUpPendingRefunds(later(14));
    expect(await deposits()).toMatchObject({ status: "open" });
    await retryOnlineRefunds(later(15));
    expect(await deposits()).toMatchObject({ status: "pending" });
    const intent = (await paymentsOf(booking.id))[0].stripePaymentIntentId!;
    expect(
      [...stripe.refunds.values()].filter((r) => r.payment_intent === intent).map((r) => r.amount),
    ).toEqual([deposit.amount]);
  });
});
