/**
 * The booking the admin booking tests act on: Greta's pending booking of 4 nights in March 2027
 * (1 000 €), made in November 2026, on a property of its own; `overrides` change the row.
 */
import type { schema } from "~/lib/db.server";
import { createBooking, createProperty, createUser } from "./factories";

export async function pendingBooking(
  overrides: Omit<Partial<typeof schema.booking.$inferInsert>, "userId" | "propertyId"> = {},
) {
  const guest = await createUser({ name: "Greta Gast" });
  const property = await createProperty({ title: `Haus ${crypto.randomUUID().slice(0, 6)}` });
  const booking = await createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn: "2027-03-10",
    checkOut: "2027-03-14",
    guestName: "Greta Gast",
    guestEmail: guest.email,
    totalPrice: 100_000,
    createdAt: new Date("2026-11-20T09:00:00Z"),
    ...overrides,
  });
  return { guest, property, booking };
}
