import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import type { BookedStay } from "~/domain/availability";
import { isUuid } from "~/domain/ids";

/** Booking statuses that block their nights (spec 04 "Availability"). */
export const BLOCKING_STATUSES = ["pending", "confirmed", "completed"] as const;

/**
 * The stays that block nights of a property from `fromDay` ("YYYY-MM-DD", usually today in
 * Europe/Berlin) on: non-cancelled bookings whose check-out is after `fromDay`, ordered by
 * check-in. Only the two dates leave the server; never guest data.
 */
export async function listBookedStays(propertyId: string, fromDay: string): Promise<BookedStay[]> {
  if (!isUuid(propertyId)) return [];
  return db()
    .select({ checkIn: schema.booking.checkIn, checkOut: schema.booking.checkOut })
    .from(schema.booking)
    .where(
      and(
        eq(schema.booking.propertyId, propertyId),
        inArray(schema.booking.status, [...BLOCKING_STATUSES]),
        gt(schema.booking.checkOut, fromDay),
      ),
    )
    .orderBy(asc(schema.booking.checkIn), asc(schema.booking.checkOut));
}
