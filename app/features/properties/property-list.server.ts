import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

/** Published properties, newest first: what home page cards show (no internal fields). */
export async function listNewestProperties({
  limit,
  offset = 0,
}: {
  limit: number;
  offset?: number;
}) {
  const p = schema.property;
  return db()
    .select({
      id: p.id,
      title: p.title,
      location: p.location,
      pricePerNight: p.pricePerNight,
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
}

export type PropertyCard = Awaited<ReturnType<typeof listNewestProperties>>[number];
