import { data, redirect } from "react-router";

import type { Route } from "./+types/reviews";
import { userForSave } from "~/features/accounts/session.server";
import { createReview, deleteReview, updateReview } from "~/features/reviews/my-reviews.server";
import {
  REVIEW_FETCH_FIELD,
  reviewActionSchema,
  reviewReturnUrl,
  type ReviewActionResponse,
  type ReviewErrorCode,
  type ReviewField,
  type ReviewFieldError,
} from "~/features/reviews/review-form.schema";
import { fieldErrorsFromIssues } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/domain/ids";

/** The fields whose errors the review dialog shows next to them. */
const REVIEW_FIELDS = ["rating", "title", "text"] as const;

const STATUS: Record<ReviewErrorCode, number> = {
  invalid: 400,
  notAllowed: 403,
  alreadyReviewed: 409,
  notFound: 404,
  failed: 500,
  sessionExpired: 401,
};

/**
 * Write, edit and delete one's own review (the dialog of /dashboard/bookings). A fetcher
 * (`_fetch=1`) gets the result as data; a form posted without JavaScript is redirected back to
 * the past bookings with the result in the URL.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const viaFetcher = form.get(REVIEW_FETCH_FIELD) === "1";
  const rawBookingId = form.get("bookingId");
  const bookingId = isUuid(rawBookingId) ? rawBookingId : undefined;

  const answer = (response: ReviewActionResponse) => {
    if (viaFetcher) {
      return data(response, { status: response.ok ? 200 : STATUS[response.error] });
    }
    return redirect(reviewReturnUrl(response.ok ? response.result : response.error, bookingId));
  };

  // The one session-expired guard: the dialog keeps its input and shows the banner; a form
  // posted without JavaScript goes to sign in and back to the past bookings.
  const user = await userForSave(request);
  if (!user) {
    if (viaFetcher) return answer({ ok: false, error: "sessionExpired" });
    return redirect(`/auth?redirectTo=${encodeURIComponent("/dashboard/bookings?tab=past")}`);
  }

  const raw = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = reviewActionSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromIssues(parsed.error.issues, REVIEW_FIELDS) as Partial<
      Record<ReviewField, ReviewFieldError>
    >;
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    return answer({ ok: false, error: "invalid", ...(hasFieldErrors ? { fieldErrors } : {}) });
  }

  try {
    const input = parsed.data;
    switch (input.intent) {
      case "create":
        return answer(
          await createReview({ userId: user.id, bookingId: input.bookingId, fields: input }),
        );
      case "update":
        return answer(
          await updateReview({ userId: user.id, reviewId: input.reviewId, fields: input }),
        );
      case "delete":
        return answer(await deleteReview({ userId: user.id, reviewId: input.reviewId }));
    }
  } catch (error) {
    logger.error({ err: error, intent: parsed.data.intent }, "saving a review failed");
    return answer({ ok: false, error: "failed" });
  }
}

export const loader = () => redirect("/dashboard/bookings?tab=past");
