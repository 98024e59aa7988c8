/**
 * Money and terms are never stored from the defaults of a failed settings read (decision 078).
 * The settings table is renamed inside the test database, so the app's own query fails as it
 * would with a broken table or a database that answers other queries but not this one; the
 * cache is dropped as on any change. Pages still render with the defaults (spec 01); a booking,
 * a cancellation or the reminder job refuse, and nothing is stored.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { changeBookingStatus } from "~/features/booking/admin-bookings.server";
import { runPaymentReminders } from "~/features/booking/payment-reminders.server";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { saveSettings, SettingsUnavailableError } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { translate } from "~/lib/i18n";
import { action as bookAction, loader as bookLoader } from "~/routes/public/book";
import {
  action as myBookingsAction,
  loader as myBookingsLoader,
} from "~/routes/dashboard/bookings";
import { databaseKind } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { bookingRow, bookOnline } from "../helpers/online-booking";
import { callRoute } from "../helpers/route-call";
import { whileSettingsUnreadable } from "../helpers/settings-unreadable";
import { fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("unreadable");

/** The operator's terms: every one of them differs from the defaults. */
const OPERATOR = {
  serviceFee: 4_500,
  depositPercentage: 40,
  balanceDueDays: 14,
  freeCancellationHours: 72,
  cancellationFeePercentage: 30,
  allowedPaymentMethods: ["bank-transfer", "credit-card"] as ("bank-transfer" | "credit-card")[],
  autoCancelOverdueDays: 3,
};

let adminId: string;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin", name: "Anton Admin" })).id;
  await saveSettings(OPERATOR, adminId);
  await db().insert(schema.bankAccount).values({
    accountHolder: "Ferienhof Küstenglück",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    isActive: true,
    isDefault: true,
  });
  expect(DEFAULT_SETTINGS).toMatchObject({
    serviceFee: 2_900,
    depositPercentage: 20,
    cancellationFeePercentage: 50,
  });
});

const bookingsOf = (userId: string) =>
  db().select().from(schema.booking).where(eq(schema.booking.userId, userId));
const mailsTo = (to: string) =>
  db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to));

