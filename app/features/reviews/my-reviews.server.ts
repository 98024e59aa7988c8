import { and, eq, inArray } from "drizzle-orm";
import { todayInBerlin } from "~/domain/calendar-day";
import { isReviewable } from "~/domain/review-eligibility";
import { db, schema } from "~/lib/db.server";
import type { ReviewFields } from "./review-form.schema";

const r = schema.review;
const b = schema.booking;

export type MyReviewResult<T extends string> =
  { ok: true; result: T } | { ok: false; error: "notAllowed" | "alreadyReviewed" | "notFound" };

/**
 * A guest writes the one review of their own completed stay, once it is over (isReviewable).
 * It is published at once
 * (is_hidden false); the property's rating aggregates follow through the DB trigger.
 * The unique booking_id makes a second review for the same booking fail even when two
 * requests race.
 */
export async function createReview(input: {
  userId: string;
  bookingId: string;
  fields: ReviewFields;
}): Promise<MyReviewResult<"created">> {
  const [booking] = await db()
    .select({ propertyId: b.propertyId, status: b.status, checkOut: b.checkOut })
    .from(b)
    .where(and(eq(b.id, input.bookingId), eq(b.userId, input.userId)));
  if (!booking || !isReviewable(booking, todayInBerlin()))
    return { ok: false, error: "notAllowed" };
  const inserted = await db()
    .insert(r)
    .values({
      bookingId: input.bookingId,
      propertyId: booking.propertyId,
      userId: input.userId,
      rating: input.fields.rating,
      title: input.fields.title,
      text: input.fields.text,
    })
    .onConflictDoNothing({ target: r.bookingId })
    .returning({ id: r.id });
  if (inserted.length === 0) return { ok: false, error: "alreadyReviewed" };
  return { ok: true, result: "created" };
}

/** Only the author changes a review: the user id is part of the WHERE. */
export async function updateReview(input: {
  userId: string;
  reviewId: string;
  fields: ReviewFields;
}): Promise<MyReviewResult<"updated">> {
  const updated = await db()
    .update(r)
    .set({
      rating: input.fields.rating,
      title: input.fields.title,
      text: input.fields.text,
    })
    .where(and(eq(r.id, input.reviewId), eq(r.userId, input.userId)))
    .returning({ id: r.id });
  return updated.length > 0 ? { ok: true, result: "updated" } : { ok: false, error: "notFound" };
}

/** Only the author deletes a review: the user id is part of the WHERE. */
export async function deleteReview(input: {
  userId: string;
  reviewId: string;
}): Promise<MyReviewResult<"deleted">> {
  const deleted = await db()
    .delete(r)
    .where(and(eq(r.id, input.reviewId), eq(r.userId, input.userId)))
    .returning({ id: r.id });
  return deleted.length > 0 ? { ok: true, result: "deleted" } : { ok: false, error: "notFound" };
}

/**
 * The user's own reviews of the given bookings, by booking id, in the shape `ReviewAction`
 * takes (for /dashboard/bookings).
 */
export async function myReviewsByBooking(userId: string, bookingIds: string[]) {
  const byBooking = new Map<string, { id: string; rating: number; title: string; text: string }>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db()
    .select({ id: r.id, bookingId: r.bookingId, rating: r.rating, title: r.title, text: r.text })
    .from(r)
    .where(and(eq(r.userId, userId), inArray(r.bookingId, bookingIds)));
  for (const { bookingId, ...review } of rows) byBooking.set(bookingId, review);
  return byBooking;
}
