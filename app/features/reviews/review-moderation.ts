import { z } from "zod";
import { pageParam } from "~/lib/paging";

/**
 * Why an admin may hide a review (decision 032). The categories are public: /bewertungen counts
 * the hidden reviews by them and its statement on how reviews are checked names them (§ 5b
 * UWG), so hiding is possible only for one of these. `guidelines` is also what reviews hidden
 * before moderation existed carry (migration).
 */
export const REVIEW_HIDE_REASONS = [
  "abuse",
  "advertising",
  "personal-data",
  "unrelated",
  "guidelines",
] as const;
export type ReviewHideReason = (typeof REVIEW_HIDE_REASONS)[number];

export const isReviewHideReason = (value: unknown): value is ReviewHideReason =>
  REVIEW_HIDE_REASONS.includes(value as ReviewHideReason);

/** A stored reason as a category; anything unknown counts as `guidelines`. */
export const reviewHideReasonOf = (value: unknown): ReviewHideReason =>
  isReviewHideReason(value) ? value : "guidelines";

/** What /admin/bewertungen reads from its URL. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const ADMIN_REVIEW_FILTERS = ["alle", "sichtbar", "ausgeblendet", "ohne-antwort"] as const;
export type AdminReviewFilterName = (typeof ADMIN_REVIEW_FILTERS)[number];
export type AdminReviewFilter = { filter: AdminReviewFilterName; page: number };

export function adminReviewFilter(params: URLSearchParams): AdminReviewFilter {
  const filter = params.get("filter");
  return {
    filter: ADMIN_REVIEW_FILTERS.includes(filter as AdminReviewFilterName)
      ? (filter as AdminReviewFilterName)
      : "alle",
    page: pageParam(params),
  };
}

export const REVIEW_NOTE_MAX = 1000;
export const OWNER_REPLY_MAX = 2000;

/** Messages are keys under adminReviews.errors. */
export const hideReviewSchema = z.object({
  reason: z.enum(REVIEW_HIDE_REASONS, { message: "reasonRequired" }),
  note: z.string().trim().min(1, "noteRequired").max(REVIEW_NOTE_MAX, "noteTooLong"),
});
export const HIDE_REVIEW_FIELDS = ["reason", "note"] as const;

export const unhideReviewSchema = z.object({
  note: z.string().trim().min(1, "noteRequired").max(REVIEW_NOTE_MAX, "noteTooLong"),
});
export const UNHIDE_REVIEW_FIELDS = ["note"] as const;

export const ownerReplySchema = z.object({
  reply: z.string().trim().min(1, "replyRequired").max(OWNER_REPLY_MAX, "replyTooLong"),
});
export const OWNER_REPLY_FIELDS = ["reply"] as const;