describe(`money and terms when the settings cannot be read (${databaseKind()})`, () => {
  it("a bank-transfer booking is refused with a German 503 and nothing stored; then it books on the operator's terms", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty({ pricePerNight: 10_000, cleaningFee: 5_000 });
    const checkIn = addDays(todayInBerlin(), 60);
    const idempotencyKey = crypto.randomUUID();
    const post = () =>
      callRoute<{ error?: string; message?: string }>(bookAction, {
        url: `/properties/${property.id}/book`,
        cookie,
        params: { id: property.id },
        form: {
          checkIn,
          checkOut: addDays(checkIn, 4),
          guests: "2",
          guestName: "Erika Musterfrau",
          guestPhone: "+49 30 1234567",
          specialRequests: "",
          paymentMethod: "bank-transfer",
          idempotencyKey,
        },
      });

    const refused = await whileSettingsUnreadable(post);
    expect(refused.status).toBe(503);
    expect(refused.data).toMatchObject({
      error: "unavailable",
      message:
        "Buchungen sind gerade nicht möglich. Es wurde nichts gebucht. Bitte versuchen Sie es in einigen Minuten erneut.",
    });
    expect(await bookingsOf(guest.id)).toEqual([]);
    expect(await mailsTo(guest.email)).toEqual([]);

    // The same form once the settings can be read: booked, with the operator's terms.
    const booked = await post();
    expect(booked.status).toBe(302);
    const [booking] = await bookingsOf(guest.id);
    expect(booking).toMatchObject({
      serviceFee: 4_500,
      totalPrice: 4 * 10_000 + 5_000 + 4_500,
      depositPercentage: 40,
      balanceDueDays: 14,
    });
  });

  it("an online booking is refused before any checkout is opened; then it holds the operator's deposit", async () => {
    const sessionsBefore = stripe.sessions.size;
    const refused = await whileSettingsUnreadable(() => bookOnline({ inDays: 60 }));
    expect(refused.answer.status).toBe(503);
    expect(refused.answer.data).toMatchObject({ error: "unavailable" });
    expect(refused.booking).toBeUndefined();
    expect(stripe.sessions.size).toBe(sessionsBefore);

    const { answer, booking } = await bookOnline({ inDays: 60 });
    expect(answer.status).toBe(302);
    expect(booking).toMatchObject({ serviceFee: 4_500, depositPercentage: 40 });
    expect(stripe.sessions.get(booking.stripeCheckoutSessionId!)).toBeDefined();
  });

  it("the booking page still renders, with the defaults", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    const page = await whileSettingsUnreadable(() =>
      callRoute<{ stayRules: { serviceFee: number }; paymentTerms: { depositPercentage: number } }>(
        bookLoader,
        { url: `/properties/${property.id}/book`, cookie, params: { id: property.id } },
      ),
    );
    expect(page.status).toBe(200);
    expect(page.data?.stayRules.serviceFee).toBe(DEFAULT_SETTINGS.serviceFee);
    expect(page.data?.paymentTerms.depositPercentage).toBe(DEFAULT_SETTINGS.depositPercentage);
  });

  it("a guest's cancellation is refused, not charged by the default fee; then by the operator's", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    // Cancelling is not free under either terms (the day after tomorrow: less than 48 hours).
    const checkIn = addDays(todayInBerlin(), 2);
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guestEmail: guest.email,
      totalPrice: 100_000,
      status: "confirmed",
      // The operator's terms, stored with the booking when it was made (decision 080).
      freeCancellationHours: OPERATOR.freeCancellationHours,
      cancellationFeePercentage: OPERATOR.cancellationFeePercentage,
    });
    const dialog = () =>
      callRoute<{ cancel: { quote: { fee: number } } }>(myBookingsLoader, {
        url: `/dashboard/bookings?cancel=${booking.id}`,
        cookie,
      });
    const cancel = (quotedFee: number) =>
      callRoute<{ error?: string }>(myBookingsAction, {
        url: "/dashboard/bookings",
        cookie,
        form: { intent: "cancel", bookingId: booking.id, quotedFee: String(quotedFee) },
      });

    const refused = await whileSettingsUnreadable(async () => {
      // The dialog still opens (a page), and the guest confirms what it says.
      const shown = await dialog();
      expect(shown.status).toBe(200);
      return cancel(shown.data!.cancel.quote.fee);
    });
    expect(refused.data).toEqual({ error: "failed" });
    expect(translate("de", "myBookings.cancel.errors.failed")).toBe(
      "Die Buchung konnte nicht storniert werden. Bitte versuchen Sie es später erneut.",
    );
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "confirmed",
      cancellationFee: null,
    });
    expect(await mailsTo(guest.email)).toEqual([]);

    const shown = await dialog();
    expect(shown.data!.cancel.quote.fee).toBe(30_000);
    const cancelled = await cancel(30_000);
    expect(cancelled.status).toBe(302);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      cancellationFee: 30_000,
    });
  });

  it("an admin's cancellation by the guest's terms is refused, and nothing changes", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const checkIn = addDays(todayInBerlin(), 2);
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guestEmail: guest.email,
      totalPrice: 100_000,
      status: "confirmed",
      // The operator's terms, stored with the booking when it was made (decision 080).
      freeCancellationHours: OPERATOR.freeCancellationHours,
      cancellationFeePercentage: OPERATOR.cancellationFeePercentage,
    });
    const cancel = () =>
      changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        seenStatus: "confirmed",
        fee: "guest-terms",
        actorId: adminId,
        now: new Date(),
      });
    expect(await whileSettingsUnreadable(cancel)).toEqual({ ok: false, error: "failed" });
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "confirmed",
      cancellationFee: null,
    });
    expect(await mailsTo(guest.email)).toEqual([]);

    expect(await cancel()).toEqual({ ok: true });
    expect(await bookingRow(booking.id)).toMatchObject({ cancellationFee: 30_000 });
  });

  it("the reminder job skips its run: no reminder, no cancellation; the next run follows the operator's rule", async () => {
    // Only this test's booking is open.
    await db().update(schema.booking).set({ status: "completed" });
    const guest = await createUser();
    const property = await createProperty();
    // Booked 1 March for 1 June, 1.000 €: the deposit (40 %) was due 8 March.
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2026-06-01",
      checkOut: "2026-06-05",
      guestEmail: guest.email,
      totalPrice: 100_000,
      depositPercentage: 40,
      balanceDueDays: 14,
      createdAt: new Date("2026-03-01T09:00:00Z"),
    });
    // Four days overdue (10:00 in Berlin): past the operator's three.
    const now = new Date("2026-03-12T09:00:00Z");

    await expect(whileSettingsUnreadable(() => runPaymentReminders(now))).rejects.toThrow(
      SettingsUnavailableError,
    );
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending" });
    expect(await mailsTo(guest.email)).toEqual([]);
    expect(
      await db()
        .select()
        .from(schema.paymentReminder)
        .where(eq(schema.paymentReminder.bookingId, booking.id)),
    ).toEqual([]);

    // Read again: the operator's rule, which first sends the final notice (decision 084) and
    // cancels after its deadline.
    expect(await runPaymentReminders(now)).toMatchObject({ sent: 1, cancelled: 0 });
    expect(
      await db()
        .select({ kind: schema.paymentReminder.kind, deadline: schema.paymentReminder.deadline })
        .from(schema.paymentReminder)
        .where(eq(schema.paymentReminder.bookingId, booking.id)),
    ).toEqual([{ kind: "final", deadline: "2026-03-19" }]);
    expect(await runPaymentReminders(new Date("2026-03-20T09:00:00Z"))).toMatchObject({
      cancelled: 1,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled" });
  });
});
