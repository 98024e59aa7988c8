import { describe, expect, it } from "vitest";
import { fullYearsBetween } from "./site-facts";

describe("fullYearsBetween", () => {
  it("counts whole years only", () => {
    expect(fullYearsBetween("2024-03-10", "2026-03-09")).toBe(1);
    expect(fullYearsBetween("2024-03-10", "2026-03-10")).toBe(2);
    expect(fullYearsBetween("2026-01-01", "2026-12-31")).toBe(0);
    expect(fullYearsBetween("2024-02-29", "2025-02-28")).toBe(0);
  });

  it("never goes below zero", () => {
    expect(fullYearsBetween("2027-01-01", "2026-01-01")).toBe(0);
  });
});
