import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteFacts } from "~/features/company/site-facts.server";
import { forgetHomeRanking, loadHomeLists } from "~/features/home/home.server";
import {
  forgetPlaces,
  groupByCountry,
  listPlaces,
  regionsWithProperties,
} from "~/features/properties/destinations.server";
import { buildSitemap } from "~/features/properties/sitemap.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const today = "2026-06-15";

describe(`truthful content (${databaseKind()})`, () => {
  it("computes nothing from an empty database: no guests, no years, no places", async () => {
    expect(await loadSiteFacts(today)).toEqual({
      guestsHosted: 0,
      firstArrival: null,
      yearsHosting: 0,
      publishedProperties: 0,
      destinations: 0,
    });
    forgetPlaces();
    expect(await regionsWithProperties(today)).toEqual([]);
    forgetHomeRanking();
    const lists = await loadHomeLists(today);
    expect(lists.featured.properties).toEqual([]);
    expect(lists.recommended.properties).toEqual([]);
  });

  it("counts guests of completed stays only, and whole years since the first arrival", async () => {
    const guest = await createUser();
    const home = await createProperty({ title: "Haus am Deich" });
    const stay = (checkIn: string, checkOut: string, status: string, guests: number) =>
      createBooking({ userId: guest.id, propertyId: home.id, checkIn, checkOut, status, guests });
    await stay("2024-06-16", "2024-06-20", "completed", 3); // first arrival: 1 year 364 days ago
    await stay("2025-08-01", "2025-08-05", "completed", 2);
    await stay("2026-05-01", "2026-05-04", "cancelled", 4);
    await stay("2026-07-01", "2026-07-08", "confirmed", 5);
    await stay("2026-08-01", "2026-08-08", "pending", 6);
    await createProperty({ title: "Entwurf", status: "draft", city: "Kiel" });

    const facts = await loadSiteFacts(today);
    expect(facts.guestsHosted).toBe(5);
    expect(facts.firstArrival).toBe("2024-06-16");
    expect(facts.yearsHosting).toBe(1);
    expect(await loadSiteFacts("2026-06-16")).toMatchObject({ yearsHosting: 2 });
    expect(facts.publishedProperties).toBe(1);
    expect(facts.destinations).toBe(1);
  });

  it("lists real places per region with count and today's lowest nightly price", async () => {
    await createProperty({ title: "Sylt 2", city: "Sylt", pricePerNight: 20000 });
    await createProperty({
      title: "Sylt Angebot",
      city: "Sylt",
      pricePerNight: 18000,
      isSpecialOffer: true,
      specialOfferPrice: 6000,
      specialOfferEndDate: "2026-06-15", // ends today: still the price a guest pays
    });
    await createProperty({
      title: "Abgelaufen",
      country: "Italien",
      city: "Lucca",
      pricePerNight: 15000,
      isSpecialOffer: true,
      specialOfferPrice: 5000,
      specialOfferEndDate: "2026-06-14",
    });
    await createProperty({ title: "Archiv", country: "Japan", city: "Kyoto", status: "archived" });
    await createProperty({ title: "Unbekannt", country: "Atlantis", city: "Poseidonia" });

    forgetPlaces();
    const places = await listPlaces(today);
    expect(groupByCountry(places, "europa")).toEqual([
      {
        country: "Deutschland",
        properties: 3,
        lowestNightlyPrice: 6000,
        cities: [{ country: "Deutschland", city: "Sylt", properties: 3, lowestNightlyPrice: 6000 }],
      },
      {
        country: "Italien",
        properties: 1,
        lowestNightlyPrice: 15000,
        cities: [{ country: "Italien", city: "Lucca", properties: 1, lowestNightlyPrice: 15000 }],
      },
    ]);
    // An archived property is no destination; an unknown country is on no region page.
    expect(groupByCountry(places, "asien")).toEqual([]);
    expect(await regionsWithProperties(today)).toEqual(["europa"]);
    expect((await loadSiteFacts(today)).destinations).toBe(3);
    // The sitemap sends search engines to the region pages that list something, as the menu does.
    const sitemap = await buildSitemap("https://example.test");
    expect(sitemap).toContain("<loc>https://example.test/reiseziele/europa</loc>");
    for (const empty of ["asien", "amerika", "afrika"]) {
      expect(sitemap).not.toContain(`/reiseziele/${empty}<`);
    }
    expect(sitemap).toContain("<loc>https://example.test/angebote</loc>");
  });

  it("ranks popular properties by bookings and ratings of the last 12 months", async () => {
    await db().delete(schema.booking);
    const guest = await createUser();
    const quiet = await createProperty({ title: "Ruhig", city: "Husum" });
    const busy = await createProperty({ title: "Gefragt", city: "Husum" });
    const rated = await createProperty({ title: "Geliebt", city: "Husum" });
    const old = await createProperty({ title: "Früher gefragt", city: "Husum" });
    let week = 0;
    const book = async (propertyId: string, createdAt: Date, status = "confirmed") => {
      // A different week each, so that no two bookings of one property overlap.
      const checkIn = new Date(Date.UTC(2026, 8, 1 + 7 * week++)).toISOString().slice(0, 10);
      const checkOut = new Date(Date.parse(checkIn) + 2 * 86_400_000).toISOString().slice(0, 10);
      return createBooking({ userId: guest.id, propertyId, checkIn, checkOut, status, createdAt });
    };
    const recent = new Date(Date.now() - 30 * 86_400_000);
    await book(busy.id, recent);
    await book(busy.id, recent);
    await book(quiet.id, recent, "cancelled"); // cancelled bookings do not count
    const stay = await book(rated.id, recent, "completed");
    await db().insert(schema.review).values({
      bookingId: stay.id,
      propertyId: rated.id,
      userId: guest.id,
      rating: 5,
      text: "Wunderbar.",
    });
    // More bookings, but 13 months ago: outside the window.
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    for (let i = 0; i < 3; i++) await book(old.id, longAgo);

    forgetHomeRanking();
    const { featured, recommended } = await loadHomeLists(today);
    expect(featured.kind).toBe("popular");
    const titles = featured.properties.map((p) => p.title);
    expect(titles.slice(0, 2)).toEqual(["Gefragt", "Geliebt"]);
    // Filled up with the newest, which say so.
    expect(featured.properties.slice(2).every((p) => p.isNew)).toBe(true);
    expect(featured.properties.slice(0, 2).some((p) => p.isNew)).toBe(false);
    // No card twice on the page.
    const shown = new Set(titles);
    expect(recommended.properties.some((p) => shown.has(p.title))).toBe(false);
  });

  it("falls back to the newest, titled 'Neu bei uns', when nothing was booked or rated", async () => {
    await db().delete(schema.review);
    await db().delete(schema.booking);
    forgetHomeRanking();
    const { featured } = await loadHomeLists(today);
    expect(featured.kind).toBe("new");
    expect(featured.properties).toHaveLength(6);
  });

  it("recommends only with a real reason: offer, top rating or pets", async () => {
    await db().delete(schema.property);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    await createProperty({ title: "Ohne Grund", createdAt: at(0) });
    await createProperty({
      title: "Angebot",
      pricePerNight: 10000,
      isSpecialOffer: true,
      specialOfferPrice: 7500,
      specialOfferEndDate: "2026-12-31",
      createdAt: at(1),
    });
    await createProperty({
      title: "Mit Hund",
      amenities: ["WLAN", "Haustiere erlaubt"],
      createdAt: at(2),
    });
    // Six newer ones fill "Neu bei uns" (nothing was booked), so the three above are left.
    for (let i = 0; i < 6; i++) await createProperty({ title: `Neu ${i}`, createdAt: at(10 + i) });
    forgetHomeRanking();
    const { featured, recommended } = await loadHomeLists(today);
    expect(featured.kind).toBe("new");
    expect(featured.properties.map((p) => p.title)).not.toContain("Angebot");
    expect(recommended.properties.map((p) => [p.title, p.reason])).toEqual([
      ["Angebot", { kind: "offer", percent: 25 }],
      ["Mit Hund", { kind: "pets" }],
    ]);
  });
});
