/**
 * Refunds after a cancellation (issue 17 point 5, decision 047): the fee from the one
 * cancellation function, an open refund item of what was paid above it, marked "erstattet" by
 * an admin, and the payment status that follows.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/calendar-day";
import { changeBookingStatus, getAdminBooking } from "~/features/booking/admin-bookings.server";
import { cancelBooking } from "~/features/booking/cancellation.server";
import { getMyBookingDetail } from "~/features/booking/my-bookings.server";
import { markRefunded } from "~/features/booking/refunds.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  adminId = (await createUser({ role: "admin", name: "Anton Admin" })).id;
});
afterAll(() => handle.close());

// 24 Nov 2026, 11:00 Berlin. Default terms: free until 48 h before arrival, then 50 %.
const NOW = new Date("2026-11-24T10:00:00Z");

async function paidBooking({
  checkIn = "2026-11-25",
  paid = 100_000,
  paymentMethod = "bank-transfer",
}: { checkIn?: string; paid?: number; paymentMethod?: string } = {}) {
  const guest = await createUser({ name: "Greta Gast" });
  const property = await createProperty({ title: `Haus ${crypto.randomUUID().slice(0, 6)}` });
  const booking = await createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn,
    checkOut: addDays(checkIn, 4),
    guestName: "Greta Gast",
    guestEmail: guest.email,
    totalPrice: 100_000,
    status: "confirmed",
    paymentMethod,
    createdAt: new Date("2026-10-01T09:00:00Z"),
  });
  if (paid > 0) {
    // Paid online, the money came through Stripe (it is refunded there, decision 086).
    const online =
      paymentMethod === "bank-transfer"
        ? {}
        : { method: paymentMethod, stripePaymentIntentId: `pi_${crypto.randomUUID()}` };
    await db()
      .insert(schema.payment)
      .values({ bookingId: booking.id, amount: paid, receivedOn: "2026-10-05", ...online });
  }
  return { guest, booking };
}

const stored = async (bookingId: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId)))[0];
const refundsOf = (bookingId: string) =>
  db().select().from(schema.refund).where(eq(schema.refund.bookingId, bookingId));
const auditOf = (bookingId: string, action: string) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entityId, bookingId), eq(schema.auditLog.action, action)));

describe(`refunds for bank transfers (${databaseKind()})`, () => {
  it("an admin's cancellation opens a refund of what was paid above the fee; marking it refunded completes it", async () => {
    const { guest, booking } = await paidBooking();
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        fee: "guest-terms",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    // Arrival tomorrow: inside the 48 hours, 50 % fee = 500 €; paid 1.000 € → 500 € back.
    expect(await stored(booking.id)).toMatchObject({
      status: "cancelled",
      cancellationFee: 50_000,
      paymentStatus: "paid",
      amountPaid: 100_000,
      amountRefunded: 0,
    });
    const [refund] = await refundsOf(booking.id);
    expect(refund).toMatchObject({ amount: 50_000, status: "open", method: "bank-transfer" });
    expect((await auditOf(booking.id, "status-change"))[0].after).toMatchObject({
      status: "cancelled",
      cancellationFee: 50_000,
      amountPaid: 100_000,
      refundDue: 50_000,
    });
    // The admin detail and the guest's booking show it as open.
    const detail = await getAdminBooking(booking.id, NOW);
    expect(detail?.refunds).toEqual([
      expect.objectContaining({ id: refund.id, amount: 50_000, status: "open" }),
    ]);
    expect((await getMyBookingDetail(guest.id, booking.id, "2026-11-24"))?.refunds).toEqual([
      { amount: 50_000, method: "bank-transfer", status: "open", refundedOn: null },
    ]);

    // Validation: no day in the future, none before the refund existed, the right booking.
    const mark = (overrides: Partial<Parameters<typeof markRefunded>[0]> = {}) =>
      markRefunded({
        bookingId: booking.id,
        refundId: refund.id,
        refundedOn: "2026-11-24",
        note: "Überwiesen an DE02…",
        actorId: adminId,
        now: NOW,
        ...overrides,
      });
    expect(await mark({ refundedOn: "2026-11-25" })).toEqual({ ok: false, error: "dateInFuture" });
    expect(await mark({ refundedOn: "2026-11-01" })).toEqual({
      ok: false,
      error: "dateBeforeRefund",
    });
    const other = await paidBooking({ checkIn: "2027-01-10" });
    expect(await mark({ bookingId: other.booking.id })).toEqual({ ok: false, error: "notFound" });
    expect(await mark({ refundId: "nicht-eine-uuid" })).toEqual({ ok: false, error: "notFound" });
    expect((await refundsOf(booking.id))[0].status).toBe("open");

    expect(await mark()).toEqual({ ok: true, paymentStatus: "refunded" });
    expect(await stored(booking.id)).toMatchObject({
      paymentStatus: "refunded",
      amountPaid: 100_000,
      amountRefunded: 50_000,
    });
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({
        status: "refunded",
        refundedOn: "2026-11-24",
        refundedBy: adminId,
        note: "Überwiesen an DE02…",
      }),
    ]);
    const [entry] = await auditOf(booking.id, "refund-marked");
    expect(entry).toMatchObject({ actorId: adminId });
    expect(entry.after).toMatchObject({
      amount: 50_000,
      refundedOn: "2026-11-24",
      amountRefunded: 50_000,
      paymentStatus: "refunded",
    });
    // A second click changes nothing; the guest sees the day.
    expect(await mark()).toEqual({ ok: false, error: "notOpen" });
    expect(await auditOf(booking.id, "refund-marked")).toHaveLength(1);
    expect((await getMyBookingDetail(guest.id, booking.id, "2026-11-24"))?.refunds).toEqual([
      { amount: 50_000, method: "bank-transfer", status: "refunded", refundedOn: "2026-11-24" },
    ]);
    // Money paid back cannot be reopened into an active booking.
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "pending",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "alreadyRefunded" });
  });

  it("the admin's cancel dialog shows beforehand what each choice owes back, and the cancellation opens exactly that", async () => {
    // 1.200 € received on a 1.000 € booking; the 200 € surplus was already paid back by hand.
    const { booking } = await paidBooking({ paid: 120_000 });
    await db()
      .insert(schema.refund)
      .values({
        bookingId: booking.id,
        method: "bank-transfer",
        amount: 20_000,
        status: "refunded",
        refundedOn: "2026-10-06",
        createdAt: new Date("2026-10-05T12:00:00Z"),
      });
    const before = await getAdminBooking(booking.id, NOW);
    // Fee 500 € (50 % inside the 48 hours): 1.200 − 500 − 200 already back = 500 €; without
    // the fee 1.000 €.
    expect(before?.guestCancellationFee).toBe(50_000);
    expect(before?.cancellationRefunds).toEqual({ guestTerms: 50_000, none: 100_000 });

    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        fee: "none",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    const open = (await refundsOf(booking.id)).filter((item) => item.status === "open");
    expect(open.map((item) => item.amount)).toEqual([before?.cancellationRefunds.none]);
  });

  it("the cancel dialog promises no refund when nothing was paid", async () => {
    const { booking } = await paidBooking({ paid: 0 });
    expect((await getAdminBooking(booking.id, NOW))?.cancellationRefunds).toEqual({
      guestTerms: 0,
      none: 0,
    });
  });

  it("the guest's own cancellation opens the same refund: paid − fee", async () => {
    const { guest, booking } = await paidBooking({ paid: 80_000 });
    expect(
      await cancelBooking({
        userId: guest.id,
        bookingId: booking.id,
        quotedFee: 50_000,
        now: NOW,
        language: "de",
      }),
    ).toEqual({ ok: true, fee: 50_000 });
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({ amount: 30_000, status: "open", createdBy: guest.id }),
    ]);
    expect(await stored(booking.id)).toMatchObject({ paymentStatus: "partially-paid" });
  });

  it("opens no refund when the payments do not exceed the fee, and the whole payment without a fee", async () => {
    const low = await paidBooking({ paid: 40_000 });
    await changeBookingStatus({
      bookingId: low.booking.id,
      status: "cancelled",
      fee: "guest-terms",
      actorId: adminId,
      now: NOW,
    });
    expect(await refundsOf(low.booking.id)).toEqual([]);
    expect((await getMyBookingDetail(low.guest.id, low.booking.id, "2026-11-24"))?.refunds).toEqual(
      [],
    );

    const waived = await paidBooking({ paid: 40_000 });
    await changeBookingStatus({
      bookingId: waived.booking.id,
      status: "cancelled",
      fee: "none",
      actorId: adminId,
      now: NOW,
    });
    expect(await refundsOf(waived.booking.id)).toEqual([
      expect.objectContaining({ amount: 40_000, status: "open" }),
    ]);
    // Reopening withdraws the open refund: the money stays with the booking.
    expect(
      await changeBookingStatus({
        bookingId: waived.booking.id,
        status: "confirmed",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    expect(await refundsOf(waived.booking.id)).toEqual([]);
    expect(await stored(waived.booking.id)).toMatchObject({ paymentStatus: "partially-paid" });
  });

  it("records an online payment's refund with its method, to be paid back by the provider, not by hand", async () => {
    const { booking } = await paidBooking({ paymentMethod: "credit-card" });
    await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: adminId,
      now: NOW,
    });
    const [refund] = await refundsOf(booking.id);
    expect(refund).toMatchObject({ method: "credit-card", amount: 100_000, status: "open" });
    expect(
      await markRefunded({
        bookingId: booking.id,
        refundId: refund.id,
        refundedOn: "2026-11-24",
        note: "",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "notBankTransfer" });
  });

  it("the database keeps one open refund per booking and method and a refunded one has its day", async () => {
    const { booking } = await paidBooking();
    await db().insert(schema.refund).values({ bookingId: booking.id, amount: 1_000 });
    await expect(
      db().insert(schema.refund).values({ bookingId: booking.id, amount: 2_000 }),
    ).rejects.toThrow();
    // Money that goes back another way has an open item of its own (decision 086).
    await db()
      .insert(schema.refund)
      .values({ bookingId: booking.id, method: "credit-card", amount: 3_000 });
    await expect(
      db()
        .insert(schema.refund)
        .values({ bookingId: booking.id, method: "credit-card", amount: 4_000 }),
    ).rejects.toThrow();
    await expect(
      db()
        .update(schema.refund)
        .set({ status: "refunded" })
        .where(eq(schema.refund.bookingId, booking.id)),
    ).rejects.toThrow();
    await expect(
      db().insert(schema.refund).values({ bookingId: booking.id, amount: 0, status: "refunded" }),
    ).rejects.toThrow();
  });
});
