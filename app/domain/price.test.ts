import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayInBerlin } from "./calendar-day";
import {
  computePrice,
  isOfferActive,
  nightlyPriceOn,
  nightsBetween,
  type PricedProperty,
} from "./price";

const regular: PricedProperty = {
  pricePerNight: 12_000,
  cleaningFee: 7_500,
  isSpecialOffer: false,
  specialOfferPrice: null,
  specialOfferEndDate: null,
};
const offer: PricedProperty = {
  ...regular,
  isSpecialOffer: true,
  specialOfferPrice: 9_950,
  specialOfferEndDate: "2026-12-24",
};

describe("computePrice", () => {
  it("adds nightly price × nights, cleaning fee and service fee", () => {
    expect(
      computePrice({ property: regular, nights: 3, serviceFee: 2_900, today: "2026-11-22" }),
    ).toEqual({
      nightlyPrice: 12_000,
      regularNightlyPrice: 12_000,
      isOffer: false,
      nights: 3,
      lines: [{ nights: 3, price: 12_000, regularPrice: 12_000 }],
      subtotal: 36_000,
      discountPercent: 0,
      discount: 0,
      cleaningFee: 7_500,
      serviceFee: 2_900,
      total: 46_400,
    });
  });

  it("uses the offer price up to and including the offer's last day", () => {
    const onLastDay = computePrice({
      property: offer,
      nights: 2,
      serviceFee: 2_900,
      today: "2026-12-24",
    });
    expect(onLastDay).toMatchObject({
      nightlyPrice: 9_950,
      regularNightlyPrice: 12_000,
      isOffer: true,
    });
    expect(onLastDay.total).toBe(9_950 * 2 + 7_500 + 2_900);
    const dayAfter = computePrice({
      property: offer,
      nights: 2,
      serviceFee: 2_900,
      today: "2026-12-25",
    });
    expect(dayAfter).toMatchObject({ nightlyPrice: 12_000, isOffer: false });
  });

  it("ignores an offer without flag, price or end date, or one that is not cheaper", () => {
    const today = "2026-11-22";
    expect(isOfferActive({ ...offer, isSpecialOffer: false }, today)).toBe(false);
    expect(isOfferActive({ ...offer, specialOfferPrice: null }, today)).toBe(false);
    expect(isOfferActive({ ...offer, specialOfferEndDate: null }, today)).toBe(false);
    expect(isOfferActive({ ...offer, specialOfferPrice: 12_000 }, today)).toBe(false);
    expect(isOfferActive({ ...offer, specialOfferPrice: 15_000 }, today)).toBe(false);
    expect(isOfferActive(offer, today)).toBe(true);
  });

  it("rejects negative or fractional nights instead of pricing them", () => {
    expect(() =>
      computePrice({ property: regular, nights: -1, serviceFee: 0, today: "2026-11-22" }),
    ).toThrow();
    expect(() =>
      computePrice({ property: regular, nights: 1.5, serviceFee: 0, today: "2026-11-22" }),
    ).toThrow();
  });

  it("judges the offer by the Berlin calendar day, not the server's UTC day", () => {
    // 23:30 UTC on the 24th is already the 25th in Berlin: the offer has ended.
    const lateEvening = new Date("2026-12-24T23:30:00Z");
    expect(nightlyPriceOn(offer, todayInBerlin(lateEvening))).toBe(12_000);
    // 22:30 UTC on the 24th is 23:30 in Berlin: still the offer's last day.
    expect(nightlyPriceOn(offer, todayInBerlin(new Date("2026-12-24T22:30:00Z")))).toBe(9_950);
  });
});

