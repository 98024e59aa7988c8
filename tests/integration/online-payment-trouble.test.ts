/**
 * Online payment trouble shown to the admin and the guest (issue 17, decision 052), on a real
 * database with hand-made bookings:
 *
 * - the dashboard's overdue list covers online bookings too: a failed balance charge with its
 *   attempts and payment link, an overdue instalment nothing was charged for; a SEPA debit in
 *   processing is not overdue; bank transfers as before;
 * - "Lastschrift in Bearbeitung" reaches the guest's list, detail and next payment and the
 *   admin's list and detail;
 * - the admin detail says the balance charge's state now: next attempt, the link and its end.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overduePayments, pendingPayments } from "~/features/admin-dashboard/dashboard.server";
import { getAdminBooking, listAdminBookings } from "~/features/booking/admin-bookings.server";
import { MAX_BALANCE_ATTEMPTS } from "~/features/booking/balance-charges.server";
import {
  getMyBookingDetail,
  getNextTripAndPayment,
  listMyBookings,
} from "~/features/booking/my-bookings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  // Each test looks at its own bookings only.
  await db()
    .update(schema.booking)
    .set({ status: "completed" })
    .where(inArray(schema.booking.status, ["pending", "confirmed"]));
});

/** Booked 1 March for 1 June, 1.000 €: deposit 200 € due 8 March, balance 800 € due 2 May. */
async function booking(
  overrides: Omit<Partial<typeof schema.booking.$inferInsert>, "userId" | "propertyId"> = {},
  userId?: string,
) {
  const guest = userId ?? (await createUser({ name: "Olga Online" })).id;
  const property = await createProperty({ title: `Haus ${crypto.randomUUID().slice(0, 6)}` });
  return createBooking({
    userId: guest,
    propertyId: property.id,
    checkIn: "2026-06-01",
    checkOut: "2026-06-05",
    guestName: "Olga Online",
    totalPrice: 100_000,
    status: "confirmed",
    createdAt: new Date("2026-03-01T09:00:00Z"),
    ...overrides,
  });
}
const pay = (bookingId: string, amount: number) =>
  db().insert(schema.payment).values({ bookingId, amount, receivedOn: "2026-03-02" });
/** The balance job's row as chargeDueBalances leaves it after a failed attempt. */
const failedCharge = (bookingId: string, attempts: number, lastAttemptOn: string) =>
  db()
    .insert(schema.balanceCharge)
    .values({
      bookingId,
      dueDate: "2026-05-02",
      amount: 80_000,
      status: "failed",
      attempts,
      lastAttemptOn,
      lastError: "authentication_required",
      checkoutSessionId: `cs_test_${crypto.randomUUID()}`,
      checkoutUrl: `https://checkout.stripe.test/pay/${crypto.randomUUID()}`,
    })
    .returning();

