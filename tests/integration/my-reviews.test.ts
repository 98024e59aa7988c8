import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewActionResponse } from "~/features/reviews/review-form.schema";
import { myReviewsByBooking } from "~/features/reviews/my-reviews.server";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { listMyBookings } from "~/features/booking/my-bookings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { action } from "~/routes/dashboard/reviews";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

type ActionArgs = Parameters<typeof action>[0];
type Answer = { data: ReviewActionResponse; init: { status?: number } | null };

const TEXT = "Sehr sauber, ruhige Lage und ein freundlicher Empfang.";

/** Posts to /dashboard/reviews like the dialog's fetcher (or like a form without JS). */
async function post(cookie: string | null, fields: Record<string, string>, viaFetcher = true) {
  const body = new URLSearchParams(fields);
  if (viaFetcher) body.set("_fetch", "1");
  const request = new Request("http://localhost:3000/dashboard/reviews", {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body,
  });
  return action({ request, context: {}, params: {} } as unknown as ActionArgs);
}

async function answer(cookie: string | null, fields: Record<string, string>) {
  const result = (await post(cookie, fields)) as unknown as Answer;
  return { ...result.data, status: result.init?.status ?? 200 };
}

let stayCounter = 0;
async function stay(userId: string, propertyId: string, status = "completed") {
  stayCounter += 1;
  const month = String(stayCounter).padStart(2, "0");
  return createBooking({
    userId,
    propertyId,
    checkIn: `2024-${month}-01`,
    checkOut: `2024-${month}-05`,
    status,
  });
}

async function propertyRating(id: string) {
  const [row] = await db()
    .select({ count: schema.property.reviewCount, average: schema.property.ratingAverage })
    .from(schema.property)
    .where(eq(schema.property.id, id));
  return row;
}

