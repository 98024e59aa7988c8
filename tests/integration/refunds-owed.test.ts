/**
 * Decision 098: refunds owed to guests are seen outside the booking, and no settings save leaves
 * guests without a way to pay.
 *
 * 1. An open refund the admin must act on (a bank transfer to pay back, an online refund the
 *    retry job gave up on) is listed on the dashboard with its count, marked "Erstattung offen"
 *    in the bookings list and found by the list's filter `?erstattung=offen`. Refunds Stripe is
 *    handling (being sent, pending, failed with attempts left) and paid-back ones are not.
 * 2. The settings form refuses a selection of payment methods none of which is offered (the
 *    booking page's own test), and the dashboard says when guests cannot book.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/calendar-day";
import { adminBookingFilter } from "~/features/booking/admin-bookings.schema";
import { changeBookingStatus, listAdminBookings } from "~/features/booking/admin-bookings.server";
import { markRefunded, MAX_REFUND_ATTEMPTS, openRefunds } from "~/features/booking/refunds.server";
import { getOfferedPaymentMethods } from "~/features/company/payment-methods.server";
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import * as bookingsRoute from "~/routes/admin/bookings";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { databaseKind, openTestDatabase } from "../helpers/database";
import {
  createBankAccount,
  createBooking,
  createProperty,
  createUser,
  sessionCookie,
} from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import { openSettings, postSettings, settingsFields } from "../helpers/settings-form";

let handle: DatabaseHandle;
let adminId: string;
let cookie: string;
beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvCache();
  handle = await openTestDatabase();
  await ensureSettingsRow();
  const admin = await createUser({ role: "admin", name: "Anton Admin" });
  adminId = admin.id;
  cookie = await sessionCookie(admin.email);
});
afterAll(() => handle.close());
afterEach(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvCache();
});

// 24 Nov 2026, 11:00 Berlin. Default terms: free until 48 h before arrival, then 50 %.
const NOW = new Date("2026-11-24T10:00:00Z");

/** A confirmed booking of 268,00 € for a guest, paid in full by bank transfer. */
async function paidBooking(guestName: string) {
  const guest = await createUser({ name: guestName });
  const property = await createProperty({ title: `Haus ${crypto.randomUUID().slice(0, 6)}` });
  const booking = await createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn: "2026-11-25",
    checkOut: addDays("2026-11-25", 2),
    guestName,
    guestEmail: guest.email,
    totalPrice: 26_800,
    status: "confirmed",
    paymentMethod: "bank-transfer",
    createdAt: new Date("2026-10-01T09:00:00Z"),
  });
  await db()
    .insert(schema.payment)
    .values({ bookingId: booking.id, amount: 26_800, receivedOn: "2026-10-05" });
  return booking;
}

/** A cancelled card booking with a refund item in the given state. */
async function cardRefund(
  guestName: string,
  item: { status: "open" | "sending" | "pending" | "refunded"; attempts: number },
) {
  const property = await createProperty({ title: `Haus ${crypto.randomUUID().slice(0, 6)}` });
  const booking = await createBooking({
    userId: (await createUser({ name: guestName })).id,
    propertyId: property.id,
    checkIn: "2026-12-10",
    checkOut: "2026-12-14",
    guestName,
    totalPrice: 50_000,
    status: "cancelled",
    paymentMethod: "credit-card",
  });
  await db()
    .insert(schema.refund)
    .values({
      bookingId: booking.id,
      method: "credit-card",
      amount: 20_000,
      lastError: item.attempts > 0 ? "Your card was declined." : null,
      refundedOn: item.status === "refunded" ? "2026-11-20" : null,
      ...item,
    });
  return booking;
}

const listFilter = (query: string) => adminBookingFilter(new URLSearchParams(query));