describe(`the dashboard's overdue list with online payments (${databaseKind()})`, () => {
  it("lists failed and never-tried online instalments beside bank transfers, not a debit in processing", async () => {
    // Card: deposit paid, the balance charge failed twice, a payment link went out.
    const card = await booking({ paymentMethod: "credit-card" });
    await pay(card.id, 20_000);
    await failedCharge(card.id, 2, "2026-05-09");
    // PayPal: deposit paid, the balance never charged (e.g. no payment provider configured).
    const paypal = await booking({ paymentMethod: "paypal" });
    await pay(paypal.id, 20_000);
    // Card: every attempt used.
    const givenUp = await booking({ paymentMethod: "credit-card" });
    await pay(givenUp.id, 20_000);
    await failedCharge(givenUp.id, MAX_BALANCE_ATTEMPTS, "2026-05-05");
    // A held card booking whose checkout never settled: the deposit is overdue, nothing charged.
    const held = await booking({ paymentMethod: "credit-card", status: "pending" });
    // SEPA: the deposit's debit is processing (pending), and a confirmed one whose balance
    // debit is processing: waiting for the bank, not overdue.
    const sepaHeld = await booking({
      paymentMethod: "sepa-debit",
      status: "pending",
      stripePaymentProcessingSince: new Date("2026-03-03T10:00:00Z"),
    });
    const sepaBalance = await booking({
      paymentMethod: "sepa-debit",
      stripePaymentProcessingSince: new Date("2026-05-02T10:00:00Z"),
    });
    await pay(sepaBalance.id, 20_000);
    // SEPA without a debit under way: overdue like any other.
    const sepaOpen = await booking({ paymentMethod: "sepa-debit" });
    await pay(sepaOpen.id, 20_000);
    // Bank transfer, deposit paid, balance open: as before.
    const transfer = await booking({ paymentMethod: "bank-transfer" });
    await pay(transfer.id, 20_000);
    // Paid in full or cancelled: never listed.
    const paid = await booking({ paymentMethod: "credit-card" });
    await pay(paid.id, 100_000);
    await booking({ paymentMethod: "paypal", status: "cancelled" });

    // Before the balance date only the held booking's deposit is overdue.
    const early = await overduePayments("2026-04-01");
    expect(early.bookings.map((b) => b.id)).toEqual([held.id]);
    expect(early.bookings[0]).toMatchObject({
      paymentMethod: "credit-card",
      amountOpen: 20_000,
      dueDate: "2026-03-08",
      daysOverdue: 24,
      charge: null,
    });

    const list = await overduePayments("2026-05-10");
    expect(list.total).toBe(6);
    const byId = new Map(list.bookings.map((b) => [b.id, b]));
    expect(byId.has(sepaHeld.id)).toBe(false);
    expect(byId.has(sepaBalance.id)).toBe(false);
    expect(byId.has(paid.id)).toBe(false);
    // The most overdue first: the held deposit (since 8 March), then the balances (2 May).
    expect(list.bookings[0]).toMatchObject({ id: held.id, amountOpen: 100_000, daysOverdue: 63 });
    expect(list.bookings.slice(1).map((b) => b.daysOverdue)).toEqual([8, 8, 8, 8, 8]);
    expect(byId.get(card.id)).toMatchObject({
      paymentMethod: "credit-card",
      amountOpen: 80_000,
      dueDate: "2026-05-02",
      charge: {
        status: "failed",
        attempts: 2,
        lastError: "authentication_required",
        isLinkSent: true,
      },
    });
    expect(byId.get(givenUp.id)?.charge).toMatchObject({
      status: "failed",
      attempts: MAX_BALANCE_ATTEMPTS,
    });
    expect(byId.get(paypal.id)).toMatchObject({ paymentMethod: "paypal", charge: null });
    expect(byId.get(sepaOpen.id)).toMatchObject({ paymentMethod: "sepa-debit", charge: null });
    expect(byId.get(transfer.id)).toMatchObject({
      paymentMethod: "bank-transfer",
      amountOpen: 80_000,
      charge: null,
    });

    // The bank refused the processing debit (the column is cleared, nothing recorded): the
    // balance is overdue again.
    await db()
      .update(schema.booking)
      .set({ stripePaymentProcessingSince: null })
      .where(eq(schema.booking.id, sepaBalance.id));
    expect((await overduePayments("2026-05-10")).bookings.map((b) => b.id)).toContain(
      sepaBalance.id,
    );
  });

  it("the pending list says 'Lastschrift in Bearbeitung' instead of overdue", async () => {
    const sepa = await booking({
      paymentMethod: "sepa-debit",
      status: "pending",
      stripePaymentProcessingSince: new Date("2026-03-03T10:00:00Z"),
    });
    const transfer = await booking({ status: "pending" });
    const pending = await pendingPayments("2026-03-20");
    expect(pending.find((p) => p.id === sepa.id)).toMatchObject({
      isDebitProcessing: true,
      isOverdue: false,
    });
    expect(pending.find((p) => p.id === transfer.id)).toMatchObject({
      isDebitProcessing: false,
      isOverdue: true,
    });
  });
});

describe(`'Lastschrift in Bearbeitung' for guest and admin (${databaseKind()})`, () => {
  it("marks the booking whose debit is processing in the guest's list, detail and next payment and the admin's list and detail", async () => {
    const guest = await createUser({ name: "Sepp Sepa" });
    // Arrival well ahead of today, so that the booking is in the guest's "upcoming" tab.
    const sepa = await booking(
      {
        paymentMethod: "sepa-debit",
        status: "pending",
        checkIn: "2099-06-01",
        checkOut: "2099-06-05",
        createdAt: new Date(Date.now() - 60_000),
        stripePaymentProcessingSince: new Date(),
      },
      guest.id,
    );
    const card = await booking(
      {
        paymentMethod: "credit-card",
        checkIn: "2099-07-01",
        checkOut: "2099-07-05",
        createdAt: new Date(),
      },
      guest.id,
    );
    await pay(card.id, 100_000);
    const today = new Date().toISOString().slice(0, 10);

    const mine = await listMyBookings({
      userId: guest.id,
      today,
      tab: "upcoming",
      q: "",
      status: "all",
    });
    expect(mine.map((b) => [b.id, b.isDebitProcessing])).toEqual([
      [sepa.id, true],
      [card.id, false],
    ]);
    expect(await getMyBookingDetail(guest.id, sepa.id, today)).toMatchObject({
      isDebitProcessing: true,
    });
    expect(await getMyBookingDetail(guest.id, card.id, today)).toMatchObject({
      isDebitProcessing: false,
    });
    const { nextPayment } = await getNextTripAndPayment(guest.id, today);
    expect(nextPayment).toMatchObject({
      bookingId: sepa.id,
      isDebitProcessing: true,
      isOverdue: false,
    });

    const admin = await listAdminBookings({
      q: "",
      status: "alle",
      from: null,
      to: null,
      refund: false,
      user: guest.id,
      page: 1,
    });
    expect(admin.bookings.map((b) => [b.id, b.isDebitProcessing])).toEqual([
      [card.id, false],
      [sepa.id, true],
    ]);
    const detail = await getAdminBooking(sepa.id, new Date());
    expect(detail?.booking.debitProcessingSince).toEqual(expect.any(String));
    expect((await getAdminBooking(card.id, new Date()))?.booking.debitProcessingSince).toBeNull();
  });
});

