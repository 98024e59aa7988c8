/**
 * Refund items on their way to Stripe (audit 19 finding 5, decision 072), against the local
 * fake Stripe with the official SDK, on a real database: an item being sent is claimed as
 * "sending", so late money that arrives in that moment gets an item of its own and goes back
 * too, an admin cannot reopen the booking under it, and a send whose process died is taken up
 * again with the same Stripe refund.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import { changeBookingStatus } from "~/features/booking/admin-bookings.server";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { bookingRefunds } from "~/features/booking/refunds.server";
import { retryOnlineRefunds } from "~/features/booking/stripe-refunds.server";
import { db, schema } from "~/lib/db.server";
import { stripeClient } from "~/lib/stripe.server";
import { action as bookAction } from "~/routes/public/book";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";
import { callRoute } from "../helpers/route-call";

const stripe = fakeStripeForFile("collected-once");
const deliver = deliverWebhook;

beforeAll(async () => {
  await db()
    .update(schema.settings)
    .set({ allowedPaymentMethods: ["bank-transfer", "credit-card", "paypal", "sepa-debit"] });
});

/** A booking far enough ahead for a deposit; the deposit is paid, the method saved. */
async function depositPaid(inDays: number, method: "credit-card" | "sepa-debit") {
  const guest = await createUser({ name: "Doris Doppelt" });
  const cookie = await sessionCookie(guest.email);
  const property = await createProperty();
  const checkIn = addDays(todayInBerlin(), inDays);
  await callRoute(bookAction, {
    url: `/properties/${property.id}/book`,
    cookie,
    params: { id: property.id },
    form: {
      checkIn,
      checkOut: addDays(checkIn, 4),
      guests: "2",
      guestName: "Doris Doppelt",
      guestPhone: "+49 30 1234567",
      specialRequests: "",
      paymentMethod: method,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  const [booking] = await db()
    .select()
    .from(schema.booking)
    .where(and(eq(schema.booking.userId, guest.id), eq(schema.booking.checkIn, checkIn)));
  const sessionId = booking.stripeCheckoutSessionId!;
  expect(stripe.sessions.get(sessionId)!.params.customer_creation).toBe("always");
  if (method === "sepa-debit") {
    stripe.settle(sessionId, "processing");
    expect(await deliver(stripe.signedEvent("checkout.session.completed", sessionId))).toBe(200);
    stripe.settle(sessionId, "paid");
    expect(
      await deliver(stripe.signedEvent("checkout.session.async_payment_succeeded", sessionId)),
    ).toBe(200);
  } else {
    stripe.settle(sessionId, "paid");
    expect(await deliver(stripe.signedEvent("checkout.session.completed", sessionId))).toBe(200);
  }
  const [deposit, balance] = paymentSchedule({
    total: booking.totalPrice,
    bookingDay: todayInBerlin(),
    checkIn,
    depositPercentage: booking.depositPercentage,
    balanceDueDays: booking.balanceDueDays,
  });
  expect(balance).toBeDefined();
  return { booking, deposit, balance, customer: stripe.sessions.get(sessionId)!.customer! };
}

/** A moment of a day ("09:00" on the 3rd): the Berlin day is that day, summer or winter. */
const moment = (day: string, time = "12:00") => new Date(`${day}T${time}:00+01:00`);
const bookingRow = async (id: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, id)))[0];
const mails = (id: string, template: string) =>
  db()
    .select({ to: schema.emailOutbox.to, data: schema.emailOutbox.data })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.bookingId, id), eq(schema.emailOutbox.template, template)));
const paymentsOf = (id: string) =>
  db()
    .select()
    .from(schema.payment)
    .where(eq(schema.payment.bookingId, id))
    .orderBy(schema.payment.createdAt);
/** The link of the booking's latest payment-link e-mail, as the fake holds it. */
async function latestLink(bookingId: string) {
  const links = await mails(bookingId, "balance-payment-link");
  const url = (links.at(-1)!.data as { paymentUrl: string }).paymentUrl;
  return [...stripe.sessions.values()].find((s) => s.url === url)!;
}
/** Stripe confirms every pending refund of a payment intent (its events delivered). */
async function stripeConfirmsRefundsOf(intents: string[]) {
  for (const refund of [...stripe.refunds.values()]) {
    if (!intents.includes(refund.payment_intent) || refund.status !== "pending") continue;
    await stripe.completeRefund(refund.id, "succeeded");
    const done = stripe.refunds.get(refund.id)!;
    expect(await deliver(stripe.signedObjectEvent("refund.updated", { ...done }))).toBe(200);
  }
}

