import { useTranslation } from "~/lib/i18n-react";
import { StarRating } from "~/features/reviews/components/star-rating";
import { formatRating } from "~/features/reviews/review-display";
import type { Language } from "~/lib/i18n";
import "~/locales/texts/property";

export type PropertyRating = { count: number; average: number | null };

/** Average and count, e.g. "★★★★☆ 4,3 · 12 Bewertungen"; null without reviews. */
export function RatingSummary({
  rating,
  href,
}: {
  rating: PropertyRating;
  /** Where the count links to (the reviews section). */
  href?: string;
}) {
  const { t, i18n } = useTranslation();
  if (rating.average === null || rating.count === 0) return null;
  const average = formatRating(rating.average, i18n.language as Language);
  const count = t("property.rating.count", { count: rating.count });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <StarRating rating={rating.average} label={t("property.rating.stars", { rating: average })} />
      <span className="font-semibold text-slate-900">{average}</span>
      <span aria-hidden className="text-slate-500">
        ·
      </span>
      {href ? (
        <a href={href} className="text-secondary underline underline-offset-2 hover:no-underline">
          {count}
        </a>
      ) : (
        <span className="text-slate-700">{count}</span>
      )}
    </span>
  );
}
