import { and, desc, eq, not, sql } from "drizzle-orm";
import { displayHostName } from "./host-name.server";
import { ownerReplyOf } from "~/features/reviews/owner-reply.server";
import { publicReviewerName, roundRating } from "~/features/reviews/review-display";
import { dayInBerlin } from "~/domain/calendar-day";
import { prepared, schema } from "~/lib/db.server";
import { isCalendarDay } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";

/** How many reviews the property page shows (the rest are on /bewertungen). */
export const LATEST_REVIEWS_COUNT = 5;

/** Whether `value` can be a property id (anything else is a 404, never a database error). */
export function isPropertyId(value: string | undefined): value is string {
  return isUuid(value);
}

const p = schema.property;

/** The published property with its host's account and profile (one row or none). */
const publishedPropertyQuery = prepared((database) =>
  database
    .select({
      id: p.id,
      title: p.title,
      description: p.description,
      location: p.location,
      city: p.city,
      country: p.country,
      bedrooms: p.bedrooms,
      bathrooms: p.bathrooms,
      maxGuests: p.maxGuests,
      amenities: p.amenities,
      images: p.images,
      pricePerNight: p.pricePerNight,
      cleaningFee: p.cleaningFee,
      isSpecialOffer: p.isSpecialOffer,
      specialOfferPrice: p.specialOfferPrice,
      specialOfferEndDate: p.specialOfferEndDate,
      weeklyDiscountPercent: p.weeklyDiscountPercent,
      monthlyDiscountPercent: p.monthlyDiscountPercent,
      houseRules: p.houseRules,
      checkInFrom: p.checkInFrom,
      checkOutUntil: p.checkOutUntil,
      touristTaxMode: p.touristTaxMode,
      touristTaxNote: p.touristTaxNote,
      ownerId: p.ownerId,
      ownerAccountName: schema.user.name,
      ownerCreatedAt: schema.user.createdAt,
      ownerProfileName: schema.profile.fullName,
      ownerAvatarUrl: schema.profile.avatarUrl,
    })
    .from(p)
    .leftJoin(schema.user, eq(schema.user.id, p.ownerId))
    .leftJoin(schema.profile, eq(schema.profile.id, p.ownerId))
    .where(and(eq(p.id, sql.placeholder("id")), eq(p.status, "published")))
    .prepare("published_property"),
);

/**
 * Everything the public property page shows about one property, or null when there is no
 * published property with this id (drafts and archived ones are 404 on the public site).
 * Host, rating and "host since" are computed from real data (spec README, principle 1).
 */
export async function getPublishedPropertyDetail(id: string | undefined) {
  if (!isPropertyId(id)) return null;
  const [row] = await publishedPropertyQuery().execute({ id });
  if (!row) return null;

  const [rating, latestReviews] = await Promise.all([
    getPropertyRating(row.id),
    listLatestPropertyReviews(row.id),
  ]);

  const {
    ownerId,
    ownerAccountName,
    ownerCreatedAt,
    ownerProfileName,
    ownerAvatarUrl,
    ...property
  } = row;
  return {
    ...property,
    host: hostOf({
      hasAccount: ownerId !== null && ownerCreatedAt !== null,
      name: displayHostName(ownerProfileName, ownerAccountName),
      avatarUrl: ownerAvatarUrl || null,
      createdAt: ownerCreatedAt,
    }),
    rating,
    latestReviews,
  };
}

export type PropertyDetail = NonNullable<Awaited<ReturnType<typeof getPublishedPropertyDetail>>>;

function hostOf(owner: {
  hasAccount: boolean;
  name: string | null;
  avatarUrl: string | null;
  createdAt: Date | null;
}) {
  return {
    /** null = "Unbekannter Gastgeber" (no owner, or an owner without any name) */
    name: owner.name,
    initials: owner.name ? initialsOf(owner.name) : null,
    avatarUrl: owner.hasAccount ? owner.avatarUrl : null,
    /** "YYYY-MM" of the account's creation (Europe/Berlin); null without an owner account */
    hostSince:
      owner.hasAccount && owner.createdAt ? dayInBerlin(owner.createdAt).slice(0, 7) : null,
  };
}

