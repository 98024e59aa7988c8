import { z } from "zod";
import { REVIEW_SORTS } from "./review-list";

export { REVIEW_SORTS, REVIEWS_PER_PAGE, type ReviewSort } from "./review-list";
export type { HelpfulVoteResponse, HelpfulVoteResult } from "./review-list";

/**
 * `?sort=` and `?page=` of /bewertungen. Anything unknown or malformed falls back to the
 * defaults (newest first, page 1) instead of failing: a bad link still shows reviews.
 */
export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export function parseReviewListQuery(params: URLSearchParams): ReviewListQuery {
  return reviewListQuerySchema.parse({
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The "Hilfreich" button's form. */
export const helpfulVoteSchema = z.object({
  intent: z.literal("helpful"),
  reviewId: z.uuid(),
});