describe("a refund item while it is being sent to Stripe (audit 19, finding 5)", () => {
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

  it("late money that arrives meanwhile is paid back too, and every item settles", async () => {
    const admin = await createUser({ role: "admin" });
    const { booking, deposit, balance } = await depositPaid(100, "credit-card");
    stripe.failNextCharges(1, "card_declined");
    await chargeDueBalances(moment(balance.dueDate));
    const link = await latestLink(booking.id);
    // The guest pays the link in the moment of the cancellation; its event arrives while the
    // deposit's refund is on its way to Stripe.
    stripe.settle(link.id, "paid");
    const restore = duringNextRefundCreate(async () => {
      expect(await deliver(stripe.signedEvent("checkout.session.completed", link.id))).toBe(200);
    });
    try {
      expect(
        await changeBookingStatus({
          bookingId: booking.id,
          status: "cancelled",
          fee: "none",
          actorId: admin.id,
          now: new Date(),
        }),
      ).toEqual({ ok: true });
    } finally {
      restore();
    }
    await retryOnlineRefunds(new Date(Date.now() + 3_600_000));
    const depositIntent = (await paymentsOf(booking.id))[0].stripePaymentIntentId!;
    const linkIntent = stripe.sessions.get(link.id)!.payment_intent!;
    // Both amounts are at Stripe, each once.
    const atStripe = [...stripe.refunds.values()].filter(
      (r) => r.payment_intent === depositIntent || r.payment_intent === linkIntent,
    );
    expect(atStripe.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [deposit.amount, balance.amount].sort((a, b) => a - b),
    );
    await stripeConfirmsRefundsOf([depositIntent, linkIntent]);
    const items = await bookingRefunds(booking.id);
    expect(items.map((i) => i.status)).toEqual(items.map(() => "refunded"));
    expect(items.reduce((s, i) => s + i.amount, 0)).toBe(booking.totalPrice);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      amountRefunded: booking.totalPrice,
    });
  });

  it("an admin cannot reopen the booking while its refund is being sent", async () => {
    const admin = await createUser({ role: "admin" });
    const { booking, deposit } = await depositPaid(110, "credit-card");
    let reopened: Awaited<ReturnType<typeof changeBookingStatus>> | undefined;
    const restore = duringNextRefundCreate(async () => {
      reopened = await changeBookingStatus({
        bookingId: booking.id,
        status: "confirmed",
        actorId: admin.id,
        now: new Date(),
      });
    });
    try {
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        fee: "none",
        actorId: admin.id,
        now: new Date(),
      });
    } finally {
      restore();
    }
    expect(reopened).toMatchObject({ ok: false });
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    // The refund Stripe made is recorded and settles.
    const [item] = await bookingRefunds(booking.id);
    expect(item).toMatchObject({ amount: deposit.amount, status: "pending" });
    const depositIntent = (await paymentsOf(booking.id))[0].stripePaymentIntentId!;
    await stripeConfirmsRefundsOf([depositIntent]);
    expect((await bookingRefunds(booking.id))[0].status).toBe("refunded");
  });

  it("a send whose process died is taken up again after its lease, with the same refund", async () => {
    const admin = await createUser({ role: "admin" });
    const { booking, deposit } = await depositPaid(120, "credit-card");
    // Stripe makes the refund, but the process dies before it writes Stripe's answer down.
    const refunds = stripeClient()!.refunds;
    const original = refunds.create;
    refunds.create = async function (...args: unknown[]) {
      refunds.create = original;
      await (original as (...a: unknown[]) => Promise<unknown>).apply(refunds, args);
      throw new Error("the process died here");
    } as typeof refunds.create;
    const now = new Date();
    try {
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        fee: "none",
        actorId: admin.id,
        now,
      });
    } finally {
      refunds.create = original;
    }
    // (Here the error was caught and the item reopened; a dead process leaves it being sent,
    // its lease ten minutes on.)
    const [item] = await db()
      .update(schema.refund)
      .set({ status: "sending", nextAttemptAt: new Date(now.getTime() + 10 * 60_000) })
      .where(eq(schema.refund.bookingId, booking.id))
      .returning();
    const depositIntent = (await paymentsOf(booking.id))[0].stripePaymentIntentId!;
    const atStripe = () =>
      [...stripe.refunds.values()].filter((r) => r.payment_intent === depositIntent);
    expect(atStripe()).toHaveLength(1);

    // Within the lease it is left alone, and an admin cannot reopen the booking under it.
    await retryOnlineRefunds(new Date(now.getTime() + 5 * 60_000));
    expect((await bookingRefunds(booking.id))[0].status).toBe("open");
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "confirmed",
        actorId: admin.id,
        now: new Date(),
      }),
    ).toMatchObject({ ok: false });
    // After it: taken up as the same attempt, and Stripe answers with the refund it made.
    await retryOnlineRefunds(new Date(now.getTime() + 11 * 60_000));
    const [sent] = await bookingRefunds(booking.id);
    expect(sent).toMatchObject({ id: item.id, amount: deposit.amount, status: "pending" });
    expect(sent.attempts).toBe(item.attempts);
    expect(atStripe()).toHaveLength(1);
  });
});