describe(`writing, editing and deleting one's own review (${databaseKind()})`, () => {
  it("publishes a review of the guest's own completed stay and updates the property rating", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    const booking = await stay(guest.id, property.id);

    const created = await answer(cookie, {
      intent: "create",
      bookingId: booking.id,
      rating: "4",
      title: "  Schöne Tage  ",
      text: TEXT,
    });
    expect(created).toEqual({ ok: true, result: "created", status: 200 });

    const [review] = await db()
      .select()
      .from(schema.review)
      .where(eq(schema.review.bookingId, booking.id));
    expect(review).toMatchObject({
      userId: guest.id,
      propertyId: property.id,
      rating: 4,
      title: "Schöne Tage",
      text: TEXT,
      isHidden: false,
    });
    expect(await propertyRating(property.id)).toEqual({ count: 1, average: 4 });

    const mine = await myReviewsByBooking(guest.id, [booking.id]);
    expect(mine.get(booking.id)).toEqual({
      id: review.id,
      rating: 4,
      title: "Schöne Tage",
      text: TEXT,
    });
  });

  it("refuses a second review for the same booking", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    const booking = await stay(guest.id, property.id);
    const fields = { intent: "create", bookingId: booking.id, rating: "5", text: TEXT };
    expect((await answer(cookie, fields)).ok).toBe(true);
    expect(await answer(cookie, { ...fields, rating: "1" })).toEqual({
      ok: false,
      error: "alreadyReviewed",
      status: 409,
    });
    const rows = await db()
      .select()
      .from(schema.review)
      .where(eq(schema.review.bookingId, booking.id));
    expect(rows.map((row) => row.rating)).toEqual([5]);
  });

  it("only allows reviews of one's own completed stays", async () => {
    const guest = await createUser();
    const other = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    const fields = (bookingId: string) => ({
      intent: "create",
      bookingId,
      rating: "5",
      text: TEXT,
    });

    for (const status of ["pending", "confirmed", "cancelled"]) {
      const booking = await stay(guest.id, property.id, status);
      expect(await answer(cookie, fields(booking.id))).toMatchObject({
        ok: false,
        error: "notAllowed",
      });
    }
    const othersStay = await stay(other.id, property.id);
    expect(await answer(cookie, fields(othersStay.id))).toMatchObject({
      ok: false,
      error: "notAllowed",
      status: 403,
    });
    expect(await answer(cookie, fields("00000000-0000-4000-8000-000000000000"))).toMatchObject({
      ok: false,
      error: "notAllowed",
    });
    // Marked "Abgeschlossen" by an admin before the stay is over: no "Verifizierter Aufenthalt"
    // yet (audit 20). The dashboard offers no "Bewertung schreiben" for it either.
    const today = todayInBerlin();
    const early = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: addDays(today, -1),
      checkOut: addDays(today, 2),
      status: "completed",
    });
    expect(await answer(cookie, fields(early.id))).toMatchObject({
      ok: false,
      error: "notAllowed",
    });
    const listed = await listMyBookings({
      userId: guest.id,
      tab: "upcoming",
      today,
      q: "",
      status: "all",
    });
    expect(listed.find((b) => b.id === early.id)?.isReviewable).toBe(false);
    expect(
      await db().select().from(schema.review).where(eq(schema.review.propertyId, property.id)),
    ).toEqual([]);

    // On its check-out day the stay is over.
    await db()
      .update(schema.booking)
      .set({ checkIn: addDays(today, -3), checkOut: today })
      .where(eq(schema.booking.id, early.id));
    expect(await answer(cookie, fields(early.id))).toMatchObject({ ok: true, result: "created" });
  });

  it("validates rating, title and text and stores nothing on bad input", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    const booking = await stay(guest.id, property.id);
    const base = { intent: "create", bookingId: booking.id, rating: "5", text: TEXT };

    expect(await answer(cookie, { ...base, rating: "" })).toMatchObject({
      ok: false,
      error: "invalid",
      fieldErrors: { rating: "ratingRequired" },
      status: 400,
    });
    expect(await answer(cookie, { ...base, rating: "6" })).toMatchObject({
      fieldErrors: { rating: "ratingRequired" },
    });
    expect(await answer(cookie, { ...base, title: "x".repeat(101) })).toMatchObject({
      fieldErrors: { title: "titleTooLong" },
    });
    expect(await answer(cookie, { ...base, text: "   zu kurz    " })).toMatchObject({
      fieldErrors: { text: "textTooShort" },
    });
    expect(await answer(cookie, { ...base, text: "x".repeat(2001) })).toMatchObject({
      fieldErrors: { text: "textTooLong" },
    });
    expect(await answer(cookie, { ...base, bookingId: "1; drop table review" })).toMatchObject({
      ok: false,
      error: "invalid",
    });
    // Line breaks arrive as CRLF from a browser and count as one character each.
    const withBreaks = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    expect(await answer(cookie, { ...base, text: withBreaks })).toMatchObject({ ok: true });
    const [stored] = await db()
      .select({ text: schema.review.text })
      .from(schema.review)
      .where(eq(schema.review.bookingId, booking.id));
    expect(stored.text).toHaveLength(2000);
  });

  it("lets only the author edit or delete a review", async () => {
    const guestA = await createUser();
    const guestB = await createUser();
    const cookieA = await sessionCookie(guestA.email);
    const cookieB = await sessionCookie(guestB.email);
    const property = await createProperty();
    const booking = await stay(guestA.id, property.id);
    await answer(cookieA, { intent: "create", bookingId: booking.id, rating: "5", text: TEXT });
    const [review] = await db()
      .select()
      .from(schema.review)
      .where(eq(schema.review.bookingId, booking.id));

    // Guest B knows the id, but cannot change or delete A's review.
    const edit = {
      intent: "update",
      reviewId: review.id,
      rating: "1",
      text: "Von jemand anderem geschrieben.",
    };
    expect(await answer(cookieB, edit)).toEqual({ ok: false, error: "notFound", status: 404 });
    expect(await answer(cookieB, { intent: "delete", reviewId: review.id })).toEqual({
      ok: false,
      error: "notFound",
      status: 404,
    });
    const [unchanged] = await db()
      .select()
      .from(schema.review)
      .where(eq(schema.review.id, review.id));
    expect(unchanged).toMatchObject({ rating: 5, text: TEXT });

    // The author can.
    expect(
      await answer(cookieA, {
        intent: "update",
        reviewId: review.id,
        rating: "3",
        title: "Nachtrag",
        text: "Im Nachhinein war es doch etwas laut.",
      }),
    ).toEqual({ ok: true, result: "updated", status: 200 });
    const [edited] = await db().select().from(schema.review).where(eq(schema.review.id, review.id));
    expect(edited).toMatchObject({ rating: 3, title: "Nachtrag", isHidden: false });
    expect(await propertyRating(property.id)).toEqual({ count: 1, average: 3 });

    expect(await answer(cookieA, { intent: "delete", reviewId: review.id })).toEqual({
      ok: true,
      result: "deleted",
      status: 200,
    });
    expect(await db().select().from(schema.review).where(eq(schema.review.id, review.id))).toEqual(
      [],
    );
    expect(await propertyRating(property.id)).toEqual({ count: 0, average: null });

    // After deleting, a new review of the same stay may be written again.
    expect(
      await answer(cookieA, { intent: "create", bookingId: booking.id, rating: "4", text: TEXT }),
    ).toMatchObject({ ok: true });
  });

  it("answers a signed-out fetcher with sessionExpired and changes nothing", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await stay(guest.id, property.id);
    expect(
      await answer(null, { intent: "create", bookingId: booking.id, rating: "5", text: TEXT }),
    ).toEqual({ ok: false, error: "sessionExpired", status: 401 });
    expect(
      await db().select().from(schema.review).where(eq(schema.review.bookingId, booking.id)),
    ).toEqual([]);
  });

  it("redirects a form posted without JavaScript back to the past bookings with the result", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    const property = await createProperty();
    const booking = await stay(guest.id, property.id);
    const fields = { intent: "create", bookingId: booking.id, rating: "5", text: TEXT };

    const created = (await post(cookie, fields, false)) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(
      `/dashboard/bookings?tab=past&reviewResult=created&reviewBooking=${booking.id}`,
    );
    const again = (await post(cookie, fields, false)) as Response;
    expect(again.headers.get("location")).toBe(
      `/dashboard/bookings?tab=past&reviewResult=alreadyReviewed&reviewBooking=${booking.id}`,
    );
    const signedOut = (await post(null, fields, false)) as Response;
    expect(signedOut.headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/dashboard/bookings?tab=past")}`,
    );
  });
});
