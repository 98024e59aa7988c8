/** The categories the demo data and the admin image form use, stored in German. */
import "~/locales/texts/property";

const CATEGORY_KEYS: Record<string, string> = {
  Außenbereich: "exterior",
  Wohnbereich: "living",
  Schlafzimmer: "bedroom",
  Küche: "kitchen",
  Badezimmer: "bathroom",
  Ausblick: "view",
  Pool: "pool",
  Terrasse: "terrace",
  // The admin form's further categories (app/features/properties/property-images.ts).
  Gastronomie: "dining",
  Gemeinschaftsbereiche: "shared",
  Ausstattung: "facilities",
  "In der Umgebung": "surroundings",
  "Für Familien": "family",
  Barrierefreiheit: "accessibility",
};

/** A stored image category in the page's language; unknown categories are shown as stored. */
export function categoryLabel(category: string, t: (key: string) => string) {
  const key = CATEGORY_KEYS[category];
  return key ? t(`property.imageCategories.${key}`) : category;
}