describe("computePrice with seasons and long-stay discounts", () => {
  const hauptsaison = {
    startDate: "2027-07-01",
    endDate: "2027-08-31",
    pricePerNight: 15_000,
  };
  const today = "2026-11-22";

  it("prices a stay across a season boundary night by night, grouped by price", () => {
    // Nights 28, 29, 30 June at the base price, 1–4 July in the Hauptsaison.
    const price = computePrice({
      property: regular,
      nights: 7,
      checkIn: "2027-06-28",
      seasons: [hauptsaison],
      serviceFee: 2_900,
      today,
    });
    expect(price.lines).toEqual([
      { nights: 3, price: 12_000, regularPrice: 12_000 },
      { nights: 4, price: 15_000, regularPrice: 15_000 },
    ]);
    expect(price.subtotal).toBe(3 * 12_000 + 4 * 15_000);
    expect(price.nightlyPrice).toBe(12_000);
    expect(price.total).toBe(96_000 + 7_500 + 2_900);
    // The check-out day is not a night: a stay that leaves on the season's first day has none.
    const before = computePrice({
      property: regular,
      nights: 3,
      checkIn: "2027-06-28",
      seasons: [hauptsaison],
      serviceFee: 0,
      today,
    });
    expect(before.lines).toEqual([{ nights: 3, price: 12_000, regularPrice: 12_000 }]);
    // The season's last night is in it, the next one is not.
    const after = computePrice({
      property: regular,
      nights: 2,
      checkIn: "2027-08-31",
      seasons: [hauptsaison],
      serviceFee: 0,
      today,
    });
    expect(after.lines).toEqual([
      { nights: 1, price: 15_000, regularPrice: 15_000 },
      { nights: 1, price: 12_000, regularPrice: 12_000 },
    ]);
  });

  it("takes the weekly discount from 7 nights and the monthly one instead from 28, cents exact", () => {
    const discounted = {
      ...regular,
      pricePerNight: 9_999,
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 25,
    };
    const six = computePrice({ property: discounted, nights: 6, serviceFee: 2_900, today });
    expect(six).toMatchObject({
      discountPercent: 0,
      discount: 0,
      total: 6 * 9_999 + 7_500 + 2_900,
    });
    const week = computePrice({ property: discounted, nights: 7, serviceFee: 2_900, today });
    // 10 % of 699,93 € = 69,993 € → 69,99 €
    expect(week).toMatchObject({ subtotal: 69_993, discountPercent: 10, discount: 6_999 });
    expect(week.total).toBe(69_993 - 6_999 + 7_500 + 2_900);
    const month = computePrice({ property: discounted, nights: 28, serviceFee: 2_900, today });
    // 25 % of 2.799,72 € = 699,93 €: the monthly discount alone, not 10 % on top.
    expect(month).toMatchObject({ subtotal: 279_972, discountPercent: 25, discount: 69_993 });
    expect(month.total).toBe(279_972 - 69_993 + 7_500 + 2_900);
    // Only a weekly discount: it also applies to a month.
    const weeklyOnly = { ...discounted, monthlyDiscountPercent: 0 };
    expect(computePrice({ property: weeklyOnly, nights: 30, serviceFee: 0, today })).toMatchObject({
      discountPercent: 10,
    });
  });

  it("discounts the season nights too, and never the fees", () => {
    const price = computePrice({
      property: { ...regular, weeklyDiscountPercent: 5 },
      nights: 7,
      checkIn: "2027-06-28",
      seasons: [hauptsaison],
      serviceFee: 2_900,
      today,
    });
    expect(price.discount).toBe(Math.round(96_000 * 0.05));
    expect(price.total).toBe(96_000 - 4_800 + 7_500 + 2_900);
  });

  it("applies an active special offer as the most a night costs, also in a season", () => {
    const cheapSeason = { startDate: "2027-01-10", endDate: "2027-01-20", pricePerNight: 8_000 };
    const price = computePrice({
      property: offer, // 99,50 € instead of 120 € until 24.12.2026
      nights: 4,
      checkIn: "2027-06-29",
      seasons: [hauptsaison, cheapSeason],
      serviceFee: 0,
      today,
    });
    // 29, 30 June: base 120 € → offer 99,50 €; 1, 2 July: season 150 € → offer 99,50 €.
    expect(price.lines).toEqual([
      { nights: 2, price: 9_950, regularPrice: 12_000 },
      { nights: 2, price: 9_950, regularPrice: 15_000 },
    ]);
    expect(price.isOffer).toBe(true);
    // A season night cheaper than the offer keeps its own price.
    const cheap = computePrice({
      property: offer,
      nights: 2,
      checkIn: "2027-01-19",
      seasons: [hauptsaison, cheapSeason],
      serviceFee: 0,
      today,
    });
    expect(cheap.lines).toEqual([{ nights: 2, price: 8_000, regularPrice: 8_000 }]);
    expect(cheap.isOffer).toBe(false);
    // Once the offer has ended, the season price applies again.
    const later = computePrice({
      property: offer,
      nights: 1,
      checkIn: "2027-07-01",
      seasons: [hauptsaison],
      serviceFee: 0,
      today: "2026-12-25",
    });
    expect(later.lines).toEqual([{ nights: 1, price: 15_000, regularPrice: 15_000 }]);
  });

  it("gives the same result as before for a property without seasons or discounts", () => {
    const withDates = computePrice({
      property: offer,
      nights: 5,
      checkIn: "2027-07-01",
      seasons: [],
      serviceFee: 2_900,
      today,
    });
    const withoutDates = computePrice({ property: offer, nights: 5, serviceFee: 2_900, today });
    expect(withDates).toEqual(withoutDates);
    expect(withDates.total).toBe(9_950 * 5 + 7_500 + 2_900);
  });

  it("refuses to price seasons without the arrival day", () => {
    expect(() =>
      computePrice({ property: regular, nights: 2, seasons: [hauptsaison], serviceFee: 0, today }),
    ).toThrow();
  });
});

