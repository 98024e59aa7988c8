/**
 * A guest's online booking through the booking route (decisions 044, 049), for the Stripe
 * integration tests: the same form the booking page posts, so the booking and its Checkout
 * Session at the fake Stripe are made by the app's own code; and the checkout paid as Stripe
 * reports it (signed webhooks).
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { paymentSchedule } from "~/domain/payment-schedule";
import { db, schema } from "~/lib/db.server";
import { action as bookAction } from "~/routes/public/book";
import { createProperty, createUser, sessionCookie } from "./factories";
import type { FakeStripe } from "./fake-stripe";
import { callRoute } from "./route-call";
import { deliverWebhook } from "./stripe-test-env";

export type OnlineBookingOptions = {
  /** Check-in this many days from today (Berlin). */
  inDays: number;
  nights?: number;
  method?: string;
  /** A new guest of this name books (the name is on the form too). */
  guestName?: string;
  /** On a new property unless one is given. */
  propertyId?: string;
  /** The site language the guest books in (the `lang` cookie); German when left out. */
  language?: "de" | "en";
};

/** A new guest books `nights` nights from `inDays` on, paying by `method`. */
export async function bookOnline({
  inDays,
  nights = 4,
  method = "credit-card",
  guestName = "Karla Kartenzahlerin",
  propertyId,
  language,
}: OnlineBookingOptions) {
  const guest = await createUser({ name: guestName });
  const session = await sessionCookie(guest.email);
  const cookie = language ? `${session}; lang=${language}` : session;
  const property = propertyId ? { id: propertyId } : await createProperty();
  const checkIn = addDays(todayInBerlin(), inDays);
  const checkOut = addDays(checkIn, nights);
  const answer = await callRoute<{ error?: string; message?: string; [key: string]: unknown }>(
    bookAction,
    {
      url: `/properties/${property.id}/book`,
      cookie,
      params: { id: property.id },
      form: {
        checkIn,
        checkOut,
        guests: "2",
        guestName,
        guestPhone: "+49 30 1234567",
        specialRequests: "",
        paymentMethod: method,
        idempotencyKey: crypto.randomUUID(),
      },
    },
  );
  const [booking] = await db()
    .select()
    .from(schema.booking)
    .where(and(eq(schema.booking.userId, guest.id), eq(schema.booking.checkIn, checkIn)));
  return { answer, booking, guest, cookie, propertyId: property.id, checkIn, checkOut };
}

/**
 * The guest pays the checkout and Stripe's signed events arrive: a card at once; a SEPA debit
 * first "processing", then succeeded.
 */
export async function payCheckout(stripe: FakeStripe, sessionId: string, method = "credit-card") {
  if (method === "sepa-debit") {
    stripe.settle(sessionId, "processing");
    expect(await deliverWebhook(stripe.signedEvent("checkout.session.completed", sessionId))).toBe(
      200,
    );
    stripe.settle(sessionId, "paid");
    expect(
      await deliverWebhook(
        stripe.signedEvent("checkout.session.async_payment_succeeded", sessionId),
      ),
    ).toBe(200);
  } else {
    stripe.settle(sessionId, "paid");
    expect(await deliverWebhook(stripe.signedEvent("checkout.session.completed", sessionId))).toBe(
      200,
    );
  }
}

/**
 * A booking far enough ahead for a deposit: the deposit is paid through the checkout, the card or
 * mandate saved at Stripe's customer for the balance. With the payment schedule's two parts.
 */
export async function depositPaid(stripe: FakeStripe, options: OnlineBookingOptions) {
  const { booking, checkIn } = await bookOnline(options);
  const sessionId = booking.stripeCheckoutSessionId!;
  expect(stripe.sessions.get(sessionId)!.params.customer_creation).toBe("always");
  await payCheckout(stripe, sessionId, options.method);
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

/** The booking's row as stored now. */
export const bookingRow = async (id: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, id)))[0];