/** "Anna Maria Schulz" → "AS"; one word → its first letter. */
function initialsOf(name: string) {
  const words = name.split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? "")[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return `${first}${last}`.toLocaleUpperCase("de-DE");
}

const r = schema.review;

const ratingQuery = prepared((database) =>
  database
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${r.rating}), 0)`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.propertyId, sql.placeholder("propertyId")), not(r.isHidden)))
    .prepare("property_rating"),
);

/** Average (one decimal) and count of the visible reviews of one property. */
export async function getPropertyRating(propertyId: string) {
  const [row] = await ratingQuery().execute({ propertyId });
  const count = row?.count ?? 0;
  return { count, average: count > 0 ? roundRating(row.sum / count) : null };
}

const latestReviewsQuery = prepared((database) =>
  database
    .select({
      id: r.id,
      userId: r.userId,
      rating: r.rating,
      title: r.title,
      text: r.text,
      ownerReply: r.ownerReply,
      ownerReplyAt: r.ownerReplyAt,
      createdAt: r.createdAt,
      profileName: schema.profile.fullName,
      accountName: schema.user.name,
      avatarUrl: schema.profile.avatarUrl,
    })
    .from(r)
    .leftJoin(schema.user, eq(schema.user.id, r.userId))
    .leftJoin(schema.profile, eq(schema.profile.id, r.userId))
    .where(and(eq(r.propertyId, sql.placeholder("propertyId")), not(r.isHidden)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(sql.placeholder("limit"))
    .prepare("property_latest_reviews"),
);

/** The newest visible reviews of one property, with the public form of the author's name. */
export async function listLatestPropertyReviews(propertyId: string, limit = LATEST_REVIEWS_COUNT) {
  const rows = await latestReviewsQuery().execute({ propertyId, limit });
  return rows.map((row) => {
    // A deleted account leaves user_id null; the review stays, anonymised.
    const isAuthorDeleted = row.userId === null;
    const author = isAuthorDeleted ? null : publicReviewerName(row.profileName || row.accountName);
    return {
      id: row.id,
      rating: row.rating,
      title: row.title,
      text: row.text,
      /** calendar day in Europe/Berlin, "YYYY-MM-DD" */
      date: dayInBerlin(row.createdAt),
      author: {
        isDeleted: isAuthorDeleted,
        name: author?.name ?? null,
        initials: author?.initials ?? null,
        avatarUrl: isAuthorDeleted ? null : row.avatarUrl,
      },
      ownerReply: ownerReplyOf(row),
    };
  });
}

export type PropertyReview = Awaited<ReturnType<typeof listLatestPropertyReviews>>[number];

export type InitialStay = {
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  /** The URL asked for more guests than the property takes: `guests` is its maximum instead. */
  isGuestCountCorrected?: boolean;
};

/**
 * The stay the search list hands over (`?checkIn=&checkOut=&guests=`). Only plausible values
 * pass: real calendar days, arrival today or later, departure after arrival, 1 to max guests.
 * More guests than the property takes become its maximum, flagged so that the page says so
 * (issue 16: a guest who asked for 12 must not book for 4 without noticing); anything else is
 * dropped silently (the price box then starts empty).
 */
export function parseInitialStay(
  params: URLSearchParams,
  { today, maxGuests }: { today: string; maxGuests: number },
): InitialStay {
  const stay: InitialStay = {};
  const checkIn = params.get("checkIn")?.trim() ?? "";
  const checkOut = params.get("checkOut")?.trim() ?? "";
  if (isCalendarDay(checkIn) && checkIn >= today) {
    stay.checkIn = checkIn;
    if (isCalendarDay(checkOut) && checkOut > checkIn) stay.checkOut = checkOut;
  }
  const guests = params.get("guests")?.trim() ?? "";
  if (/^\d{1,9}$/.test(guests)) {
    const count = Number(guests);
    if (count >= 1 && count <= maxGuests) stay.guests = count;
    else if (count > maxGuests && maxGuests >= 1) {
      stay.guests = maxGuests;
      stay.isGuestCountCorrected = true;
    }
  }
  return stay;
}
