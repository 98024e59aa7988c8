import { sql, type SQL } from "drizzle-orm";
import type { PropertyImage } from "../../../db/schema";
import { isOfferActive } from "~/features/booking/price";
import { db } from "~/lib/db.server";
import { PAGE_SIZE, type PropertySearch } from "./search.schema";

export type PropertySearchResult = {
  id: string;
  title: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  /** cents: what one night costs today (offer price while the offer is active) */
  nightlyPrice: number;
  /** cents: the regular price, shown struck through while an offer is active */
  regularNightlyPrice: number;
  isOffer: boolean;
  image: PropertyImage | null;
  reviewCount: number;
  ratingAverage: number | null;
};

/**
 * The nightly price on `today` in SQL. Must say exactly what `isOfferActive` says (the
 * integration test compares both), so that filtering and sorting match the prices on the cards.
 */
function nightlyPriceSql(today: string) {
  return sql`(case when p.is_special_offer and p.special_offer_price > 0
    and p.special_offer_price < p.price_per_night and p.special_offer_end_date >= ${today}::date
    then p.special_offer_price else p.price_per_night end)`;
}

/** `%`, `_` and `\` typed by a guest are literal characters, not LIKE wildcards. */
function likeSubstring(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereClause(search: PropertySearch, today: string): SQL {
  const conditions: SQL[] = [sql`p.status = 'published'`];
  if (search.location) {
    // search_fold = lower(unaccent(…)), indexed with pg_trgm (migration 0002).
    conditions.push(
      sql`search_fold(p.location) like search_fold(${likeSubstring(search.location)})`,
    );
  }
  const nightly = nightlyPriceSql(today);
  if (search.minPrice !== undefined) conditions.push(sql`${nightly} >= ${search.minPrice}`);
  if (search.maxPrice !== undefined) conditions.push(sql`${nightly} <= ${search.maxPrice}`);
  if (search.guests) conditions.push(sql`p.max_guests >= ${search.guests}`);
  if (search.bedrooms) conditions.push(sql`p.bedrooms >= ${search.bedrooms}`);
  if (search.bathrooms) conditions.push(sql`p.bathrooms >= ${search.bathrooms}`);
  if (search.amenities.length) {
    const list = sql.join(
      search.amenities.map((a) => sql`${a}`),
      sql`, `,
    );
    conditions.push(sql`p.amenities @> array[${list}]::text[]`);
  }
  if (search.checkIn && search.checkOut) {
    // Same shape as the exclusion constraint's index (property_id, daterange … where not
    // cancelled), so each candidate is one index probe. Half-open: check-out day is free.
    conditions.push(sql`not exists (
      select 1 from booking b
      where b.property_id = p.id and b.status <> 'cancelled'
        and daterange(b.check_in, b.check_out, '[)')
          && daterange(${search.checkIn}::date, ${search.checkOut}::date, '[)'))`);
  }
  return sql.join(conditions, sql` and `);
}

function orderClause(search: PropertySearch, today: string): SQL {
  // NULLS LAST everywhere to match the indexes of db/schema.ts exactly.
  const newest = sql`p.created_at desc nulls last, p.id desc nulls last`;
  switch (search.sort) {
    case "price-asc":
      return sql`${nightlyPriceSql(today)} asc, ${newest}`;
    case "price-desc":
      return sql`${nightlyPriceSql(today)} desc, ${newest}`;
    case "rating":
      return sql`p.rating_average desc nulls last, p.review_count desc nulls last, ${newest}`;
    default:
      return newest;
  }
}

type Row = {
  id: string;
  title: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  max_guests: number;
  price_per_night: number;
  is_special_offer: boolean;
  special_offer_price: number | null;
  special_offer_end_date: string | null;
  image: PropertyImage | null;
  review_count: number;
  rating_average: string | null;
};

/** Rows of a raw query on either driver (node-postgres returns { rows }, PGlite too). */
async function query<T>(statement: SQL): Promise<T[]> {
  const result = (await db().execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export function searchPageSql(search: PropertySearch, today: string, page: number) {
  return sql`select p.id, p.title, p.location, p.bedrooms, p.bathrooms, p.max_guests,
      p.price_per_night, p.is_special_offer, p.special_offer_price,
      to_char(p.special_offer_end_date, 'YYYY-MM-DD') as special_offer_end_date,
      p.images -> 0 as image, p.review_count, p.rating_average::text as rating_average
    from property p
    where ${whereClause(search, today)}
    order by ${orderClause(search, today)}
    limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`;
}

export function searchCountSql(search: PropertySearch, today: string) {
  return sql`select count(*)::int as total from property p where ${whereClause(search, today)}`;
}

/**
 * One page of published properties matching the search, with the total count. A page beyond
 * the last one shows the last page (an old bookmark after properties were removed).
 */
export async function searchProperties(search: PropertySearch, today: string) {
  // Page and count in parallel: on PostgreSQL they run on two pool connections.
  const [rows, [{ total }]] = await Promise.all([
    query<Row>(searchPageSql(search, today, search.page)),
    query<{ total: number }>(searchCountSql(search, today)),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  let page = search.page;
  let pageRows = rows;
  if (page > pageCount) {
    page = pageCount;
    pageRows = await query<Row>(searchPageSql(search, today, page));
  }
  return {
    items: pageRows.map((row) => toResult(row, today)),
    total,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
  };
}

function toResult(row: Row, today: string): PropertySearchResult {
  const priced = {
    pricePerNight: row.price_per_night,
    cleaningFee: 0,
    isSpecialOffer: row.is_special_offer,
    specialOfferPrice: row.special_offer_price,
    specialOfferEndDate: row.special_offer_end_date,
  };
  const isOffer = isOfferActive(priced, today);
  return {
    id: row.id,
    title: row.title,
    location: row.location,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    maxGuests: row.max_guests,
    nightlyPrice: isOffer ? row.special_offer_price! : row.price_per_night,
    regularNightlyPrice: row.price_per_night,
    isOffer,
    image: row.image,
    reviewCount: row.review_count,
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
  };
}

const AMENITY_OPTIONS_TTL_MS = 60_000;
let amenityCache: { at: number; options: string[] } | undefined;

/**
 * The amenities guests can filter by: the most common ones among published properties.
 * Amenities are free text entered by operators, so the list comes from the data; it is cached
 * for a minute because counting them means reading every published property.
 */
export async function listAmenityOptions(limit = 24): Promise<string[]> {
  if (amenityCache && Date.now() - amenityCache.at < AMENITY_OPTIONS_TTL_MS) {
    return amenityCache.options;
  }
  const rows = await query<{ amenity: string }>(sql`
    select amenity from property p, unnest(p.amenities) as amenity
    where p.status = 'published'
    group by amenity order by count(*) desc, amenity asc limit ${limit}`);
  const options = rows.map((r) => r.amenity).sort((a, b) => a.localeCompare(b, "de"));
  amenityCache = { at: Date.now(), options };
  return options;
}

/** Tests and admin edits can drop the cached amenity list. */
export function clearAmenityOptionsCache() {
  amenityCache = undefined;
}