describe(`refunds owed to guests (${databaseKind()})`, () => {
  it("a cancelled booking with a fee: the dashboard lists the transfer to pay back, the list marks and filters it, until it is marked refunded", async () => {
    const booking = await paidBooking("Rita Rückzahlung");
    const untouched = await paidBooking("Paul Bezahlt");
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        fee: "guest-terms",
        actorId: adminId,
        now: NOW,
      }),
    ).toMatchObject({ ok: true });

    const owed = await openRefunds();
    expect(owed.total).toBe(1);
    expect(owed.amount).toBe(13_400);
    expect(owed.refunds).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        number: booking.number,
        guestName: "Rita Rückzahlung",
        method: "bank-transfer",
        amount: 13_400,
        lastError: null,
      }),
    ]);

    // The list: the badge on the cancelled booking, not on the paid one; the filter.
    const all = await listAdminBookings(listFilter(""));
    const byId = new Map(all.bookings.map((row) => [row.id, row]));
    expect(byId.get(booking.id)).toMatchObject({ status: "cancelled", isRefundOpen: true });
    expect(byId.get(untouched.id)).toMatchObject({ isRefundOpen: false });
    // A cancelled booking says what is owed back instead of "Bezahlt", as its page does
    // (decision 108); any other booking keeps its payment status.
    expect(byId.get(booking.id)).toMatchObject({ cancelledMoney: "refund-open" });
    expect(byId.get(untouched.id)).toMatchObject({ paymentStatus: "paid", cancelledMoney: null });
    const filtered = await listAdminBookings(listFilter("erstattung=offen"));
    expect(filtered.bookings.map((row) => row.id)).toEqual([booking.id]);
    expect(filtered.total).toBe(1);

    // Through the routes as the admin sees them.
    const page = await callRoute<{
      bookings: { id: string; isRefundOpen: boolean; cancelledMoney: string | null }[];
    }>(bookingsRoute.loader as never, { url: "/admin/bookings?erstattung=offen", cookie });
    expect(page.status).toBe(200);
    expect(
      page.data!.bookings.map((row) => [row.id, row.isRefundOpen, row.cancelledMoney]),
    ).toEqual([[booking.id, true, "refund-open"]]);
    const dashboard = await callRoute<{ refunds: { total: number } }>(
      dashboardRoute.loader as never,
      { url: "/admin", cookie },
    );
    expect(dashboard.data!.refunds.total).toBe(1);

    // Paid back and marked: gone from the dashboard and the filter.
    const [item] = await db()
      .select()
      .from(schema.refund)
      .where(eq(schema.refund.bookingId, booking.id));
    expect(
      await markRefunded({
        bookingId: booking.id,
        refundId: item.id,
        refundedOn: "2026-11-24",
        note: "",
        actorId: adminId,
        now: NOW,
      }),
    ).toMatchObject({ ok: true });
    expect(await openRefunds()).toMatchObject({ total: 0, amount: 0, refunds: [] });
    expect((await listAdminBookings(listFilter("erstattung=offen"))).bookings).toEqual([]);
    expect(
      (await listAdminBookings(listFilter(""))).bookings.find((row) => row.id === booking.id),
    ).toMatchObject({ isRefundOpen: false, cancelledMoney: "refunded" });
  });

  it("online refunds: only one the retry job gave up on is the admin's; Stripe's own are not listed", async () => {
    const givenUp = await cardRefund("Gerd Gescheitert", {
      status: "open",
      attempts: MAX_REFUND_ATTEMPTS,
    });
    const retrying = await cardRefund("Rolf Retry", { status: "open", attempts: 2 });
    const sending = await cardRefund("Sina Senden", { status: "sending", attempts: 1 });
    const pending = await cardRefund("Paula Pending", { status: "pending", attempts: 1 });
    const done = await cardRefund("Dora Erledigt", { status: "refunded", attempts: 1 });
    const nothing = await createBooking({
      userId: (await createUser({ name: "Nina Nichts" })).id,
      propertyId: (await createProperty({ title: "Haus Nichts" })).id,
      checkIn: "2026-12-10",
      checkOut: "2026-12-14",
      guestName: "Nina Nichts",
      status: "cancelled",
    });

    const owed = await openRefunds();
    expect(owed.refunds.map((item) => item.bookingId)).toEqual([givenUp.id]);
    expect(owed.refunds[0]).toMatchObject({
      method: "credit-card",
      amount: 20_000,
      lastError: "Your card was declined.",
    });
    expect(owed).toMatchObject({ total: 1, amount: 20_000 });

    const filtered = await listAdminBookings(listFilter("erstattung=offen"));
    expect(filtered.bookings.map((row) => row.id)).toEqual([givenUp.id]);
    const all = await listAdminBookings(listFilter("status=cancelled"));
    const open = new Map(all.bookings.map((row) => [row.id, row.isRefundOpen]));
    expect([givenUp, retrying, sending, pending, done].map((b) => open.get(b.id))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    // Each one's state in the list, as on its page (decision 108).
    const money = new Map(all.bookings.map((row) => [row.id, row.cancelledMoney]));
    expect([givenUp, retrying, sending, pending, done].map((b) => money.get(b.id))).toEqual([
      "refund-open",
      "refund-running",
      "refund-running",
      "refund-running",
      "refunded",
    ]);
    // Cancelled before anything was paid: nothing to pay back.
    expect(money.get(nothing.id)).toBe("nothing-owed");
  });

  it("the filter combines with the others, pages, and a malformed value is not applied", async () => {
    expect(listFilter("erstattung=offen").refund).toBe(true);
    expect(listFilter("erstattung=ja").refund).toBe(false);
    expect(listFilter("erstattung=offen&erstattung=x").refund).toBe(true);
    // Combined with a status: the cancelled booking of the card refund, not a confirmed one.
    expect((await listAdminBookings(listFilter("erstattung=offen&status=confirmed"))).total).toBe(
      0,
    );
    expect((await listAdminBookings(listFilter("erstattung=offen&page=2"))).bookings).toEqual([]);
    const answer = await callRoute(bookingsRoute.loader as never, {
      url: "/admin/bookings?erstattung=%00%27&page=9999",
      cookie,
    });
    expect(answer.status).toBe(200);
  });
});