describe(`the balance charge on the admin detail (${databaseKind()})`, () => {
  afterEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnvCache();
  });

  it("says the attempts, the last error, the next attempt and the payment link with its end", async () => {
    process.env.STRIPE_SECRET_KEY = "sk_test_trouble_0123456789";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_trouble_0123456789";
    resetEnvCache();
    const card = await booking({ paymentMethod: "credit-card" });
    await pay(card.id, 20_000);
    const [charge] = await failedCharge(card.id, 2, "2026-05-09");
    await db()
      .insert(schema.emailOutbox)
      .values({
        to: "olga@example.com",
        template: "balance-payment-link",
        bookingId: card.id,
        data: { paymentUrl: charge.checkoutUrl, linkExpiresAt: "2026-05-10T07:59:00.000Z" },
        createdAt: new Date("2026-05-09T08:00:00Z"),
      });

    // The morning after: the link still valid; the job tries again today, once it has ended
    // (not at the start of the day, decision 076).
    const morning = await getAdminBooking(card.id, new Date("2026-05-10T05:00:00Z"));
    expect(morning?.balanceCharges).toEqual([
      {
        dueDate: "2026-05-02",
        amount: 80_000,
        status: "failed",
        attempts: 2,
        maxAttempts: MAX_BALANCE_ATTEMPTS,
        lastError: "authentication_required",
        lastAttemptOn: "2026-05-09",
        nextAttempt: { at: "2026-05-10T07:59:00.000Z", after: "linkEnd" },
        link: {
          sentAt: "2026-05-09T08:00:00.000Z",
          expiresAt: "2026-05-10T07:59:00.000Z",
          isExpired: false,
        },
      },
    ]);
    // Later that day the link has run out.
    const evening = await getAdminBooking(card.id, new Date("2026-05-10T18:00:00Z"));
    expect(evening?.balanceCharges[0].link).toMatchObject({ isExpired: true });

    // The last attempt made: no further one.
    await db()
      .update(schema.balanceCharge)
      .set({ attempts: MAX_BALANCE_ATTEMPTS })
      .where(eq(schema.balanceCharge.bookingId, card.id));
    expect(
      (await getAdminBooking(card.id, new Date("2026-05-12T10:00:00Z")))?.balanceCharges[0],
    ).toMatchObject({ attempts: MAX_BALANCE_ATTEMPTS, nextAttempt: null });
  });

  it("promises no further attempt without a payment provider or once the booking is cancelled", async () => {
    const card = await booking({ paymentMethod: "credit-card" });
    await pay(card.id, 20_000);
    await failedCharge(card.id, 1, "2026-05-02");
    const noProvider = await getAdminBooking(card.id, new Date("2026-05-03T10:00:00Z"));
    expect(noProvider?.balanceCharges[0]).toMatchObject({ nextAttempt: null, link: null });

    process.env.STRIPE_SECRET_KEY = "sk_test_trouble_0123456789";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_trouble_0123456789";
    resetEnvCache();
    // A run after downtime: the next attempt is the next hourly run, not a day in the past.
    expect(
      (await getAdminBooking(card.id, new Date("2026-05-20T10:00:00Z")))?.balanceCharges[0],
    ).toMatchObject({ nextAttempt: { at: "2026-05-20T10:00:00.000Z", after: "due" } });
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, card.id));
    expect(
      (await getAdminBooking(card.id, new Date("2026-05-20T10:00:00Z")))?.balanceCharges[0],
    ).toMatchObject({ nextAttempt: null });
  });
});
