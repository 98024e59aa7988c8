/**
 * A SEPA deposit whose `checkout.session.async_payment_succeeded/failed` never arrives
 * (decision 070), against the local fake Stripe on a real database: the 15-minute booking job
 * asks Stripe about a debit processing for more than a day and settles it as the webhook would
 * have – paid and confirmed once, or released – and asks about one still processing only once
 * a day. Nothing younger than a day is asked; a failed look-up is asked again at the next run.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import { settleLapsedHolds } from "~/features/booking/online-payment.server";
import { db, schema } from "~/lib/db.server";
import { bookingRow } from "../helpers/online-booking";
import { allowSepaDebit, bookSepa } from "../helpers/sepa-booking";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("sepa-lost-webhook");
beforeAll(allowSepaDebit);

const HOUR = 3_600_000;
/** How often the job asked Stripe about this checkout session. */
const lookUpsOf = (sessionId: string) => stripe.retrieves.filter((id) => id === sessionId).length;
const hoursLater = (start: number, hours: number) => new Date(start + hours * HOUR);

/** A SEPA booking whose checkout completed: "Lastschrift in Bearbeitung", its webhook came. */
async function debitProcessing(inDays: number) {
  const { booking } = await bookSepa(inDays);
  const sessionId = booking.stripeCheckoutSessionId!;
  stripe.settle(sessionId, "processing");
  expect(await deliverWebhook(stripe.signedEvent("checkout.session.completed", sessionId))).toBe(
    200,
  );
  const processing = await bookingRow(booking.id);
  expect(processing).toMatchObject({ status: "pending", amountPaid: 0 });
  expect(processing.stripePaymentProcessingSince).not.toBeNull();
  return { booking: processing, sessionId };
}

const paymentsOf = (id: string) =>
  db().select().from(schema.payment).where(eq(schema.payment.bookingId, id));
const templatesOf = async (id: string) =>
  (
    await db()
      .select({ template: schema.emailOutbox.template })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.bookingId, id))
  ).map((m) => m.template);

/** Everything the job could change about these bookings. */
async function stateOf(ids: string[]) {
  const order = <T extends { id: string }>(rows: T[]) =>
    rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    bookings: order(
      await db().select().from(schema.booking).where(inArray(schema.booking.id, ids)),
    ),
    payments: order(
      await db().select().from(schema.payment).where(inArray(schema.payment.bookingId, ids)),
    ),
    mails: order(
      await db()
        .select()
        .from(schema.emailOutbox)
        .where(inArray(schema.emailOutbox.bookingId, ids)),
    ),
    history: order(
      await db().select().from(schema.auditLog).where(inArray(schema.auditLog.entityId, ids)),
    ),
  };
}