describe(`no payment method offered (${databaseKind()})`, () => {
  it("unticking bank transfer while card and PayPal have no provider is refused; with a provider it is saved", async () => {
    await createBankAccount();
    const page = await openSettings(cookie);
    const onlineOnly = settingsFields(page.settings, {
      allowedPaymentMethods: ["credit-card", "paypal"],
      version: page.version,
    });
    const refused = await postSettings(cookie, onlineOnly);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      status: "invalid",
      fieldErrors: { allowedPaymentMethods: "noneOffered" },
    });
    // Nothing was saved: guests can still pay by transfer.
    expect((await getSettings()).allowedPaymentMethods).toContain("bank-transfer");
    expect((await getOfferedPaymentMethods()).filter((m) => m.isOffered)).not.toEqual([]);

    // With Stripe set up, the same selection offers card and PayPal: saved.
    process.env.STRIPE_SECRET_KEY = "sk_test_123";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_123";
    resetEnvCache();
    const saved = await postSettings(cookie, onlineOnly);
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ status: "saved" });
    expect((await getSettings()).allowedPaymentMethods).toEqual(["credit-card", "paypal"]);
  });

  it("when the keys are removed later, the dashboard says that guests cannot book; another save of the form is refused until a ready method is ticked", async () => {
    // From the test before: only card and PayPal allowed; now without Stripe.
    const dashboard = await callRoute<{ noPaymentMethod: boolean }>(
      dashboardRoute.loader as never,
      { url: "/admin", cookie },
    );
    expect(dashboard.data!.noPaymentMethod).toBe(true);

    const page = await openSettings(cookie);
    const again = await postSettings(
      cookie,
      settingsFields(page.settings, { companyPhone: "+49 30 1234567", version: page.version }),
    );
    expect(again.data).toMatchObject({ fieldErrors: { allowedPaymentMethods: "noneOffered" } });

    const fixed = await postSettings(
      cookie,
      settingsFields(page.settings, {
        allowedPaymentMethods: ["bank-transfer", "credit-card", "paypal"],
        version: page.version,
      }),
    );
    expect(fixed.data).toMatchObject({ status: "saved" });
    const after = await callRoute<{ noPaymentMethod: boolean }>(dashboardRoute.loader as never, {
      url: "/admin",
      cookie,
    });
    expect(after.data!.noPaymentMethod).toBe(false);
  });

  it("with no method ready at all (no provider, no default account) other settings still save", async () => {
    await db().update(schema.bankAccount).set({ isDefault: false, isActive: false });
    const page = await openSettings(cookie);
    const saved = await postSettings(
      cookie,
      settingsFields(page.settings, { companyPhone: "+49 30 7654321", version: page.version }),
    );
    expect(saved.data).toMatchObject({ status: "saved" });
    const dashboard = await callRoute<{ noPaymentMethod: boolean }>(
      dashboardRoute.loader as never,
      { url: "/admin", cookie },
    );
    expect(dashboard.data!.noPaymentMethod).toBe(true);
  });
});
