import { and, desc, eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

/** The newest published properties (home page "Beliebte Unterkünfte"). */
export async function listNewestProperties(limit = 6) {
  const p = schema.property;
  return db()
    .select({
      id: p.id,
      title: p.title,
      location: p.location,
      pricePerNight: p.pricePerNight,
      maxGuests: p.maxGuests,
      bedrooms: p.bedrooms,
      images: p.images,
      isSpecialOffer: p.isSpecialOffer,
      specialOfferPrice: p.specialOfferPrice,
    })
    .from(p)
    .where(and(eq(p.status, "published")))
    .orderBy(desc(p.createdAt))
    .limit(limit);
}