describe("a SEPA deposit whose webhook is lost (decision 070)", () => {
  it("is asked at Stripe after a day: a debit that arrived confirms, a returned one releases", async () => {
    const succeeded = await debitProcessing(90);
    const failed = await debitProcessing(100);
    const stillProcessing = await debitProcessing(110);
    // The bank answered at Stripe; neither async_payment_* event arrives.
    stripe.settle(succeeded.sessionId, "paid");
    stripe.settle(failed.sessionId, "failed");
    // While it is held, nobody else can book the failed booking's nights.
    const blocked = await bookSepa(100, failed.booking.propertyId);
    expect(blocked.booking).toBeUndefined();

    const start = Date.now();
    expect(await settleLapsedHolds(hoursLater(start, 25))).toBe(2);

    const confirmed = await bookingRow(succeeded.booking.id);
    expect(confirmed).toMatchObject({ status: "confirmed", paymentStatus: "partially-paid" });
    expect(confirmed.stripePaymentProcessingSince).toBeNull();
    const [deposit] = paymentSchedule({
      total: confirmed.totalPrice,
      bookingDay: todayInBerlin(),
      checkIn: confirmed.checkIn,
      depositPercentage: confirmed.depositPercentage,
      balanceDueDays: confirmed.balanceDueDays,
    });
    expect(await paymentsOf(confirmed.id)).toEqual([
      expect.objectContaining({
        method: "sepa-debit",
        amount: deposit.amount,
        stripeCheckoutSessionId: succeeded.sessionId,
      }),
    ]);
    expect(confirmed.amountPaid).toBe(deposit.amount);
    expect((await templatesOf(confirmed.id)).filter((t) => t === "booking-confirmed")).toEqual([
      "booking-confirmed",
    ]);

    const released = await bookingRow(failed.booking.id);
    expect(released).toMatchObject({ status: "cancelled", amountPaid: 0, cancellationFee: 0 });
    expect(released.stripePaymentProcessingSince).toBeNull();
    expect(await paymentsOf(released.id)).toEqual([]);
    expect(await templatesOf(released.id)).toEqual(["checkout-expired"]);

    // Still processing at Stripe: unchanged, still "Lastschrift in Bearbeitung" since then.
    const waiting = await bookingRow(stillProcessing.booking.id);
    expect(waiting).toMatchObject({ status: "pending", amountPaid: 0 });
    expect(waiting.stripePaymentProcessingSince).toEqual(
      stillProcessing.booking.stripePaymentProcessingSince,
    );

    // The job again, now and at its next runs: nothing more happens.
    const ids = [succeeded.booking.id, failed.booking.id, stillProcessing.booking.id];
    const settledState = await stateOf(ids);
    expect(await settleLapsedHolds(hoursLater(start, 25))).toBe(0);
    expect(await settleLapsedHolds(hoursLater(start, 25.25))).toBe(0);
    expect(await stateOf(ids)).toEqual(settledState);

    // The released nights are free: another guest books them.
    const again = await bookSepa(100, failed.booking.propertyId);
    expect(again.booking).toMatchObject({ status: "pending", checkIn: failed.booking.checkIn });
  });

  it("asks about a debit still processing only once a day", async () => {
    const { booking, sessionId } = await debitProcessing(120);
    const start = Date.now();
    await settleLapsedHolds(hoursLater(start, 25));
    expect((await bookingRow(booking.id)).status).toBe("pending");
    expect(lookUpsOf(sessionId)).toBe(1);
    // The bank answers afterwards; this event is lost too. The runs of the same day do not ask.
    stripe.settle(sessionId, "paid");
    await settleLapsedHolds(hoursLater(start, 25.25));
    await settleLapsedHolds(hoursLater(start, 48));
    expect(lookUpsOf(sessionId)).toBe(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "pending",
      amountPaid: 0,
      stripePaymentProcessingSince: booking.stripePaymentProcessingSince,
    });
    // A day after the last question: asked again, and confirmed.
    await settleLapsedHolds(hoursLater(start, 50));
    expect((await bookingRow(booking.id)).status).toBe("confirmed");
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it("does not ask about a debit processing for less than a day", async () => {
    const { booking, sessionId } = await debitProcessing(130);
    // Stripe knows it arrived; the webhook may still come – the job leaves it to the webhook.
    stripe.settle(sessionId, "paid");
    await settleLapsedHolds(hoursLater(Date.now(), 23));
    expect(lookUpsOf(sessionId)).toBe(0);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending", amountPaid: 0 });
    expect(await paymentsOf(booking.id)).toEqual([]);
  });

  it("a look-up that fails is logged, not thrown, and asked again at the next run", async () => {
    const { booking, sessionId } = await debitProcessing(140);
    stripe.settle(sessionId, "paid");
    const start = Date.now();
    // Stripe unreachable, the SDK's retries included.
    stripe.failNextRetrieves(10);
    try {
      expect(await settleLapsedHolds(hoursLater(start, 25))).toBe(0);
    } finally {
      stripe.failNextRetrieves(0);
    }
    expect((await bookingRow(booking.id)).status).toBe("pending");
    // Fifteen minutes later, not a day.
    await settleLapsedHolds(hoursLater(start, 25.25));
    expect((await bookingRow(booking.id)).status).toBe("confirmed");
  });

  it("a session Stripe does not know is asked again the next day, not at every run", async () => {
    const { booking } = await debitProcessing(150);
    // As after switching to another Stripe account's keys: the old session is unknown there.
    const unknown = "cs_test_of_another_account";
    await db()
      .update(schema.booking)
      .set({ stripeCheckoutSessionId: unknown })
      .where(eq(schema.booking.id, booking.id));
    const start = Date.now();
    await settleLapsedHolds(hoursLater(start, 25));
    await settleLapsedHolds(hoursLater(start, 25.25));
    expect(lookUpsOf(unknown)).toBe(1);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending", amountPaid: 0 });
    await settleLapsedHolds(hoursLater(start, 50));
    expect(lookUpsOf(unknown)).toBe(2);
  });
});
