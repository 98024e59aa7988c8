import { sql, type SQL } from "drizzle-orm";
import type { PropertyImage } from "../../../db/schema";
import { addDays, weekdayIndex } from "~/domain/calendar-day";
import type { Season } from "~/domain/seasons";
import { listSeasonsOf } from "./seasons.server";
import { computePrice, isOfferActive, nightsBetween, type PricedProperty } from "~/domain/price";
import { stayNightlyPrice } from "~/domain/stay-nightly-price";
import { onPageDataChanged } from "~/features/settings/settings-events.server";
import { queryRows } from "~/lib/db.server";
import { AMENITY_KEYS } from "~/domain/amenity-names";
import { locationAliases } from "~/lib/country-names.server";
import { getTranslator, type Language } from "~/lib/i18n";
import { foldedContains } from "~/lib/search-text.server";
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
  /** With both dates: the stay's nights and total in cents (all fees), from `computePrice`. */
  stay: { nights: number; total: number } | null;
};

/** What the stay total needs beyond the row: the settings' service fee (cents). */
export type StayPricing = { serviceFee: number };

/**
 * Whether the offer is active on `today`, in SQL. Must say exactly what `isOfferActive` says
 * (the integration test compares both), so that filtering and sorting match the card prices.
 */
export function offerActiveSql(today: string) {
  return sql`(p.is_special_offer and p.special_offer_price > 0
    and p.special_offer_price < p.price_per_night and p.special_offer_end_date >= ${today}::date)`;
}

/** The nightly price on `today` in SQL (offer price while active). */
export function nightlyPriceSql(today: string) {
  return sql`(case when ${offerActiveSql(today)} then p.special_offer_price else p.price_per_night end)`;
}

/** The searched stay, when both dates are given. */
function stayOf(search: PropertySearch) {
  return search.checkIn && search.checkOut
    ? {
        checkIn: search.checkIn,
        checkOut: search.checkOut,
        nights: nightsBetween(search.checkIn, search.checkOut),
      }
    : null;
}

/** The property has a season on at least one of the stay's nights. */
function seasonInStaySql(stay: { checkIn: string; checkOut: string }) {
  return sql`exists (select 1 from property_season s where s.property_id = p.id
    and s.start_date < ${stay.checkOut}::date and s.end_date >= ${stay.checkIn}::date)`;
}

/**
 * The stay's nightly price in SQL: exactly the number its card shows (`stayNightlyPrice` over
 * `computePrice`, decision 106), so "Preis bis" and the price order agree with the cards. Every
 * night costs the base price, or its season's; while the offer is active, at most the offer
 * price. Seasons of a property never overlap (property_season_no_overlap), so the nights in
 * each season are its overlap with the stay, and the sum is the base nights' plus each season's
 * difference. The average rounds like Math.round (half up; all positive integers):
 * floor((2 × sum + nights) / (2 × nights)).
 */
export function stayNightlyPriceSql(
  today: string,
  stay: { checkIn: string; checkOut: string; nights: number },
) {
  const base = nightlyPriceSql(today);
  const seasonPrice = sql`(case when ${offerActiveSql(today)}
    then least(p.special_offer_price, s.price_per_night) else s.price_per_night end)`;
  const nightsInSeason = sql`(least(s.end_date + 1, ${stay.checkOut}::date)
    - greatest(s.start_date, ${stay.checkIn}::date))`;
  const sum = sql`(${stay.nights}::bigint * ${base} + coalesce((
    select sum(${nightsInSeason} * (${seasonPrice} - ${base})) from property_season s
    where s.property_id = p.id
      and s.start_date < ${stay.checkOut}::date and s.end_date >= ${stay.checkIn}::date), 0))`;
  return sql`((2 * ${sum} + ${stay.nights}) / ${2 * stay.nights})::int`;
}

/**
 * Which rows the price filter looks at: the price expression for every row, or (for the
 * index-friendly price order) only properties without an active offer by their regular price,
 * or only those with one by their offer price. With dates, these two halves leave out the
 * properties with a season in the stay: those are priced by `seasonPricedSql` (decision 109).
 */
type PriceBranch = "any" | "regular" | "offer";

