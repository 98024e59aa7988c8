import { and, desc, eq, inArray } from "drizzle-orm";
import { isOfferActive } from "~/domain/price";
import { db, schema } from "~/lib/db.server";

/**
 * Published properties, newest first: what home page cards show (no internal fields), priced
 * by the one price function for `today` (Europe/Berlin), so an active offer shows here too.
 */
export async function listNewestProperties({
  limit,
  offset = 0,
  today,
}: {
  limit: number;
  offset?: number;
  today: string;
}) {
  const p = schema.property;
  const rows = await db()
    .select(CARD_COLUMNS)
    .from(p)
    .where(eq(p.status, "published"))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toListItem(row, today));
}

/** Published properties by id, in the order of `ids` (the home page's ranked lists). */
export async function listPropertiesByIds(ids: string[], today: string) {
  if (ids.length === 0) return [];
  const p = schema.property;
  const rows = await db()
    .select(CARD_COLUMNS)
    .from(p)
    .where(and(eq(p.status, "published"), inArray(p.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, toListItem(row, today)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const CARD_COLUMNS = (() => {
  const p = schema.property;
  return {
    id: p.id,
    title: p.title,
    location: p.location,
    pricePerNight: p.pricePerNight,
    isSpecialOffer: p.isSpecialOffer,
    specialOfferPrice: p.specialOfferPrice,
    specialOfferEndDate: p.specialOfferEndDate,
    maxGuests: p.maxGuests,
    bedrooms: p.bedrooms,
    amenities: p.amenities,
    images: p.images,
    reviewCount: p.reviewCount,
    ratingAverage: p.ratingAverage,
  };
})();

type CardRow = {
  [K in keyof typeof CARD_COLUMNS]: (typeof CARD_COLUMNS)[K]["_"]["notNull"] extends true
    ? (typeof CARD_COLUMNS)[K]["_"]["data"]
    : (typeof CARD_COLUMNS)[K]["_"]["data"] | null;
};

function toListItem(
  { isSpecialOffer, specialOfferPrice, specialOfferEndDate, ...row }: CardRow,
  today: string,
) {
  const isOffer = isOfferActive(
    { ...row, cleaningFee: 0, isSpecialOffer, specialOfferPrice, specialOfferEndDate },
    today,
  );
  return {
    ...row,
    image: row.images[0] ?? null,
    nightlyPrice: isOffer ? specialOfferPrice! : row.pricePerNight,
    regularNightlyPrice: row.pricePerNight,
    isOffer,
  };
}

export type PropertyListItem = Awaited<ReturnType<typeof listNewestProperties>>[number];
