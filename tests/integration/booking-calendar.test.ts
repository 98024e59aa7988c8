/**
 * Issue 16, checkout and success: the stay's calendar file (/booking-success/calendar.ics) only
 * for its guest or an admin, the arrival facts of the success page, and Back after booking (the
 * booking page with the dates just booked) leading to the booking instead of "bereits gebucht".
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getBookingConfirmation } from "~/features/booking/booking-confirmation.server";
import { getSettings } from "~/features/settings/settings.server";
import { loader as calendarLoader } from "~/routes/booking/calendar-ics";
import { loader as bookLoader } from "~/routes/public/book";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const checkIn = addDays(todayInBerlin(), 60);
const checkOut = addDays(checkIn, 3);

async function bookedStay(property: Partial<typeof schema.property.$inferInsert> = {}) {
  const guest = await createUser();
  const home = await createProperty({
    title: "Strandhaus Möwe",
    location: "Kampen, Deutschland",
    checkInFrom: "16:00",
    ...property,
  });
  const booking = await createBooking({
    userId: guest.id,
    propertyId: home.id,
    checkIn,
    checkOut,
    guestEmail: guest.email,
    specialRequests: "Ankunft gegen 22 Uhr",
  });
  return { guest, property: home, booking, cookie: await sessionCookie(guest.email) };
}

const calendarUrl = (id: string) => `/booking-success/calendar.ics?booking=${id}`;
const compact = (day: string) => day.replaceAll("-", "");

describe(`the stay's calendar file (${databaseKind()})`, () => {
  it("gives the guest their stay with the property's check-in and the settings' check-out time", async () => {
    const { booking, cookie } = await bookedStay();
    const answer = await callRoute(calendarLoader, { url: calendarUrl(booking.id), cookie });
    expect(answer.status).toBe(200);
    const response = answer.response!;
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="buchung-${booking.number}.ics"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const ics = await response.text();
    // The property's own 16:00, the settings' default 10:00 (decision 033).
    expect(ics).toContain(`DTSTART;TZID=Europe/Berlin:${compact(checkIn)}T160000`);
    expect(ics).toContain(`DTEND;TZID=Europe/Berlin:${compact(checkOut)}T100000`);
    expect(ics).toContain("LOCATION:Kampen\\, Deutschland");
    expect(ics).toContain(`UID:booking-${booking.id}@`);
  });

  it("is the same 404 for another guest, a malformed id, an unknown and a cancelled booking; admins get it", async () => {
    const { booking, cookie } = await bookedStay();
    const other = await createUser();
    const otherCookie = await sessionCookie(other.email);
    const admin = await createUser({ role: "admin" });
    const adminCookie = await sessionCookie(admin.email);

    for (const [url, who] of [
      [calendarUrl(booking.id), otherCookie],
      [calendarUrl("not-a-uuid\u0000"), cookie],
      [calendarUrl(crypto.randomUUID()), cookie],
      ["/booking-success/calendar.ics", cookie],
    ] as const) {
      const answer = await callRoute(calendarLoader, { url, cookie: who });
      expect(answer.status, url).toBe(404);
      expect(await answer.response!.text()).toBe("Buchung nicht gefunden.");
    }
    expect(
      (await callRoute(calendarLoader, { url: calendarUrl(booking.id), cookie: adminCookie }))
        .status,
    ).toBe(200);

    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    expect((await callRoute(calendarLoader, { url: calendarUrl(booking.id), cookie })).status).toBe(
      404,
    );
  });

  it("sends a visitor to sign in and back", async () => {
    const { booking } = await bookedStay();
    const answer = await callRoute(calendarLoader, { url: calendarUrl(booking.id) });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/auth?redirectTo=${encodeURIComponent(calendarUrl(booking.id))}`);
  });
});

describe(`the success page's arrival facts (${databaseKind()})`, () => {
  it("has the address, the times, the host's contact and the guest's special request", async () => {
    const { guest, booking } = await bookedStay({ checkOutUntil: "11:30" });
    const confirmation = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    const settings = await getSettings();
    expect(confirmation?.arrival).toEqual({
      address: "Kampen, Deutschland",
      checkInFrom: "16:00",
      checkOutUntil: "11:30",
      host: {
        person: null,
        name: settings.companyName,
        email: settings.companyEmail,
        phone: settings.companyPhone,
      },
    });
    expect(confirmation?.specialRequests).toBe("Ankunft gegen 22 Uhr");
  });
});

describe(`Back after booking (${databaseKind()})`, () => {
  const bookUrl = (propertyId: string, from = checkIn, to = checkOut) =>
    `/properties/${propertyId}/book?checkIn=${from}&checkOut=${to}&guests=2`;

  it("sends the guest from the booking page with the dates just booked to their booking", async () => {
    const { property, booking, cookie } = await bookedStay();
    const answer = await callRoute(bookLoader, {
      url: bookUrl(property.id),
      cookie,
      params: { id: property.id },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/booking-success?booking=${booking.id}`);
  });

  it("leaves the page alone for other dates, other guests and a cancelled booking", async () => {
    const { property, booking, cookie } = await bookedStay();
    const other = await createUser();
    const otherCookie = await sessionCookie(other.email);
    const params = { id: property.id };
    const later = addDays(checkOut, 7);
    // Other dates: the form.
    expect(
      (await callRoute(bookLoader, { url: bookUrl(property.id, checkOut, later), cookie, params }))
        .status,
    ).toBe(200);
    // Another guest: the page (whose calendar shows the nights as taken), never the booking.
    const foreign = await callRoute(bookLoader, {
      url: bookUrl(property.id),
      cookie: otherCookie,
      params,
    });
    expect(foreign.status).toBe(200);
    // Cancelled: the dates may be booked again.
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, booking.id));
    expect(
      (await callRoute(bookLoader, { url: bookUrl(property.id), cookie, params })).status,
    ).toBe(200);
  });
});
