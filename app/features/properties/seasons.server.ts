import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { PageSeason, Season } from "~/domain/seasons";
import { isUuid } from "~/domain/ids";
import { db, prepared, schema } from "~/lib/db.server";

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
