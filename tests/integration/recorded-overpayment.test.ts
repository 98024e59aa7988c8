/**
 * "Zahlung erfassen" with more than is open (decision 097): refused with the open amount unless
 * the admin confirms exactly the surplus the server computes; a confirmed surplus is recorded
 * and owed back with the booking's open bank-transfer refund item, audited in the same step.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminBooking, recordPayment } from "~/features/booking/admin-bookings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser } from "../helpers/factories";
import { pendingBooking } from "../helpers/pending-booking";

let handle: DatabaseHandle;
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  adminId = (await createUser({ role: "admin", name: "Anton Admin" })).id;
});
afterAll(() => handle.close());

const NOW = new Date("2026-11-24T10:00:00Z");

const record = (
  bookingId: string,
  seenAmountPaid: number,
  amount: number,
  acceptSurplus: number | null = null,
) =>
  recordPayment({
    bookingId,
    seenStatus: "pending",
    seenAmountPaid,
    amount,
    receivedOn: "2026-11-24",
    note: "",
    confirm: false,
    acceptSurplus,
    actorId: adminId,
    now: NOW,
  });

/** Everything a refused payment must leave as it was. */
const books = async (bookingId: string) => ({
  booking: (await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId)))[0],
  payments: await db().select().from(schema.payment).where(eq(schema.payment.bookingId, bookingId)),
  refunds: await db().select().from(schema.refund).where(eq(schema.refund.bookingId, bookingId)),
  audit: await db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, bookingId))),
});

describe(`recording more than is open (${databaseKind()})`, () => {
  it("refuses a typo above the open amount, naming it, and changes nothing", async () => {
    const { booking } = await pendingBooking({ totalPrice: 54_900 });
    const before = await books(booking.id);

    // 1.000,00 € for a booking with 549,00 € open.
    expect(await record(booking.id, 0, 100_000)).toEqual({
      ok: false,
      error: "exceedsOpen",
      open: 54_900,
      surplus: 45_100,
    });
    // A confirmation of another surplus (the admin changed the amount after the refusal, or a
    // forged one) is no confirmation.
    expect(await record(booking.id, 0, 100_000, 10_000)).toMatchObject({
      error: "exceedsOpen",
      surplus: 45_100,
    });
    expect(await record(booking.id, 0, 100_000, 0)).toMatchObject({ error: "exceedsOpen" });
    expect(await books(booking.id)).toEqual(before);

    // Exactly what is open needs no confirmation and owes nothing back.
    expect(await record(booking.id, 0, 54_900)).toEqual({
      ok: true,
      paymentStatus: "paid",
      confirmed: false,
      refundDue: false,
    });
    expect((await books(booking.id)).refunds).toEqual([]);
  });

  it("records a confirmed surplus and owes it back by transfer, in the history", async () => {
    const { booking } = await pendingBooking({ totalPrice: 100_000 });
    await record(booking.id, 0, 20_000);

    const result = await record(booking.id, 20_000, 100_000, 20_000);
    expect(result).toEqual({
      ok: true,
      paymentStatus: "paid",
      confirmed: false,
      refundDue: false,
      surplus: 20_000,
    });
    const after = await books(booking.id);
    // The books show what arrived; what is beyond the total is owed back.
    expect(after.booking.amountPaid).toBe(120_000);
    expect(after.payments.find((p) => p.amount === 100_000)?.refundDue).toBe(true);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({
      method: "bank-transfer",
      amount: 20_000,
      status: "open",
      reason: "late-payment",
      note: "Zahlung über den offenen Betrag hinaus",
      createdBy: adminId,
    });
    const entry = after.audit.find(
      (a) => a.action === "payment-recorded" && (a.after as { amount: number }).amount === 100_000,
    );
    expect(entry?.after).toMatchObject({ amount: 100_000, refundDue: 20_000 });

    // The admin's page shows it as owed back, and nothing as open.
    const detail = await getAdminBooking(booking.id, NOW);
    expect(detail?.booking.progress.open).toBe(0);
    expect(detail?.refunds).toEqual([
      expect.objectContaining({ method: "bank-transfer", amount: 20_000, status: "open" }),
    ]);

    // Nothing is open now (money owed back does not count as received): any further transfer
    // is a surplus in full, and a confirmed one joins the same open item.
    expect(await record(booking.id, 120_000, 5_000)).toEqual({
      ok: false,
      error: "exceedsOpen",
      open: 0,
      surplus: 5_000,
    });
    expect(await record(booking.id, 120_000, 5_000, 5_000)).toMatchObject({
      ok: true,
      surplus: 5_000,
    });
    const refunds = (await books(booking.id)).refunds;
    expect(refunds.map((r) => [r.method, r.amount, r.status])).toEqual([
      ["bank-transfer", 25_000, "open"],
    ]);
  });

  it("still records money for a cancelled booking without a confirmation, owed back in full", async () => {
    const { booking } = await pendingBooking({ totalPrice: 100_000, status: "cancelled" });
    const result = await recordPayment({
      bookingId: booking.id,
      seenStatus: "cancelled",
      seenAmountPaid: 0,
      amount: 150_000,
      receivedOn: "2026-11-24",
      note: "",
      confirm: false,
      actorId: adminId,
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true, refundDue: true });
    const refunds = (await books(booking.id)).refunds;
    expect(refunds.map((r) => [r.method, r.amount])).toEqual([["bank-transfer", 150_000]]);
  });
});
