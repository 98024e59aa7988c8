import type { Route } from "./+types/calendar-ics";
import { requireUser } from "~/features/accounts/session.server";
import { getBookingConfirmation } from "~/features/booking/booking-confirmation.server";
import { getSettings } from "~/features/settings/settings.server";
import { stayCalendar, stayCalendarFileName } from "~/lib/booking-ics.server";
import { getEnv } from "~/lib/env.server";
import { languageFromCookie } from "~/lib/i18n";

const notFound = () =>
  new Response("Buchung nicht gefunden.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * /booking-success/calendar.ics?booking=<id>: "In Kalender eintragen" on the success page and in
 * the booking e-mail (issue 16). Only the booking's own guest or an admin gets the file; a
 * missing, malformed, foreign or cancelled booking is the same 404. Visitors sign in first and
 * come back (requireUser).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const bookingId = new URL(request.url).searchParams.get("booking") ?? "";
  const booking = await getBookingConfirmation(bookingId, user);
  if (!booking || booking.status === "cancelled") return notFound();
  const language = languageFromCookie(request.headers.get("cookie"));
  const baseUrl = getEnv().BASE_URL;
  const body = stayCalendar({
    uid: booking.id,
    bookingNumber: booking.number,
    propertyTitle: booking.property.title,
    address: booking.arrival.address,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    checkInFrom: booking.arrival.checkInFrom,
    checkOutUntil: booking.arrival.checkOutUntil,
    guests: booking.guests,
    host: booking.arrival.host,
    bookingsUrl: `${baseUrl.replace(/\/+$/, "")}/dashboard/bookings`,
    platformName: (await getSettings()).platformName,
    language,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${stayCalendarFileName(booking.number, language)}"`,
      // A guest's booking: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
