import { and, eq } from "drizzle-orm";
import type { PropertyImage } from "../../../db/schema";
import { listSeasons } from "~/features/properties/seasons.server";
import { listBookedStays } from "~/features/properties/availability.server";
import { bookingHorizonEnd, stayProblem } from "~/domain/availability";
import { addDays } from "~/domain/calendar-day";
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
 * target, an unpublished or unknown property, a stay without both dates, or a stay the booking
 * page would refuse (`stayProblem`: minimum and maximum stay, the booking horizon, a season's
 * arrival and departure days, booked nights).
 *
 * The check comes before any pricing: `computePrice` walks a stay with seasons night by night,
 * and this runs for anonymous GETs of /auth, so `checkOut=9999-12-31` once held the event loop
 * for seconds per request (audit 19, finding 1).
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
  const lastCheckIn = bookingHorizonEnd(today, settings.bookingHorizonMonths);
  // The settings' bounds first, so that the queries below only ever read a bounded stay.
  if (stay.checkIn > lastCheckIn || stay.checkOut > addDays(stay.checkIn, settings.maxStayDays)) {
    return null;
  }
  const [seasons, stays] = await Promise.all([
    listSeasons(property.id, stay.checkIn, stay.checkOut),
    listBookedStays(property.id, today),
  ]);
  const problem = stayProblem(stay.checkIn, stay.checkOut, {
    today,
    lastCheckIn,
    stays,
    minStayDays: settings.minStayDays,
    maxStayDays: settings.maxStayDays,
    seasons,
  });
  if (problem) return null;
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const price = computePrice({
    property,
    nights,
    checkIn: stay.checkIn,
    seasons,
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
