import { useTranslation } from "~/lib/i18n-react";
// The icons as one SVG sprite file (a hashed asset the browser caches), not as components in the
// page's JavaScript (decision 043); generated from amenity-icons.ts.
import spriteUrl from "./amenity-icons.svg?no-inline";

/**
 * The translation keys of the amenities the demo data and the admin form use (stored in German,
 * db/seed-data.ts); each key is also its icon's id in the sprite. Unknown amenities keep their
 * stored text and a check mark.
 */
export const KNOWN_AMENITIES: Record<string, string> = {
  WLAN: "wifi",
  Küche: "kitchen",
  Pool: "pool",
  Terrasse: "terrace",
  Dachterrasse: "roofTerrace",
  Balkon: "balcony",
  Garten: "garden",
  Grill: "grill",
  Klimaanlage: "airConditioning",
  Sauna: "sauna",
  Whirlpool: "hotTub",
  Kamin: "fireplace",
  "Haustiere erlaubt": "pets",
  Meerblick: "seaView",
  Bergblick: "mountainView",
  Strandnähe: "beach",
  Seezugang: "lakeAccess",
  Bootssteg: "jetty",
  Waschmaschine: "washingMachine",
  Geschirrspüler: "dishwasher",
  Parkplatz: "parking",
  Kinderbett: "crib",
  Fahrradverleih: "bikes",
  "Smart-TV": "tv",
  Skiraum: "skiRoom",
  Aufzug: "elevator",
  Arbeitsplatz: "workspace",
  Kaffeemaschine: "coffee",
  "Ladestation für E-Autos": "evCharger",
};

/** The amenities of a property, each with its icon (a check mark where none is known). */
export function AmenityList({ amenities }: { amenities: string[] }) {
  const { t } = useTranslation();
  if (amenities.length === 0) return <p className="text-slate-600">{t("property.noAmenities")}</p>;
  return (
    <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="amenities">
      {amenities.map((amenity) => {
        const key = KNOWN_AMENITIES[amenity];
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
