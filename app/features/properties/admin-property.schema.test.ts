import { describe, expect, it } from "vitest";
import {
  adminPropertyFilter,
  centsToInput,
  COUNTRIES,
  normalizeAmenities,
  parseCount,
  parseEuroCents,
  propertyFormSchema,
} from "./admin-property.schema";

describe("parseEuroCents", () => {
  it("reads German and plain prices with cents", () => {
    expect(parseEuroCents("95")).toBe(9500);
    expect(parseEuroCents("95,5")).toBe(9550);
    expect(parseEuroCents("95,50")).toBe(9550);
    expect(parseEuroCents(" 1.234,50 € ")).toBe(123450);
    expect(parseEuroCents("95.50")).toBe(9550);
    expect(parseEuroCents("0")).toBe(0);
  });
  it("refuses what is not a price", () => {
    for (const value of ["", "abc", "-5", "1,234", "12.345,6.7", "1e3", "95,505", "1.23.4"]) {
      expect(parseEuroCents(value), value).toBeNull();
    }
  });
  it("writes cents back as the form shows them", () => {
    expect(centsToInput(9550)).toBe("95,50");
    expect(centsToInput(7)).toBe("0,07");
    expect(parseEuroCents(centsToInput(123456))).toBe(123456);
  });
});

describe("counts and amenities", () => {
  it("takes whole numbers 1–100 only", () => {
    expect(parseCount("3")).toBe(3);
    for (const value of ["0", "1.5", "1,5", "-1", "101", "x", ""]) {
      expect(parseCount(value), value).toBeNull();
    }
  });
  it("trims, drops blanks and duplicates (ignoring case), keeps the order", () => {
    expect(normalizeAmenities([" WLAN ", "", "Sauna", "wlan"], "Kamin\n  \nSauna, Garten")).toEqual(
      ["WLAN", "Sauna", "Kamin", "Garten"],
    );
  });
});

describe("the form schema", () => {
  const today = "2026-11-24";
  const base = {
    title: "Haus",
    description: "Schön",
    pricePerNight: "100",
    country: "Schweiz",
    city: "St. Moritz",
    bedrooms: "1",
    bathrooms: "1",
    maxGuests: "2",
  };
  it("composes the location and defaults the cleaning fee to 75 €", () => {
    const parsed = propertyFormSchema(today).parse(base);
    expect(parsed).toMatchObject({ location: "St. Moritz, Schweiz", cleaningFee: 7500 });
  });
  it("takes an offer ending today, not yesterday", () => {
    const offer = { ...base, isSpecialOffer: "on", specialOfferPrice: "80" };
    expect(
      propertyFormSchema(today).safeParse({ ...offer, specialOfferEndDate: today }).success,
    ).toBe(true);
    expect(
      propertyFormSchema(today).safeParse({ ...offer, specialOfferEndDate: "2026-11-23" }).success,
    ).toBe(false);
  });
  it("sorts the countries as German speakers do", () => {
    expect(COUNTRIES.indexOf("Österreich")).toBe(COUNTRIES.indexOf("Niederlande") + 1);
    expect(COUNTRIES.at(-1)).toBe("Tschechien");
  });
  it("reads a hostile list URL without failing", () => {
    expect(adminPropertyFilter(new URLSearchParams("status=%00&ort=%00Binz&page=1e9"))).toEqual({
      q: "",
      location: "Binz",
      status: "alle",
      page: 1,
    });
  });
});
