import { and, desc, eq, inArray, not, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { ownerReplyOf } from "./owner-reply.server";
import { publicReviewerName, roundRating } from "./review-display";
import {
  reviewHideReasonOf,
  REVIEW_HIDE_REASONS,
  type ReviewHideReason,
} from "./review-moderation";
import {
  REVIEWS_PER_PAGE,
  type HelpfulVoteResult,
  type ReviewListQuery,
  type ReviewSort,
} from "./reviews.schema";

const r = schema.review;

/**
 * Count, average and star distribution of the visible reviews, plus how many are hidden
 * (shown on /bewertungen as German law requires of sites that show reviews). All computed
 * from the table, never fixed numbers.
 */
export async function getReviewSummary() {
  const rows = await db()
    .select({
      rating: r.rating,
      isHidden: r.isHidden,
      hiddenReason: r.hiddenReason,
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(r)
    .groupBy(r.rating, r.isHidden, r.hiddenReason);
  const distribution: Record<1 | 2 | 3 | 4 | 5, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  let hiddenCount = 0;
  // The reason categories of the hidden reviews, as the statement on /bewertungen names them.
  const hiddenByReason = new Map<ReviewHideReason, number>();
  for (const row of rows) {
    if (row.isHidden) {
      hiddenCount += row.total;
      const reason = reviewHideReasonOf(row.hiddenReason);
      hiddenByReason.set(reason, (hiddenByReason.get(reason) ?? 0) + row.total);
      continue;
    }
    count += row.total;
    sum += row.rating * row.total;
    distribution[row.rating as 1 | 2 | 3 | 4 | 5] += row.total;
  }
  return {
    count,
    /** rounded to one decimal; null when there are no visible reviews */
    average: count > 0 ? roundRating(sum / count) : null,
    distribution,
    hiddenCount,
    hiddenByReason: REVIEW_HIDE_REASONS.filter((reason) => hiddenByReason.has(reason)).map(
      (reason) => ({ reason, count: hiddenByReason.get(reason)! }),
    ),
  };
}

export type ReviewSummary = Awaited<ReturnType<typeof getReviewSummary>>;

const orderings: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  newest: [desc(r.createdAt), desc(r.id)],
  best: [desc(r.rating), desc(r.createdAt), desc(r.id)],
  helpful: [desc(r.helpfulCount), desc(r.createdAt), desc(r.id)],
};

/**
 * One page of visible reviews with property and reviewer. Only the public form of the name
 * ("Erika M.") leaves the server; `isOwn` and `hasVoted` are relative to `viewerId`.
 * A page number past the end shows the last page.
 */
export async function listReviews(query: ReviewListQuery & { viewerId: string | null }) {
  const summary = await getReviewSummary();
  const totalPages = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE));
  const page = Math.min(query.page, totalPages);

  const rows = await db()
    .select({
      id: r.id,
      userId: r.userId,
      rating: r.rating,
      title: r.title,
      text: r.text,
      helpfulCount: r.helpfulCount,
      ownerReply: r.ownerReply,
      ownerReplyAt: r.ownerReplyAt,
      createdAt: r.createdAt,
      propertyId: schema.property.id,
      propertyTitle: schema.property.title,
      propertyStatus: schema.property.status,
      profileName: schema.profile.fullName,
      accountName: schema.user.name,
      avatarUrl: schema.profile.avatarUrl,
    })
    .from(r)
    .innerJoin(schema.property, eq(schema.property.id, r.propertyId))
    .leftJoin(schema.user, eq(schema.user.id, r.userId))
    .leftJoin(schema.profile, eq(schema.profile.id, r.userId))
    .where(not(r.isHidden))
    .orderBy(...orderings[query.sort])
    .limit(REVIEWS_PER_PAGE)
    .offset((page - 1) * REVIEWS_PER_PAGE);

  const votedIds = new Set<string>();
  if (query.viewerId && rows.length > 0) {
    const votes = await db()
      .select({ reviewId: schema.reviewVote.reviewId })
      .from(schema.reviewVote)
      .where(
        and(
          eq(schema.reviewVote.userId, query.viewerId),
          inArray(
            schema.reviewVote.reviewId,
            rows.map((row) => row.id),
          ),
        ),
      );
    for (const vote of votes) votedIds.add(vote.reviewId);
  }

  const reviews = rows.map((row) => {
    // A deleted account leaves user_id null (the review stays, anonymised).
    const isAuthorDeleted = row.userId === null;
    const author = isAuthorDeleted ? null : publicReviewerName(row.profileName || row.accountName);
    return {
      id: row.id,
      rating: row.rating,
      title: row.title,
      text: row.text,
      helpfulCount: row.helpfulCount,
      /** calendar day in Europe/Berlin, "YYYY-MM-DD" */
      date: dayInBerlin(row.createdAt),
      property: {
        id: row.propertyId,
        title: row.propertyTitle,
        isPublished: row.propertyStatus === "published",
      },
      author: {
        isDeleted: isAuthorDeleted,
        name: author?.name ?? null,
        initials: author?.initials ?? null,
        avatarUrl: isAuthorDeleted ? null : row.avatarUrl,
      },
      ownerReply: ownerReplyOf(row),
      isOwn: query.viewerId !== null && row.userId === query.viewerId,
      hasVoted: votedIds.has(row.id),
    };
  });

  return { summary, reviews, sort: query.sort, page, totalPages };
}

export type ReviewListItem = Awaited<ReturnType<typeof listReviews>>["reviews"][number];

/**
 * "Hilfreich": one vote per signed-in user and review (the primary key of review_vote), never
 * for one's own review, never for a hidden one. helpful_count is recomputed from the votes in
 * the same transaction. The review row is locked first, so concurrent votes on one review are
 * counted one after the other and none is lost.
 */
export async function markReviewHelpful(input: {
  reviewId: string;
  userId: string;
}): Promise<HelpfulVoteResult> {
  return db().transaction(async (tx) => {
    const [target] = await tx
      .select({ userId: r.userId, isHidden: r.isHidden })
      .from(r)
      .where(eq(r.id, input.reviewId))
      .for("update");
    if (!target || target.isHidden) return "notFound";
    if (target.userId === input.userId) return "ownReview";

    const inserted = await tx
      .insert(schema.reviewVote)
      .values({ reviewId: input.reviewId, userId: input.userId })
      .onConflictDoNothing()
      .returning({ reviewId: schema.reviewVote.reviewId });

    // Plain SQL so a vote does not touch updated_at (that marks edits of the review itself).
    await tx.execute(
      sql`update ${r} set helpful_count = (select count(*) from ${schema.reviewVote} where ${schema.reviewVote.reviewId} = ${input.reviewId}) where ${r.id} = ${input.reviewId}`,
    );
    return inserted.length > 0 ? "counted" : "alreadyVoted";
  });
}
