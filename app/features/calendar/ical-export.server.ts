import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import ical from "ical-generator";
import { addMonths, daysInMonth, firstDayOfMonth, monthOf, addDays } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import type { CurrentUser } from "~/features/accounts/session.server";
import { db, schema } from "~/lib/db.server";
import { FEED_CHANNELS, type FeedChannel } from "./calendar.schema";

/**
 * The iCal export of a property (spec/10 "iCal export", decision 045): a secret URL
 * /ical/<token>.ics that a channel (Airbnb, Booking.com, …) polls. Every occupied stay of the
 * next 24 months, from the occupancy table, as an all-day event with a neutral summary and no
 * personal data. `?channel=airbnb` leaves out the events imported from Airbnb feeds, so a
 * channel never gets its own bookings back as blocks (echo).
 */

/** 32 random bytes, base64url: 43 characters, not guessable. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => crypto.randomBytes(32).toString("base64url");

export function isExportToken(value: string) {
  return TOKEN_PATTERN.test(value);
}

/** The property's export token, made on first use. */
export async function getExportToken(propertyId: string): Promise<string | null> {
  if (!isUuid(propertyId)) return null;
  const x = schema.icalExport;
  const [existing] = await db()
    .select({ token: x.token })
    .from(x)
    .where(eq(x.propertyId, propertyId));
  if (existing) return existing.token;
  const [property] = await db()
    .select({ id: schema.property.id })
    .from(schema.property)
    .where(eq(schema.property.id, propertyId));
  if (!property) return null;
  await db().insert(x).values({ propertyId, token: newToken() }).onConflictDoNothing();
  const [row] = await db().select({ token: x.token }).from(x).where(eq(x.propertyId, propertyId));
  return row?.token ?? null;
}

/** "Link erneuern": a new token; the old URL answers 404 from now on. Audited. */
export async function rotateExportToken({
  actor,
  propertyId,
}: {
  actor: Pick<CurrentUser, "id">;
  propertyId: string;
}): Promise<{ ok: true; token: string } | { ok: false; error: "notFound" }> {
  if (!isUuid(propertyId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const [property] = await tx
      .select({ id: schema.property.id })
      .from(schema.property)
      .where(eq(schema.property.id, propertyId));
    if (!property) return { ok: false as const, error: "notFound" as const };
    const token = newToken();
    await tx
      .insert(schema.icalExport)
      .values({ propertyId, token })
      .onConflictDoUpdate({
        target: schema.icalExport.propertyId,
        set: { token, rotatedAt: new Date() },
      });
    // The token itself never goes into the log.
    await tx.insert(schema.auditLog).values({
      actorId: actor.id,
      entity: "property",
      entityId: propertyId,
      action: "ical-link-rotated",
      before: null,
      after: null,
    });
    return { ok: true as const, token };
  });
}

/** The last day (exclusive) of the export window: 24 months after `today`. */
export function exportWindowEnd(today: string) {
  const month = addMonths(monthOf(today), 24);
  const day = Math.min(Number(today.slice(8)), daysInMonth(month));
  return addDays(firstDayOfMonth(month), day - 1);
}

export type ExportedEvent = {
  uid: string;
  checkIn: string;
  checkOut: string;
  changedAt: Date;
};

/**
 * The stays of the export window: bookings, blocks and imported events, except those imported
 * from a feed of `channel`. An imported event in conflict holds only its free stretches
 * (decision 064): each is exported as its own VEVENT, so the export never repeats or overlaps a
 * night. The stretch that starts on the event's arrival keeps the event's plain UID (the one it
 * has when whole); a later stretch adds its first night, a UID that lasts as long as the stretch.
 */
export async function listExportedStays({
  propertyId,
  today,
  channel,
}: {
  propertyId: string;
  today: string;
  channel: FeedChannel | null;
}): Promise<ExportedEvent[]> {
  const o = schema.occupancy;
  const e = schema.externalEvent;
  const f = schema.icalFeed;
  const rows = await db()
    .select({
      kind: o.kind,
      sourceId: o.sourceId,
      checkIn: o.checkIn,
      checkOut: o.checkOut,
      changedAt: o.changedAt,
      eventCheckIn: e.checkIn,
    })
    .from(o)
    .leftJoin(e, and(eq(o.kind, "external"), eq(e.id, o.sourceId)))
    .leftJoin(f, eq(f.id, e.feedId))
    .where(
      and(
        eq(o.propertyId, propertyId),
        gt(o.checkOut, today),
        lt(o.checkIn, exportWindowEnd(today)),
        channel ? or(isNull(f.channel), ne(f.channel, channel)) : sql`true`,
      ),
    )
    .orderBy(asc(o.checkIn), asc(o.sourceId));
  return rows.map((row) => ({
    uid:
      row.eventCheckIn && row.eventCheckIn !== row.checkIn
        ? `${row.kind}-${row.sourceId}-${row.checkIn.replaceAll("-", "")}`
        : `${row.kind}-${row.sourceId}`,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    changedAt: row.changedAt,
  }));
}

/**
 * RFC 5545 text of the stays (ical-generator: CRLF, folding at 75 octets, escaping). All-day
 * events: DTSTART;VALUE=DATE is the arrival, DTEND;VALUE=DATE the departure (exclusive, so a
 * stay of the 1st to the 5th blocks the nights 1–4). DTSTAMP is when the dates were last written,
 * so the same calendar gives the same bytes (and ETag) until something changes.
 */
export function exportCalendarText({
  events,
  host,
  platformName,
}: {
  events: readonly ExportedEvent[];
  host: string;
  platformName: string;
}) {
  const calendar = ical({
    prodId: { company: platformName, product: "belegung", language: "DE" },
    name: platformName,
  });
  for (const event of events) {
    calendar.createEvent({
      id: `${event.uid}@${host}`,
      summary: "Belegt",
      start: event.checkIn,
      end: event.checkOut,
      allDay: true,
      stamp: event.changedAt,
    });
  }
  return calendar.toString();
}

export function exportChannel(value: string | null): FeedChannel | null {
  return FEED_CHANNELS.includes(value as FeedChannel) ? (value as FeedChannel) : null;
}

/** The property behind an export token, or null (unknown, malformed or rotated away). */
export async function propertyForToken(token: string): Promise<string | null> {
  if (!isExportToken(token)) return null;
  const [row] = await db()
    .select({ propertyId: schema.icalExport.propertyId })
    .from(schema.icalExport)
    .where(eq(schema.icalExport.token, token));
  return row?.propertyId ?? null;
}