/** What the property row alone decides: published, place, size, amenities. */
function propertyConditions(search: PropertySearch): SQL[] {
  const conditions: SQL[] = [sql`p.status = 'published'`];
  if (search.location) {
    // location_fold = lower(unaccent(location)), a stored column with a trigram index.
    // unaccent folds ü to u, so "Muenchen" (how Germans type München without umlauts) would
    // miss it. A second pattern with ae/oe/ue as a/o/u finds it, while the first one still finds
    // names that really contain them (Bernkastel-Kues, Itzehoe). A country is also looked for
    // in the other language ("Germany" finds "Sylt, Deutschland"). All use the trigram index.
    const patterns = new Set<string>();
    for (const text of [search.location, ...locationAliases(search.location)]) {
      patterns.add(text);
      patterns.add(text.replace(/([aou])e/gi, "$1"));
    }
    const alternatives = [...patterns].map(
      (text) => sql`p.location_fold like ${foldedContains(text)}`,
    );
    conditions.push(
      alternatives.length === 1 ? alternatives[0] : sql`(${sql.join(alternatives, sql` or `)})`,
    );
  }
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
  return conditions;
}

/**
 * With both dates: the property (`id`) is free and its stay rules allow the stay. Index probes
 * by the property's id only, so they can run on a candidate list before its rows are read.
 */
function stayConditions(search: PropertySearch, id: SQL = sql`p.id`): SQL[] {
  if (!search.checkIn || !search.checkOut) return [];
  // Half-open stays overlap when each starts before the other ends; the check-out day is
  // free. Bookings, blocks and imported events alike, from the one table that mirrors them
  // (decision 045): one probe per candidate in occupancy_property_checkout_idx.
  const free = sql`not exists (
      select 1 from occupancy o
      where o.property_id = ${id}
        and o.check_in < ${search.checkOut}::date and o.check_out > ${search.checkIn}::date)`;
  // Free is not enough: the property's own stay rules (decision 046) must allow the stay too,
  // or the card would show a total the booking page then refuses. The arrival night's season
  // sets the minimum stay and the arrival weekdays, the last night's season the departure
  // weekdays (the same rules as app/domain/seasons.ts; weekday bit 0 = Monday).
  const nights = nightsBetween(search.checkIn, search.checkOut);
  const lastNight = addDays(search.checkOut, -1);
  const arrival = sql`not exists (
      select 1 from property_season s
      where s.property_id = ${id}
        and s.start_date <= ${search.checkIn}::date and s.end_date >= ${search.checkIn}::date
        and (s.min_stay_nights > ${nights}
          or (s.arrival_weekdays & ${1 << weekdayIndex(search.checkIn)}) = 0))`;
  const departure = sql`not exists (
      select 1 from property_season s
      where s.property_id = ${id}
        and s.start_date <= ${lastNight}::date and s.end_date >= ${lastNight}::date
        and (s.departure_weekdays & ${1 << weekdayIndex(search.checkOut)}) = 0)`;
  return [free, arrival, departure];
}

/** The price range on a price expression. */
function priceRange(search: PropertySearch, price: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (search.minPrice !== undefined) conditions.push(sql`${price} >= ${search.minPrice}`);
  if (search.maxPrice !== undefined) conditions.push(sql`${price} <= ${search.maxPrice}`);
  return conditions;
}

function whereClause(search: PropertySearch, today: string, branch: PriceBranch = "any"): SQL {
  const conditions = propertyConditions(search);
  const stay = stayOf(search);
  const price =
    branch === "regular"
      ? sql`p.price_per_night`
      : branch === "offer"
        ? sql`p.special_offer_price`
        : stay
          ? stayNightlyPriceSql(today, stay)
          : nightlyPriceSql(today);
  // "is not true": a NULL in the offer columns must count as "no active offer", not vanish.
  if (branch === "regular") conditions.push(sql`${offerActiveSql(today)} is not true`);
  if (branch === "offer") conditions.push(offerActiveSql(today));
  // With dates, a season in the stay changes the nightly price: those rows are priced apart.
  if (stay && branch !== "any") conditions.push(sql`not ${seasonInStaySql(stay)}`);
  conditions.push(...priceRange(search, price), ...stayConditions(search));
  return sql.join(conditions, sql` and `);
}

