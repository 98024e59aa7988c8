/**
 * Paying online through Stripe (issue 17, decision 044), against the local fake Stripe
 * (tests/helpers/fake-stripe.ts) with the official SDK, on a real database:
 *
 * - "Zahlungspflichtig buchen" with a card holds the booking (pending/unpaid) and sends the guest
 *   to a Checkout Session for the amount due now, made once per booking (idempotency key).
 * - The webhook: signed, fresh, stored by event id. Unsigned, forged or replayed deliveries get
 *   400 and change nothing; a repeated event records one payment; the order does not matter.
 * - Paid → confirmed, one payment, "Buchung bestätigt" with the receipt; expired → cancelled,
 *   the dates bookable again, "Zahlung nicht abgeschlossen"; paid after the expiry → recorded,
 *   marked for refund, the booking stays cancelled.
 */
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { addDays, dayInBerlin, todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import { getOfferedPaymentMethods } from "~/features/company/payment-methods.server";
import { settleLapsedHolds } from "~/features/booking/online-payment.server";
import { db, schema } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { loader as webhookLoader } from "~/routes/api/stripe-webhook";
import { action as successAction, loader as successLoader } from "~/routes/booking/success";
import { loader as settingsLoader } from "~/routes/admin/settings";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { bookingRow, bookOnline } from "../helpers/online-booking";
import { postWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";
import { callRoute } from "../helpers/route-call";

const stripe = fakeStripeForFile("payments");

const today = () => todayInBerlin();

const deliver = postWebhook;

async function send(type: string, sessionId: string, options?: { timestamp?: number }) {
  const event = stripe.signedEvent(type, sessionId, options);
  return { status: await deliver(event.payload, event.signature), event };
}

const paymentsOf = (id: string) =>
  db().select().from(schema.payment).where(eq(schema.payment.bookingId, id));
const mailsOf = (id: string) =>
  db()
    .select({
      template: schema.emailOutbox.template,
      to: schema.emailOutbox.to,
      data: schema.emailOutbox.data,
    })
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.bookingId, id));
const eventCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.stripeEvent)
  )[0].n;

