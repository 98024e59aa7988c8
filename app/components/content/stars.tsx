import { Star } from "lucide-react";

/** Five stars filled to the nearest half of `value` (0–5); decorative, callers print the number. */
export function Stars({ value }: { value: number }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span aria-hidden className="inline-flex items-center">
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = rounded >= position ? 1 : rounded + 0.5 === position ? 0.5 : 0;
        return (
          <span key={position} className="relative inline-block size-4">
            <Star className="absolute inset-0 size-4 text-amber-500" />
            {fill > 0 && (
              <span
                className={`absolute inset-y-0 left-0 overflow-hidden ${fill === 1 ? "w-full" : "w-1/2"}`}
              >
                <Star className="size-4 fill-amber-500 text-amber-500" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