/**
 * The properties with a season in the stay, each with its stay's nightly price (`nightly`) and
 * within the price range: the same number as `stayNightlyPriceSql` (decision 106), computed from
 * the other end (decision 109). It starts from the seasons that overlap the stay, joins each to
 * its property by the key and sums per property, instead of scanning the wide property table
 * with one season sum per row (0.6–0.8 s at 100,000 properties with 19,000 such seasons). Only
 * what the property row decides is checked here; without a place or amenities the join reads
 * the narrow covering index property_published_price_idx (migration 0046), not the wide rows.
 * The probes for bookings and stay rules are the caller's, on the few candidates it takes
 * (`ordered`: in that price order, so a page stops probing once it is full).
 */
function seasonPricedSql(
  search: PropertySearch,
  today: string,
  stay: { checkIn: string; checkOut: string; nights: number },
  ordered?: SQL,
) {
  const base = nightlyPriceSql(today);
  const seasonPrice = sql`(case when ${offerActiveSql(today)}
    then least(p.special_offer_price, s.price_per_night) else s.price_per_night end)`;
  const nightsInSeason = sql`(least(s.end_date + 1, ${stay.checkOut}::date)
    - greatest(s.start_date, ${stay.checkIn}::date))`;
  // Grouped by the key, the property's columns may stand outside the sum (one row each).
  const sum = sql`(${stay.nights}::bigint * ${base}
    + sum(${nightsInSeason} * (${seasonPrice} - ${base})))`;
  const nightly = sql`((2 * ${sum} + ${stay.nights}) / ${2 * stay.nights})::int`;
  const range = priceRange(search, nightly);
  return sql`select p.id, p.created_at, ${nightly} as nightly
    from property_season s join property p on p.id = s.property_id
    where s.start_date < ${stay.checkOut}::date and s.end_date >= ${stay.checkIn}::date
      and ${sql.join(propertyConditions(search), sql` and `)}
    group by p.id${range.length ? sql` having ${sql.join(range, sql` and `)}` : sql``}${
      ordered
        ? sql` order by nightly ${ordered}, p.created_at desc nulls last, p.id desc nulls last`
        : sql``
    }`;
}

// NULLS LAST everywhere to match the indexes of db/schema.ts exactly.
const NEWEST = sql`p.created_at desc nulls last, p.id desc nulls last`;

function orderClause(search: PropertySearch): SQL {
  return search.sort === "rating"
    ? sql`p.rating_average desc nulls last, p.review_count desc nulls last, ${NEWEST}`
    : NEWEST;
}

const COLUMNS = sql`p.id, p.title, p.location, p.bedrooms, p.bathrooms, p.max_guests,
  p.price_per_night, p.cleaning_fee, p.is_special_offer, p.special_offer_price,
  to_char(p.special_offer_end_date, 'YYYY-MM-DD') as special_offer_end_date,
  p.weekly_discount_percent, p.monthly_discount_percent,
  p.images -> 0 as image, p.review_count, p.rating_average::text as rating_average,
  p.created_at`;

type Row = {
  id: string;
  title: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  max_guests: number;
  price_per_night: number;
  cleaning_fee: number;
  is_special_offer: boolean;
  special_offer_price: number | null;
  special_offer_end_date: string | null;
  weekly_discount_percent: number;
  monthly_discount_percent: number;
  image: PropertyImage | null;
  review_count: number;
  rating_average: string | null;
};

/**
 * Counting the matches of a broad search at 100,000 properties costs more than the rest of the
 * search together, and grows with the data (the trigram and GIN bitmaps hold every match). Up
 * to this many the count is exact, which is every search of an operator with up to 100
 * properties; beyond, the page says "Mehr als 100 Unterkünfte gefunden" and paging goes on page
 * by page ("Weiter") as long as there are more (decision 009, docs/BENCHMARKS.md).
 */
export const COUNT_CAP = 100;

/** One page plus one row: the extra row tells whether a next page exists. */
const PAGE_ROWS = PAGE_SIZE + 1;

