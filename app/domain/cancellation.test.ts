import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  berlinMidnight,
  cancellationQuote,
  freeCancellationDeadline,
  isCancellable,
  stayCancellationTerms,
} from "./cancellation";

const terms = { freeCancellationHours: 48, cancellationFeePercentage: 50 };

describe("berlinMidnight", () => {
  it("is 23:00 UTC in winter and 22:00 UTC in summer", () => {
    expect(berlinMidnight("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(berlinMidnight("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
  });

  it("handles the days of the clock changes (29 March and 25 October 2026)", () => {
    // The change happens at 02:00/03:00, after midnight: the day still starts at the old offset.
    expect(berlinMidnight("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(berlinMidnight("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(berlinMidnight("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(berlinMidnight("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });
});

describe("freeCancellationDeadline", () => {
  it("counts real hours back from 00:00 Berlin of the check-in day", () => {
    expect(freeCancellationDeadline("2026-06-10", 48).toISOString()).toBe(
      "2026-06-07T22:00:00.000Z",
    );
    expect(freeCancellationDeadline("2026-06-10", 0).toISOString()).toBe(
      "2026-06-09T22:00:00.000Z",
    );
  });

  it("spans the spring change: 48 h before Monday 00:00 CEST is Friday 23:00 CET", () => {
    // 2026-03-30 00:00 CEST = 2026-03-29T22:00Z; minus 48 h = 2026-03-27T22:00Z = 23:00 CET.
    expect(freeCancellationDeadline("2026-03-30", 48).toISOString()).toBe(
      "2026-03-27T22:00:00.000Z",
    );
  });

  it("spans the autumn change: 48 h before Monday 00:00 CET is Saturday 01:00 CEST", () => {
    // 2026-10-26 00:00 CET = 2026-10-25T23:00Z; minus 48 h = 2026-10-23T23:00Z = Sat 01:00 CEST.
    expect(freeCancellationDeadline("2026-10-26", 48).toISOString()).toBe(
      "2026-10-23T23:00:00.000Z",
    );
  });
});

describe("cancellationQuote", () => {
  const total = 126_249;

  it("is free before the deadline and charges the percentage from the deadline on", () => {
    const deadline = freeCancellationDeadline("2026-03-30", 48).getTime();
    const before = cancellationQuote({
      ...terms,
      totalPrice: total,
      checkIn: "2026-03-30",
      now: new Date(deadline - 1),
    });
    expect(before).toMatchObject({ fee: 0, isFree: true });
    const at = cancellationQuote({
      ...terms,
      totalPrice: total,
      checkIn: "2026-03-30",
      now: new Date(deadline),
    });
    // 50 % of 1.262,49 € = 631,245 € → 631,25 € (half up).
    expect(at).toMatchObject({ fee: 63_125, isFree: false });
  });

  it("rounds to whole cents", () => {
    const quote = (pct: number, totalPrice: number) =>
      cancellationQuote({
        totalPrice,
        checkIn: "2026-06-10",
        now: new Date("2026-06-09T12:00:00Z"),
        freeCancellationHours: 48,
        cancellationFeePercentage: pct,
      }).fee;
    expect(quote(50, 1)).toBe(1);
    expect(quote(33, 1000)).toBe(330);
    expect(quote(33, 1001)).toBe(330);
    expect(quote(100, 98_765)).toBe(98_765);
    expect(quote(0, 98_765)).toBe(0);
  });

  it("late in the evening before a summer check-in: Berlin time, not UTC", () => {
    // 2026-06-09 23:30 Berlin = 21:30 UTC; with 0 free hours still free (before 00:00 Berlin).
    const quote = cancellationQuote({
      totalPrice: total,
      checkIn: "2026-06-10",
      now: new Date("2026-06-09T21:30:00Z"),
      freeCancellationHours: 0,
      cancellationFeePercentage: 50,
    });
    expect(quote.isFree).toBe(true);
  });

  it("the fee is 0 or round(total × pct / 100), never above the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 24 * 30 }),
        fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z") }),
        fc.integer({ min: 0, max: 60 }),
        (totalPrice, pct, hours, now, daysAhead) => {
          fc.pre(!Number.isNaN(now.getTime()));
          const checkIn = new Date(now.getTime() + daysAhead * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const quote = cancellationQuote({
            totalPrice,
            checkIn,
            now,
            freeCancellationHours: hours,
            cancellationFeePercentage: pct,
          });
          expect(Number.isInteger(quote.fee)).toBe(true);
          expect(quote.fee).toBeGreaterThanOrEqual(0);
          expect(quote.fee).toBeLessThanOrEqual(totalPrice);
          if (now.getTime() < quote.freeUntil.getTime()) expect(quote.fee).toBe(0);
          else expect(quote.fee).toBe(Math.round((totalPrice * pct) / 100));
          // The deadline is exactly `hours` before a Berlin midnight.
          expect(berlinMidnight(checkIn).getTime() - quote.freeUntil.getTime()).toBe(
            hours * 3_600_000,
          );
        },
      ),
    );
  });

  it("berlinMidnight is a Berlin midnight for every day of several years", () => {
    const format = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const [y, m, d] = day.split("-");
      expect(format.format(berlinMidnight(day))).toBe(`${d}/${m}/${y}, 00:00`);
    }
  });
});

describe("isCancellable", () => {
  it("allows pending and confirmed bookings before the check-in day only", () => {
    expect(isCancellable({ status: "pending", checkIn: "2026-06-10" }, "2026-06-09")).toBe(true);
    expect(isCancellable({ status: "confirmed", checkIn: "2026-06-10" }, "2026-06-09")).toBe(true);
    expect(isCancellable({ status: "confirmed", checkIn: "2026-06-10" }, "2026-06-10")).toBe(false);
    expect(isCancellable({ status: "cancelled", checkIn: "2026-06-10" }, "2026-06-01")).toBe(false);
    expect(isCancellable({ status: "completed", checkIn: "2026-06-10" }, "2026-06-01")).toBe(false);
  });
});

describe("stayCancellationTerms", () => {
  // 3 nights at 70 € + 75 € cleaning + 29 € service = 314 €; 50 % → 157 €.
  const stay = { ...terms, totalPrice: 31_400 };

  it("names the last free day and the fee in euros charged after it", () => {
    expect(
      stayCancellationTerms({
        ...stay,
        checkIn: "2027-03-14",
        today: "2027-02-01",
        now: new Date("2027-02-01T10:00:00Z"),
      }),
    ).toEqual({ kind: "free", day: "2027-03-11", time: null, feeAfter: 15_700, percentage: 50 });
  });

  it("charges at once for a last-minute stay: the fee the cancellation would charge now", () => {
    const now = new Date("2027-03-13T10:00:00Z");
    const terms = stayCancellationTerms({
      ...stay,
      checkIn: "2027-03-14",
      today: "2027-03-13",
      now,
    });
    const charged = cancellationQuote({ ...stay, checkIn: "2027-03-14", now });
    expect(terms).toEqual({ kind: "fee", fee: 15_700, percentage: 50 });
    expect(charged.fee).toBe(15_700);
  });

  it("rounds the fee like the cancellation (30 % of 515,00 € = 154,50 €)", () => {
    expect(
      stayCancellationTerms({
        totalPrice: 51_500,
        freeCancellationHours: 72,
        cancellationFeePercentage: 30,
        checkIn: "2027-03-14",
        today: "2027-03-12",
        now: new Date("2027-03-12T09:00:00Z"),
      }),
    ).toEqual({ kind: "fee", fee: 15_450, percentage: 30 });
  });

  it("is free until the check-in day without a fee, and 'none' on the check-in day itself", () => {
    const free = { totalPrice: 31_400, freeCancellationHours: 48, cancellationFeePercentage: 0 };
    expect(
      stayCancellationTerms({
        ...free,
        checkIn: "2027-03-14",
        today: "2027-03-13",
        now: new Date("2027-03-13T20:00:00Z"),
      }),
    ).toEqual({ kind: "free", day: "2027-03-13", time: null, feeAfter: 0, percentage: 0 });
    expect(
      stayCancellationTerms({
        ...stay,
        checkIn: "2027-03-14",
        today: "2027-03-14",
        now: new Date("2027-03-14T08:00:00Z"),
      }),
    ).toEqual({ kind: "none" });
  });

  it("agrees with cancellationQuote for any stay and moment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 60 * 24 * 30 }),
        (totalPrice, hours, percentage, minutesBefore) => {
          const checkIn = "2027-10-31";
          const now = new Date(berlinMidnight(checkIn).getTime() - minutesBefore * 60_000);
          const rule = {
            totalPrice,
            checkIn,
            freeCancellationHours: hours,
            cancellationFeePercentage: percentage,
          };
          const shown = stayCancellationTerms({ ...rule, now, today: "2027-10-01" });
          const charged = cancellationQuote({ ...rule, now });
          if (shown.kind === "fee") expect(shown.fee).toBe(charged.fee);
          if (shown.kind === "free") expect(charged.fee).toBe(0);
        },
      ),
    );
  });
});
