/** Why a property is on "Empfehlungen" (decision 031); the badge says it in words. */
export type RecommendationReason =
  | { kind: "offer"; percent: number }
  | { kind: "rating"; average: number; count: number }
  | { kind: "pets" };

/** Ratings this good from this many guests earn a "top rated" badge. */
export const TOP_RATING = 4.5;
export const TOP_RATING_MIN_REVIEWS = 3;
export const PETS_AMENITY = "Haustiere erlaubt";

/**
 * The strongest true reason to recommend a property, or null: an active offer (with its real
 * discount), a rating of at least 4.5 from at least 3 reviews, or pets allowed.
 */
export function recommendationReason(property: {
  isOffer: boolean;
  nightlyPrice: number;
  regularNightlyPrice: number;
  reviewCount: number;
  ratingAverage: number | null;
  amenities: string[];
}): RecommendationReason | null {
  if (property.isOffer && property.regularNightlyPrice > 0) {
    const percent = Math.floor(
      ((property.regularNightlyPrice - property.nightlyPrice) / property.regularNightlyPrice) * 100,
    );
    if (percent >= 1) return { kind: "offer", percent };
  }
  if (
    property.ratingAverage !== null &&
    property.reviewCount >= TOP_RATING_MIN_REVIEWS &&
    property.ratingAverage >= TOP_RATING
  ) {
    return { kind: "rating", average: property.ratingAverage, count: property.reviewCount };
  }
  if (property.amenities.includes(PETS_AMENITY)) return { kind: "pets" };
  return null;
}