export function searchPageSql(search: PropertySearch, today: string, page: number) {
  const offset = (page - 1) * PAGE_SIZE;
  if (search.sort === "price-asc" || search.sort === "price-desc") {
    // Tonight's price cannot be indexed (it depends on today), so the order is merged from two
    // index-ordered halves: properties without an active offer by their regular price, and those
    // with one by their offer price. Each half only needs its first offset + 25 rows.
    // With dates, a third part: the properties with a season in the stay, by the stay's
    // nightly price (decision 106).
    const direction = search.sort === "price-asc" ? sql`asc` : sql`desc`;
    const stay = stayOf(search);
    const half = (branch: "regular" | "offer") => {
      const price = branch === "regular" ? sql`p.price_per_night` : sql`p.special_offer_price`;
      return sql`(select ${COLUMNS}, ${price} as nightly from property p
        where ${whereClause(search, today, branch)}
        order by ${price} ${direction}, ${NEWEST} limit ${offset + PAGE_ROWS})`;
    };
    const parts = [half("regular"), half("offer")];
    if (stay) {
      // Priced and sorted by price first (narrow rows); then the bookings and stay rules are
      // probed in that order until the page is full, and only the rows taken are read whole
      // (decision 109).
      const taken = sql`select c.id, c.nightly
        from (${seasonPricedSql(search, today, stay, direction)}) c
        where ${sql.join(stayConditions(search, sql`c.id`), sql` and `)}
        order by c.nightly ${direction}, c.created_at desc nulls last, c.id desc nulls last
        limit ${offset + PAGE_ROWS}`;
      parts.push(sql`(select ${COLUMNS}, c.nightly from (${taken}) c
        join property p on p.id = c.id)`);
    }
    return sql`select * from (${sql.join(parts, sql` union all `)}) p
      order by p.nightly ${direction}, ${NEWEST} limit ${PAGE_ROWS} offset ${offset}`;
  }
  return sql`select ${COLUMNS} from property p
    where ${whereClause(search, today)}
    order by ${orderClause(search)}
    limit ${PAGE_ROWS} offset ${offset}`;
}

/** Matches up to `cap` + 1 (more is "more than `cap`"); `cap` null counts them all. */
export function searchCountSql(
  search: PropertySearch,
  today: string,
  cap: number | null = COUNT_CAP,
) {
  const limit = cap === null ? sql`` : sql` limit ${cap + 1}`;
  const counted = (where: SQL) =>
    sql`(select count(*) from (select 1 from property p where ${where}${limit}) s)`;
  if (search.minPrice !== undefined || search.maxPrice !== undefined) {
    // Both halves use their price index; together (with dates, with the properties with a
    // season in the stay) they are the same set as the price expression.
    const parts = [
      counted(whereClause(search, today, "regular")),
      counted(whereClause(search, today, "offer")),
    ];
    const stay = stayOf(search);
    if (stay) {
      parts.push(sql`(select count(*) from (select 1
        from (${seasonPricedSql(search, today, stay)}) c
        where ${sql.join(stayConditions(search, sql`c.id`), sql` and `)}${limit}) s)`);
    }
    const sum = sql.join(parts, sql` + `);
    return cap === null
      ? sql`select (${sum})::int as total`
      : sql`select least(${cap + 1}, ${sum})::int as total`;
  }
  return sql`select ${counted(whereClause(search, today))}::int as total`;
}

/**
 * One page of published properties matching the search, with the number of matches: exact up
 * to COUNT_CAP, otherwise `isTotalCapped` with `total` = COUNT_CAP. `pageCount` is the number of
 * pages known to exist: all of them for an exact count; for a capped one the pages the first
 * COUNT_CAP + 1 matches fill, and the next one while the current page is followed by more.
 * A page beyond the last one shows the last page (an old bookmark after properties went).
 */
export async function searchProperties(
  search: PropertySearch,
  today: string,
  /** Given with both dates, every card carries the stay total (leave out where none is shown). */
  pricing?: StayPricing,
) {
  // Page and count in parallel: on PostgreSQL they run on two pool connections.
  const [rows, [{ total: counted }]] = await Promise.all([
    queryRows<Row>(searchPageSql(search, today, search.page)),
    queryRows<{ total: number }>(searchCountSql(search, today)),
  ]);
  const isTotalCapped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  let page = search.page;
  let pageRows = rows;
  let lastPage = Math.max(1, Math.ceil(counted / PAGE_SIZE));
  if (!isTotalCapped && page > lastPage) {
    page = lastPage;
    pageRows = await queryRows<Row>(searchPageSql(search, today, page));
  } else if (isTotalCapped && page > 1 && rows.length === 0) {
    // Beyond the end of a long list: only here is the whole list counted, to find its last page.
    const [{ total: all }] = await queryRows<{ total: number }>(
      searchCountSql(search, today, null),
    );
    page = lastPage = Math.max(1, Math.ceil(all / PAGE_SIZE));
    pageRows = await queryRows<Row>(searchPageSql(search, today, page));
  }
  const hasNextPage = pageRows.length > PAGE_SIZE;
  // The stay totals come from the rows the page query already read: no query per card.
  const stay =
    pricing && search.checkIn && search.checkOut
      ? {
          nights: nightsBetween(search.checkIn, search.checkOut),
          checkIn: search.checkIn,
          // The page's seasons in one query (issue 18): each card's total night by night.
          seasons: await listSeasonsOf(
            pageRows.slice(0, PAGE_SIZE).map((row) => row.id),
            search.checkIn,
            search.checkOut,
          ),
          ...pricing,
        }
      : null;
  const pageCount = isTotalCapped ? Math.max(lastPage, hasNextPage ? page + 1 : page) : lastPage;
  return {
    items: pageRows.slice(0, PAGE_SIZE).map((row) => toResult(row, today, stay)),
    total,
    isTotalCapped,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
  };
}