describe("starting the checkout", () => {
  it("holds the booking and sends the guest to Stripe for the deposit, card saved for the balance", async () => {
    const { answer, booking, checkIn } = await bookOnline({ inDays: 90 });
    expect(booking.status).toBe("pending");
    expect(booking.paymentStatus).toBe("unpaid");
    expect(booking.stripeCheckoutSessionId).toMatch(/^cs_test_/);
    const session = stripe.sessions.get(booking.stripeCheckoutSessionId!)!;
    // Straight to the hosted page of this booking's session.
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(session.url);

    const [deposit, balance] = paymentSchedule({
      total: booking.totalPrice,
      bookingDay: today(),
      checkIn,
      depositPercentage: booking.depositPercentage,
      balanceDueDays: booking.balanceDueDays,
    });
    expect(balance).toBeDefined();
    expect(session.amount_total).toBe(deposit.amount);
    expect(session.currency).toBe("eur");
    expect(session.client_reference_id).toBe(booking.number);
    expect(session.allowed_payment_method_types).toEqual(["card"]);
    const params = session.params as {
      payment_intent_data: { setup_future_usage?: string };
      success_url: string;
      cancel_url: string;
    };
    expect(params.payment_intent_data.setup_future_usage).toBe("off_session");
    expect(params.success_url).toBe(`http://localhost:3000/booking-success?booking=${booking.id}`);
    // 30 minutes for the guest, counted from the booking (plus the two to start the checkout).
    const minutes = (session.expires_at * 1000 - booking.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(30);
    expect(minutes).toBeLessThanOrEqual(32);
    const create = stripe.creates.find((c) => c.params.client_reference_id === booking.number);
    expect(create?.idempotencyKey).toBe(`fw-checkout-${booking.id}`);
    // No "Buchung eingegangen" for a booking that is not paid yet.
    expect(await mailsOf(booking.id)).toEqual([]);
  });

  it("asks for the whole amount at once, without saving the card, when arrival is close", async () => {
    const { booking } = await bookOnline({ inDays: 10, method: "paypal" });
    const session = stripe.sessions.get(booking.stripeCheckoutSessionId!)!;
    expect(session.amount_total).toBe(booking.totalPrice);
    expect(session.allowed_payment_method_types).toEqual(["paypal"]);
    const params = session.params as { payment_intent_data: { setup_future_usage?: string } };
    expect(params.payment_intent_data.setup_future_usage).toBeUndefined();
  });

  it("pays a PayPal deposit even when the account may not save PayPal for later", async () => {
    stripe.refusePaypalSaving(true);
    try {
      const { answer, booking } = await bookOnline({ inDays: 60, method: "paypal" });
      // Off to the checkout, not "Zahlung konnte nicht gestartet werden".
      expect(answer.status).toBe(302);
      expect((await bookingRow(booking.id)).status).toBe("pending");
      const session = stripe.sessions.get(booking.stripeCheckoutSessionId!)!;
      expect(session.amount_total).toBeLessThan(booking.totalPrice);
      const params = session.params as { payment_intent_data: { setup_future_usage?: string } };
      expect(params.payment_intent_data.setup_future_usage).toBeUndefined();
      const keys = stripe.creates
        .filter((c) => c.params.client_reference_id === booking.number)
        .map((c) => c.idempotencyKey);
      expect(keys).toEqual([`fw-checkout-${booking.id}`, `fw-checkout-${booking.id}-unsaved`]);
    } finally {
      stripe.refusePaypalSaving(false);
    }
    // A card is never checked out without saving it.
    stripe.refusePaypalSaving(true);
    try {
      const { booking } = await bookOnline({ inDays: 65 });
      const session = stripe.sessions.get(booking.stripeCheckoutSessionId!)!;
      const params = session.params as { payment_intent_data: { setup_future_usage?: string } };
      expect(params.payment_intent_data.setup_future_usage).toBe("off_session");
    } finally {
      stripe.refusePaypalSaving(false);
    }
  });

  it("tells the guest how the balance is paid: the saved method, or a link when PayPal was not saved", async () => {
    const receiptOf = async (bookingId: string) =>
      (
        (await mailsOf(bookingId)).find((m) => m.template === "booking-confirmed")!.data as {
          receipt: { open: number; nextDueDate: string; balanceBy?: string };
        }
      ).receipt;
    const successPage = async (bookingId: string, cookie: string) =>
      (
        await callRoute<{ online: { state: string; balanceBy?: string } }>(successLoader, {
          url: `/booking-success?booking=${bookingId}`,
          cookie,
        })
      ).data!.online;

    stripe.refusePaypalSaving(true);
    let unsaved: Awaited<ReturnType<typeof bookOnline>>;
    try {
      unsaved = await bookOnline({ inDays: 75, method: "paypal" });
    } finally {
      stripe.refusePaypalSaving(false);
    }
    const saved = await bookOnline({ inDays: 80, method: "paypal" });
    for (const { booking } of [unsaved, saved]) {
      stripe.settle(booking.stripeCheckoutSessionId!, "paid");
      expect(
        (await send("checkout.session.completed", booking.stripeCheckoutSessionId!)).status,
      ).toBe(200);
    }
    const balanceOf = (booking: typeof saved.booking) =>
      paymentSchedule({
        total: booking.totalPrice,
        bookingDay: dayInBerlin(booking.createdAt),
        checkIn: booking.checkIn,
        depositPercentage: booking.depositPercentage,
        balanceDueDays: booking.balanceDueDays,
      })[1];

    expect(await receiptOf(unsaved.booking.id)).toMatchObject({
      open: balanceOf(unsaved.booking).amount,
      nextDueDate: balanceOf(unsaved.booking).dueDate,
      balanceBy: "payment-link",
    });
    expect(await successPage(unsaved.booking.id, unsaved.cookie)).toMatchObject({
      state: "paid",
      balanceBy: "payment-link",
    });
    expect(await receiptOf(saved.booking.id)).toMatchObject({
      open: balanceOf(saved.booking).amount,
      balanceBy: "saved-method",
    });
    expect(await successPage(saved.booking.id, saved.cookie)).toMatchObject({
      state: "paid",
      balanceBy: "saved-method",
    });
  });

  it("releases the hold with a German message when Stripe cannot be reached", async () => {
    process.env.STRIPE_API_BASE = "http://127.0.0.1:9"; // nothing listens on the discard port
    resetEnvCache();
    try {
      const { answer, booking } = await bookOnline({ inDays: 40 });
      expect(answer.status).toBe(502);
      expect(answer.data).toMatchObject({ error: "paymentStartFailed" });
      expect((await bookingRow(booking.id)).status).toBe("cancelled");
    } finally {
      process.env.STRIPE_API_BASE = stripe.apiBase;
      resetEnvCache();
    }
  });

  it("offers card and PayPal only with both keys", async () => {
    const offered = async () =>
      Object.fromEntries((await getOfferedPaymentMethods()).map((m) => [m.method, m.reason]));
    expect(await offered()).toMatchObject({ "credit-card": null, paypal: null });
    const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET!;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnvCache();
    try {
      expect(await offered()).toMatchObject({
        "credit-card": "providerNotConfigured",
        paypal: "providerNotConfigured",
      });
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
      resetEnvCache();
    }
  });
});

describe("the webhook", () => {
  it("confirms a paid booking once, with the receipt e-mail, however often the event comes", async () => {
    const { booking } = await bookOnline({ inDays: 90 });
    const sessionId = booking.stripeCheckoutSessionId!;
    stripe.settle(sessionId, "paid");
    const first = await send("checkout.session.completed", sessionId);
    expect(first.status).toBe(200);
    // The same event again, and a second event about the same paid session.
    expect(await deliver(first.event.payload, first.event.signature)).toBe(200);
    expect((await send("checkout.session.async_payment_succeeded", sessionId)).status).toBe(200);

    const after = await bookingRow(booking.id);
    expect(after.status).toBe("confirmed");
    expect(after.paymentStatus).toBe("partially-paid");
    const payments = await paymentsOf(booking.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: "credit-card",
      amount: stripe.sessions.get(sessionId)!.amount_total,
      refundDue: false,
    });
    const mails = await mailsOf(booking.id);
    expect(mails.map((m) => m.template).sort()).toEqual(["booking-confirmed", "booking-new"]);
    const confirmed = mails.find((m) => m.template === "booking-confirmed")!;
    expect(confirmed.to).toBe(booking.guestEmail);
    expect((confirmed.data as { receipt: unknown }).receipt).toMatchObject({
      amount: payments[0].amount,
      open: booking.totalPrice - payments[0].amount,
    });
    // The contract's terms (decision 080): the ones stored with the booking; the operator's
    // "Neue Buchung" has no use for them.
    expect((confirmed.data as { contract: unknown }).contract).toMatchObject({
      freeCancellationHours: booking.freeCancellationHours,
      cancellationFeePercentage: booking.cancellationFeePercentage,
      touristTaxNote: null,
    });
    expect(mails.find((m) => m.template === "booking-new")!.data).not.toHaveProperty("contract");
    // Paid and confirmed when the operator hears of it: not "ausstehend" (decision 105).
    expect(mails.find((m) => m.template === "booking-new")!.data).toMatchObject({
      confirmed: true,
    });
  });

  it("refuses unsigned, forged and replayed deliveries with 400 and changes nothing", async () => {
    const { booking } = await bookOnline({ inDays: 60 });
    const sessionId = booking.stripeCheckoutSessionId!;
    stripe.settle(sessionId, "paid");
    const before = await eventCount();

    const fresh = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(await deliver(fresh.payload, null)).toBe(400);
    expect(await deliver(fresh.payload, "t=1,v1=deadbeef")).toBe(400);
    // The signed bytes changed (an amount edited on the way): the signature no longer fits.
    const tampered = fresh.payload.replace(/"amount_total":\d+/, '"amount_total":1');
    expect(await deliver(tampered, fresh.signature)).toBe(400);
    // Signed correctly, but ten minutes old: a replay.
    const old = await send("checkout.session.completed", sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    expect(old.status).toBe(400);
    // Signed with another account's secret.
    const otherSignature = new Stripe("sk_test_other").webhooks.generateTestHeaderString({
      payload: fresh.payload,
      secret: "whsec_someone_else",
    });
    expect(await deliver(fresh.payload, otherSignature)).toBe(400);

    expect(await eventCount()).toBe(before);
    expect((await bookingRow(booking.id)).status).toBe("pending");
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect(await mailsOf(booking.id)).toEqual([]);
  });

  it("answers GET with 405 and no data", async () => {
    const result = webhookLoader() as unknown as { init?: ResponseInit };
    expect(result.init?.status).toBe(405);
  });

  it("applies events in any order: a late 'completed, unpaid' does not undo a later success", async () => {
    const { booking } = await bookOnline({ inDays: 90 });
    const sessionId = booking.stripeCheckoutSessionId!;
    // Captured while unpaid (an asynchronous method's "completed"), delivered last.
    const completedUnpaid = stripe.signedEvent("checkout.session.completed", sessionId);
    stripe.settle(sessionId, "paid");
    expect((await send("checkout.session.async_payment_succeeded", sessionId)).status).toBe(200);
    expect(await deliver(completedUnpaid.payload, completedUnpaid.signature)).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("confirmed");
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it("cancels an expired checkout, frees its dates and tells the guest to try again", async () => {
    const first = await bookOnline({ inDays: 120 });
    const sessionId = first.booking.stripeCheckoutSessionId!;
    stripe.settle(sessionId, "expired");
    expect((await send("checkout.session.expired", sessionId)).status).toBe(200);
    expect((await send("checkout.session.expired", sessionId)).status).toBe(200);
    const after = await bookingRow(first.booking.id);
    expect(after.status).toBe("cancelled");
    expect(after.cancellationFee).toBe(0);
    const mails = await mailsOf(first.booking.id);
    expect(mails.map((m) => m.template)).toEqual(["checkout-expired"]);

    // Another guest books exactly those nights.
    const second = await bookOnline({ inDays: 120, propertyId: first.propertyId });
    expect(second.answer.status).toBe(302);
    expect(second.booking.status).toBe("pending");
  });

  it("records a payment that arrives after the hold expired for refund, without confirming", async () => {
    const { booking } = await bookOnline({ inDays: 150 });
    const sessionId = booking.stripeCheckoutSessionId!;
    // Any order: the expiry is delivered first, then the (earlier) successful payment.
    const expired = stripe.signedEvent("checkout.session.expired", sessionId);
    stripe.settle(sessionId, "paid");
    const paid = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(await deliver(expired.payload, expired.signature)).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    expect(await deliver(paid.payload, paid.signature)).toBe(200);

    const after = await bookingRow(booking.id);
    expect(after.status).toBe("cancelled");
    const payments = await paymentsOf(booking.id);
    expect(payments).toHaveLength(1);
    expect(payments[0].refundDue).toBe(true);
    const audit = await db()
      .select({ action: schema.auditLog.action, after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toContain("payment-after-cancellation");
    // No "Buchung bestätigt" for a booking that is not held any more.
    expect((await mailsOf(booking.id)).map((m) => m.template)).toEqual(["checkout-expired"]);
  });
});

describe("a lost webhook", () => {
  it("the booking job asks Stripe about holds past their end and releases or confirms them", async () => {
    const expired = await bookOnline({ inDays: 160 });
    const paid = await bookOnline({ inDays: 170 });
    const open = await bookOnline({ inDays: 180 });
    stripe.settle(expired.booking.stripeCheckoutSessionId!, "expired");
    stripe.settle(paid.booking.stripeCheckoutSessionId!, "paid");
    // No webhook came. Forty minutes later:
    const later = new Date(Date.now() + 40 * 60_000);
    expect(await settleLapsedHolds(later)).toBeGreaterThanOrEqual(2);
    expect((await bookingRow(expired.booking.id)).status).toBe("cancelled");
    expect((await bookingRow(paid.booking.id)).status).toBe("confirmed");
    expect(await paymentsOf(paid.booking.id)).toHaveLength(1);
    // Still open at Stripe (its clock decides): left alone.
    expect((await bookingRow(open.booking.id)).status).toBe("pending");
    // Not before the end: nothing is looked up.
    const another = await bookOnline({ inDays: 190 });
    stripe.settle(another.booking.stripeCheckoutSessionId!, "expired");
    await settleLapsedHolds(new Date());
    expect((await bookingRow(another.booking.id)).status).toBe("pending");
  });
});

describe("a checkout that never started", () => {
  it("releases the nights of an online booking stored without its Stripe session", async () => {
    // The process stopped between storing the booking and storing its session: nothing at
    // Stripe will ever settle it.
    const guest = await createUser({ name: "Ulla Unterbrochen" });
    const property = await createProperty();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    /** A pending booking of 4 nights from `inDays`, stored without a Stripe session. */
    const held = (
      inDays: number,
      values: Omit<Partial<typeof schema.booking.$inferInsert>, "userId" | "propertyId">,
    ) =>
      createBooking({
        userId: guest.id,
        propertyId: property.id,
        checkIn: addDays(today(), inDays),
        checkOut: addDays(today(), inDays + 4),
        ...values,
      });
    const stuck = await held(200, { paymentMethod: "credit-card", createdAt: minutesAgo(20) });
    const justNow = await held(210, { paymentMethod: "paypal" });
    const byTransfer = await held(220, { createdAt: minutesAgo(20) });
    const debitOnItsWay = await held(230, {
      paymentMethod: "sepa-debit",
      createdAt: minutesAgo(20),
      stripePaymentProcessingSince: minutesAgo(10),
    });
    await settleLapsedHolds(new Date());
    expect((await bookingRow(stuck.id)).status).toBe("cancelled");
    expect((await bookingRow(debitOnItsWay.id)).status).toBe("pending");
    // Its start may still be under way, and a bank transfer has no checkout at all.
    expect((await bookingRow(justNow.id)).status).toBe("pending");
    expect((await bookingRow(byTransfer.id)).status).toBe("pending");
    // The nights are free: another guest books them.
    const again = await bookOnline({ inDays: 200, propertyId: property.id });
    expect(again.booking.status).toBe("pending");
  });
});

describe("the return page", () => {
  it("says 'Zahlung wird bestätigt…' until the webhook has arrived, whatever the URL claims", async () => {
    const { booking, cookie } = await bookOnline({ inDays: 70 });
    const sessionId = booking.stripeCheckoutSessionId!;
    const page = async (url = `/booking-success?booking=${booking.id}`) =>
      (
        await callRoute<{ online: { state: string; amount?: number; open?: number } }>(
          successLoader,
          { url, cookie },
        )
      ).data!.online;

    // Paid at Stripe, the guest back on success_url, the webhook not here yet: still waiting.
    stripe.settle(sessionId, "paid");
    expect(
      await page(`/booking-success?booking=${booking.id}&session_id=${sessionId}`),
    ).toMatchObject({
      state: "waiting",
    });
    await send("checkout.session.completed", sessionId);
    const paid = await page();
    expect(paid.state).toBe("paid");
    const [payment] = await paymentsOf(booking.id);
    expect(paid).toMatchObject({
      amount: payment.amount,
      open: booking.totalPrice - payment.amount,
    });
  });

  it("'Reservierung aufheben' after 'Abbrechen' expires the session and frees the dates", async () => {
    const { booking, cookie } = await bookOnline({ inDays: 80 });
    const url = `/booking-success?booking=${booking.id}&zahlung=abgebrochen`;
    const before = await callRoute<{
      online: { state: string; checkoutUrl: string | null };
      isAbandoned: boolean;
    }>(successLoader, { url, cookie });
    expect(before.data).toMatchObject({
      isAbandoned: true,
      online: {
        state: "waiting",
        checkoutUrl: stripe.sessions.get(booking.stripeCheckoutSessionId!)!.url,
      },
    });
    // Someone else cannot release it.
    const stranger = await createUser();
    const foreign = await callRoute(successAction, {
      url,
      cookie: await sessionCookie(stranger.email),
      form: { intent: "abandon-checkout" },
    });
    expect(foreign.status).toBe(404);
    expect((await bookingRow(booking.id)).status).toBe("pending");

    const answer = await callRoute(successAction, {
      url,
      cookie,
      form: { intent: "abandon-checkout" },
    });
    expect(answer.status).toBe(302);
    expect(stripe.sessions.get(booking.stripeCheckoutSessionId!)!.status).toBe("expired");
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    const after = await callRoute<{ online: { state: string } }>(successLoader, { url, cookie });
    expect(after.data!.online.state).toBe("expired");
  });
});

describe("the settings checklist", () => {
  it("shows keys present, the webhook URL and the last event, never the keys themselves", async () => {
    const { booking } = await bookOnline({ inDays: 100 });
    stripe.settle(booking.stripeCheckoutSessionId!, "paid");
    await send("checkout.session.completed", booking.stripeCheckoutSessionId!);
    const admin = await createUser({ role: "admin" });
    const answer = await callRoute<{ stripe: unknown }>(settingsLoader, {
      url: "/admin/settings?tab=buchungen",
      cookie: await sessionCookie(admin.email),
    });
    expect(answer.data!.stripe).toMatchObject({
      secretKey: "test",
      hasWebhookSecret: true,
      webhookUrl: "http://localhost:3000/api/stripe/webhook",
      lastEvent: { type: "checkout.session.completed" },
    });
    // Every event the webhook acts on is named for the operator to select in Stripe.
    expect((answer.data!.stripe as { events: string[] }).events).toEqual(
      expect.arrayContaining([
        "checkout.session.completed",
        "checkout.session.expired",
        "charge.refunded",
        "refund.failed",
        "payment_intent.succeeded",
        "payment_intent.payment_failed",
      ]),
    );
    const everything = JSON.stringify(answer.data);
    expect(everything).not.toContain(process.env.STRIPE_SECRET_KEY);
    expect(everything).not.toContain(process.env.STRIPE_WEBHOOK_SECRET);
  });
});
