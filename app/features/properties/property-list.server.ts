import { desc, eq } from "drizzle-orm";
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
    .select({
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
    })
    .from(p)
    .where(eq(p.status, "published"))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ isSpecialOffer, specialOfferPrice, specialOfferEndDate, ...row }) => {
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
  });
}

export type PropertyListItem = Awaited<ReturnType<typeof listNewestProperties>>[number];
