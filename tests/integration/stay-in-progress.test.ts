import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stayInProgress } from "~/features/booking/stay-in-progress.server";
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { bookingHorizonEnd } from "~/domain/availability";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { computePrice } from "~/domain/price";
import { weekdayMask } from "~/domain/seasons";
import type { DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createSeason, createUser } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import * as authRoute from "~/routes/auth/auth";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
});
afterAll(() => handle.close());

const today = "2026-11-22";

describe(`the stay beside the sign-in form (${databaseKind()})`, () => {
  it("is priced by the server's one price function, whatever the URL says", async () => {
    const property = await createProperty({
      title: "Kapitänshaus",
      pricePerNight: 12_000,
      cleaningFee: 6_000,
      maxGuests: 4,
    });
    const path = `/properties/${property.id}/book?checkIn=2027-03-01&checkOut=2027-03-04&guests=3`;
    const stay = await stayInProgress(`${path}&total=1&price=1&nightlyPrice=1`, today);
    const { serviceFee } = await getSettings();
    expect(stay).toEqual({
      propertyId: property.id,
      title: "Kapitänshaus",
      location: "Sylt, Deutschland",
      image: null,
      checkIn: "2027-03-01",
      checkOut: "2027-03-04",
      nights: 3,
      guests: 3,
      total: computePrice({ property, nights: 3, serviceFee, today }).total,
    });
    expect(stay?.total).toBe(3 * 12_000 + 6_000 + serviceFee);
    // More guests than the property takes: its maximum, as the booking page corrects it.
    expect((await stayInProgress(path.replace("guests=3", "guests=40"), today))?.guests).toBe(4);

    // The sign-in page names the place with its country in the page's language (audit 23).
    const english = await callRoute<{ stay: { location: string } | null }>(authRoute.loader, {
      url: `/auth?redirectTo=${encodeURIComponent(path)}`,
      cookie: "lang=en",
    });
    expect(english.data?.stay?.location).toBe("Sylt, Germany");
  });

  it("shows nothing for other targets, hostile values, drafts or a stay without dates", async () => {
    const published = await createProperty();
    const draft = await createProperty({ status: "draft" });
    const book = (id: string, query = "?checkIn=2027-03-01&checkOut=2027-03-04") =>
      `/properties/${id}/book${query}`;
    for (const target of [
      null,
      "",
      "/dashboard",
      `/properties/${published.id}`,
      book(draft.id),
      book("00000000-0000-4000-8000-000000000000"),
      book("not-a-uuid"),
      book(`${published.id}%2F..%2F..`),
      `//evil.example${book(published.id)}`,
      `https://evil.example${book(published.id)}`,
      book(published.id, "?checkIn=2027-03-04&checkOut=2027-03-01"),
      book(published.id, "?checkIn=2020-01-01&checkOut=2020-01-04"),
      book(published.id, "?checkIn=morgen&checkOut=2027-03-04"),
      book(published.id, ""),
    ]) {
      expect(await stayInProgress(target, today), String(target)).toBeNull();
    }
  });
});

describe(`only a stay the booking page would take is priced (${databaseKind()})`, () => {
  const book = (id: string, checkIn: string, checkOut: string) =>
    `/properties/${id}/book?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;

  it("a stay to 9999-12-31 through a season is refused before pricing (audit 19: 16 s per GET)", async () => {
    const property = await createProperty({ pricePerNight: 10_000 });
    // A season that reaches as far as the URL: the price function walks it night by night.
    const season = {
      name: "Immer",
      startDate: "2026-01-01",
      endDate: "9999-12-31",
      pricePerNight: 15_000,
      minStayNights: 1,
      arrivalWeekdays: 127,
      departureWeekdays: 127,
    };
    await createSeason(property.id, season);
    const { maxStayDays, serviceFee } = await getSettings();

    expect(await stayInProgress(book(property.id, today, "9999-12-31"), today)).toBeNull();
    // The anonymous GET of the audit: the sign-in page shows no stay.
    const redirectTo = book(property.id, todayInBerlin(), "9999-12-31");
    const page = await callRoute<{ stay: unknown }>(authRoute.loader, {
      url: `/auth?redirectTo=${encodeURIComponent(redirectTo)}`,
    });
    expect(page.status).toBe(200);
    expect(page.data?.stay).toBeNull();
    expect(
      await stayInProgress(book(property.id, today, addDays(today, maxStayDays + 1)), today),
    ).toBeNull();
    // The longest stay the settings allow is still shown, priced by the season.
    const longest = await stayInProgress(
      book(property.id, today, addDays(today, maxStayDays)),
      today,
    );
    expect(longest?.nights).toBe(maxStayDays);
    expect(longest?.total).toBe(
      computePrice({
        property,
        nights: maxStayDays,
        checkIn: today,
        seasons: [season],
        serviceFee,
        today,
      }).total,
    );
  });

  it("an arrival past the booking horizon is refused; the last day of it is not", async () => {
    const property = await createProperty();
    const { bookingHorizonMonths } = await getSettings();
    const lastCheckIn = bookingHorizonEnd(today, bookingHorizonMonths);
    const after = addDays(lastCheckIn, 1);
    expect(await stayInProgress(book(property.id, after, addDays(after, 3)), today)).toBeNull();
    expect(
      (await stayInProgress(book(property.id, lastCheckIn, addDays(lastCheckIn, 3)), today))
        ?.checkIn,
    ).toBe(lastCheckIn);
  });

  it("a season's arrival day and minimum stay, and booked nights, are checked as on the booking page", async () => {
    const property = await createProperty();
    const SATURDAY = 5;
    await createSeason(property.id, {
      startDate: "2027-07-01",
      endDate: "2027-08-31",
      minStayNights: 7,
      arrivalWeekdays: weekdayMask([SATURDAY]),
      departureWeekdays: weekdayMask([SATURDAY]),
    });
    // 2027-07-03 and 2027-07-10 are Saturdays.
    expect(await stayInProgress(book(property.id, "2027-07-05", "2027-07-12"), today)).toBeNull();
    expect(await stayInProgress(book(property.id, "2027-07-03", "2027-07-06"), today)).toBeNull();
    expect(
      (await stayInProgress(book(property.id, "2027-07-03", "2027-07-10"), today))?.nights,
    ).toBe(7);

    const guest = await createUser();
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-03-02",
      checkOut: "2027-03-05",
      status: "confirmed",
    });
    expect(await stayInProgress(book(property.id, "2027-03-01", "2027-03-04"), today)).toBeNull();
    // Leaving on the day the next guest arrives is fine.
    expect(
      (await stayInProgress(book(property.id, "2027-03-01", "2027-03-02"), today))?.nights,
    ).toBe(1);
  });
});
