import { sql } from "drizzle-orm";
import { addDays, isCalendarDay } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { queryRows } from "~/lib/db.server";
import { STALE_AFTER_MS } from "./ical-import.server";
import type { PlanFeed, PlanItem, PlanRow } from "./occupancy-plan";

/**
 * The Belegungsplan /admin/kalender (spec/10, issue 18 point 2, decision 050): properties as
 * rows, the nights of a period as columns. One SQL statement reads every row with its bookings,
 * blocks, imported events, conflicting imports and stale feeds, so 200 properties × 90 days are
 * one round trip, not one per row or cell (docs/BENCHMARKS.md).
 */

/** At most this many rows per page; more properties are reached with the filters. */
export const PLAN_MAX_ROWS = 250;

export type PlanFilter = {
  /** First day shown (YYYY-MM-DD). */
  from: string;
  days: number;
  propertyId?: string | null;
  location?: string | null;
};

type RawRow = Omit<PlanRow, "items" | "feeds"> & {
  items: PlanItem[] | null;
  feeds: (Omit<PlanFeed, "staleHours"> & { createdAt: string })[] | null;
};

/**
 * The one statement of the plan (exported for the benchmark's EXPLAIN). Items overlap the period
 * `[from, from + days)`; a booking, block or import comes from `occupancy` (the table the
 * exclusion constraint guards, decision 045, probed by `occupancy_property_checkout_idx`): an
 * import in conflict there with each free stretch it holds (decision 064); and a conflicting
 * import once more, whole and red, from `external_event` (its partial conflict index).
 */
export function occupancyPlanStatement(filter: PlanFilter) {
  if (!isCalendarDay(filter.from)) throw new Error("invalid from day");
  const to = addDays(filter.from, filter.days);
  const propertyId = filter.propertyId && isUuid(filter.propertyId) ? filter.propertyId : null;
  const location = filter.location?.trim() || null;
  // Set-based, one part per kind: each part joins its source by primary key, so the planner
  // never has to match every occupancy row against all three source tables (an earlier form
  // with three LEFT JOINs per row scanned external_event once per property: docs/BENCHMARKS.md).
  const period = sql`o.check_out > ${filter.from}::date and o.check_in < ${to}::date`;
  return sql`
    with rows as (
      select p.id, p.title, p.location, p.status
      from property p
      where p.status <> 'archived'
        and (${propertyId}::uuid is null or p.id = ${propertyId}::uuid)
        and (${location}::text is null or p.location = ${location}::text)
      order by p.title, p.id
      limit ${PLAN_MAX_ROWS + 1}
    ),
    items as (
      select o.property_id, o.check_in, json_build_object(
          'kind', 'booking', 'id', b.id, 'checkIn', o.check_in, 'checkOut', o.check_out,
          'guestName', b.guest_name, 'status', b.status, 'number', b.number) as item
      from rows r
      join occupancy o on o.property_id = r.id and o.kind = 'booking'
      join booking b on b.id = o.source_id
      where ${period}
      union all
      select o.property_id, o.check_in, json_build_object(
          'kind', 'block', 'id', pb.id, 'checkIn', o.check_in, 'checkOut', o.check_out,
          'reason', pb.reason, 'note', pb.note)
      from rows r
      join occupancy o on o.property_id = r.id and o.kind = 'block'
      join property_block pb on pb.id = o.source_id
      where ${period}
      union all
      select o.property_id, o.check_in, json_build_object(
          'kind', 'external', 'id', e.id, 'checkIn', o.check_in, 'checkOut', o.check_out,
          'eventKind', e.kind, 'isConflict', false, 'feedName', f.name,
          'channel', f.channel, 'lastSuccessAt', f.last_success_at)
      from rows r
      join occupancy o on o.property_id = r.id and o.kind = 'external'
      join external_event e on e.id = o.source_id
      join ical_feed f on f.id = e.feed_id
      where ${period}
      union all
      select e.property_id, e.check_in, json_build_object(
          'kind', 'external', 'id', e.id, 'checkIn', e.check_in, 'checkOut', e.check_out,
          'eventKind', e.kind, 'isConflict', true, 'feedName', f.name,
          'channel', f.channel, 'lastSuccessAt', f.last_success_at)
      from rows r
      join external_event e on e.property_id = r.id and e.status = 'conflict'
      join ical_feed f on f.id = e.feed_id
      where e.check_out > ${filter.from}::date and e.check_in < ${to}::date
    ),
    grouped as (
      select property_id, json_agg(item order by check_in) as items
      from items group by property_id
    ),
    feeds as (
      select f.property_id, json_agg(json_build_object(
          'name', f.name, 'channel', f.channel, 'lastSuccessAt', f.last_success_at,
          'createdAt', f.created_at) order by f.name) as feeds
      from rows r join ical_feed f on f.property_id = r.id
      group by f.property_id
    )
    select r.id, r.title, r.location, r.status, g.items, fe.feeds
    from rows r
    left join grouped g on g.property_id = r.id
    left join feeds fe on fe.property_id = r.id
    order by r.title, r.id
  `;
}

/** The rows of the plan for a period and its filters: one round trip to the database. */
export async function loadOccupancyPlan(
  filter: PlanFilter,
  now: Date = new Date(),
): Promise<{ rows: PlanRow[]; isTruncated: boolean }> {
  const raw = await queryRows<RawRow>(occupancyPlanStatement(filter));
  const isTruncated = raw.length > PLAN_MAX_ROWS;
  const staleSince = now.getTime() - STALE_AFTER_MS;
  return {
    isTruncated,
    rows: raw.slice(0, PLAN_MAX_ROWS).map((row) => ({
      id: row.id,
      title: row.title,
      location: row.location,
      status: row.status,
      items: row.items ?? [],
      feeds: (row.feeds ?? []).map(({ createdAt, ...feed }) => {
        const since = new Date(feed.lastSuccessAt ?? createdAt).getTime();
        return {
          ...feed,
          staleHours: since < staleSince ? Math.floor((now.getTime() - since) / 3_600_000) : null,
        };
      }),
    })),
  };
}

/** The filter's choices: every property (for "Unterkunft") and every location ("Ort"). */
export async function planFilterOptions() {
  const rows = await queryRows<{ id: string; title: string; location: string }>(sql`
    select id, title, location from property where status <> 'archived' order by title, id
  `);
  const properties = rows.map((row) => ({ id: row.id, title: row.title }));
  const locations = [...new Set(rows.map((row) => row.location))].sort((a, b) =>
    a.localeCompare(b, "de"),
  );
  return { properties, locations };
}
