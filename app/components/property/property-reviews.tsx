import { UserRound } from "~/components/ui/icons";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { OwnerReply, type OwnerReplyItem } from "~/features/reviews/components/owner-reply";
import { StarRating } from "~/features/reviews/components/star-rating";
import { formatDate, type Language } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media-url";
import "~/locales/texts/property";
import { RatingSummary, type PropertyRating } from "./rating-summary";

export type PropertyReviewItem = {
  id: string;
  rating: number;
  title: string;
  text: string;
  /** "YYYY-MM-DD" */
  date: string;
  author: {
    isDeleted: boolean;
    name: string | null;
    initials: string | null;
    avatarUrl: string | null;
  };
  ownerReply: OwnerReplyItem | null;
};

/** The rating of the property and its newest reviews ("Noch keine Bewertungen" without any). */
export function PropertyReviews({
  rating,
  reviews,
  headingId,
}: {
  rating: PropertyRating;
  reviews: PropertyReviewItem[];
  headingId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id={headingId} className="text-2xl font-semibold text-secondary">
        {t("property.rating.heading")}
      </h2>
      {rating.count === 0 ? (
        <p className="mt-3 text-slate-700" data-testid="no-reviews">
          {t("property.rating.empty")}
        </p>
      ) : (
        <>
          <p className="mt-3" data-testid="rating-summary">
            <RatingSummary rating={rating} />
          </p>
          <h3 className="mt-6 font-semibold text-slate-900">{t("property.rating.latest")}</h3>
          <ul className="mt-3 grid gap-4">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-6">
        <Link
          to="/bewertungen"
          className="font-medium text-secondary underline underline-offset-2 hover:no-underline"
        >
          {t("property.rating.all")}
        </Link>
      </p>
    </>
  );
}

function ReviewItem({ review }: { review: PropertyReviewItem }) {
  const { t, i18n } = useTranslation();
  const { author } = review;
  const name = author.isDeleted
    ? t("property.rating.deletedUser")
    : (author.name ?? t("property.rating.guest"));
  return (
    <article
      aria-label={review.title || name}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="review"
    >
      <div className="flex items-center gap-3">
        {author.avatarUrl ? (
          <img
            src={mediaUrl(author.avatarUrl)}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-800"
          >
            {(!author.isDeleted && author.initials) || <UserRound className="size-5" />}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            <time dateTime={review.date}>{formatDate(review.date, i18n.language as Language)}</time>
          </p>
        </div>
      </div>
      <div className="mt-3">
        <StarRating
          rating={review.rating}
          label={t("property.rating.stars", { rating: review.rating })}
        />
      </div>
      {review.title && <h4 className="mt-2 font-semibold text-secondary">{review.title}</h4>}
      <p className="mt-2 whitespace-pre-line text-slate-700">{review.text}</p>
      {review.ownerReply && <OwnerReply reply={review.ownerReply} />}
    </article>
  );
}
