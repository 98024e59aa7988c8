import { count, countDistinct, eq, min, sql, sum } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { fullYearsBetween } from "./site-facts";

/**
 * The figures of /ueber-uns, computed from the database on each request (decision 031), never
 * typed in by anyone:
 * - guests hosted: the guests (booking.guests) of every completed stay — a stay counts once the
 *   nightly job marked it `completed` (after check-out); pending, confirmed-but-future and
 *   cancelled bookings do not;
 * - years as hosts: whole years since the arrival day of the first completed stay;
 * - published properties: what the search can find right now;
 * - destinations: distinct places (country + city) with at least one published property.
 * Two aggregate queries over indexed columns (booking status, property status): cheap enough
 * for a page that is not the home page, and always true, so no cache that could lag behind.
 */
export async function loadSiteFacts(today: string) {
  const b = schema.booking;
  const p = schema.property;
  const [[stays], [portfolio]] = await Promise.all([
    db()
      .select({ guests: sum(b.guests).mapWith(Number), firstArrival: min(b.checkIn) })
      .from(b)
      .where(eq(b.status, "completed")),
    db()
      .select({
        properties: count(),
        destinations: countDistinct(sqlPlace()),
      })
      .from(p)
      .where(eq(p.status, "published")),
  ]);
  const firstArrival = stays?.firstArrival ?? null;
  return {
    guestsHosted: stays?.guests ?? 0,
    firstArrival,
    yearsHosting: firstArrival ? fullYearsBetween(firstArrival, today) : 0,
    publishedProperties: portfolio?.properties ?? 0,
    destinations: portfolio?.destinations ?? 0,
  };
}

export type SiteFacts = Awaited<ReturnType<typeof loadSiteFacts>>;

function sqlPlace() {
  // A place is its country and city; "Palma, Spanien" and "Palma, Spanien " are one place.
  return sql`lower(trim(${schema.property.country})) || '|' || lower(trim(${schema.property.city}))`;
}
