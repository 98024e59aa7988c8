/**
 * A guest's SEPA Direct Debit booking through the booking route (decision 049), for the SEPA
 * integration tests: the same form the booking page posts, so the booking and its Checkout
 * Session at the fake Stripe are made by the app's own code.
 */
import { db, schema } from "~/lib/db.server";
import { bookOnline } from "./online-booking";

/** SEPA is offered only when the operator allows it (call in `beforeAll`, after the database). */
export async function allowSepaDebit() {
  await db()
    .update(schema.settings)
    .set({ allowedPaymentMethods: ["bank-transfer", "credit-card", "paypal", "sepa-debit"] });
}

/** Lena, the SEPA guest, in the form of `bookOnline`: 3 nights, by direct debit. */
export const sepaBooking = { nights: 3, method: "sepa-debit", guestName: "Lena Lastschrift" };

/** A new guest books 3 nights from `inDays` on (on a new property unless one is given). */
export const bookSepa = (inDays: number, propertyId?: string) =>
  bookOnline({ ...sepaBooking, inDays, propertyId });
