import crypto from "node:crypto";
import type { Route } from "./+types/export";
import { todayInBerlin } from "~/domain/calendar-day";
import {
  exportCalendarText,
  exportChannel,
  listExportedStays,
  propertyForToken,
} from "~/features/calendar/ical-export.server";
import { getSettings } from "~/features/settings/settings.server";
import { getEnv } from "~/lib/env.server";

const notFound = () =>
  new Response("Kalender nicht gefunden.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * /ical/<token>.ics: a property's occupancy for the channels (spec/10 "iCal export", decision
 * 045). The token is the only key: unknown, malformed or rotated tokens are the same 404.
 * Channels poll often, so the answer carries an ETag of its bytes and a repeated request with
 * that ETag gets 304 without a body. The server's compression covers text/calendar.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = params.file ?? "";
  if (!file.endsWith(".ics")) return notFound();
  const propertyId = await propertyForToken(file.slice(0, -".ics".length));
  if (!propertyId) return notFound();
  const channel = exportChannel(new URL(request.url).searchParams.get("channel"));
  const [events, settings] = await Promise.all([
    listExportedStays({ propertyId, today: todayInBerlin(), channel }),
    getSettings(),
  ]);
  const body = exportCalendarText({
    events,
    host: new URL(getEnv().BASE_URL).hostname,
    platformName: settings.platformName,
  });
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    ETag: etag,
    // A secret URL: no shared cache keeps it, and every poll asks again (cheaply, with the ETag).
    "Cache-Control": "private, no-cache",
    "X-Robots-Tag": "noindex",
  };
  const ifNoneMatch = request.headers.get("if-none-match") ?? "";
  if (ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers });
}
