import { and, eq } from "drizzle-orm";
import type { PropertyImage } from "../../../db/schema";
import { listSeasons } from "~/features/properties/seasons.server";
import { computePrice, nightsBetween } from "~/domain/price";
import { isPropertyId, parseInitialStay } from "~/features/properties/property-detail.server";
import { getSettings } from "~/features/settings/settings.server";
import { stayPropertyColumns } from "./booking-page.server";
import { db, schema } from "~/lib/db.server";

export type StayInProgress = {
  propertyId: string;
  title: string;
  location: string;
  image: PropertyImage | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  /** cents, all fees, from the one price function */
  total: number;
};

const BOOK_PATH = /^\/properties\/([^/?#]+)\/book$/;

/**
 * The stay a guest was booking when the booking page sent them to sign in (`redirectTo` of
 * /auth is `/properties/{id}/book?checkIn=&checkOut=&guests=`), so the sign-in page can show
 * what they are about to book (issue 16). Only the property id, the dates and the guest count
 * are read from the URL, and only plausible ones (as the property page reads them); title and
 * total come from the database and `computePrice`, never from the URL. Null for any other
 * target, an unpublished or unknown property, or a stay without both dates.
 */
export async function stayInProgress(
  redirectTo: string | null,
  today: string,
): Promise<StayInProgress | null> {
  if (!redirectTo) return null;
  let url: URL;
  try {
    url = new URL(redirectTo, "http://localhost");
  } catch {
    return null;
  }
  if (url.origin !== "http://localhost") return null;
  const propertyId = BOOK_PATH.exec(url.pathname)?.[1];
  if (!isPropertyId(propertyId)) return null;

  const p = schema.property;
  const [[property], settings] = await Promise.all([
    db()
      .select(stayPropertyColumns)
      .from(p)
      .where(and(eq(p.id, propertyId), eq(p.status, "published"))),
    getSettings(),
  ]);
  if (!property) return null;
  const stay = parseInitialStay(url.searchParams, { today, maxGuests: property.maxGuests });
  if (!stay.checkIn || !stay.checkOut) return null;
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const price = computePrice({
    property,
    nights,
    checkIn: stay.checkIn,
    seasons: await listSeasons(property.id, stay.checkIn, stay.checkOut),
    serviceFee: settings.serviceFee,
    today,
  });
  return {
    propertyId: property.id,
    title: property.title,
    location: property.location,
    image: property.images[0] ?? null,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights,
    // The booking form's own default without a count (booking-form.tsx).
    guests: stay.guests ?? Math.min(2, property.maxGuests),
    total: price.total,
  };
}
