import { and, asc, desc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { todayInBerlin } from "~/domain/calendar-day";
import type { PageSeason, Season } from "~/domain/seasons";
import { isUuid } from "~/domain/ids";
import { db, prepared, schema, type Database } from "~/lib/db.server";

const s = schema.propertySeason;

const seasonColumns = {
  name: s.name,
  startDate: s.startDate,
  endDate: s.endDate,
  pricePerNight: s.pricePerNight,
  minStayNights: s.minStayNights,
  arrivalWeekdays: s.arrivalWeekdays,
  departureWeekdays: s.departureWeekdays,
};

/**
 * A property's seasons that share a night with [from, to) (both "YYYY-MM-DD"), oldest first:
 * what prices a stay and checks its rules (decision 046).
 */
export async function listSeasons(propertyId: string, from: string, to: string): Promise<Season[]> {
  if (!isUuid(propertyId)) return [];
  return seasonsQuery().execute({ propertyId, from, to });
}

const seasonsQuery = prepared((database) =>
  database
    .select(seasonColumns)
    .from(s)
    .where(
      and(
        eq(s.propertyId, sql.placeholder("propertyId")),
        lt(s.startDate, sql.placeholder("to")),
        gte(s.endDate, sql.placeholder("from")),
      ),
    )
    .orderBy(asc(s.startDate))
    .prepare("property_seasons"),
);

/** The seasons of several properties that share a night with [from, to), by property id. */
export async function listSeasonsOf(
  propertyIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, Season[]>> {
  const byProperty = new Map<string, Season[]>();
  if (propertyIds.length === 0) return byProperty;
  const rows = await db()
    .select({ propertyId: s.propertyId, ...seasonColumns })
    .from(s)
    .where(and(inArray(s.propertyId, [...propertyIds]), lt(s.startDate, to), gte(s.endDate, from)))
    .orderBy(asc(s.startDate));
  for (const { propertyId, ...season } of rows) {
    byProperty.set(propertyId, [...(byProperty.get(propertyId) ?? []), season]);
  }
  return byProperty;
}

/**
 * What a page's picker and price need of the seasons, without the names (kept small: a few
 * numbers per season in the page's data, decision 043's budget).
 */
export function pageSeasons(seasons: readonly Season[]): PageSeason[] {
  return seasons.map(({ name: _name, ...season }) => season);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A season whose minimum stay the settings' maximum stay would make unbookable. */
export type SeasonAboveMaxStay = { season: string; property: string; minStayNights: number };

/**
 * The season that demands the longest minimum stay above `maxStayDays`, or null when none does
 * (decision 090). Only seasons that still matter: their last night is today (Berlin) or later,
 * and their property is not archived (a deleted property's seasons are gone with it).
 */
async function seasonAboveMaxStay(
  tx: Tx,
  maxStayDays: number,
  today: string,
): Promise<SeasonAboveMaxStay | null> {
  const [row] = await tx
    .select({
      season: s.name,
      property: schema.property.title,
      minStayNights: s.minStayNights,
    })
    .from(s)
    .innerJoin(schema.property, eq(schema.property.id, s.propertyId))
    .where(
      and(
        gt(s.minStayNights, maxStayDays),
        gte(s.endDate, today),
        ne(schema.property.status, "archived"),
      ),
    )
    .orderBy(desc(s.minStayNights), asc(s.startDate))
    .limit(1);
  return row ?? null;
}

/**
 * A season still ahead demands a longer minimum stay than the maximum stay being saved: every
 * stay arriving in it would be unbookable (decision 090). Nothing was saved.
 */
export class MaxStayBelowSeasonError extends Error {
  override name = "MaxStayBelowSeasonError";
  constructor(readonly season: SeasonAboveMaxStay) {
    super("a season demands a longer minimum stay than the maximum stay");
  }
}

/**
 * The settings form's check (decision 090), in the settings save's transaction after it locked
 * the settings row: a season's save reads that row FOR SHARE, so it either waits for this save
 * and then sees the new maximum, or is committed before and found here.
 */
export async function assertSeasonsWithinMaxStay(tx: Tx, maxStayDays: number) {
  const season = await seasonAboveMaxStay(tx, maxStayDays, todayInBerlin());
  if (season) throw new MaxStayBelowSeasonError(season);
}
