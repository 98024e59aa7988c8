import { Star } from "~/components/ui/icons";

/**
 * Five stars with the rating as the accessible name ("4,5 von 5 Sternen"); the icons themselves
 * are decoration. `rating` may be an average (4.3): the stars are filled to the nearest half
 * one, so 4.5 shows four and a half (decision 035): five filled stars over five empty ones,
 * cut at 10 % per half star (the stars touch, so every star is exactly a fifth of the width).
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
  const stars = (look: string) =>
    [1, 2, 3, 4, 5].map((star) => (
      <Star key={star} aria-hidden className={`${className} shrink-0 ${look}`} />
    ));
  return (
    <span role="img" aria-label={label} className="relative inline-flex">
      {stars("text-slate-400")}
      <span
        className="absolute inset-y-0 left-0 flex overflow-hidden"
        style={{ width: `${Math.round(rating * 2) * 10}%` }}
      >
        {stars("fill-amber-500 text-amber-700")}
      </span>
    </span>
  );
}
