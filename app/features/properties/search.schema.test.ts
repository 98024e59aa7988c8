import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  parseEuros,
  parsePropertySearch,
  propertySearchQuery,
} from "./search.schema";

const today = "2026-11-22";
const parse = (query: string) => parsePropertySearch(new URLSearchParams(query), today);

describe("parsePropertySearch", () => {
  it("reads every filter from the URL", () => {
    expect(
      parse(
        "location=Sylt&minPrice=80&maxPrice=150,50&guests=4&bedrooms=2&bathrooms=1&amenities=WLAN&amenities=Pool&checkIn=2026-12-01&checkOut=2026-12-08&sort=price-asc&page=3",
      ),
    ).toEqual({
      search: {
        location: "Sylt",
        minPrice: 8_000,
        maxPrice: 15_050,
        guests: 4,
        bedrooms: 2,
        bathrooms: 1,
        amenities: ["WLAN", "Pool"],
        checkIn: "2026-12-01",
        checkOut: "2026-12-08",
        sort: "price-asc",
        page: 3,
      },
      notices: [],
    });
  });

  it("ignores letters in numbers, unknown sorts and page numbers below one", () => {
    expect(parse("guests=vier&bedrooms=-1&bathrooms=1.5&sort=cheapest&page=0")).toEqual({
      search: { amenities: [], sort: "newest", page: 1 },
      notices: [],
    });
    expect(parse("minPrice=abc&maxPrice=100")).toEqual({
      search: { maxPrice: 10_000, amenities: [], sort: "newest", page: 1 },
      notices: ["priceInvalid"],
    });
  });

  it("swaps a minimum price above the maximum and says so", () => {
    expect(parse("minPrice=200&maxPrice=80")).toMatchObject({
      search: { minPrice: 8_000, maxPrice: 20_000 },
      notices: ["priceSwapped"],
    });
  });

  it("drops dates in the past, reversed or incomplete, and says why", () => {
    const past = parse("checkIn=2026-11-21&checkOut=2026-11-25");
    expect(past.notices).toEqual(["checkInPast"]);
    expect(past.search.checkIn).toBeUndefined();
    expect(past.search.checkOut).toBeUndefined();
    expect(parse("checkIn=2026-12-05&checkOut=2026-12-05").notices).toEqual([
      "checkOutBeforeCheckIn",
    ]);
    expect(parse("checkIn=2026-12-05").notices).toEqual(["datesIncomplete"]);
    expect(parse("checkIn=2026-02-30&checkOut=2026-03-02").notices).toEqual(["dateInvalid"]);
    // Today is a valid arrival day.
    expect(parse("checkIn=2026-11-22&checkOut=2026-11-23").search).toMatchObject({
      checkIn: "2026-11-22",
      checkOut: "2026-11-23",
    });
  });

  it("caps absurd numbers instead of running absurd queries", () => {
    expect(parse("guests=999999&bedrooms=12&page=99999999").search).toMatchObject({
      guests: 50,
      bedrooms: 5,
      page: 1,
    });
    expect(parse("maxPrice=99999999999").notices).toEqual(["priceInvalid"]);
  });

  it("never throws and only returns values the query can use, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(
              "location",
              "minPrice",
              "maxPrice",
              "guests",
              "bedrooms",
              "bathrooms",
              "amenities",
              "checkIn",
              "checkOut",
              "sort",
              "page",
              "other",
            ),
            fc.string({ maxLength: 300 }),
          ),
          { maxLength: 20 },
        ),
        (pairs) => {
          const { search } = parsePropertySearch(new URLSearchParams(pairs), today);
          expect(Number.isInteger(search.page) && search.page >= 1).toBe(true);
          for (const key of ["minPrice", "maxPrice", "guests", "bedrooms", "bathrooms"] as const) {
            const value = search[key];
            if (value !== undefined) expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
          }
          if (search.minPrice !== undefined && search.maxPrice !== undefined)
            expect(search.minPrice).toBeLessThanOrEqual(search.maxPrice);
          if (search.checkIn)
            expect(search.checkIn >= today && search.checkOut! > search.checkIn).toBe(true);
          expect((search.location ?? "").length).toBeLessThanOrEqual(100);
          expect(search.amenities.length).toBeLessThanOrEqual(12);
          // What is applied survives a round trip through the URL unchanged.
          expect(
            parsePropertySearch(new URLSearchParams(propertySearchQuery(search)), today).search,
          ).toEqual(search);
        },
      ),
    );
  });
});

describe("parseEuros", () => {
  it("reads German and English ways of writing euros", () => {
    expect(parseEuros("80")).toBe(8_000);
    expect(parseEuros("80,5")).toBe(8_050);
    expect(parseEuros("80.50")).toBe(8_050);
    expect(parseEuros("1.200")).toBe(120_000);
    expect(parseEuros("1.200,99")).toBe(120_099);
    expect(parseEuros(" ")).toBeUndefined();
    expect(parseEuros("-5")).toBe("invalid");
    expect(parseEuros("1e3")).toBe("invalid");
  });
});

describe("activeFilterCount", () => {
  it("counts place, stay, party, price range, rooms and each amenity once; sort and page not", () => {
    expect(activeFilterCount(parse("sort=price-asc&page=3").search)).toBe(0);
    expect(activeFilterCount(parse("location=Sylt&minPrice=80&maxPrice=150").search)).toBe(2);
    expect(
      activeFilterCount(
        parse(
          "location=Sylt&checkIn=2026-12-01&checkOut=2026-12-08&guests=4&maxPrice=150&bedrooms=2&bathrooms=1&amenities=WLAN&amenities=Pool",
        ).search,
      ),
    ).toBe(8);
    // Dates that were dropped (only one of them) are no filter.
    expect(activeFilterCount(parse("checkIn=2026-12-01").search)).toBe(0);
  });
});
