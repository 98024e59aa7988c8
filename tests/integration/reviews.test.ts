import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listReviews,
  getReviewSummary,
  markReviewHelpful,
} from "~/features/reviews/reviews.server";
import { REVIEWS_PER_PAGE } from "~/features/reviews/reviews.schema";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

let stayCounter = 0;
/** A review of a completed stay, as the dashboard would store it. */
async function createReview(
  values: { userId: string | null; propertyId: string; rating: number } & Partial<
    typeof schema.review.$inferInsert
  >,
) {
  const guestId = values.userId ?? (await createUser()).id;
  stayCounter += 1;
  const month = String(1 + (stayCounter % 12)).padStart(2, "0");
  const year = 2020 + Math.floor(stayCounter / 12);
  const booking = await createBooking({
    userId: guestId,
    propertyId: values.propertyId,
    checkIn: `${year}-${month}-01`,
    checkOut: `${year}-${month}-05`,
    status: "completed",
  });
  const [row] = await db()
    .insert(schema.review)
    .values({
      title: "Schön",
      text: "Ein sehr schöner Aufenthalt am Meer.",
      ...values,
      bookingId: booking.id,
    })
    .returning();
  return row;
}

const viewer = { viewerId: null };

describe(`reviews page data (${databaseKind()})`, () => {
  it("shows no average and no reviews while there are none", async () => {
    expect(await getReviewSummary()).toEqual({
      count: 0,
      average: null,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      hiddenCount: 0,
      hiddenByReason: [],
    });
    const page = await listReviews({ sort: "newest", page: 1, ...viewer });
    expect(page.reviews).toEqual([]);
    expect(page.totalPages).toBe(1);
  });

  it("computes count, average and distribution from visible reviews only, and counts hidden ones", async () => {
    const property = await createProperty({ title: "Haus am See" });
    const erika = await createUser({ name: "Erika Musterfrau" });
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    await createReview({ userId: erika.id, propertyId: property.id, rating: 5, createdAt: day(1) });
    await createReview({
      userId: null,
      propertyId: property.id,
      rating: 4,
      createdAt: day(2),
      helpfulCount: 7,
    });
    await createReview({ userId: null, propertyId: property.id, rating: 4, createdAt: day(3) });
    await createReview({
      userId: null,
      propertyId: property.id,
      rating: 1,
      isHidden: true,
      hiddenReason: "advertising",
      createdAt: day(4),
    });

    const summary = await getReviewSummary();
    expect(summary.count).toBe(3);
    expect(summary.average).toBe(4.3); // (5 + 4 + 4) / 3 = 4.33…; the hidden 1 does not count
    expect(summary.distribution).toEqual({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 });
    expect(summary.hiddenCount).toBe(1);
    // The public statement names the reason category of each hidden review (§ 5b UWG).
    expect(summary.hiddenByReason).toEqual([{ reason: "advertising", count: 1 }]);

    const page = await listReviews({ sort: "newest", page: 1, ...viewer });
    expect(page.reviews.map((r) => r.rating)).toEqual([4, 4, 5]);
    expect(page.reviews.every((r) => r.property.title === "Haus am See")).toBe(true);
    const byErika = page.reviews.find((r) => r.rating === 5)!;
    expect(byErika.author).toMatchObject({ isDeleted: false, name: "Erika M.", initials: "EM" });
    expect(byErika.date).toBe("2026-01-01");
  });

  it("sorts by newest, best and most helpful", async () => {
    const newest = await listReviews({ sort: "newest", page: 1, ...viewer });
    const dates = newest.reviews.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const best = await listReviews({ sort: "best", page: 1, ...viewer });
    expect(best.reviews.map((r) => r.rating)).toEqual([5, 4, 4]);

    const helpful = await listReviews({ sort: "helpful", page: 1, ...viewer });
    expect(helpful.reviews[0].helpfulCount).toBe(7);
  });

  it("shows a deleted account as such and never the full name", async () => {
    const property = await createProperty();
    const guest = await createUser({ name: "Jonas Gelöscht" });
    const review = await createReview({ userId: guest.id, propertyId: property.id, rating: 3 });
    await db().delete(schema.user).where(eq(schema.user.id, guest.id));

    const page = await listReviews({ sort: "newest", page: 1, ...viewer });
    const shown = page.reviews.find((r) => r.id === review.id)!;
    expect(shown.author).toEqual({ isDeleted: true, name: null, initials: null, avatarUrl: null });
    expect(JSON.stringify(page)).not.toContain("Gelöscht");
    expect(JSON.stringify(page)).not.toContain("Musterfrau");
  });

  it("pages through the reviews and shows the last page for a page number past the end", async () => {
    const property = await createProperty();
    const { count } = await getReviewSummary();
    for (let i = count; i < REVIEWS_PER_PAGE + 2; i++)
      await createReview({ userId: null, propertyId: property.id, rating: 3 });
    const total = (await getReviewSummary()).count;
    expect(total).toBe(REVIEWS_PER_PAGE + 2);

    const first = await listReviews({ sort: "newest", page: 1, ...viewer });
    const second = await listReviews({ sort: "newest", page: 2, ...viewer });
    expect(first.totalPages).toBe(2);
    expect(first.reviews).toHaveLength(REVIEWS_PER_PAGE);
    expect(second.reviews).toHaveLength(2);
    const ids = new Set([...first.reviews, ...second.reviews].map((r) => r.id));
    expect(ids.size).toBe(total);

    const beyond = await listReviews({ sort: "newest", page: 50, ...viewer });
    expect(beyond.page).toBe(2);
    expect(beyond.reviews.map((r) => r.id)).toEqual(second.reviews.map((r) => r.id));
  });
});

