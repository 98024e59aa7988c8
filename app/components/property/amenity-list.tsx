import { useTranslation } from "~/lib/i18n-react";
import { AMENITY_KEYS } from "~/domain/amenity-names";
// The icons as one SVG sprite file (a hashed asset the browser caches), not as components in the
// page's JavaScript (decision 043); generated from amenity-icons.ts.
import spriteUrl from "./amenity-icons.svg?no-inline";
import "~/locales/texts/property";

/** The amenities of a property, each with its icon (a check mark where none is known). */
export function AmenityList({ amenities }: { amenities: string[] }) {
  const { t } = useTranslation();
  if (amenities.length === 0) return <p className="text-slate-600">{t("property.noAmenities")}</p>;
  return (
    <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="amenities">
      {amenities.map((amenity) => {
        // The catalogue key is also the icon's id in the sprite; unknown amenities get a check mark.
        const key = AMENITY_KEYS[amenity];
        return (
          <li key={amenity} className="flex items-center gap-3 text-slate-800">
            {/* Lucide's look: drawn with 2 px round strokes in the text colour. */}
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="size-5 shrink-0 text-secondary"
            >
              <use href={`${spriteUrl}#${key ?? "check"}`} />
            </svg>
            {key ? t(`property.amenityNames.${key}`) : amenity}
          </li>
        );
      })}
    </ul>
  );
}
