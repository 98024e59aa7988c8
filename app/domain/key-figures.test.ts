import { describe, expect, it } from "vitest";
import {
  accommodationRevenue,
  keyFigures,
  keyFigureSpans,
  lastTwelveMonths,
  monthToDate,
  nightsInSpan,
  percentChange,
  revenueOfNights,
  type StayTotals,
} from "./key-figures";

describe("spans", () => {
  it("compares month to date with the same days of the month before, also into a shorter month", () => {
    expect(monthToDate("2026-11-24")).toEqual({
      current: { start: "2026-11-01", end: "2026-11-25" },
      previous: { start: "2026-10-01", end: "2026-10-25" },
    });
    expect(monthToDate("2026-03-31").previous).toEqual({ start: "2026-02-01", end: "2026-03-01" });
    expect(monthToDate("2026-01-15").previous).toEqual({ start: "2025-12-01", end: "2025-12-16" });
  });

  it("gives each key figure span and the span before it", () => {
    expect(keyFigureSpans("this-month", "2026-11-24")).toEqual({
      current: { start: "2026-11-01", end: "2026-12-01" },
      previous: { start: "2026-10-01", end: "2026-11-01" },
    });
    expect(keyFigureSpans("last-month", "2026-01-10")).toEqual({
      current: { start: "2025-12-01", end: "2026-01-01" },
      previous: { start: "2025-11-01", end: "2025-12-01" },
    });
    expect(keyFigureSpans("next-30-days", "2026-11-24")).toEqual({
      current: { start: "2026-11-24", end: "2026-12-24" },
      previous: { start: "2026-10-25", end: "2026-11-24" },
    });
    expect(keyFigureSpans("last-12-months", "2026-11-24").current).toEqual({
      start: "2025-11-25",
      end: "2026-11-25",
    });
  });

  it("lists the last twelve months oldest first", () => {
    expect(lastTwelveMonths("2026-02-10")).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });
});

describe("percentChange", () => {
  it("is the change in percent with one decimal, and null without a previous value", () => {
    expect(percentChange(1125, 1000)).toBe(12.5);
    expect(percentChange(800, 1000)).toBe(-20);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(1, 3)).toBe(-66.7);
  });
});

describe("key figures on hand-made bookings", () => {
  const november = { start: "2026-11-01", end: "2026-12-01" };
  // Two properties. A: 28.10.–03.11. (spans the month end), 10.–15.11.; B: 20.–22.11.
  // and a cancelled 24.–27.11. that counts only in the cancellation rate.
  const stays = [
    { checkIn: "2026-10-28", checkOut: "2026-11-03", nightly: 10_000, bookedOn: "2026-10-01" },
    { checkIn: "2026-11-10", checkOut: "2026-11-15", nightly: 12_000, bookedOn: "2026-10-20" },
    { checkIn: "2026-11-20", checkOut: "2026-11-22", nightly: 15_000, bookedOn: "2026-11-18" },
  ];
  const cancelled = { checkIn: "2026-11-24", checkOut: "2026-11-27" };

  it("spreads a stay across a month end over its nights", () => {
    expect(nightsInSpan(stays[0], november)).toBe(2);
    expect(nightsInSpan(stays[0], { start: "2026-10-01", end: "2026-11-01" })).toBe(4);
    expect(nightsInSpan(cancelled, { start: "2026-12-01", end: "2027-01-01" })).toBe(0);
  });

  it("computes occupancy, ADR, RevPAR, stay, lead time and cancellation rate", () => {
    const booked = stays.map((s) => nightsInSpan(s, november));
    const arriving = stays.filter((s) => s.checkIn >= november.start && s.checkIn < november.end);
    const totals: StayTotals = {
      bookedNights: booked.reduce((a, b) => a + b, 0), // 2 + 5 + 2 = 9
      accommodationRevenue: stays.reduce((sum, s, i) => sum + s.nightly * booked[i], 0), // 110,000
      bookableNights: 2 * 30,
      arrivals: arriving.length, // 2 (the stay from October arrived in October)
      arrivalNights: 5 + 2,
      leadDays: 21 + 2, // 20.10. → 10.11., 18.11. → 20.11.
      arrivalsAll: 3, // with the cancelled one
      cancelled: 1,
    };
    expect(totals.bookedNights).toBe(9);
    expect(totals.accommodationRevenue).toBe(110_000);
    expect(keyFigures(totals)).toEqual({
      occupancy: 9 / 60,
      adr: 12_222, // 110,000 / 9, rounded to whole cents
      revpar: 1_833, // 110,000 / 60
      averageStay: 3.5,
      averageLeadTime: 11.5,
      cancellationRate: 1 / 3,
    });
  });

  it("has no figure where nothing was booked, rather than a zero that looks like data", () => {
    expect(
      keyFigures({
        bookedNights: 0,
        accommodationRevenue: 0,
        bookableNights: 0,
        arrivals: 0,
        arrivalNights: 0,
        leadDays: 0,
        arrivalsAll: 0,
        cancelled: 0,
      }),
    ).toEqual({
      occupancy: null,
      adr: null,
      revpar: null,
      averageStay: null,
      averageLeadTime: null,
      cancellationRate: null,
    });
  });
});

describe("accommodation revenue spread over the nights", () => {
  it("is the total without the cleaning and the service fee", () => {
    // Seasons 4 × 100 € + 3 × 140 €, 10 % weekly discount: 820 € − 82 € = 738 €.
    expect(
      accommodationRevenue({
        totalPrice: 73_800 + 7_500 + 2_900,
        cleaningFee: 7_500,
        serviceFee: 2_900,
      }),
    ).toBe(73_800);
  });

  it("gives each night floor(a / n) and one cent more to the first (a mod n) nights", () => {
    // 1,000.01 € over 3 nights: 333.34, 333.34, 333.33.
    expect([0, 1, 2].map((i) => revenueOfNights(100_001, 3, i, i + 1))).toEqual([
      33_334, 33_334, 33_333,
    ]);
    expect(revenueOfNights(100_001, 3)).toBe(100_001);
    expect(revenueOfNights(90_000, 3, 1, 3)).toBe(60_000);
    // Nights outside the stay earn nothing; a stay without nights spreads nothing.
    expect(revenueOfNights(90_000, 3, 3, 5)).toBe(0);
    expect(revenueOfNights(90_000, 3, -2, 1)).toBe(30_000);
    expect(revenueOfNights(5_000, 0)).toBe(0);
  });

  it("adds up to the amount exactly however the nights are split (months, spans)", () => {
    for (const [amount, nights] of [
      [73_800, 7],
      [100_001, 3],
      [1, 30],
      [29, 30],
      [12_345_678, 365],
      [0, 4],
    ]) {
      for (let cut = 0; cut <= nights; cut++) {
        const before = revenueOfNights(amount, nights, 0, cut);
        const after = revenueOfNights(amount, nights, cut, nights);
        expect(before + after).toBe(amount);
      }
      const perNight = Array.from({ length: nights }, (_, i) =>
        revenueOfNights(amount, nights, i, i + 1),
      );
      expect(perNight.reduce((a, b) => a + b, 0)).toBe(amount);
      // No night differs from another by more than a cent.
      expect(Math.max(...perNight) - Math.min(...perNight)).toBeLessThanOrEqual(1);
    }
  });
});
