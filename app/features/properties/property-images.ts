/**
 * Property photos, shared by the admin form (browser) and the server (decision 027): the
 * categories, the limits, and the schema of the form's image list. No server code here.
 */
import { z } from "zod";

/** At most this many photos per property (spec 07 constants). */
export const MAX_PROPERTY_IMAGES = 30;
/** At most this many bytes per uploaded file (spec 07 constants). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The file types the picker offers; the server decides by the file's content, not this list. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
/** Where the form uploads one file per request (app/routes/admin/property-images-upload.ts). */
export const IMAGE_UPLOAD_URL = "/admin/properties/images";

/**
 * The categories an image can carry (spec 06 "Bilder"). `value` is what is stored in the
 * property's images: the German name, as the demo data and the public gallery
 * (app/components/property/image-labels.ts) already use. "Keine Kategorie" is stored as no
 * category at all, so its value is null.
 */
export const IMAGE_CATEGORIES = [
  { key: "none", value: null, de: "Keine Kategorie", en: "No category" },
  { key: "exterior", value: "Außenbereich", de: "Außenbereich", en: "Outside" },
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
  { key: "facilities", value: "Ausstattung", de: "Ausstattung", en: "Facilities" },
  { key: "view", value: "Ausblick", de: "Ausblick", en: "View" },
  { key: "surroundings", value: "In der Umgebung", de: "In der Umgebung", en: "Surroundings" },
  { key: "family", value: "Für Familien", de: "Für Familien", en: "For families" },
  { key: "accessibility", value: "Barrierefreiheit", de: "Barrierefreiheit", en: "Accessibility" },
] as const;

export type ImageCategory = Exclude<(typeof IMAGE_CATEGORIES)[number]["value"], null>;

export function isImageCategory(value: unknown): value is ImageCategory {
  return IMAGE_CATEGORIES.some((c) => c.value !== null && c.value === value);
}

/** One image of the form's list: a stored image's `key`, or its `url` (CSV, not yet fetched). */
export type SubmittedImage = { ref: string; category: string | null };

const submittedImage = z.object({
  // A storage key or an http(s) URL; the server looks every ref up, this only bounds the size.
  ref: z.string().min(1).max(2048),
  // A known category, or an image's own older category kept as it was: checked by the server
  // against the image it belongs to (resolveSubmittedImages).
  category: z.string().max(100).nullable(),
});

/**
 * The hidden field of PropertyImagesField: a JSON array, in order (the first is the main
 * image). An empty or missing field is an empty list.
 */
export const submittedImagesSchema = z
  .string()
  .max(200_000)
  .optional()
  .transform((text, ctx): unknown => {
    if (!text || text.trim() === "") return [];
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "invalidImages" });
      return z.NEVER;
    }
  })
  .pipe(z.array(submittedImage).max(MAX_PROPERTY_IMAGES, { message: "tooManyImages" }));

/** What the upload route answers. */
export type UploadedImage = {
  ref: string;
  widths: number[];
  width: number;
  height: number;
  previewUrl: string;
};
export type UploadAnswer = { ok: true; image: UploadedImage } | { ok: false; message: string };

/** The `ref` the form submits for a stored image: its storage key, or its URL (CSV, pending). */
export function imageRef(image: { key?: string; url?: string }): string {
  return image.key ?? image.url ?? "";
}

/** Where the server stores uploads; only refs under it can be uploads (decision 027). */
export const UPLOAD_REF_PREFIX = "property-images/";

/** The form's image list as text, parsed; an empty list when it is missing or not a list. */
export function readSubmittedImages(imagesJson: string | undefined): SubmittedImage[] {
  const parsed = submittedImagesSchema.safeParse(imagesJson ?? "");
  return parsed.success ? parsed.data : [];
}

/**
 * The uploads an autosaved draft's image list names (decision 067): refs that are not among the
 * property's own images and can be uploads. These are the uploads the draft holds: the orphan
 * clean-up leaves them alone and a save may still take them after 24 hours.
 */
export function draftUploadRefs(
  imagesJson: string | undefined,
  current: readonly { key?: string; url?: string }[],
): string[] {
  const own = new Set(current.map(imageRef));
  const refs = readSubmittedImages(imagesJson)
    .map((image) => image.ref)
    .filter((ref) => !own.has(ref) && ref.startsWith(UPLOAD_REF_PREFIX));
  return [...new Set(refs)];
}

/**
 * The image list an autosave keeps (decision 067): the form's list in its order, with only the
 * refs the server vouched for (`allowed`: each ref with the image's own stored category, or null
 * for an upload), each once, at most 30. A category is kept when it is one of the list or the
 * image's own older one; anything else becomes "Keine Kategorie". Lenient on purpose: a draft
 * keeps what it can; "Speichern" is where a wrong list is refused.
 */
export function keepDraftImages(
  submitted: readonly SubmittedImage[],
  allowed: ReadonlyMap<string, string | null | undefined>,
): SubmittedImage[] {
  const seen = new Set<string>();
  const kept: SubmittedImage[] = [];
  for (const { ref, category } of submitted) {
    if (!allowed.has(ref) || seen.has(ref)) continue;
    seen.add(ref);
    const own = allowed.get(ref);
    const isKnown = category !== null && (isImageCategory(category) || category === own);
    kept.push({ ref, category: isKnown ? category : null });
    if (kept.length === MAX_PROPERTY_IMAGES) break;
  }
  return kept;
}