function toResult(
  row: Row,
  today: string,
  stay: ({ nights: number; checkIn: string; seasons: Map<string, Season[]> } & StayPricing) | null,
): PropertySearchResult {
  const priced: PricedProperty = {
    pricePerNight: row.price_per_night,
    cleaningFee: row.cleaning_fee,
    isSpecialOffer: row.is_special_offer,
    specialOfferPrice: row.special_offer_price,
    specialOfferEndDate: row.special_offer_end_date,
    weeklyDiscountPercent: row.weekly_discount_percent,
    monthlyDiscountPercent: row.monthly_discount_percent,
  };
  const isOffer = isOfferActive(priced, today);
  // THE price function, as the price box and the booking compute it (spec principle 4).
  const price =
    stay &&
    computePrice({
      property: priced,
      nights: stay.nights,
      checkIn: stay.checkIn,
      seasons: stay.seasons.get(row.id),
      serviceFee: stay.serviceFee,
      today,
    });
  // With dates the card's "pro Nacht" is the stay's: a season's price, not the base price the
  // total beside it was not made of (audit 23: "109,00 € pro Nacht · 7 Nächte · 1.056,00 €" for
  // nights of 136 €). Nights at different prices: their average. As the price box says it.
  const nightly = price
    ? stayNightlyPrice(price)
    : {
        nightlyPrice: isOffer ? row.special_offer_price! : row.price_per_night,
        regularNightlyPrice: row.price_per_night,
        isOffer,
      };
  return {
    id: row.id,
    title: row.title,
    location: row.location,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    maxGuests: row.max_guests,
    ...nightly,
    image: row.image,
    reviewCount: row.review_count,
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    stay: stay && price && { nights: stay.nights, total: price.total },
  };
}

const AMENITY_OPTIONS_TTL_MS = 60_000;
let amenityCache: { at: number; options: string[] } | undefined;
// Counted again after any data change (a page cached whole must not keep an old list, 038).
onPageDataChanged(() => {
  amenityCache = undefined;
});

/**
 * The amenities guests can filter by, most used first (by how many published properties have
 * them; ties by name), so the filter can show the common ones and fold the rest. Amenities are
 * free text entered by operators, so the list comes from the data; it is cached for a minute
 * because counting them means reading every published property. `limit` keeps a portal with
 * thousands of typed variants to a list a guest can read.
 */
export async function listAmenityOptions(limit = 60): Promise<string[]> {
  if (amenityCache && Date.now() - amenityCache.at < AMENITY_OPTIONS_TTL_MS) {
    return amenityCache.options;
  }
  const rows = await queryRows<{ amenity: string }>(sql`
    select amenity from property p, unnest(p.amenities) as amenity
    where p.status = 'published'
    group by amenity order by count(*) desc, amenity asc limit ${limit}`);
  const options = rows.map((r) => r.amenity);
  amenityCache = { at: Date.now(), options };
  return options;
}

/** Tests and admin edits can drop the cached amenity list. */
export function clearAmenityOptionsCache() {
  amenityCache = undefined;
}

/**
 * The amenity filter's labels in the page's language (the stored German name when the catalogue
 * has none), translated here on the server so the search page's JavaScript carries neither the
 * list nor the property page's texts (decision 055).
 */
export function amenityLabelsOf(amenities: readonly string[], language: Language) {
  const { t } = getTranslator(language);
  return Object.fromEntries(
    amenities.map((amenity) => {
      const key = AMENITY_KEYS[amenity];
      return [amenity, key ? t(`property.amenityNames.${key}`) : amenity];
    }),
  );
}
