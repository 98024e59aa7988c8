/**
 * SEPA Direct Debit through Stripe Checkout (issue 17, decision 049), against the local fake
 * Stripe on a real database: allowed in the settings, offered only for arrivals at least 14
 * days away (the server refuses with a German message), paid and confirmed only on
 * `checkout.session.async_payment_succeeded`; while the debit is processing the booking is
 * neither paid nor confirmed ("Lastschrift in Bearbeitung"); a failed debit cancels it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/calendar-day";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { db, schema } from "~/lib/db.server";
import { translate } from "~/lib/i18n";
import { loader as successLoader } from "~/routes/booking/success";
import { bookingRow, depositPaid } from "../helpers/online-booking";
import { allowSepaDebit, bookSepa, sepaBooking } from "../helpers/sepa-booking";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";
import { callRoute } from "../helpers/route-call";

const stripe = fakeStripeForFile("sepa");
beforeAll(allowSepaDebit);

const deliver = deliverWebhook;

describe("SEPA Direct Debit", () => {
  it("is refused with a German message when arrival is fewer than 14 days away", async () => {
    const { answer, booking } = await bookSepa(13);
    expect(answer.status).toBe(400);
    expect(answer.data?.error).toBe("sepaTooLate");
    // Worded by the server: the booking page's scripts do not carry this text.
    expect(answer.data?.message).toBe(
      "SEPA-Lastschrift ist nur bei einer Anreise in mindestens 14 Tagen möglich. Bitte wählen Sie eine andere Zahlungsmethode.",
    );
    expect(translate("de", "bookingErrors.sepaTooLate")).toBe(answer.data?.message);
    expect(booking).toBeUndefined();
  });

  it("waits while the debit is processing and confirms only when it succeeded", async () => {
    const { answer, booking, cookie } = await bookSepa(14);
    expect(answer.status).toBe(302);
    const sessionId = booking.stripeCheckoutSessionId!;
    expect(stripe.sessions.get(sessionId)!.allowed_payment_method_types).toEqual(["sepa_debit"]);

    stripe.settle(sessionId, "processing");
    const completed = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(await deliver(completed)).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      amountPaid: 0,
    });
    const page = async () =>
      (
        await callRoute<{ online: { state: string } }>(successLoader, {
          url: `/booking-success?booking=${booking.id}`,
          cookie,
        })
      ).data!.online.state;
    expect(await page()).toBe("processing");
    expect(translate("de", "bookingSuccess.online.processingTitle")).toBe(
      "Lastschrift in Bearbeitung",
    );

    stripe.settle(sessionId, "paid");
    expect(
      await deliver(stripe.signedEvent("checkout.session.async_payment_succeeded", sessionId)),
    ).toBe(200);
    // The earlier "completed, unpaid" again changes nothing.
    expect(await deliver(completed)).toBe(200);
    const after = await bookingRow(booking.id);
    expect(after.status).toBe("confirmed");
    expect(after.amountPaid).toBeGreaterThan(0);
    expect(after.stripePaymentProcessingSince).toBeNull();
    expect(await page()).toBe("paid");
    const payments = await db()
      .select()
      .from(schema.payment)
      .where(eq(schema.payment.bookingId, booking.id));
    expect(payments).toEqual([expect.objectContaining({ method: "sepa-debit" })]);
  });

  it("a failed debit cancels the booking, frees the dates and tells the guest", async () => {
    const { booking } = await bookSepa(40);
    const sessionId = booking.stripeCheckoutSessionId!;
    stripe.settle(sessionId, "processing");
    expect(await deliver(stripe.signedEvent("checkout.session.completed", sessionId))).toBe(200);
    expect(
      await deliver(stripe.signedEvent("checkout.session.async_payment_failed", sessionId)),
    ).toBe(200);
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ status: "cancelled", amountPaid: 0, cancellationFee: 0 });
    const mails = await db()
      .select({ template: schema.emailOutbox.template })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.bookingId, booking.id));
    expect(mails.map((m) => m.template)).toEqual(["checkout-expired"]);
  });
});

/** A SEPA booking with a balance: the deposit debited and confirmed, the mandate saved. */
const sepaDepositPaid = (inDays: number) => depositPaid(stripe, { ...sepaBooking, inDays });

