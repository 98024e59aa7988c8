/**
 * Properties are stored with German locations ("Sylt, Deutschland"). On English pages the
 * country is named in English (decision 039) — also on the guest's dashboard and bookings, the
 * booking's success page and the offers page, which read the location in their own server
 * functions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { searchProperties } from "~/features/properties/search.server";
import { loader as successLoader } from "~/routes/booking/success";
import { loader as bookingsLoader } from "~/routes/dashboard/bookings";
import { loader as overviewLoader } from "~/routes/dashboard/overview";
import { loader as offersLoader } from "~/routes/public/offers";
import { openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
});
afterAll(async () => {
  await handle.close();
});

describe("the stored German location on English pages", () => {
  it("names the country in English, and stays German on German pages", async () => {
    const guest = await createUser({ name: "Emma English" });
    const property = await createProperty({
      location: "Kitzbühel, Österreich",
      country: "Österreich",
      city: "Kitzbühel",
      isSpecialOffer: true,
      specialOfferPrice: 8000,
      specialOfferEndDate: addDays(todayInBerlin(), 20),
    });
    const checkIn = addDays(todayInBerlin(), 10);
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      status: "confirmed",
    });
    const session = await sessionCookie(guest.email);
    for (const [language, expected] of [
      ["en", "Kitzbühel, Austria"],
      ["de", "Kitzbühel, Österreich"],
    ] as const) {
      const cookie = `${session}; lang=${language}`;
      const overview = await callRoute<{
        nextTrip: { property: { location: string } } | null;
        recentBookings: { property: { location: string } }[];
      }>(overviewLoader, { url: "/dashboard", cookie });
      expect(overview.data!.nextTrip!.property.location).toBe(expected);
      expect(overview.data!.recentBookings[0].property.location).toBe(expected);

      const list = await callRoute<{
        bookings: { property: { location: string } }[];
        detail: { property: { location: string } } | null;
      }>(bookingsLoader, { url: `/dashboard/bookings?booking=${booking.id}`, cookie });
      expect(list.data!.bookings[0].property.location).toBe(expected);
      expect(list.data!.detail!.property.location).toBe(expected);

      const success = await callRoute<{ booking: { property: { location: string } } }>(
        successLoader,
        { url: `/booking-success?booking=${booking.id}`, cookie },
      );
      expect(success.data!.booking.property.location).toBe(expected);

      const offers = await callRoute<{ offers: { id: string; location: string }[] }>(offersLoader, {
        url: "/angebote",
        cookie: `lang=${language}`,
      });
      expect(offers.data!.offers.find((offer) => offer.id === property.id)?.location).toBe(
        expected,
      );
    }
  });

  it("finds a German location by its English country name, as English pages show it", async () => {
    const property = await createProperty({
      location: "Zermatt, Schweiz",
      country: "Schweiz",
      city: "Zermatt",
    });
    for (const query of ["Switzerland", "Zermatt, Switzerland", "schweiz"]) {
      const found = await searchProperties(
        { amenities: [], sort: "newest", page: 1, location: query },
        todayInBerlin(),
      );
      expect(
        found.items.map((item) => item.id),
        query,
      ).toContain(property.id);
    }
  });
});
