import { sql } from "drizzle-orm";
import { onPageDataChanged } from "~/features/settings/settings-events.server";
import { queryRows } from "~/lib/db.server";
import { regionOfCountry, type DestinationRegion } from "./regions";
import { nightlyPriceSql } from "./search.server";

/** One city with published properties, and what a night there costs at least today. */
export type Place = {
  country: string;
  city: string;
  properties: number;
  /** cents: the lowest price of one night booked today, active offers included */
  lowestNightlyPrice: number;
};

export type CountryDestinations = {
  country: string;
  properties: number;
  lowestNightlyPrice: number;
  cities: Place[];
};

/**
 * Every place (country + city) with published properties, grouped in SQL: one row per city,
 * however many properties. The price rule is the one of search and booking
 * (app/domain/price.ts isOfferActive, in SQL by search.server.ts nightlyPriceSql).
 */
async function queryPlaces(today: string): Promise<Place[]> {
  const rows = await queryRows<{
    country: string;
    city: string;
    properties: number | string;
    lowest: number | string;
  }>(sql`
    select trim(p.country) as country, trim(p.city) as city, count(*) as properties,
      min(${nightlyPriceSql(today)}) as lowest
    from property p
    where p.status = 'published'
    group by trim(p.country), trim(p.city)
    order by count(*) desc, trim(p.city)`);
  return rows.map((r) => ({
    country: r.country,
    city: r.city,
    properties: Number(r.properties),
    lowestNightlyPrice: Number(r.lowest),
  }));
}

/**
 * The grouping runs on every public page (the menu hides regions without properties), so it is
 * cached per process for a minute and per day (offers end at midnight). A newly published
 * property shows up on the region pages within that minute.
 */
const CACHE_MS = 60_000;
let cache: { today: string; at: number; places: Promise<Place[]> } | undefined;
// Read again after any data change, so a page cached whole (decision 038) is not rendered from
// a list older than the change.
onPageDataChanged(() => {
  cache = undefined;
});

export function listPlaces(today: string): Promise<Place[]> {
  if (cache && cache.today === today && Date.now() - cache.at < CACHE_MS) return cache.places;
  const places = queryPlaces(today);
  cache = { today, at: Date.now(), places };
  // A failed query is not cached: the next request tries again.
  places.catch(() => {
    if (cache?.places === places) cache = undefined;
  });
  return places;
}

/** Drops the cached places (tests; an admin change that must show at once). */
export function forgetPlaces() {
  cache = undefined;
}

/** The countries of a region with their cities, most properties first. */
export function groupByCountry(places: Place[], region: DestinationRegion): CountryDestinations[] {
  const countries = new Map<string, CountryDestinations>();
  for (const place of places) {
    if (regionOfCountry(place.country) !== region) continue;
    const entry = countries.get(place.country) ?? {
      country: place.country,
      properties: 0,
      lowestNightlyPrice: place.lowestNightlyPrice,
      cities: [],
    };
    entry.properties += place.properties;
    entry.lowestNightlyPrice = Math.min(entry.lowestNightlyPrice, place.lowestNightlyPrice);
    entry.cities.push(place);
    countries.set(place.country, entry);
  }
  return [...countries.values()].sort(
    (a, b) => b.properties - a.properties || a.country.localeCompare(b.country, "de"),
  );
}

/** The regions that have at least one published property (the menu shows only these). */
export async function regionsWithProperties(today: string): Promise<DestinationRegion[]> {
  const places = await listPlaces(today);
  const regions = new Set(places.map((p) => regionOfCountry(p.country)));
  return [...regions].filter((r): r is DestinationRegion => r !== null);
}