const at = (day: string) => new Date(`${day}T12:00:00+01:00`);
const templatesOf = async (id: string) =>
  (
    await db()
      .select({ template: schema.emailOutbox.template })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.bookingId, id))
  ).map((m) => m.template);

describe("the balance of a SEPA booking (decision 051)", () => {
  it("is debited on its due date, in processing until the bank answers, then paid", async () => {
    const { booking, deposit, balance, customer } = await sepaDepositPaid(60);
    expect(await chargeDueBalances(at(balance.dueDate))).toMatchObject({ processing: 1 });
    const charges = stripe.charges.filter((c) => c.params.customer === customer);
    expect(charges).toHaveLength(1);
    const intentId = [...stripe.paymentIntents.values()].find(
      (i) => i.customer === customer && i.status === "processing",
    )!.id;
    const waiting = await bookingRow(booking.id);
    // "Lastschrift in Bearbeitung": not paid while processing.
    expect(waiting.stripePaymentProcessingSince).not.toBeNull();
    expect(waiting).toMatchObject({ amountPaid: deposit.amount, paymentStatus: "partially-paid" });
    // The next days: no second debit while the first is under way.
    await chargeDueBalances(at(addDays(balance.dueDate, 1)));
    expect(stripe.charges.filter((c) => c.params.customer === customer)).toHaveLength(1);

    const succeeded = await stripe.settleIntent(intentId, "succeeded");
    expect(await deliver(succeeded)).toBe(200);
    expect(await deliver(succeeded)).toBe(200);
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ amountPaid: booking.totalPrice, paymentStatus: "paid" });
    expect(after.stripePaymentProcessingSince).toBeNull();
    expect((await templatesOf(booking.id)).filter((t) => t === "balance-paid")).toHaveLength(1);
  });

  it("a debit the bank returns sends the guest the payment link, once", async () => {
    const { booking, balance, customer } = await sepaDepositPaid(70);
    await chargeDueBalances(at(balance.dueDate));
    const intentId = [...stripe.paymentIntents.values()].find(
      (i) => i.customer === customer && i.status === "processing",
    )!.id;
    const failed = await stripe.settleIntent(intentId, "failed");
    expect(await deliver(failed)).toBe(200);
    expect(await deliver(failed)).toBe(200);
    const after = await bookingRow(booking.id);
    expect(after.stripePaymentProcessingSince).toBeNull();
    expect(after.paymentStatus).toBe("partially-paid");
    expect(
      (await templatesOf(booking.id)).filter((t) => t === "balance-payment-link"),
    ).toHaveLength(1);
    const history = await db()
      .select({ action: schema.auditLog.action, after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, booking.id));
    expect(history.find((h) => h.action === "balance-charge-failed")?.after).toMatchObject({
      error: "insufficient_funds",
      paymentLinkSent: true,
    });
  });

  it("is looked up at Stripe when the bank's answer never arrives", async () => {
    const { booking, balance, customer } = await sepaDepositPaid(75);
    await chargeDueBalances(at(balance.dueDate));
    const intentId = [...stripe.paymentIntents.values()].find(
      (i) => i.customer === customer && i.status === "processing",
    )!.id;
    // Stripe knows it succeeded; the event is lost (not delivered).
    await stripe.settleIntent(intentId, "succeeded");
    await chargeDueBalances(at(addDays(balance.dueDate, 2)));
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ amountPaid: booking.totalPrice, paymentStatus: "paid" });
    expect(stripe.charges.filter((c) => c.params.customer === customer)).toHaveLength(1);
  });
});
