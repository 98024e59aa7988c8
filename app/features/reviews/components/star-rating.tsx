import { Star } from "lucide-react";

/**
 * Five stars with the rating as the accessible name ("4,5 von 5 Sternen"); the icons themselves
 * are decoration. `rating` may be an average (4.3): stars are filled to the nearest half one, so
 * 4.5 shows four and a half stars (decision 035).
 */
export function StarRating({
  rating,
  label,
  className = "size-4",
}: {
  rating: number;
  label: string;
  className?: string;
}) {
  const halves = Math.round(rating * 2);
  const filled = `${className} fill-amber-500 text-amber-700`;
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((star) =>
        star * 2 <= halves ? (
          <Star key={star} aria-hidden data-star="full" className={filled} />
        ) : star * 2 - 1 === halves ? (
          // An empty star with the left half of a filled one over it.
          <span key={star} data-star="half" className="relative inline-flex">
            <Star aria-hidden className={`${className} text-amber-700`} />
            <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden">
              <Star aria-hidden className={filled} />
            </span>
          </span>
        ) : (
          <Star
            key={star}
            aria-hidden
            data-star="empty"
            className={`${className} text-slate-400`}
          />
        ),
      )}
    </span>
  );
}
