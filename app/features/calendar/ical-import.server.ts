import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { adminEmails } from "~/features/accounts/admin-users.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import type { CurrentUser } from "~/features/accounts/session.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { db, schema, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { periodicJob } from "~/lib/periodic-job.server";
import { safeFetch, type SafeFetchFailure } from "~/lib/safe-fetch.server";
import type { FeedInput } from "./calendar.schema";
import { parseFeed, type ImportedEvent } from "./ical-parse";

/**
 * The iCal import (spec/10 "iCal import", decision 045): feeds per property, read every 15
 * minutes (with jitter) and on "Jetzt synchronisieren".
 *
 * - Fetched through safeFetch: http(s) only, 10 s, 5 MB, every resolved address and every
 *   redirect target checked against private networks unless ICAL_ALLOW_PRIVATE.
 * - Events are keyed by (feed, UID); a changed date moves the event. An event missing from two
 *   successful, well-formed, non-empty fetches in a row is released. An empty, broken or failed
 *   answer changes nothing and is logged as a failed sync.
 * - Writing an event lets the occupancy trigger decide: free nights → active (blocks booking
 *   here), some nights taken → 'conflict' (kept, holding only its free nights, and taking the
 *   others as soon as they are freed: decision 064); a new conflict e-mails the admins.
 * - One process per feed at a time: a sync first claims the feed's lease with one UPDATE.
 */

const f = schema.icalFeed;
const ev = schema.externalEvent;

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const SYNC_EVERY_MS = 15 * 60 * 1000;
/** Up to 3 minutes later, so that many feeds added at once do not all fetch in the same second. */
const JITTER_MS = 3 * 60 * 1000;
/** Longer than any sync can take (fetch timeout plus writing). */
const LEASE_MS = 2 * 60 * 1000;
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;
/** Released after this many successful fetches in a row without the event. */
const RELEASE_AFTER_MISSES = 2;

type Actor = Pick<CurrentUser, "id">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type FeedRow = typeof schema.icalFeed.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Managing feeds
// ---------------------------------------------------------------------------------------------

export async function listFeeds(propertyId: string) {
  if (!isUuid(propertyId)) return [];
  const feeds = await db()
    .select()
    .from(f)
    .where(eq(f.propertyId, propertyId))
    .orderBy(asc(f.createdAt));
  if (feeds.length === 0) return [];
  const ids = feeds.map((feed) => feed.id);
  const [logs, conflicts, upcoming] = await Promise.all([
    db()
      .select()
      .from(schema.icalSyncLog)
      .where(inArray(schema.icalSyncLog.feedId, ids))
      .orderBy(desc(schema.icalSyncLog.createdAt))
      .limit(10 * ids.length),
    db()
      .select({
        id: ev.id,
        feedId: ev.feedId,
        kind: ev.kind,
        checkIn: ev.checkIn,
        checkOut: ev.checkOut,
        acknowledgedAt: ev.conflictAcknowledgedAt,
      })
      .from(ev)
      .where(and(inArray(ev.feedId, ids), eq(ev.status, "conflict")))
      .orderBy(asc(ev.checkIn)),
    // The stays not yet over: what removing the feed would release (its confirmation names it).
    db()
      .select({ feedId: ev.feedId, count: sql<number>`count(*)::int` })
      .from(ev)
      .where(and(inArray(ev.feedId, ids), gt(ev.checkOut, todayInBerlin())))
      .groupBy(ev.feedId),
  ]);
  const collisions = await conflictCollisions(propertyId, conflicts);
  return feeds.map((feed) => ({
    ...feed,
    log: logs.filter((entry) => entry.feedId === feed.id).slice(0, 5),
    upcomingStays: upcoming.find((row) => row.feedId === feed.id)?.count ?? 0,
    conflicts: conflicts
      .filter((conflict) => conflict.feedId === feed.id)
      .map((conflict) => ({ ...conflict, collidesWith: collisions.get(conflict.id) ?? [] })),
  }));
}

export type Collision =
  | {
      kind: "booking";
      id: string;
      checkIn: string;
      checkOut: string;
      bookingNumber: string;
      guestName: string;
    }
  | { kind: "block"; id: string; checkIn: string; checkOut: string; reason: string }
  | { kind: "external"; id: string; checkIn: string; checkOut: string; feedName: string };

/**
 * What each conflicting event collides with: the stays in the occupancy that share a night
 * with it (a booking, a block or another feed's event), one query for all of them.
 */
async function conflictCollisions(
  propertyId: string,
  conflicts: { id: string; checkIn: string; checkOut: string }[],
) {
  const byConflict = new Map<string, Collision[]>();
  if (conflicts.length === 0) return byConflict;
  const o = schema.occupancy;
  const from = conflicts.reduce((min, c) => (c.checkIn < min ? c.checkIn : min), "9999-12-31");
  const to = conflicts.reduce((max, c) => (c.checkOut > max ? c.checkOut : max), "0000-01-01");
  const rows = await db()
    .select({
      kind: o.kind,
      sourceId: o.sourceId,
      checkIn: o.checkIn,
      checkOut: o.checkOut,
      bookingNumber: schema.booking.number,
      guestName: schema.booking.guestName,
      reason: schema.propertyBlock.reason,
      feedName: f.name,
    })
    .from(o)
    .leftJoin(schema.booking, and(eq(o.kind, "booking"), eq(schema.booking.id, o.sourceId)))
    .leftJoin(
      schema.propertyBlock,
      and(eq(o.kind, "block"), eq(schema.propertyBlock.id, o.sourceId)),
    )
    .leftJoin(ev, and(eq(o.kind, "external"), eq(ev.id, o.sourceId)))
    .leftJoin(f, eq(f.id, ev.feedId))
    .where(and(eq(o.propertyId, propertyId), lt(o.checkIn, to), sql`${o.checkOut} > ${from}`))
    .orderBy(asc(o.checkIn));
  for (const conflict of conflicts) {
    byConflict.set(
      conflict.id,
      rows
        .filter(
          (row) =>
            // Its own free stretches (decision 064) are not what it collides with.
            row.sourceId !== conflict.id &&
            row.checkIn < conflict.checkOut &&
            row.checkOut > conflict.checkIn,
        )
        .map((row): Collision => {
          const base = { id: row.sourceId, checkIn: row.checkIn, checkOut: row.checkOut };
          if (row.kind === "booking") {
            return {
              ...base,
              kind: "booking",
              bookingNumber: row.bookingNumber ?? "",
              guestName: row.guestName ?? "",
            };
          }
          if (row.kind === "block")
            return { ...base, kind: "block", reason: row.reason ?? "other" };
          return { ...base, kind: "external", feedName: row.feedName ?? "" };
        }),
    );
  }
  return byConflict;
}

/**
 * "Konflikt als erledigt markieren": the admin has dealt with the double sale outside (e.g. the
 * channel's stay was moved to another apartment). The event stays a conflict (holding the nights
 * it holds, decision 064), but leaves the dashboard; audited in the same transaction.
 * "gone" when it is no longer a conflict of this property (it turned active, moved or went away).
 */
export async function acknowledgeConflict({
  actor,
  propertyId,
  eventId,
}: {
  actor: Actor;
  propertyId: string;
  eventId: string;
}): Promise<{ ok: true } | { ok: false; error: "gone" }> {
  if (!isUuid(eventId) || !isUuid(propertyId)) return { ok: false, error: "gone" };
  return db().transaction(async (tx) => {
    const [event] = await tx
      .update(ev)
      .set({ conflictAcknowledgedAt: new Date() })
      .where(
        and(
          eq(ev.id, eventId),
          eq(ev.propertyId, propertyId),
          eq(ev.status, "conflict"),
          isNull(ev.conflictAcknowledgedAt),
        ),
      )
      .returning();
    if (!event) return { ok: false as const, error: "gone" as const };
    const [feed] = await tx
      .select({ name: f.name, channel: f.channel })
      .from(f)
      .where(eq(f.id, event.feedId));
    await tx.insert(schema.auditLog).values({
      actorId: actor.id,
      entity: "property",
      entityId: propertyId,
      action: "calendar-conflict-acknowledged",
      before: null,
      after: {
        eventId: event.id,
        feedId: event.feedId,
        feedName: feed?.name ?? null,
        channel: feed?.channel ?? null,
        checkIn: event.checkIn,
        checkOut: event.checkOut,
      },
    });
    return { ok: true as const };
  });
}

export async function addFeed({
  actor,
  propertyId,
  input,
}: {
  actor: Actor;
  propertyId: string;
  input: FeedInput;
}): Promise<{ ok: true; id: string } | { ok: false; error: "notFound" }> {
  if (!isUuid(propertyId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const [property] = await tx
      .select({ id: schema.property.id })
      .from(schema.property)
      .where(eq(schema.property.id, propertyId));
    if (!property) return { ok: false as const, error: "notFound" as const };
    const [feed] = await tx
      .insert(f)
      // The add action reads the feed at once (property-calendar.tsx); due now, the sync job of
      // any process could claim it first and that first read would find it "busy".
      .values({ propertyId, ...input, nextSyncAt: nextSyncAt() })
      .returning({ id: f.id });
    await tx.insert(schema.auditLog).values({
      actorId: actor.id,
      entity: "property",
      entityId: propertyId,
      action: "ical-feed-added",
      before: null,
      after: { feedId: feed.id, name: input.name, channel: input.channel, url: input.url },
    });
    return { ok: true as const, id: feed.id };
  });
}

/** Removes a feed and releases all its events (their nights become bookable). */
export async function deleteFeed({
  actor,
  feedId,
}: {
  actor: Actor;
  feedId: string;
}): Promise<{ ok: true } | { ok: false; error: "notFound" }> {
  if (!isUuid(feedId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const [feed] = await tx.delete(f).where(eq(f.id, feedId)).returning();
    if (!feed) return { ok: false as const, error: "notFound" as const };
    await tx.insert(schema.auditLog).values({
      actorId: actor.id,
      entity: "property",
      entityId: feed.propertyId,
      action: "ical-feed-removed",
      before: { feedId: feed.id, name: feed.name, channel: feed.channel, url: feed.url },
      after: null,
    });
    return { ok: true as const };
  });
}

/** The property a feed belongs to (for the admin page's checks), or null. */
export async function feedPropertyId(feedId: string) {
  if (!isUuid(feedId)) return null;
  const [row] = await db().select({ propertyId: f.propertyId }).from(f).where(eq(f.id, feedId));
  return row?.propertyId ?? null;
}

// ---------------------------------------------------------------------------------------------
// Syncing
// ---------------------------------------------------------------------------------------------

export type SyncFailure = SafeFetchFailure | "notCalendar" | "malformed" | "empty";

export type SyncResult =
  | { ok: true; added: number; changed: number; removed: number; unchanged: number }
  | { ok: false; error: SyncFailure | "busy" | "notFound"; httpStatus?: number };

/** Claims the feed for this process, or null when another sync holds it (or it is gone). */
async function claimFeed(feedId: string): Promise<FeedRow | null> {
  const [feed] = await db()
    .update(f)
    .set({ syncLeaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(and(eq(f.id, feedId), or(isNull(f.syncLeaseUntil), lt(f.syncLeaseUntil, sql`now()`))))
    .returning();
  return feed ?? null;
}

const nextSyncAt = () => new Date(Date.now() + SYNC_EVERY_MS + Math.random() * JITTER_MS);

/**
 * Reads one feed now and applies it. `today` (Europe/Berlin) decides which events are over.
 * Returns "busy" without fetching when another process is syncing the same feed.
 */
export async function syncFeed(
  feedId: string,
  { today = todayInBerlin() }: { today?: string } = {},
): Promise<SyncResult> {
  if (!isUuid(feedId)) return { ok: false, error: "notFound" };
  const feed = await claimFeed(feedId);
  if (!feed) {
    return (await feedPropertyId(feedId))
      ? { ok: false, error: "busy" }
      : { ok: false, error: "notFound" };
  }
  try {
    const fetched = await safeFetch(feed.url, {
      allowPrivate: getEnv().ICAL_ALLOW_PRIVATE,
      maxBytes: FEED_MAX_BYTES,
      timeoutMs: FEED_TIMEOUT_MS,
      maxRedirects: 5,
      accept: "text/calendar, */*;q=0.5",
    });
    if (!fetched.ok) return await recordFailure(feed, fetched.error, fetched.httpStatus ?? null);
    const parsed = parseFeed(fetched.body.toString("utf8"), {
      isEndLastNight: feed.isEndLastNight,
      today,
    });
    if (!parsed.ok) return await recordFailure(feed, parsed.error, 200);
    return await applyEvents(feed, parsed.events, today);
  } catch (error) {
    logger.error({ err: error, feedId }, "iCal sync failed");
    return await recordFailure(feed, "connectionFailed", null);
  }
}

async function recordFailure(
  feed: FeedRow,
  error: SyncFailure,
  httpStatus: number | null,
): Promise<SyncResult> {
  await db().transaction(async (tx) => {
    await tx
      .insert(schema.icalSyncLog)
      .values({ feedId: feed.id, result: "failed", httpStatus, error });
    await tx
      .update(f)
      .set({ lastSyncAt: new Date(), nextSyncAt: nextSyncAt(), syncLeaseUntil: null })
      .where(eq(f.id, feed.id));
  });
  return { ok: false, error, ...(httpStatus ? { httpStatus } : {}) };
}

async function applyEvents(
  feed: FeedRow,
  events: ImportedEvent[],
  today: string,
): Promise<SyncResult> {
  const counts = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  await db().transaction(async (tx) => {
    const stored = await tx.select().from(ev).where(eq(ev.feedId, feed.id)).for("update");
    const byUid = new Map(stored.map((row) => [row.uid, row]));
    const seen = new Set<string>();
    for (const event of events) {
      seen.add(event.uid);
      const existing = byUid.get(event.uid);
      if (!existing) {
        // A plain INSERT, never ON CONFLICT: the occupancy trigger runs before the insert.
        await tx.insert(ev).values({ feedId: feed.id, propertyId: feed.propertyId, ...event });
        counts.added++;
        continue;
      }
      const isSame =
        existing.checkIn === event.checkIn &&
        existing.checkOut === event.checkOut &&
        existing.kind === event.kind;
      if (isSame) counts.unchanged++;
      else counts.changed++;
      const isMoved = existing.checkIn !== event.checkIn || existing.checkOut !== event.checkOut;
      // A conflict is written again every time: it takes whatever of its nights is free (a
      // release hands them over at once anyway, decision 064; this catches any left over).
      if (!isSame || existing.missingCount > 0 || existing.status === "conflict") {
        await tx
          .update(ev)
          .set({
            checkIn: event.checkIn,
            checkOut: event.checkOut,
            kind: event.kind,
            missingCount: 0,
            // Other nights are news: a settled conflict comes back and alerts again.
            ...(isMoved ? { conflictAcknowledgedAt: null, conflictNotifiedAt: null } : {}),
          })
          .where(eq(ev.id, existing.id));
      }
    }
    for (const row of stored) {
      if (seen.has(row.uid)) continue;
      // Over: nothing to release, only to forget.
      if (row.checkOut <= today || row.missingCount + 1 >= RELEASE_AFTER_MISSES) {
        await tx.delete(ev).where(eq(ev.id, row.id));
        if (row.checkOut > today) counts.removed++;
      } else {
        await tx
          .update(ev)
          .set({ missingCount: row.missingCount + 1 })
          .where(eq(ev.id, row.id));
        counts.unchanged++;
      }
    }
    await alertNewConflicts(tx, feed);
    await tx.insert(schema.icalSyncLog).values({
      feedId: feed.id,
      result: "ok",
      httpStatus: 200,
      ...counts,
    });
    await tx
      .update(f)
      .set({
        lastSyncAt: new Date(),
        lastSuccessAt: new Date(),
        nextSyncAt: nextSyncAt(),
        syncLeaseUntil: null,
        staleNotifiedAt: null,
      })
      .where(eq(f.id, feed.id));
  });
  return { ok: true, ...counts };
}

async function propertyTitle(tx: Tx, propertyId: string) {
  const [row] = await tx
    .select({ title: schema.property.title })
    .from(schema.property)
    .where(eq(schema.property.id, propertyId));
  return row?.title ?? "";
}

/** "Überschneidung im Kalender", once per conflicting event, to every admin. */
async function alertNewConflicts(tx: Tx, feed: FeedRow) {
  const fresh = await tx
    .update(ev)
    .set({ conflictNotifiedAt: new Date() })
    .where(and(eq(ev.feedId, feed.id), eq(ev.status, "conflict"), isNull(ev.conflictNotifiedAt)))
    .returning({ checkIn: ev.checkIn, checkOut: ev.checkOut });
  if (fresh.length === 0) return;
  const [admins, title] = await Promise.all([adminEmails(tx), propertyTitle(tx, feed.propertyId)]);
  for (const conflict of fresh) {
    for (const to of admins) {
      await enqueueEmail(tx, {
        to,
        template: "calendar-conflict",
        data: {
          propertyId: feed.propertyId,
          propertyTitle: title,
          feedName: feed.name,
          checkIn: conflict.checkIn,
          checkOut: conflict.checkOut,
        },
      });
    }
  }
}

/**
 * Feeds of a property that is not archived. "Löschen" archives a property that has bookings
 * (spec 06): for the operator it is gone, so its calendars are no longer read (a channel's
 * listing removed with it would answer 404 for ever), reported stale or shown on the dashboard,
 * where nothing could resolve them. The feeds stay stored, as everything of an archived one.
 */
const ofLiveProperty = sql`${f.propertyId} in (select ${schema.property.id} from ${schema.property} where ${schema.property.status} <> 'archived')`;

/**
 * Feeds without a successful sync for 2 hours (counted from when they were added if they never
 * had one): the admins are e-mailed once per stale spell (claimed by one UPDATE, so two
 * processes do not both send). Returns how many feeds were reported.
 */
export async function reportStaleFeeds(now: Date = new Date()): Promise<number> {
  const limit = new Date(now.getTime() - STALE_AFTER_MS);
  return db().transaction(async (tx) => {
    const stale = await tx
      .update(f)
      .set({ staleNotifiedAt: now })
      .where(
        and(
          isNull(f.staleNotifiedAt),
          or(lt(f.lastSuccessAt, limit), and(isNull(f.lastSuccessAt), lt(f.createdAt, limit))),
          ofLiveProperty,
        ),
      )
      .returning();
    if (stale.length === 0) return 0;
    const admins = await adminEmails(tx);
    for (const feed of stale) {
      const title = await propertyTitle(tx, feed.propertyId);
      for (const to of admins) {
        await enqueueEmail(tx, {
          to,
          template: "calendar-stale",
          data: {
            propertyId: feed.propertyId,
            propertyTitle: title,
            feedName: feed.name,
            lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
          },
        });
      }
    }
    return stale.length;
  });
}

/** The feeds that are due now (and not being synced elsewhere), oldest first. */
export async function dueFeedIds(limit = 10, now: Date = new Date()) {
  const rows = await db()
    .select({ id: f.id })
    .from(f)
    .where(
      and(
        lte(f.nextSyncAt, now),
        or(isNull(f.syncLeaseUntil), lt(f.syncLeaseUntil, now)),
        ofLiveProperty,
      ),
    )
    .orderBy(asc(f.nextSyncAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The dashboard's warnings
// ---------------------------------------------------------------------------------------------

/** Open conflicts and stale feeds of all properties, for the admin dashboard. */
export async function calendarWarnings(now: Date = new Date()) {
  const limit = new Date(now.getTime() - STALE_AFTER_MS);
  const [conflicts, stale] = await Promise.all([
    db()
      .select({
        propertyId: ev.propertyId,
        propertyTitle: schema.property.title,
        feedName: f.name,
        checkIn: ev.checkIn,
        checkOut: ev.checkOut,
      })
      .from(ev)
      .innerJoin(f, eq(f.id, ev.feedId))
      .innerJoin(schema.property, eq(schema.property.id, ev.propertyId))
      .where(
        and(
          eq(ev.status, "conflict"),
          isNull(ev.conflictAcknowledgedAt),
          ne(schema.property.status, "archived"),
        ),
      )
      .orderBy(asc(ev.checkIn))
      .limit(50),
    db()
      .select({
        propertyId: f.propertyId,
        propertyTitle: schema.property.title,
        feedName: f.name,
        channel: f.channel,
        lastSuccessAt: f.lastSuccessAt,
        createdAt: f.createdAt,
      })
      .from(f)
      .innerJoin(schema.property, eq(schema.property.id, f.propertyId))
      .where(
        and(
          or(lt(f.lastSuccessAt, limit), and(isNull(f.lastSuccessAt), lt(f.createdAt, limit))),
          ne(schema.property.status, "archived"),
        ),
      )
      .orderBy(asc(f.lastSuccessAt))
      .limit(50),
  ]);
  return { conflicts, stale };
}

// ---------------------------------------------------------------------------------------------
// The background job
// ---------------------------------------------------------------------------------------------

async function runOnce(job: { isActive: () => boolean }) {
  try {
    for (const id of await dueFeedIds()) {
      if (!job.isActive()) return;
      const result = await syncFeed(id);
      if (!result.ok && result.error !== "busy") {
        logger.warn({ feedId: id, error: result.error }, "iCal feed could not be read");
      }
    }
    const reported = await reportStaleFeeds();
    if (reported > 0) logger.warn({ reported }, "stale iCal feeds reported to the admins");
  } catch (error) {
    logger.error({ err: error }, "iCal sync job failed");
  }
}

/** The sync job of this process (boot): every minute (each look), the feeds that are due. */
const job = periodicJob("ical-sync", { everyMs: 0, checkEveryMs: 60 * 1000, run: runOnce });
export const startIcalSyncJob = job.start;
export const stopIcalSyncJob = job.stop;
