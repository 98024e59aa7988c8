/**
 * The images of the admin property form (contract shared with the uploader, issue 14 part 3):
 * the categories an image may carry and what the form submits for its images.
 */
import { z } from "zod";

/**
 * Stored in German (the demo data and the public gallery read `category` as German text,
 * app/components/property/image-labels.ts); `key` names the English label. "Keine Kategorie"
 * is stored as null.
 */
export const IMAGE_CATEGORIES = [
  { key: "none", value: null, de: "Keine Kategorie", en: "No category" },
  { key: "exterior", value: "Außenbereich", de: "Außenbereich", en: "Exterior" },
  { key: "bedroom", value: "Schlafzimmer", de: "Schlafzimmer", en: "Bedroom" },
  { key: "bathroom", value: "Badezimmer", de: "Badezimmer", en: "Bathroom" },
  { key: "kitchen", value: "Küche", de: "Küche", en: "Kitchen" },
  { key: "living", value: "Wohnbereich", de: "Wohnbereich", en: "Living area" },
  { key: "dining", value: "Gastronomie", de: "Gastronomie", en: "Dining" },
  {
    key: "shared",
    value: "Gemeinschaftsbereiche",
    de: "Gemeinschaftsbereiche",
    en: "Shared areas",
  },
  { key: "pool", value: "Pool", de: "Pool", en: "Pool" },
  { key: "amenities", value: "Ausstattung", de: "Ausstattung", en: "Amenities" },
  { key: "view", value: "Ausblick", de: "Ausblick", en: "View" },
  { key: "surroundings", value: "In der Umgebung", de: "In der Umgebung", en: "Surroundings" },
  { key: "families", value: "Für Familien", de: "Für Familien", en: "For families" },
  {
    key: "accessibility",
    value: "Barrierefreiheit",
    de: "Barrierefreiheit",
    en: "Accessibility",
  },
] as const;

export const MAX_PROPERTY_IMAGES = 30;

export function isImageCategory(value: string): boolean {
  return IMAGE_CATEGORIES.some((c) => c.value === value);
}

/** One submitted image: a stored image's `key`, or its `url` for a not-yet-fetched CSV image. */
export type SubmittedImage = { ref: string; category: string | null };

/** The form's hidden `images` field: a JSON array (at most 30) of `{ ref, category }`. */
export const submittedImagesSchema = z
  .string()
  .transform((text, ctx): unknown => {
    if (text.trim() === "") return [];
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "invalidImage" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          ref: z.string().min(1).max(2048),
          category: z.string().max(100).nullable(),
        }),
        { message: "invalidImage" },
      )
      .max(MAX_PROPERTY_IMAGES, "tooManyImages"),
  );

/** The value the form submits for images it shows. */
export function imageRef(image: { key?: string; url?: string }): string {
  return image.key ?? image.url ?? "";
}