describe(`"Hilfreich" votes (${databaseKind()})`, () => {
  async function setup() {
    const property = await createProperty();
    const author = await createUser({ name: "Paula Autorin" });
    const review = await createReview({ userId: author.id, propertyId: property.id, rating: 5 });
    return { author, review };
  }
  const helpfulCount = async (id: string) =>
    (await db().select().from(schema.review).where(eq(schema.review.id, id)))[0].helpfulCount;

  it("counts one vote per user and keeps helpful_count equal to the stored votes", async () => {
    const { review } = await setup();
    const [anna, ben] = [await createUser(), await createUser()];

    expect(await markReviewHelpful({ reviewId: review.id, userId: anna.id })).toBe("counted");
    expect(await helpfulCount(review.id)).toBe(1);
    expect(await markReviewHelpful({ reviewId: review.id, userId: anna.id })).toBe("alreadyVoted");
    expect(await helpfulCount(review.id)).toBe(1);
    expect(await markReviewHelpful({ reviewId: review.id, userId: ben.id })).toBe("counted");
    expect(await helpfulCount(review.id)).toBe(2);

    const votes = await db()
      .select()
      .from(schema.reviewVote)
      .where(eq(schema.reviewVote.reviewId, review.id));
    expect(votes).toHaveLength(2);

    const page = await listReviews({ sort: "helpful", page: 1, viewerId: anna.id });
    const shown = page.reviews.find((r) => r.id === review.id)!;
    expect(shown).toMatchObject({ helpfulCount: 2, hasVoted: true, isOwn: false });
  });

  it("repairs a drifted helpful_count from the real votes", async () => {
    const { review } = await setup();
    await db()
      .update(schema.review)
      .set({ helpfulCount: 40 })
      .where(eq(schema.review.id, review.id));
    const voter = await createUser();
    expect(await markReviewHelpful({ reviewId: review.id, userId: voter.id })).toBe("counted");
    expect(await helpfulCount(review.id)).toBe(1);
  });

  it("does not let authors vote for their own review", async () => {
    const { author, review } = await setup();
    expect(await markReviewHelpful({ reviewId: review.id, userId: author.id })).toBe("ownReview");
    expect(await helpfulCount(review.id)).toBe(0);
    // The newest review is first on page 1 of "newest".
    const page = await listReviews({ sort: "newest", page: 1, viewerId: author.id });
    expect(page.reviews[0]).toMatchObject({ id: review.id, isOwn: true, hasVoted: false });
    expect(page.reviews.slice(1).every((r) => !r.isOwn)).toBe(true);
  });

  it("does not count votes for hidden or unknown reviews", async () => {
    const { review } = await setup();
    await db()
      .update(schema.review)
      .set({ isHidden: true, hiddenReason: "abuse" })
      .where(eq(schema.review.id, review.id));
    const voter = await createUser();
    expect(await markReviewHelpful({ reviewId: review.id, userId: voter.id })).toBe("notFound");
    expect(await markReviewHelpful({ reviewId: crypto.randomUUID(), userId: voter.id })).toBe(
      "notFound",
    );
    expect(await helpfulCount(review.id)).toBe(0);
  });

  it("loses no vote when many users vote at the same time", async () => {
    const { review } = await setup();
    const voters = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const results = await Promise.all(
      voters.flatMap((v) => [
        markReviewHelpful({ reviewId: review.id, userId: v.id }),
        markReviewHelpful({ reviewId: review.id, userId: v.id }),
      ]),
    );
    expect(results.filter((r) => r === "counted")).toHaveLength(6);
    expect(results.filter((r) => r === "alreadyVoted")).toHaveLength(6);
    expect(await helpfulCount(review.id)).toBe(6);
  });
});
