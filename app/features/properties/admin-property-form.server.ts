import type { PropertyImage } from "../../../db/schema";
import {
  centsToInput,
  CITY_SUGGESTIONS,
  COUNTRIES,
  readDraft,
  type PropertyFormValues,
} from "./admin-property.schema";
import type { PropertyRow } from "./admin-properties.server";
import { imageRef, submittedImagesSchema } from "./property-images";

/**
 * What the admin form shows: an autosaved draft when there is one (as typed), else the stored
 * values in the form's text form ("95,50"). A new property starts with the defaults of spec 07.
 */
export function formValuesOf(row: PropertyRow | null): PropertyFormValues {
  if (!row) {
    return { cleaningFee: "75,00", bedrooms: "1", bathrooms: "1", maxGuests: "2", amenities: [] };
  }
  const draft = readDraft(row.draft);
  if (draft) return draft;
  const suggestions = CITY_SUGGESTIONS[row.country];
  const isListed =
    row.country === "" ||
    (COUNTRIES.includes(row.country) && (!suggestions || suggestions.includes(row.city)));
  return {
    title: row.title,
    description: row.description,
    // A draft made by autosave may have no price yet (0): an empty field, not "0,00".
    pricePerNight: row.pricePerNight > 0 ? centsToInput(row.pricePerNight) : "",
    cleaningFee: centsToInput(row.cleaningFee),
    locationMode: isListed ? "list" : "custom",
    country: row.country,
    city: row.city,
    bedrooms: String(row.bedrooms),
    bathrooms: String(row.bathrooms),
    maxGuests: String(row.maxGuests),
    amenities: row.amenities,
    isSpecialOffer: row.isSpecialOffer ? "on" : "",
    specialOfferPrice: centsToInput(row.specialOfferPrice),
    specialOfferEndDate: row.specialOfferEndDate ?? "",
    images: JSON.stringify(
      row.images.map((image) => ({ ref: imageRef(image), category: image.category ?? null })),
    ),
    houseRules: row.houseRules,
    checkInFrom: row.checkInFrom,
    checkOutUntil: row.checkOutUntil,
    touristTaxMode: row.touristTaxMode,
    touristTaxNote: row.touristTaxNote,
  };
}

/**
 * The images the form lists: in the order and with the categories of the values shown (a draft
 * may have reordered them). A ref is one of the property's images or one of `uploads`, the
 * uploads the autosaved draft holds (draftUploads, decision 067); images the draft does not name
 * are left out, as the draft had removed them. A ref that is neither is counted in `missing`, so
 * the form can say that an image of the draft is no longer there.
 */
export function imagesForForm(
  row: PropertyRow,
  imagesJson: string | undefined,
  uploads: readonly PropertyImage[] = [],
): { images: PropertyImage[]; missing: number } {
  const parsed = submittedImagesSchema.safeParse(imagesJson ?? "");
  if (!parsed.success) return { images: row.images, missing: 0 };
  const byRef = new Map([...row.images, ...uploads].map((image) => [imageRef(image), image]));
  const images: PropertyImage[] = [];
  const seen = new Set<string>();
  let missing = 0;
  for (const { ref, category } of parsed.data) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    const image = byRef.get(ref);
    if (!image) {
      missing += 1;
      continue;
    }
    const { category: _old, ...rest } = image;
    images.push(category ? { ...rest, category } : rest);
  }
  return { images, missing };
}
