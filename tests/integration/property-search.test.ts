import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { daysBetween } from "~/domain/calendar-day";
import { computePrice } from "~/domain/price";
import { stayNightlyPrice } from "~/domain/stay-nightly-price";
import { weekdayMask } from "~/domain/seasons";
import {
  clearAmenityOptionsCache,
  COUNT_CAP,
  listAmenityOptions,
  searchProperties,
} from "~/features/properties/search.server";
import { PAGE_SIZE, type PropertySearch } from "~/features/properties/search.schema";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createSeason, createUser } from "../helpers/factories";

const today = "2026-11-22";
const search = (overrides: Partial<PropertySearch> = {}): PropertySearch => ({
  amenities: [],
  sort: "newest",
  page: 1,
  ...overrides,
});
const titles = async (overrides: Partial<PropertySearch> = {}) =>
  (await searchProperties(search(overrides), today)).items.map((i) => i.title);

let handle: DatabaseHandle;
let guestId: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  guestId = (await createUser()).id;
});
afterAll(() => handle.close());

async function clearProperties() {
  await db().delete(schema.review);
  await db().delete(schema.booking);
  await db().delete(schema.property);
  clearAmenityOptionsCache();
}

describe("property search", () => {
  beforeEach(clearProperties);

  it("shows only published properties, newest first", async () => {
    await createProperty({ title: "Alt", createdAt: new Date("2026-01-01T10:00:00Z") });
    await createProperty({ title: "Neu", createdAt: new Date("2026-06-01T10:00:00Z") });
    await createProperty({ title: "Entwurf", status: "draft" });
    await createProperty({ title: "Archiviert", status: "archived" });
    expect(await titles()).toEqual(["Neu", "Alt"]);
  });

  it("finds the location by city, country or both, ignoring case and accents", async () => {
    await createProperty({
      title: "Málaga",
      city: "Málaga",
      country: "Spanien",
      location: "Málaga, Spanien",
    });
    await createProperty({
      title: "Köln",
      city: "Köln",
      country: "Deutschland",
      location: "Köln, Deutschland",
    });
    await createProperty({
      title: "Sylt",
      city: "Sylt",
      country: "Deutschland",
      location: "Sylt, Deutschland",
    });
    expect(await titles({ location: "malaga" })).toEqual(["Málaga"]);
    expect(await titles({ location: "KÖLN" })).toEqual(["Köln"]);
    expect(await titles({ location: "koln, deutsch" })).toEqual(["Köln"]);
    expect((await titles({ location: "deutschland" })).sort()).toEqual(["Köln", "Sylt"]);
    expect(await titles({ location: "spa" })).toEqual(["Málaga"]);
  });

  it("treats % and _ in the location as plain characters", async () => {
    await createProperty({ title: "Sylt" });
    expect(await titles({ location: "%" })).toEqual([]);
    expect(await titles({ location: "S_lt" })).toEqual([]);
  });

  it("keeps fullwidth ％ ＿ ＼ literal too: they are escaped after folding turned them into % _ \\", async () => {
    await createProperty({ title: "Sylt", location: "Sylt, Deutschland" });
    await createProperty({ title: "München", location: "München, Deutschland" });
    for (const query of [
      "％",
      "＿",
      "%",
      "_",
      "＼",
      "\\",
      "﹪",
      "S＿lt",
      "M％",
      "Mue＿chen",
      "％％",
    ]) {
      expect(await titles({ location: query }), query).toEqual([]);
    }
    // Normal searches are unchanged.
    expect(await titles({ location: "Muenchen" })).toEqual(["München"]);
    expect(await titles({ location: "münchen" })).toEqual(["München"]);
    expect(await titles({ location: "ＳＹＬＴ" })).toEqual(["Sylt"]);
  });

  it("finds a location that really contains %, _ or \\, also when typed fullwidth", async () => {
    await createProperty({ title: "Prozent", location: "100% Meerblick, Sylt" });
    await createProperty({ title: "Unterstrich", location: "Haus_am_See, Plön" });
    await createProperty({ title: "Backslash", location: "Dach\\Boden, Kiel" });
    await createProperty({ title: "Ohne", location: "Sylt, Deutschland" });
    expect(await titles({ location: "％" })).toEqual(["Prozent"]);
    expect(await titles({ location: "100%" })).toEqual(["Prozent"]);
    expect(await titles({ location: "＿" })).toEqual(["Unterstrich"]);
    expect(await titles({ location: "haus_am" })).toEqual(["Unterstrich"]);
    expect(await titles({ location: "＼" })).toEqual(["Backslash"]);
    expect(await titles({ location: "dach\\boden" })).toEqual(["Backslash"]);
  });

  it("finds umlauts typed as ae/oe/ue, and names that really contain those letters", async () => {
    const place = (title: string, city: string) =>
      createProperty({ title, city, country: "Deutschland", location: `${city}, Deutschland` });
    await place("München", "München");
    await place("Köln", "Köln");
    await place("Kues", "Bernkastel-Kues");
    await place("Itzehoe", "Itzehoe");
    await place("Sankt Michael", "Sankt Michael im Lungau");
    await place("Bad Säckingen", "Bad Säckingen");

    for (const query of ["Muenchen", "MUENCHEN", "münchen", "München", "munchen"]) {
      expect(await titles({ location: query }), query).toEqual(["München"]);
    }
    expect(await titles({ location: "Koeln" })).toEqual(["Köln"]);
    expect(await titles({ location: "Bad Saeckingen" })).toEqual(["Bad Säckingen"]);
    expect(await titles({ location: "Kues" })).toEqual(["Kues"]);
    expect(await titles({ location: "bernkastel-kues" })).toEqual(["Kues"]);
    expect(await titles({ location: "Itzehoe" })).toEqual(["Itzehoe"]);
    expect(await titles({ location: "Michael" })).toEqual(["Sankt Michael"]);
    // The folded pattern alone would find nothing here; only the transliterated one does.
    expect(await titles({ location: "Muen" })).toEqual(["München"]);
  });

  it("keeps % and _ literal in the transliterated pattern too", async () => {
    await createProperty({ title: "München", location: "München, Deutschland" });
    expect(await titles({ location: "Mue%" })).toEqual([]);
    expect(await titles({ location: "M_enchen" })).toEqual([]);
    expect(await titles({ location: "Mue_chen" })).toEqual([]);
  });

  it("filters by guests, bedrooms, bathrooms (at least) and all chosen amenities", async () => {
    await createProperty({
      title: "Klein",
      maxGuests: 2,
      bedrooms: 1,
      bathrooms: 1,
      amenities: ["WLAN"],
    });
    await createProperty({
      title: "Groß",
      maxGuests: 8,
      bedrooms: 4,
      bathrooms: 2,
      amenities: ["WLAN", "Pool", "Sauna"],
    });
    await createProperty({
      title: "Mittel",
      maxGuests: 4,
      bedrooms: 2,
      bathrooms: 1,
      amenities: ["Pool"],
    });
    expect((await titles({ guests: 4 })).sort()).toEqual(["Groß", "Mittel"]);
    expect(await titles({ bedrooms: 3 })).toEqual(["Groß"]);
    expect(await titles({ bathrooms: 2 })).toEqual(["Groß"]);
    expect((await titles({ amenities: ["Pool"] })).sort()).toEqual(["Groß", "Mittel"]);
    expect(await titles({ amenities: ["Pool", "WLAN"] })).toEqual(["Groß"]);
    expect(await titles({ amenities: ["Pool", "Kamin"] })).toEqual([]);
  });

  it("filters and sorts by the price a guest pays tonight, offers included while active", async () => {
    const offerUntilToday = {
      isSpecialOffer: true,
      specialOfferPrice: 6_000,
      specialOfferEndDate: today,
    };
    await createProperty({ title: "Angebot aktiv", pricePerNight: 15_000, ...offerUntilToday });
    await createProperty({
      title: "Angebot abgelaufen",
      pricePerNight: 14_000,
      ...offerUntilToday,
      specialOfferEndDate: "2026-11-21",
    });
    await createProperty({ title: "Regulär", pricePerNight: 9_000 });
    await createProperty({
      title: "Angebot teurer",
      pricePerNight: 8_000,
      isSpecialOffer: true,
      specialOfferPrice: 20_000,
      specialOfferEndDate: "2027-01-01",
    });

    expect(await titles({ sort: "price-asc" })).toEqual([
      "Angebot aktiv",
      "Angebot teurer",
      "Regulär",
      "Angebot abgelaufen",
    ]);
    expect(await titles({ sort: "price-desc" })).toEqual([
      "Angebot abgelaufen",
      "Regulär",
      "Angebot teurer",
      "Angebot aktiv",
    ]);
    expect(await titles({ maxPrice: 7_000 })).toEqual(["Angebot aktiv"]);
    expect((await titles({ minPrice: 8_500, maxPrice: 14_000 })).sort()).toEqual([
      "Angebot abgelaufen",
      "Regulär",
    ]);

    // The card price is the one price function's nightly price, for every property.
    const result = await searchProperties(search(), today);
    const rows = await db().select().from(schema.property);
    for (const item of result.items) {
      const row = rows.find((r) => r.id === item.id)!;
      const price = computePrice({ property: row, nights: 1, serviceFee: 0, today });
      expect(item.nightlyPrice).toBe(price.nightlyPrice);
      expect(item.isOffer).toBe(price.isOffer);
    }
  });

  it("with both dates, shows only properties free for the whole stay (check-out day is free)", async () => {
    const booked = await createProperty({ title: "Belegt" });
    const free = await createProperty({ title: "Frei" });
    const cancelledOnly = await createProperty({ title: "Storniert" });
    await createBooking({
      userId: guestId,
      propertyId: booked.id,
      checkIn: "2026-12-10",
      checkOut: "2026-12-15",
    });
    await createBooking({
      userId: guestId,
      propertyId: cancelledOnly.id,
      checkIn: "2026-12-01",
      checkOut: "2026-12-20",
      status: "cancelled",
    });
    expect(free.id).toBeTruthy();

    const stay = async (checkIn: string, checkOut: string) =>
      (await titles({ checkIn, checkOut })).sort();
    expect(await stay("2026-12-12", "2026-12-13")).toEqual(["Frei", "Storniert"]);
    expect(await stay("2026-12-05", "2026-12-11")).toEqual(["Frei", "Storniert"]);
    expect(await stay("2026-12-14", "2026-12-20")).toEqual(["Frei", "Storniert"]);
    // Arriving on the booking's check-out day, or leaving on its check-in day, is fine.
    expect(await stay("2026-12-15", "2026-12-18")).toEqual(["Belegt", "Frei", "Storniert"]);
    expect(await stay("2026-12-05", "2026-12-10")).toEqual(["Belegt", "Frei", "Storniert"]);
  });

  it("with both dates, leaves out a property whose season refuses the stay (decision 046)", async () => {
    const summer = await createProperty({ title: "Saison" });
    await createProperty({ title: "Ohne Saison" });
    // July and August 2027: Saturday to Saturday, at least 7 nights.
    await createSeason(summer.id, {
      startDate: "2027-07-01",
      endDate: "2027-08-31",
      minStayNights: 7,
      arrivalWeekdays: weekdayMask([5]),
      departureWeekdays: weekdayMask([5]),
    });
    const stay = async (checkIn: string, checkOut: string) =>
      (await titles({ checkIn, checkOut })).sort();
    // Saturday to Saturday, 7 nights.
    expect(await stay("2027-07-03", "2027-07-10")).toEqual(["Ohne Saison", "Saison"]);
    // A Wednesday arrival, 3 nights, a Sunday departure: the booking page refuses each, so the
    // search used to show a total nobody could book.
    expect(await stay("2027-07-07", "2027-07-14")).toEqual(["Ohne Saison"]);
    expect(await stay("2027-07-03", "2027-07-06")).toEqual(["Ohne Saison"]);
    expect(await stay("2027-07-03", "2027-07-11")).toEqual(["Ohne Saison"]);
    // Arriving before the season (no rule) and leaving on a Saturday after its first nights.
    expect(await stay("2027-06-28", "2027-07-03")).toEqual(["Ohne Saison", "Saison"]);
  });

  it("with dates, the card's nightly price is the stay's, not the base price (audit 23)", async () => {
    const flat = await createProperty({ title: "Altbau", pricePerNight: 10_900 });
    await createSeason(flat.id, {
      startDate: "2027-06-01",
      endDate: "2027-06-30",
      pricePerNight: 13_600,
    });
    const card = async (checkIn?: string, checkOut?: string) =>
      (await searchProperties(search({ checkIn, checkOut }), today, { serviceFee: 2_900 }))
        .items[0];
    // All seven nights in the season: 136 € a night, as the total beside it was made.
    const inSeason = await card("2027-06-05", "2027-06-12");
    expect(inSeason).toMatchObject({ nightlyPrice: 13_600, isOffer: false });
    expect(inSeason.stay!.total).toBe(7 * 13_600 + flat.cleaningFee + 2_900);
    // Two nights before it and two in it: their average.
    expect((await card("2027-05-30", "2027-06-03")).nightlyPrice).toBe((10_900 + 13_600) / 2);
    // Without dates: the base price.
    expect(await card()).toMatchObject({ nightlyPrice: 10_900, stay: null });
  });

  it("with dates across a season's start, an offer on every night still shows as an offer", async () => {
    // Decision 101: the regular price struck through is the nights' average too.
    await createProperty({
      title: "Angebot",
      pricePerNight: 10_900,
      isSpecialOffer: true,
      specialOfferPrice: 9_000,
      specialOfferEndDate: "2027-12-31",
    }).then((flat) =>
      createSeason(flat.id, {
        startDate: "2027-06-01",
        endDate: "2027-06-30",
        pricePerNight: 13_600,
      }),
    );
    const search1 = search({ checkIn: "2027-05-30", checkOut: "2027-06-03" });
    const [card] = (await searchProperties(search1, today, { serviceFee: 2_900 })).items;
    expect(card).toMatchObject({
      nightlyPrice: 9_000,
      regularNightlyPrice: (10_900 + 13_600) / 2,
      isOffer: true,
    });
  });

  it("with dates, 'Preis von/bis', the price order and the count read the nightly price the card shows (decision 106)", async () => {
    const season = (startDate: string, endDate: string, pricePerNight: number) => ({
      startDate,
      endDate,
      pricePerNight,
    });
    // Stay 05.–12.06.2027, 7 nights. What each card shows per night (and the base price the
    // filter and sort used to read):
    // 136 € (base 109 €): every night in the season.
    const inSeason = await createProperty({ title: "Saison", pricePerNight: 10_900 });
    await createSeason(inSeason.id, season("2027-06-01", "2027-06-30", 13_600));
    // (3 × 100 € + 4 × 140,01 €) / 7 = 122,86 € (base 100 €): across the season's start.
    const across = await createProperty({ title: "Saisonbeginn", pricePerNight: 10_000 });
    await createSeason(across.id, season("2027-06-08", "2027-06-30", 14_001));
    // An offer of 110 € caps every night; the season's 100 € nights stay cheaper:
    // (5 × 100 € + 2 × 110 €) / 7 = 102,86 € (offer 110 €).
    const offer = await createProperty({
      title: "Angebot",
      pricePerNight: 16_000,
      isSpecialOffer: true,
      specialOfferPrice: 11_000,
      specialOfferEndDate: "2027-12-31",
    });
    await createSeason(offer.id, season("2027-06-01", "2027-06-09", 10_000));
    // 115 €: no season.
    await createProperty({ title: "Ohne Saison", pricePerNight: 11_500 });
    // 125 € (base 90 €).
    const cheapBase = await createProperty({ title: "Günstige Basis", pricePerNight: 9_000 });
    await createSeason(cheapBase.id, season("2027-05-01", "2027-07-31", 12_500));

    const stay = { checkIn: "2027-06-05", checkOut: "2027-06-12" };
    const found = (overrides: Partial<PropertySearch>) =>
      searchProperties(search({ ...stay, ...overrides }), today, { serviceFee: 2_900 });
    const cards = async (overrides: Partial<PropertySearch>) =>
      (await found(overrides)).items.map((i) => [i.title, i.nightlyPrice]);

    // "Preis bis 120 €": the cards that would say 136, 122.86 or 125 € are not shown.
    const upTo120 = await found({ maxPrice: 12_000 });
    expect(upTo120.items.map((i) => [i.title, i.nightlyPrice]).sort()).toEqual([
      ["Angebot", 10_286],
      ["Ohne Saison", 11_500],
    ]);
    expect(upTo120.total).toBe(2);
    // The average across the season's start is within 123 €; "Preis von 122,87 €" leaves it out.
    expect((await cards({ maxPrice: 12_300 })).map(([title]) => title).sort()).toEqual([
      "Angebot",
      "Ohne Saison",
      "Saisonbeginn",
    ]);
    const from = await found({ minPrice: 12_287 });
    expect(from.items.map((i) => i.title).sort()).toEqual(["Günstige Basis", "Saison"]);
    expect(from.total).toBe(2);

    // The order follows the prices on the cards.
    const ascending = [
      ["Angebot", 10_286],
      ["Ohne Saison", 11_500],
      ["Saisonbeginn", 12_286],
      ["Günstige Basis", 12_500],
      ["Saison", 13_600],
    ];
    expect(await cards({ sort: "price-asc" })).toEqual(ascending);
    expect(await cards({ sort: "price-desc" })).toEqual([...ascending].reverse());
    expect(await cards({ sort: "price-asc", minPrice: 11_000, maxPrice: 12_500 })).toEqual(
      ascending.slice(1, 4),
    );
    expect((await found({ sort: "price-asc", minPrice: 11_000, maxPrice: 12_500 })).total).toBe(3);

    // Without dates nothing changes: the base (or offer) price.
    const undated = await searchProperties(search({ sort: "price-asc", maxPrice: 12_000 }), today);
    expect(undated.items.map((i) => [i.title, i.nightlyPrice])).toEqual([
      ["Günstige Basis", 9_000],
      ["Saisonbeginn", 10_000],
      ["Saison", 10_900],
      ["Angebot", 11_000],
      ["Ohne Saison", 11_500],
    ]);
  });

  it("with dates, the price order pages and counts by exactly the card's nightly price, rounding included", async () => {
    // 60 properties: regular prices, active and expired offers, seasons inside, across the
    // start and across the end of the stays below; every card's price from the one price function.
    const values = Array.from({ length: 60 }, (_, i) => {
      const price = 5_000 + ((i * 7919) % 40) * 501;
      const kind = i % 3; // 0: regular, 1: active offer, 2: expired offer
      return {
        title: `P${i}`,
        pricePerNight: price,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i % 7)),
        isSpecialOffer: kind !== 0,
        specialOfferPrice: kind === 0 ? null : price - 1_000 - (i % 5) * 100,
        specialOfferEndDate: kind === 2 ? "2026-11-21" : kind === 0 ? null : "2027-12-31",
        country: "Deutschland",
        city: "Sylt",
        location: "Sylt, Deutschland",
        status: "published",
      };
    });
    const rows = await db().insert(schema.property).values(values).returning();
    const seasonsOf = new Map<
      string,
      { startDate: string; endDate: string; pricePerNight: number }[]
    >();
    for (const [i, row] of rows.entries()) {
      if (i % 4 === 3) continue; // a quarter without seasons
      const seasons = [
        {
          startDate: `2027-06-0${1 + (i % 7)}`,
          endDate: "2027-06-20",
          pricePerNight: 6_001 + i * 137,
        },
        // A second, cheaper one right after (seasons never overlap).
        { startDate: "2027-06-21", endDate: "2027-07-10", pricePerNight: 4_000 + i * 61 },
      ];
      seasonsOf.set(row.id, seasons);
      for (const value of seasons) await createSeason(row.id, value);
    }
    const newest = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
    let halfCents = 0;
    // 2 to 5 nights across the first season's start (half cents round up), and 7 across the two.
    for (const [checkIn, checkOut] of [
      ["2027-06-03", "2027-06-05"],
      ["2027-06-04", "2027-06-09"],
      ["2027-06-17", "2027-06-24"],
    ]) {
      const nights = daysBetween(checkIn, checkOut);
      const prices = rows.map((row) =>
        computePrice({
          property: row,
          nights,
          checkIn,
          seasons: seasonsOf.get(row.id) ?? [],
          serviceFee: 0,
          today,
        }),
      );
      const nightly = new Map(
        rows.map((row, i) => [row.id, stayNightlyPrice(prices[i]).nightlyPrice]),
      );
      halfCents += prices.filter((price) => (price.subtotal / nights) % 1 === 0.5).length;
      for (const [sort, direction] of [
        ["price-asc", 1],
        ["price-desc", -1],
      ] as const) {
        const expected = [...rows]
          .sort((a, b) => direction * (nightly.get(a.id)! - nightly.get(b.id)!) || newest(a, b))
          .map((r) => r.id);
        const pages = [];
        for (let page = 1; page <= 3; page++) {
          const result = await searchProperties(search({ sort, page, checkIn, checkOut }), today, {
            serviceFee: 0,
          });
          expect(result.total).toBe(60);
          for (const item of result.items) expect(item.nightlyPrice).toBe(nightly.get(item.id));
          pages.push(...result.items.map((i) => i.id));
        }
        expect(pages).toEqual(expected);
        // A range whose ends are card prices: both ends are in it, exactly.
        const [low, high] = [nightly.get(expected[10])!, nightly.get(expected[45])!].sort(
          (a, b) => a - b,
        );
        const inRange = expected.filter(
          (id) => nightly.get(id)! >= low && nightly.get(id)! <= high,
        );
        const ranged = await searchProperties(
          search({ sort, checkIn, checkOut, minPrice: low, maxPrice: high }),
          today,
        );
        expect(ranged.total).toBe(inRange.length);
        expect(ranged.items.map((i) => i.id)).toEqual(inRange.slice(0, PAGE_SIZE));
      }
    }
    // The data did hold averages of exactly half a cent (Math.round takes them up).
    expect(halfCents).toBeGreaterThan(0);
  });

  it("with dates, the price order leaves out seasonal properties that are booked, refused by their stay rules or filtered out, on every page and in the count (decision 109)", async () => {
    // Stay Saturday 05.06. to Saturday 12.06.2027, 7 nights, 4 guests, "Sylt". Every property
    // has a season in the stay; the cheapest ones must not be shown.
    const stay = { checkIn: "2027-06-05", checkOut: "2027-06-12" };
    const june = { startDate: "2027-06-01", endDate: "2027-06-30" };
    const booked = await createProperty({ title: "Belegt" });
    await createSeason(booked.id, { ...june, pricePerNight: 5_000 });
    await createBooking({
      userId: guestId,
      propertyId: booked.id,
      checkIn: "2027-06-10",
      checkOut: "2027-06-14",
    });
    const minStay = await createProperty({ title: "Mindestens 10 Nächte" });
    await createSeason(minStay.id, { ...june, pricePerNight: 5_100, minStayNights: 10 });
    const sundays = await createProperty({ title: "Abreise sonntags" });
    await createSeason(sundays.id, {
      ...june,
      pricePerNight: 5_200,
      departureWeekdays: weekdayMask([6]),
    });
    const small = await createProperty({ title: "Zu klein", maxGuests: 2 });
    await createSeason(small.id, { ...june, pricePerNight: 5_300 });
    const elsewhere = await createProperty({ title: "Anderswo", location: "Rom, Italien" });
    await createSeason(elsewhere.id, { ...june, pricePerNight: 5_400 });
    // Two seasons in the stay: (3 × 60 € + 4 × 70 €) / 7 = 65,71 €.
    const two = await createProperty({ title: "Zwei Saisons", pricePerNight: 20_000 });
    await createSeason(two.id, {
      startDate: "2027-06-01",
      endDate: "2027-06-07",
      pricePerNight: 6_000,
    });
    await createSeason(two.id, {
      startDate: "2027-06-08",
      endDate: "2027-06-20",
      pricePerNight: 7_000,
    });
    // 30 more with a season (80 € + i) and 5 without (base 79,50 € + i): more than one page.
    const expected: [string, number][] = [["Zwei Saisons", 6_571]];
    for (let i = 0; i < 30; i++) {
      const row = await createProperty({ title: `Saison ${i}`, pricePerNight: 30_000 });
      await createSeason(row.id, { ...june, pricePerNight: 8_000 + i * 100 });
      expected.push([`Saison ${i}`, 8_000 + i * 100]);
    }
    for (let i = 0; i < 5; i++) {
      await createProperty({ title: `Ohne Saison ${i}`, pricePerNight: 7_950 + i * 700 });
      expected.push([`Ohne Saison ${i}`, 7_950 + i * 700]);
    }
    expected.sort((a, b) => a[1] - b[1]);

    const filters = { ...stay, guests: 4, location: "Sylt" };
    const cards = async (overrides: Partial<PropertySearch>) => {
      const result = await searchProperties(search({ ...filters, ...overrides }), today, {
        serviceFee: 0,
      });
      return { ...result, cards: result.items.map((i) => [i.title, i.nightlyPrice]) };
    };
    const ascending = [
      await cards({ sort: "price-asc" }),
      await cards({ sort: "price-asc", page: 2 }),
    ];
    expect([...ascending[0].cards, ...ascending[1].cards]).toEqual(expected);
    expect(ascending[0].total).toBe(expected.length);
    const descending = [
      await cards({ sort: "price-desc" }),
      await cards({ sort: "price-desc", page: 2 }),
    ];
    expect([...descending[0].cards, ...descending[1].cards]).toEqual([...expected].reverse());
    // "Preis bis 100 €": the count adds up the same parts (none of the refused ones).
    const upTo100 = expected.filter(([, price]) => price <= 10_000);
    const ranged = await cards({ sort: "price-asc", maxPrice: 10_000 });
    expect(ranged.total).toBe(upTo100.length);
    expect(ranged.cards).toEqual(upTo100.slice(0, PAGE_SIZE));
  });

  it("sorts by the real average rating; hidden reviews do not count", async () => {
    const good = await createProperty({ title: "Gut", createdAt: new Date("2026-01-01") });
    const great = await createProperty({ title: "Sehr gut", createdAt: new Date("2026-01-02") });
    await createProperty({ title: "Ohne Bewertung", createdAt: new Date("2026-01-03") });
    const review = async (propertyId: string, rating: number) => {
      const b = await createBooking({
        userId: null as unknown as string,
        propertyId,
        checkIn: `2025-0${rating}-01`,
        checkOut: `2025-0${rating}-03`,
        status: "completed",
      });
      const [row] = await db()
        .insert(schema.review)
        .values({ bookingId: b.id, propertyId, userId: guestId, rating, text: "Sehr schön hier." })
        .returning();
      return row;
    };
    await review(good.id, 4);
    await review(good.id, 3);
    await review(great.id, 5);
    const hidden = await review(great.id, 1);

    let result = await searchProperties(search({ sort: "rating" }), today);
    expect(result.items.map((i) => [i.title, i.ratingAverage, i.reviewCount])).toEqual([
      ["Gut", 3.5, 2],
      ["Sehr gut", 3, 2],
      ["Ohne Bewertung", null, 0],
    ]);

    // The admin hides the 1-star review: the average follows without any app code.
    await db()
      .update(schema.review)
      .set({ isHidden: true, hiddenReason: "abuse" })
      .where(eq(schema.review.id, hidden.id));
    result = await searchProperties(search({ sort: "rating" }), today);
    expect(result.items.map((i) => [i.title, i.ratingAverage, i.reviewCount])).toEqual([
      ["Sehr gut", 5, 1],
      ["Gut", 3.5, 2],
      ["Ohne Bewertung", null, 0],
    ]);

    // Deleting a review also updates the aggregates.
    await db().delete(schema.review).where(eq(schema.review.propertyId, good.id));
    result = await searchProperties(search({ sort: "rating" }), today);
    expect(result.items.find((i) => i.title === "Gut")).toMatchObject({
      ratingAverage: null,
      reviewCount: 0,
    });
  });

  it("pages with the total count, and shows the last page for a page number beyond it", async () => {
    for (let i = 0; i < PAGE_SIZE + 5; i++) {
      await createProperty({
        title: `Wohnung ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const first = await searchProperties(search(), today);
    expect(first).toMatchObject({ total: PAGE_SIZE + 5, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0].title).toBe(`Wohnung ${PAGE_SIZE + 4}`);
    const second = await searchProperties(search({ page: 2 }), today);
    expect(second.items.map((i) => i.title)).toEqual([4, 3, 2, 1, 0].map((i) => `Wohnung ${i}`));
    const beyond = await searchProperties(search({ page: 99 }), today);
    expect(beyond.page).toBe(2);
    expect(beyond.items).toEqual(second.items);

    const none = await searchProperties(search({ location: "Atlantis" }), today);
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] });
  });

  it("price order pages through offers and regular prices alike, exactly as the price function ranks them", async () => {
    const values = Array.from({ length: 60 }, (_, i) => {
      const price = 5_000 + ((i * 7919) % 40) * 500;
      const kind = i % 4; // 0: regular, 1: active offer, 2: expired offer, 3: offer not cheaper
      return {
        title: `P${i}`,
        pricePerNight: price,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i % 7)),
        isSpecialOffer: kind !== 0,
        specialOfferPrice:
          kind === 0 ? null : kind === 3 ? price + 100 : price - 1_500 - (i % 5) * 100,
        specialOfferEndDate: kind === 2 ? "2026-11-21" : kind === 0 ? null : "2026-12-31",
        country: "Deutschland",
        city: "Sylt",
        location: "Sylt, Deutschland",
        status: "published",
      };
    });
    await db().insert(schema.property).values(values);
    const rows = await db().select().from(schema.property);
    const nightly = (id: string) =>
      computePrice({ property: rows.find((r) => r.id === id)!, nights: 1, serviceFee: 0, today })
        .nightlyPrice;
    const newest = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
    for (const [sort, direction] of [
      ["price-asc", 1],
      ["price-desc", -1],
    ] as const) {
      const expected = [...rows]
        .sort((a, b) => direction * (nightly(a.id) - nightly(b.id)) || newest(a, b))
        .map((r) => r.id);
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const result = await searchProperties(search({ sort, page }), today);
        expect(result.total).toBe(60);
        pages.push(...result.items.map((i) => i.id));
      }
      expect(pages).toEqual(expected);
      // With a price range, the count and the page agree with the price function too.
      const ranged = await searchProperties(
        search({ sort, minPrice: 8_000, maxPrice: 15_000 }),
        today,
      );
      const inRange = expected.filter((id) => nightly(id) >= 8_000 && nightly(id) <= 15_000);
      expect(ranged.total).toBe(inRange.length);
      expect(ranged.items.map((i) => i.id)).toEqual(inRange.slice(0, PAGE_SIZE));
    }
  });

  it("counts exactly up to 100 matches; beyond, it says 'more' and pages on while there are more", async () => {
    const count = 3 * COUNT_CAP + 7;
    await db()
      .insert(schema.property)
      .values(
        Array.from({ length: count }, (_, i) => ({
          title: `Wohnung ${i}`,
          pricePerNight: 9_000 + (i % 3) * 1_000,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          country: "Deutschland",
          city: "Sylt",
          location: "Sylt, Deutschland",
          status: "published",
        })),
      );
    const first = await searchProperties(search(), today);
    // 101 matches certainly fill five pages; what lies beyond is found by paging on.
    expect(first).toMatchObject({ total: COUNT_CAP, isTotalCapped: true, page: 1, pageCount: 5 });
    const fifth = await searchProperties(search({ page: 5 }), today);
    expect(fifth.pageCount).toBe(6);

    // Following "Weiter" visits every property once, newest first, up to the real last page.
    const lastPage = Math.ceil(count / PAGE_SIZE);
    const seen: string[] = [];
    let page = 1;
    for (;;) {
      const result = await searchProperties(search({ page }), today);
      seen.push(...result.items.map((item) => item.title));
      if (result.pageCount <= page) break;
      page++;
    }
    expect(page).toBe(lastPage);
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => `Wohnung ${count - 1 - i}`));

    // A page number beyond the end shows the real last page.
    const beyond = await searchProperties(search({ page: 999 }), today);
    expect(beyond).toMatchObject({ page: lastPage, pageCount: lastPage, isTotalCapped: true });
    expect(beyond.items).toHaveLength(count - (lastPage - 1) * PAGE_SIZE);

    // The price filter counts through both price halves and is capped the same way.
    const ranged = await searchProperties(search({ minPrice: 10_000, maxPrice: 11_000 }), today);
    expect(ranged).toMatchObject({ total: COUNT_CAP, isTotalCapped: true });
    const exact = await searchProperties(search({ maxPrice: 8_000 }), today);
    expect(exact).toMatchObject({ total: 0, isTotalCapped: false, pageCount: 1 });
  });

  it("offers the amenities of published properties, most common first", async () => {
    await createProperty({ amenities: ["WLAN", "Pool"] });
    await createProperty({ amenities: ["WLAN", "Kamin"] });
    await createProperty({ amenities: ["Geheim"], status: "draft" });
    // WLAN is in two properties, the others in one (ties by name).
    expect(await listAmenityOptions()).toEqual(["WLAN", "Kamin", "Pool"]);
    expect(await listAmenityOptions(1)).toEqual(["WLAN", "Kamin", "Pool"]); // cached
    clearAmenityOptionsCache();
    expect(await listAmenityOptions(1)).toEqual(["WLAN"]);
  });

  it("with both dates, every card carries the stay total of the one price function, fees included", async () => {
    await createProperty({ title: "Regulär", pricePerNight: 18_000, cleaningFee: 9_000 });
    await createProperty({
      title: "Angebot",
      pricePerNight: 20_000,
      cleaningFee: 5_000,
      isSpecialOffer: true,
      specialOfferPrice: 15_000,
      specialOfferEndDate: "2027-01-31",
    });
    await createProperty({ title: "Ohne Reinigung", pricePerNight: 9_950, cleaningFee: 0 });
    const stay = { checkIn: "2026-12-01", checkOut: "2026-12-08" };
    const rows = await db().select().from(schema.property);
    for (const sort of ["newest", "price-asc", "price-desc", "rating"] as const) {
      const result = await searchProperties(search({ ...stay, sort }), today, {
        serviceFee: 2_900,
      });
      expect(result.items).toHaveLength(3);
      for (const item of result.items) {
        const row = rows.find((r) => r.id === item.id)!;
        const price = computePrice({ property: row, nights: 7, serviceFee: 2_900, today });
        expect(item.stay, `${sort} ${item.title}`).toEqual({ nights: 7, total: price.total });
      }
    }
    const regular = (await searchProperties(search(stay), today, { serviceFee: 2_900 })).items.find(
      (item) => item.title === "Regulär",
    )!;
    // 7 × 180 € + 90 € cleaning + 29 € service fee.
    expect(regular.stay).toEqual({ nights: 7, total: 137_900 });

    // Without dates, or where no total is shown, the cards stay as they are.
    for (const item of (await searchProperties(search(), today, { serviceFee: 2_900 })).items)
      expect(item.stay).toBeNull();
    for (const item of (await searchProperties(search(stay), today)).items)
      expect(item.stay).toBeNull();
  });
});
