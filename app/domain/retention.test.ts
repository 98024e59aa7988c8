import { describe, expect, it } from "vitest";
import { bookingRetentionEnd } from "./retention";

describe("bookingRetentionEnd", () => {
  it("ends ten years after the end of the calendar year of the stay's end", () => {
    expect(bookingRetentionEnd(["2026-08-14"])).toBe("2036-12-31");
    // The last day of a year still counts to that year; the first of the next to the next one.
    expect(bookingRetentionEnd(["2026-12-31"])).toBe("2036-12-31");
    expect(bookingRetentionEnd(["2027-01-01"])).toBe("2037-12-31");
  });

  it("counts from the latest event: a refund paid the year after the stay moves the end", () => {
    expect(bookingRetentionEnd(["2026-12-20", "2026-11-02", "2027-01-15"])).toBe("2037-12-31");
    expect(bookingRetentionEnd([null, "2025-03-01", undefined])).toBe("2035-12-31");
  });
});
