import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

/**
 * Published properties whose special offer is active on `today` (Europe/Berlin calendar day,
 * "YYYY-MM-DD"): flag set, end date today or later. An "offer" that is not cheaper than the
 * regular price is left out: showing it struck through would be misleading. Cheapest first.
 */
export async function listActiveOffers(today: string) {
  const p = schema.property;
  const rows = await db()
    .select({
      id: p.id,
      title: p.title,
      location: p.location,
      pricePerNight: p.pricePerNight,
      specialOfferPrice: p.specialOfferPrice,
      specialOfferEndDate: p.specialOfferEndDate,
      images: p.images,
    })
    .from(p)
    .where(
      and(
        eq(p.status, "published"),
        eq(p.isSpecialOffer, true),
        isNotNull(p.specialOfferPrice),
        gte(p.specialOfferEndDate, today),
        lt(p.specialOfferPrice, p.pricePerNight),
      ),
    )
    .orderBy(asc(p.specialOfferPrice), asc(p.title), asc(p.id));
  return rows.map(({ images, specialOfferPrice, specialOfferEndDate, ...offer }) => ({
    ...offer,
    // Non-null by the where clause above.
    offerPrice: specialOfferPrice!,
    offerEndDate: specialOfferEndDate!,
    image: images[0] ?? null,
  }));
}

export type ActiveOffer = Awaited<ReturnType<typeof listActiveOffers>>[number];
