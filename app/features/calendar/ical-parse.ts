import ICAL from "ical.js";
import { addDays, dayInBerlin } from "~/domain/calendar-day";

/**
 * Reading an imported calendar (spec/10 "iCal import", decision 045) with ical.js: the stays it
 * holds as calendar dates. Pure: the text in, the events (or why the text is unusable) out.
 *
 * - `DTSTART;VALUE=DATE` is taken as written. A date-time is converted to its Europe/Berlin date:
 *   with `Z` from UTC, with a TZID through that zone (an IANA name, or the feed's VTIMEZONE),
 *   without either (floating) as written.
 * - `DTEND` is the departure day; with `isEndLastNight` (feeds that give the last night) one day
 *   later. No DTEND: one night, or DTSTART + DURATION.
 * - Airbnb "Reserved" and Booking.com "CLOSED - <name>" are bookings; "Airbnb (Not available)",
 *   "CLOSED - Not available", "Blocked" and other "not available" texts are blocks. An unknown
 *   summary counts as a booking: the nights are taken either way.
 * - Events that are over (departure on or before `today`) are left out; a UID seen twice keeps
 *   the first event.
 */
export type ImportedEvent = {
  uid: string;
  checkIn: string;
  checkOut: string;
  kind: "booking" | "block";
};

export type ParsedFeed =
  | { ok: true; events: ImportedEvent[] }
  | { ok: false; error: "notCalendar" | "malformed" | "empty" };

const BLOCK_SUMMARY = /not available|nicht verfügbar|^blocked\b|^geblockt|^gesperrt/i;

export function eventKind(summary: string): ImportedEvent["kind"] {
  return BLOCK_SUMMARY.test(summary.trim()) ? "block" : "booking";
}

export function parseFeed(
  text: string,
  { isEndLastNight, today }: { isEndLastNight: boolean; today: string },
): ParsedFeed {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) return { ok: false, error: "notCalendar" };
  if (!/END:VCALENDAR\s*$/i.test(text)) return { ok: false, error: "malformed" };
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return { ok: false, error: "malformed" };
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = String(vtimezone.getFirstPropertyValue("tzid") ?? "");
    if (tzid) zones.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const vevents = calendar.getAllSubcomponents("vevent");
  if (vevents.length === 0) return { ok: false, error: "empty" };

  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  for (const vevent of vevents) {
    const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
    if (status === "CANCELLED") continue;
    const start = calendarDay(vevent.getFirstProperty("dtstart"), zones);
    if (!start) return { ok: false, error: "malformed" };
    let end = calendarDay(vevent.getFirstProperty("dtend"), zones);
    if (!end) {
      const duration = vevent.getFirstPropertyValue("duration");
      const days = duration instanceof ICAL.Duration ? Math.ceil(duration.toSeconds() / 86_400) : 1;
      end = addDays(start, Math.max(days, 1));
    } else if (isEndLastNight) {
      end = addDays(end, 1);
    }
    // A stay has at least one night (a date-time event within one day blocks that night).
    const checkOut = end > start ? end : addDays(start, 1);
    if (checkOut <= today) continue;
    const summary = String(vevent.getFirstPropertyValue("summary") ?? "");
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "").trim() || `${start}/${checkOut}`;
    if (seen.has(uid)) continue;
    seen.add(uid);
    events.push({ uid: uid.slice(0, 500), checkIn: start, checkOut, kind: eventKind(summary) });
  }
  return { ok: true, events };
}

/** The Europe/Berlin calendar day of a DTSTART/DTEND, or null when it is missing or unusable. */
function calendarDay(property: ICAL.Property | null, zones: Map<string, ICAL.Timezone>) {
  if (!property) return null;
  const time = property.getFirstValue();
  if (!(time instanceof ICAL.Time)) return null;
  const wall = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(wall) || Number.isNaN(Date.parse(wall))) return null;
  if (time.isDate) return wall;
  const wallMs = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (time.zone === ICAL.Timezone.utcTimezone) return dayInBerlin(new Date(wallMs));
  const tzid = property.getParameter("tzid");
  const zoneName = typeof tzid === "string" ? tzid : null;
  if (!zoneName) return wall;
  const own = zones.get(zoneName);
  if (own) {
    try {
      return dayInBerlin(new Date(wallMs - own.utcOffset(time) * 1000));
    } catch {
      // fall through to the zone database
    }
  }
  const offset = zoneOffsetMs(zoneName, wallMs);
  if (offset === null) return wall;
  return dayInBerlin(new Date(wallMs - offset));
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The UTC offset of an IANA zone at (about) the wall time `wallMs`, or null for an unknown zone. */
function zoneOffsetMs(zone: string, wallMs: number): number | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  } catch {
    return null;
  }
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
    );
    const asUtc = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return asUtc - instant;
  };
  // Twice: the offset at the guessed instant, then at the instant that guess gives.
  const first = offsetAt(wallMs);
  return offsetAt(wallMs - first);
}
