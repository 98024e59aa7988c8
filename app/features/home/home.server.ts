import { sql } from "drizzle-orm";
import {
  listNewestProperties,
  listPropertiesByIds,
  type PropertyListItem,
} from "~/features/properties/property-list.server";
import { offerActiveSql } from "~/features/properties/search.server";
import { onPageDataChanged } from "~/features/settings/settings-events.server";
import { isStoredImage } from "~/lib/image-urls";
import { queryRows } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import {
  PETS_AMENITY,
  recommendationReason,
  TOP_RATING,
  TOP_RATING_MIN_REVIEWS,
  type RecommendationReason,
} from "./home-lists";

const FEATURED_COUNT = 6;

/** A property on a home list, with why it is there. */
export type HomeListItem = PropertyListItem & {
  /** Popular list: "new" = filled in from the newest because too few were booked or rated. */
  isNew?: boolean;
  reason?: RecommendationReason;
};
type Section = { properties: HomeListItem[]; hasError: boolean; kind?: "popular" | "new" };

/** One failing list must not take the page down: it shows its own German error text. */
async function section(load: () => Promise<Omit<Section, "hasError">>): Promise<Section> {
  try {
    return { ...(await load()), hasError: false };
  } catch (error) {
    logger.error({ err: error }, "loading a home page list failed");
    return { properties: [], hasError: true };
  }
}

/**
 * "Beliebte Unterkünfte" (decision 031): published properties ranked by what guests did in the
 * last 12 months — bookings made (not cancelled) first, then the average of the reviews written
 * (visible ones), then their number. Only properties with at least one booking or review in
 * that window are ranked. Both aggregates start from an index on the time column
 * (booking_created_idx, review_created_idx), so they read one year of rows, not all.
 */
async function rankPopular(since: Date, limit: number): Promise<string[]> {
  const result = await queryRows<{ id: string }>(sql`
    with b as (
      select property_id, count(*) as n from booking
      where created_at >= ${since.toISOString()}::timestamptz and status <> 'cancelled'
      group by property_id
    ), r as (
      select property_id, avg(rating) as average, count(*) as n from review
      where created_at >= ${since.toISOString()}::timestamptz and not is_hidden
      group by property_id
    )
    select p.id from property p
      left join b on b.property_id = p.id
      left join r on r.property_id = p.id
    where p.status = 'published' and (b.n is not null or r.n is not null)
    order by coalesce(b.n, 0) desc, r.average desc nulls last, coalesce(r.n, 0) desc,
      p.created_at desc, p.id desc
    limit ${limit}`);
  return result.map((r) => r.id);
}

/**
 * Candidates for "Empfehlungen", each found by an index of its own: active offers (largest
 * discount first), well rated (TOP_RATING from TOP_RATING_MIN_REVIEWS reviews), pets allowed.
 * Merged in that order of priority; the badge names the reason (the rules of home-lists.ts).
 */
async function recommendationCandidates(today: string, limit: number): Promise<string[]> {
  const [offers, rated, pets] = await Promise.all([
    queryRows<{ id: string }>(sql`
      select p.id from property p
      where p.status = 'published' and ${offerActiveSql(today)}
      order by (p.price_per_night - p.special_offer_price)::float / p.price_per_night desc, p.id
      limit ${limit}`),
    queryRows<{ id: string }>(sql`
      select id from property
      where status = 'published' and review_count >= ${TOP_RATING_MIN_REVIEWS}
        and rating_average >= ${TOP_RATING}
      order by rating_average desc nulls last, review_count desc, created_at desc, id desc
      limit ${limit}`),
    queryRows<{ id: string }>(sql`
      select id from property
      where status = 'published' and amenities @> array[${PETS_AMENITY}]::text[]
      order by created_at desc, id desc
      limit ${limit}`),
  ]);
  return [...new Set([...offers, ...rated, ...pets].map((r) => r.id))];
}

/**
 * The ranking changes slowly and costs two aggregates over a year of bookings and reviews: it is
 * cached per process for five minutes. Prices and offers on the cards are read fresh per
 * request (by id), so a card never shows yesterday's price.
 */
const RANKING_CACHE_MS = 5 * 60_000;
let ranking: { today: string; at: number; value: Promise<Ranking> } | undefined;
type Ranking = { popular: string[]; candidates: string[] };
// Pages are cached whole until the data changes (decision 038): after a change the ranking is
// read again, so a re-rendered page never carries a ranking from before it.
onPageDataChanged(() => {
  ranking = undefined;
});

function loadRanking(today: string): Promise<Ranking> {
  if (ranking && ranking.today === today && Date.now() - ranking.at < RANKING_CACHE_MS)
    return ranking.value;
  const since = new Date(Date.now() - 365 * 24 * 3_600_000);
  const value = Promise.all([
    rankPopular(since, FEATURED_COUNT),
    recommendationCandidates(today, FEATURED_COUNT * 3),
  ]).then(([popular, candidates]) => ({ popular, candidates }));
  ranking = { today, at: Date.now(), value };
  value.catch(() => {
    if (ranking?.value === value) ranking = undefined;
  });
  return value;
}

/** Drops the cached ranking (tests; nothing else needs it at once). */
export function forgetHomeRanking() {
  ranking = undefined;
}

/**
 * The home page lists (decision 031): "Beliebte Unterkünfte" ranked by the last 12 months,
 * filled up with the newest (marked "Neu bei uns"; the whole list is titled so when nothing
 * was booked or rated); "Empfehlungen" with a real reason each, never repeating a popular card.
 */
export async function loadHomeLists(today: string) {
  const rankingResult = loadRanking(today);
  const featured = await section(async () => {
    const { popular } = await rankingResult;
    const ranked = await listPropertiesByIds(popular, today);
    if (ranked.length >= FEATURED_COUNT) return { properties: ranked, kind: "popular" as const };
    const newest = await listNewestProperties({ limit: FEATURED_COUNT * 2, today });
    const fill = newest
      .filter((p) => !popular.includes(p.id))
      .slice(0, FEATURED_COUNT - ranked.length)
      .map((p) => ({ ...p, isNew: true }));
    return {
      properties: [...ranked, ...fill],
      kind: ranked.length === 0 ? ("new" as const) : ("popular" as const),
    };
  });
  const shownIds = new Set(featured.properties.map((p) => p.id));
  const recommended = await section(async () => {
    const { candidates } = await rankingResult;
    const ids = candidates.filter((id) => !shownIds.has(id));
    const properties = (await listPropertiesByIds(ids, today)).flatMap((p) => {
      const reason = recommendationReason(p);
      return reason ? [{ ...p, reason }] : [];
    });
    return { properties: properties.slice(0, FEATURED_COUNT) };
  });
  const heroImages = [...featured.properties, ...recommended.properties]
    .flatMap((p) => {
      // The main photo, once it is stored (an imported URL still being fetched is not shown).
      const image = p.images.find(isStoredImage);
      return image ? [{ image, title: p.title, location: p.location }] : [];
    })
    .slice(0, 4);
  return { featured, recommended, heroImages };
}
