import { BadgeCheck, ThumbsUp, UserRound } from "~/components/ui/icons";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { formatDate, type Language } from "~/lib/i18n";
import type { ReviewListItem } from "../reviews.server";
import type { HelpfulVoteResponse } from "../review-list";
import { OwnerReply } from "./owner-reply";
import { StarRating } from "./star-rating";
import { mediaUrl } from "~/lib/media-url";
import "~/locales/texts/reviews";

/** One published review on /bewertungen. */
export function ReviewCard({
  review,
  isSignedIn,
  signInHref,
}: {
  review: ReviewListItem;
  isSignedIn: boolean;
  signInHref: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { author } = review;
  const name = author.isDeleted ? t("reviews.deletedUser") : (author.name ?? t("reviews.guest"));
  const titleId = `review-${review.id}-title`;
  return (
    <article
      aria-labelledby={review.title ? titleId : undefined}
      aria-label={review.title ? undefined : name}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="review"
    >
      <div className="flex flex-wrap items-start gap-3">
        <ReviewerAvatar
          avatarUrl={author.avatarUrl}
          initials={author.isDeleted ? null : author.initials}
        />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            <time dateTime={review.date}>{formatDate(review.date, language)}</time>
            {" · "}
            {t("reviews.stayedAt")}{" "}
            {review.property.isPublished ? (
              <Link
                to={`/properties/${review.property.id}`}
                className="text-secondary underline underline-offset-2 hover:no-underline"
              >
                {review.property.title}
              </Link>
            ) : (
              review.property.title
            )}
          </p>
        </div>
        <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-1 text-xs font-medium text-green-800">
          <BadgeCheck aria-hidden className="size-4" />
          {t("reviews.verified")}
        </span>
      </div>
      <div className="mt-3">
        <StarRating rating={review.rating} label={t("reviews.stars", { rating: review.rating })} />
      </div>
      {review.title && (
        <h3 id={titleId} className="mt-2 font-semibold text-secondary">
          {review.title}
        </h3>
      )}
      <p className="mt-2 whitespace-pre-line text-slate-700">{review.text}</p>
      {review.ownerReply && <OwnerReply reply={review.ownerReply} />}
      <div className="mt-4">
        <HelpfulControl review={review} isSignedIn={isSignedIn} signInHref={signInHref} />
      </div>
    </article>
  );
}

function ReviewerAvatar({
  avatarUrl,
  initials,
}: {
  avatarUrl: string | null;
  initials: string | null;
}) {
  if (avatarUrl)
    return (
      <img
        src={mediaUrl(avatarUrl)}
        alt=""
        width={44}
        height={44}
        loading="lazy"
        className="size-11 rounded-full object-cover"
      />
    );
  return (
    <span
      aria-hidden
      className="flex size-11 items-center justify-center rounded-full bg-secondary font-semibold text-white"
    >
      {initials ?? <UserRound className="size-5" />}
    </span>
  );
}

const helpfulButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50";

/**
 * Visitors get a link to sign in (and come back here); the author sees the count only; other
 * signed-in guests get a real button that posts the vote. The server decides what counts.
 */
function HelpfulControl({
  review,
  isSignedIn,
  signInHref,
}: {
  review: ReviewListItem;
  isSignedIn: boolean;
  signInHref: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<HelpfulVoteResponse>();
  const label = t("reviews.helpful", { count: review.helpfulCount });

  if (!isSignedIn)
    return (
      <Link to={signInHref} className={helpfulButton}>
        <ThumbsUp aria-hidden className="size-4" />
        {label}
        <span className="sr-only"> – {t("reviews.helpfulSignIn")}</span>
      </Link>
    );

  if (review.isOwn)
    return (
      <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
        <ThumbsUp aria-hidden className="size-4" />
        {label} · {t("reviews.helpfulOwn")}
      </p>
    );

  const response = fetcher.data?.reviewId === review.id ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="reviewId" value={review.id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className={`${helpfulButton} disabled:opacity-60 ${review.hasVoted ? "border-secondary bg-slate-50" : ""}`}
      >
        <ThumbsUp
          aria-hidden
          className={`size-4 ${review.hasVoted ? "fill-secondary text-secondary" : ""}`}
        />
        {label}
      </button>
      {review.hasVoted && !response && (
        <span className="text-sm text-slate-600">{t("reviews.helpfulVoted")}</span>
      )}
      <span role="status" className="text-sm text-slate-700">
        {response ? t(`reviews.vote.${response.result}`) : ""}
      </span>
    </fetcher.Form>
  );
}
