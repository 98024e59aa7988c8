import { describe, expect, it } from "vitest";
import { dayInBerlin, todayInBerlin } from "./calendar-day";

describe("todayInBerlin", () => {
  it("returns the Berlin calendar day as YYYY-MM-DD", () => {
    expect(todayInBerlin(new Date("2026-07-15T10:00:00Z"))).toBe("2026-07-15");
    expect(todayInBerlin()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("is already the next day in Berlin shortly before midnight UTC (summer time)", () => {
    // 22:30 UTC = 00:30 CEST on the next day.
    expect(todayInBerlin(new Date("2026-07-15T22:30:00Z"))).toBe("2026-07-16");
    expect(todayInBerlin(new Date("2026-07-15T21:59:59Z"))).toBe("2026-07-15");
  });

  it("follows winter time (UTC+1) and the turn of the year", () => {
    expect(todayInBerlin(new Date("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
    expect(todayInBerlin(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("handles the day of the change to summer time", () => {
    // 29 March 2026: clocks go from 02:00 CET to 03:00 CEST.
    expect(dayInBerlin(new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29");
    expect(dayInBerlin(new Date("2026-03-29T21:59:00Z"))).toBe("2026-03-29");
    expect(dayInBerlin(new Date("2026-03-29T22:00:00Z"))).toBe("2026-03-30");
  });
});