describe("nightsBetween", () => {
  it("counts calendar days, including across the daylight-saving change and leap days", () => {
    expect(nightsBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(nightsBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(nightsBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(nightsBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(nightsBetween("2026-05-02", "2026-05-01")).toBe(0);
  });
});

const day = fc
  .date({
    min: new Date("2025-01-01T00:00:00Z"),
    max: new Date("2030-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const cents = fc.integer({ min: 1, max: 5_000_000 });
const property = fc.record({
  pricePerNight: cents,
  cleaningFee: fc.integer({ min: 0, max: 500_000 }),
  isSpecialOffer: fc.boolean(),
  specialOfferPrice: fc.option(cents, { nil: null }),
  specialOfferEndDate: fc.option(day, { nil: null }),
});

describe("computePrice properties", () => {
  it("total = nightly × nights + cleaning fee + service fee, in whole cents", () => {
    fc.assert(
      fc.property(
        property,
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 100_000 }),
        day,
        (p, nights, serviceFee, today) => {
          const price = computePrice({ property: p, nights, serviceFee, today });
          expect(price.lines.reduce((sum, l) => sum + l.nights, 0)).toBe(nights);
          expect(price.total).toBe(price.nightlyPrice * nights + p.cleaningFee + serviceFee);
          expect(price.subtotal).toBe(price.nightlyPrice * nights);
          expect(Number.isSafeInteger(price.total)).toBe(true);
        },
      ),
    );
  });

  it("charges the offer price only while the offer is active, never more than the regular price", () => {
    fc.assert(
      fc.property(property, day, (p, today) => {
        const { nightlyPrice, isOffer } = computePrice({
          property: p,
          nights: 1,
          serviceFee: 0,
          today,
        });
        const active =
          p.isSpecialOffer &&
          p.specialOfferPrice !== null &&
          p.specialOfferEndDate !== null &&
          p.specialOfferEndDate >= today &&
          p.specialOfferPrice < p.pricePerNight;
        expect(isOffer).toBe(active);
        expect(nightlyPrice).toBe(active ? p.specialOfferPrice : p.pricePerNight);
        expect(nightlyPrice).toBeLessThanOrEqual(p.pricePerNight);
      }),
    );
  });

  it("nights between two days is their distance, and stays add up", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (start, a, b) => {
          const plus = (iso: string, n: number) =>
            new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
          const mid = plus(start, a);
          const end = plus(mid, b);
          expect(nightsBetween(start, mid)).toBe(a);
          expect(nightsBetween(start, end)).toBe(
            nightsBetween(start, mid) + nightsBetween(mid, end),
          );
        },
      ),
    );
  });
});
