/**
 * A guest's SEPA Direct Debit booking through the booking route (decision 049), for the SEPA
 * integration tests: the same form the booking page posts, so the booking and its Checkout
 * Session at the fake Stripe are made by the app's own code.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { db, schema } from "~/lib/db.server";
import { action as bookAction } from "~/routes/public/book";
import { createProperty, createUser, sessionCookie } from "./factories";
import { callRoute } from "./route-call";

/** SEPA is offered only when the operator allows it (call in `beforeAll`, after the database). */
export async function allowSepaDebit() {
  await db()
    .update(schema.settings)
    .set({ allowedPaymentMethods: ["bank-transfer", "credit-card", "paypal", "sepa-debit"] });
}

/** A new guest books 3 nights from `inDays` on (on a new property unless one is given). */
export async function bookSepa(inDays: number, propertyId?: string) {
  const guest = await createUser({ name: "Lena Lastschrift" });
  const cookie = await sessionCookie(guest.email);
  const property = propertyId ? { id: propertyId } : await createProperty();
  const checkIn = addDays(todayInBerlin(), inDays);
  const answer = await callRoute<{ error?: string; message?: string }>(bookAction, {
    url: `/properties/${property.id}/book`,
    cookie,
    params: { id: property.id },
    form: {
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: "2",
      guestName: "Lena Lastschrift",
      guestPhone: "+49 30 1234567",
      specialRequests: "",
      paymentMethod: "sepa-debit",
      idempotencyKey: crypto.randomUUID(),
    },
  });
  const [booking] = await db()
    .select()
    .from(schema.booking)
    .where(and(eq(schema.booking.userId, guest.id), eq(schema.booking.checkIn, checkIn)));
  return { answer, booking, cookie };
}

export const bookingRow = async (id: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, id)))[0];
