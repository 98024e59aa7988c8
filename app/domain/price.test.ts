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
      subtotal: 36_000,
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
