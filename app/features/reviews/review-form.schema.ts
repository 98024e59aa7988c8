import { z } from "zod";

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;

/** Browsers submit textarea line breaks as CRLF; count them as one character like the counter. */
const normalizedText = z.string().transform((value) => value.replace(/\r\n?/g, "\n").trim());

/** The fields of the review dialog (spec 05). Messages are keys under `reviews.form.errors`. */
export const reviewFieldsSchema = z.object({
  rating: z
    .string({ message: "ratingRequired" })
    .regex(/^[1-5]$/, { message: "ratingRequired" })
    .transform(Number),
  title: normalizedText
    .pipe(z.string().max(REVIEW_TITLE_MAX, { message: "titleTooLong" }))
    .default(""),
  text: z
    .string({ message: "textTooShort" })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(REVIEW_TEXT_MIN, { message: "textTooShort" })
        .max(REVIEW_TEXT_MAX, { message: "textTooLong" }),
    ),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;
export type ReviewField = keyof ReviewFields;

/** What /dashboard/reviews accepts: create for a booking, update or delete one's own review. */
export const reviewActionSchema = z.discriminatedUnion("intent", [
  reviewFieldsSchema.extend({ intent: z.literal("create"), bookingId: z.uuid() }),
  reviewFieldsSchema.extend({ intent: z.literal("update"), reviewId: z.uuid() }),
  z.object({ intent: z.literal("delete"), reviewId: z.uuid() }),
]);
export type ReviewActionInput = z.infer<typeof reviewActionSchema>;

export type ReviewFieldError = "ratingRequired" | "titleTooLong" | "textTooShort" | "textTooLong";

/** Keys under `reviews.form.errors` for the whole request. */
export type ReviewErrorCode =
  "invalid" | "notAllowed" | "alreadyReviewed" | "notFound" | "failed" | "sessionExpired";

export type ReviewSuccess = "created" | "updated" | "deleted";

/** The JSON answer of /dashboard/reviews to a fetcher. */
export type ReviewActionResponse =
  | { ok: true; result: ReviewSuccess }
  | {
      ok: false;
      error: ReviewErrorCode;
      fieldErrors?: Partial<Record<ReviewField, ReviewFieldError>>;
    };

/** Form field that marks a fetcher submit (with JS); without it the action redirects. */
export const REVIEW_FETCH_FIELD = "_fetch";

/** Query parameters the action redirects back with when the form was posted without JS. */
export const REVIEW_RESULT_PARAM = "reviewResult";
export const REVIEW_BOOKING_PARAM = "reviewBooking";
export const REVIEW_RETURN_PATH = "/dashboard/bookings";

export function reviewReturnUrl(result: ReviewSuccess | ReviewErrorCode, bookingId?: string) {
  const params = new URLSearchParams({ tab: "past", [REVIEW_RESULT_PARAM]: result });
  if (bookingId) params.set(REVIEW_BOOKING_PARAM, bookingId);
  return `${REVIEW_RETURN_PATH}?${params}`;
}
