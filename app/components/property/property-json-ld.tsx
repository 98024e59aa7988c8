import { useNonce } from "~/lib/nonce";

/**
 * JSON for an inline `<script>`: `<` becomes `\u003c`, so no value (a title containing
 * "</script>") can end the script element early. U+2028/U+2029 are escaped for old parsers.
 */
export function serializeJsonLd(value: unknown) {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export type PropertyJsonLdInput = {
  url: string;
  name: string;
  description: string;
  imageUrls: string[];
  locality: string;
  country: string;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  amenities: string[];
  /** cents, the nightly price on today (offer price while an offer is active) */
  nightlyPrice: number;
  /** the page's language: the price's unit is named in it */
  language: "de" | "en";
  /** only when reviews exist */
  rating: { average: number; count: number } | null;
};

/**
 * schema.org data for search engines: a bookable accommodation (Accommodation for the place,
 * Product for the offer), with the aggregate rating only when there are real reviews.
 */
export function propertyJsonLd(input: PropertyJsonLdInput) {
  return {
    "@context": "https://schema.org",
    "@type": ["Accommodation", "Product"],
    "@id": input.url,
    url: input.url,
    name: input.name,
    description: input.description,
    ...(input.imageUrls.length > 0 && { image: input.imageUrls }),
    address: {
      "@type": "PostalAddress",
      addressLocality: input.locality,
      addressCountry: input.country,
    },
    numberOfBedrooms: input.bedrooms,
    numberOfBathroomsTotal: input.bathrooms,
    occupancy: { "@type": "QuantitativeValue", maxValue: input.maxGuests },
    amenityFeature: input.amenities.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value: true,
    })),
    offers: {
      "@type": "Offer",
      url: input.url,
      price: (input.nightlyPrice / 100).toFixed(2),
      priceCurrency: "EUR",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: (input.nightlyPrice / 100).toFixed(2),
        priceCurrency: "EUR",
        unitCode: "DAY",
        unitText: input.language === "en" ? "night" : "Nacht",
      },
    },
    ...(input.rating &&
      input.rating.count > 0 && {
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: input.rating.average,
          reviewCount: input.rating.count,
          bestRating: 5,
          worstRating: 1,
        },
      }),
  };
}

/** The structured data as an inline script with the request's CSP nonce. */
export function PropertyJsonLd({ input }: { input: PropertyJsonLdInput }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Escaped JSON (serializeJsonLd): no markup can break out of the script element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(propertyJsonLd(input)) }}
    />
  );
}
