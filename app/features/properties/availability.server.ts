import { and, asc, eq, gt, sql } from "drizzle-orm";
import { prepared, schema } from "~/lib/db.server";
import type { BookedStay } from "~/domain/availability";
import { isUuid } from "~/domain/ids";

/** Booking statuses that block their nights (spec 04 "Availability"). */
export const BLOCKING_STATUSES = ["pending", "confirmed", "completed"] as const;

/**
 * The stays that block nights of a property from `fromDay` ("YYYY-MM-DD", usually today in
 * Europe/Berlin) on: non-cancelled bookings, admin blocks and imported events alike (the
 * `occupancy` table mirrors all three, decision 045), whose check-out is after `fromDay`,
 * ordered by check-in. Only the two dates leave the server; never guest data or the kind.
 */
export async function listBookedStays(propertyId: string, fromDay: string): Promise<BookedStay[]> {
  if (!isUuid(propertyId)) return [];
  return bookedStaysQuery().execute({ propertyId, fromDay });
}

const o = schema.occupancy;
const bookedStaysQuery = prepared((database) =>
  database
    .select({ checkIn: o.checkIn, checkOut: o.checkOut })
    .from(o)
    .where(
      and(
        eq(o.propertyId, sql.placeholder("propertyId")),
        gt(o.checkOut, sql.placeholder("fromDay")),
      ),
    )
    .orderBy(asc(o.checkIn), asc(o.checkOut))
    .prepare("booked_stays"),
);
