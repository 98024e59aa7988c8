/**
 * The admin form's categories are the public gallery's: every category an admin can choose is
 * shown to guests in their language (app/components/property/image-labels.ts).
 */
import { describe, expect, it } from "vitest";
import { categoryLabel } from "~/components/property/image-labels";
import { getTranslator } from "~/lib/i18n";
import { IMAGE_CATEGORIES, isImageCategory } from "./property-images";

describe("image categories", () => {
  it("has every category of spec 06, stored by its German name, 'Keine Kategorie' as none", () => {
    expect(IMAGE_CATEGORIES.map((c) => c.de)).toEqual([
      "Keine Kategorie",
      "Außenbereich",
      "Schlafzimmer",
      "Badezimmer",
      "Küche",
      "Wohnbereich",
      "Gastronomie",
      "Gemeinschaftsbereiche",
      "Pool",
      "Ausstattung",
      "Ausblick",
      "In der Umgebung",
      "Für Familien",
      "Barrierefreiheit",
    ]);
    expect(IMAGE_CATEGORIES[0].value).toBeNull();
    expect(isImageCategory("Küche")).toBe(true);
    expect(isImageCategory("Keine Kategorie")).toBe(false);
    expect(isImageCategory(null)).toBe(false);
  });

  it("labels every category on the public pages as the admin form does, in German and English", () => {
    for (const language of ["de", "en"] as const) {
      const { t } = getTranslator(language);
      for (const category of IMAGE_CATEGORIES) {
        if (category.value === null) continue;
        expect(categoryLabel(category.value, t)).toBe(category[language]);
      }
    }
  });
});
