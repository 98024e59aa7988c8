// What the /bewertungen page itself needs in the browser. Kept apart from reviews.schema.ts so
// the page's JavaScript carries no zod (the schemas there run in the loader and action only).

export const REVIEW_SORTS = ["newest", "best", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PER_PAGE = 10;

export type HelpfulVoteResult = "counted" | "alreadyVoted" | "ownReview" | "notFound";

/** What the /bewertungen action answers; `result` is a key under `reviews.vote`. */
export type HelpfulVoteResponse = {
  reviewId: string | null;
  result: HelpfulVoteResult | "invalid" | "failed";
};
