import { Star } from "lucide-react";

/**
 * Five stars with the rating as the accessible name ("4 von 5 Sternen"); the icons themselves
 * are decoration. `rating` may be an average (4.3): stars are filled to the nearest whole one.
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
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={`${className} ${star <= filled ? "fill-amber-500 text-amber-700" : "text-slate-400"}`}
        />
      ))}
    </span>
  );
}
