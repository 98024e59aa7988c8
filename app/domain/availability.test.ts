import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingHorizonEnd,
  checkOutProblem,
  isNightBooked,
  nextBookedNight,
  resolveInitialStay,
  stayOverlaps,
  stayProblem,
  type BookedStay,
  type StayRules,
} from "~/domain/availability";
import {
  isCheckInSelectable,
  isCheckOutSelectable,
  isDaySelectable,
  limitHints,
  selectDay,
  unavailableDayReason,
} from "~/domain/stay-selection";
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  isCalendarDay,
  monthGrid,
  monthsBetween,
  weekdayIndex,
} from "./calendar-day";

const today = "2026-12-20";
/** Booked: nights of 22.–24.12. and 28.–30.12. (check-outs on the 25th and 31st). */
const stays: BookedStay[] = [
  { checkIn: "2026-12-22", checkOut: "2026-12-25" },
  { checkIn: "2026-12-28", checkOut: "2026-12-31" },
];
const rules: StayRules = {
  today,
  lastCheckIn: bookingHorizonEnd(today, 24),
  stays,
  minStayDays: 1,
  maxStayDays: 30,
};

describe("calendar days", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26"); // end of summer time in Berlin
  });

  it("counts the days between two dates, negative when the second is earlier", () => {
    expect(daysBetween("2026-12-20", "2026-12-27")).toBe(7);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2); // start of summer time
    expect(daysBetween("2027-01-02", "2026-12-31")).toBe(-2);
  });

  it("accepts only real calendar days", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-2-28")).toBe(false);
    expect(isCalendarDay("morgen")).toBe(false);
    expect(isCalendarDay(undefined)).toBe(false);
  });

  it("knows weekdays with Monday first", () => {
    expect(weekdayIndex("2026-12-21")).toBe(0); // Monday
    expect(weekdayIndex("2026-12-24")).toBe(3); // Thursday
    expect(weekdayIndex("2026-12-27")).toBe(6); // Sunday
  });

  it("steps through months and counts their days", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, 20)).toEqual({ year: 2028, month: 1 });
    expect(monthsBetween({ year: 2026, month: 11 }, { year: 2027, month: 2 })).toBe(3);
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 4 })).toBe(30);
  });

  it("lays out a month in Monday-first weeks", () => {
    // February 2027 starts on a Monday and has exactly four weeks.
    const february = monthGrid({ year: 2027, month: 2 });
    expect(february).toHaveLength(4);
    expect(february[0][0]).toBe("2027-02-01");
    expect(february[3][6]).toBe("2027-02-28");
    // December 2026 starts on a Tuesday.
    const december = monthGrid({ year: 2026, month: 12 });
    expect(december[0]).toEqual([
      null,
      ...Array.from({ length: 6 }, (_, i) => `2026-12-0${i + 1}`),
    ]);
    expect(december.at(-1)).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      null,
      null,
      null,
    ]);
  });

  it("puts every day of any month exactly once into its grid, on its weekday", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        (year, month) => {
          const weeks = monthGrid({ year, month });
          expect(weeks.every((week) => week.length === 7)).toBe(true);
          const days = weeks.flatMap((week, w) =>
            week.flatMap((day, i) => (day ? [{ day, i, w }] : [])),
          );
          expect(days).toHaveLength(daysInMonth({ year, month }));
          for (const [index, { day, i }] of days.entries()) {
            expect(day).toBe(addDays(days[0].day, index));
            expect(weekdayIndex(day)).toBe(i);
          }
        },
      ),
    );
  });
});

describe("booked nights", () => {
  it("blocks the nights from check-in up to the day before check-out", () => {
    expect(isNightBooked(stays, "2026-12-21")).toBe(false);
    expect(isNightBooked(stays, "2026-12-22")).toBe(true);
    expect(isNightBooked(stays, "2026-12-24")).toBe(true);
    expect(isNightBooked(stays, "2026-12-25")).toBe(false); // check-out day is free
  });

  it("detects overlapping stays, but not stays that only touch", () => {
    expect(stayOverlaps(stays, "2026-12-20", "2026-12-22")).toBe(false);
    expect(stayOverlaps(stays, "2026-12-25", "2026-12-28")).toBe(false);
    expect(stayOverlaps(stays, "2026-12-24", "2026-12-26")).toBe(true);
    expect(stayOverlaps(stays, "2026-12-20", "2027-01-05")).toBe(true);
    expect(stayOverlaps([], "2026-12-20", "2027-01-05")).toBe(false);
  });

  it("finds the next booked night, which is the latest possible check-out", () => {
    expect(nextBookedNight(stays, "2026-12-20")).toBe("2026-12-22");
    expect(nextBookedNight(stays, "2026-12-23")).toBe("2026-12-23");
    expect(nextBookedNight(stays, "2026-12-25")).toBe("2026-12-28");
    expect(nextBookedNight(stays, "2026-12-31")).toBeNull();
  });
});

describe("Anreise", () => {
  it("cannot be before today", () => {
    expect(isCheckInSelectable("2026-12-19", rules)).toBe(false);
    expect(isCheckInSelectable("2026-12-20", rules)).toBe(true);
  });

  it("cannot be beyond the booking horizon (24 months: up to the same day two years on)", () => {
    expect(rules.lastCheckIn).toBe("2028-12-20");
    expect(isCheckInSelectable("2028-12-20", rules)).toBe(true);
    expect(isCheckInSelectable("2028-12-21", rules)).toBe(false);
    expect(isCheckInSelectable("9999-01-01", rules)).toBe(false);
  });

  it("cannot be a booked night, but can be the check-out day of a booking", () => {
    expect(isCheckInSelectable("2026-12-22", rules)).toBe(false);
    expect(isCheckInSelectable("2026-12-24", rules)).toBe(false);
    expect(isCheckInSelectable("2026-12-25", rules)).toBe(true);
  });
});

describe("Abreise", () => {
  const limits = { stays, minStayDays: 2, maxStayDays: 5 };

  it("must be after the Anreise", () => {
    expect(checkOutProblem("2026-12-25", "2026-12-25", limits)).toBe("checkOutBeforeCheckIn");
    expect(checkOutProblem("2026-12-25", "2026-12-24", limits)).toBe("checkOutBeforeCheckIn");
  });

  it("respects the minimum and maximum stay", () => {
    expect(checkOutProblem("2027-01-05", "2027-01-06", limits)).toBe("tooShort");
    expect(checkOutProblem("2027-01-05", "2027-01-07", limits)).toBeNull();
    expect(checkOutProblem("2027-01-05", "2027-01-10", limits)).toBeNull();
    expect(checkOutProblem("2027-01-05", "2027-01-11", limits)).toBe("tooLong");
  });

  it("cannot cross a booked night, but may be the next booking's check-in day", () => {
    expect(isCheckOutSelectable("2026-12-20", "2026-12-22", limits)).toBe(true);
    expect(checkOutProblem("2026-12-20", "2026-12-23", limits)).toBe("booked");
    expect(isCheckOutSelectable("2026-12-25", "2026-12-28", limits)).toBe(true);
    expect(checkOutProblem("2026-12-26", "2026-12-30", limits)).toBe("booked");
  });
});

describe("stayProblem (server-side check)", () => {
  it("names the first problem of a stay", () => {
    expect(stayProblem("2026-12-25", "2026-12-28", rules)).toBeNull();
    expect(stayProblem("2026-13-01", "2026-12-28", rules)).toBe("invalidDate");
    expect(stayProblem("2026-12-25", 20261228, rules)).toBe("invalidDate");
    expect(stayProblem("2026-12-19", "2026-12-21", rules)).toBe("checkInPast");
    expect(stayProblem("2026-12-26", "2026-12-26", rules)).toBe("checkOutBeforeCheckIn");
    expect(stayProblem("2026-12-25", "2026-12-26", { ...rules, minStayDays: 3 })).toBe("tooShort");
    expect(stayProblem("2027-01-01", "2027-02-15", rules)).toBe("tooLong");
    expect(stayProblem("2026-12-21", "2026-12-23", rules)).toBe("booked");
    expect(stayProblem("2028-12-20", "2028-12-23", rules)).toBeNull();
    expect(stayProblem("2028-12-21", "2028-12-23", rules)).toBe("tooFarAhead");
    expect(stayProblem("9999-12-01", "9999-12-05", rules)).toBe("tooFarAhead");
  });
});

describe("bookingHorizonEnd", () => {
  it("is the same day N months on, or the last day of a shorter month", () => {
    expect(bookingHorizonEnd("2026-11-22", 24)).toBe("2028-11-22");
    expect(bookingHorizonEnd("2026-08-31", 6)).toBe("2027-02-28");
    expect(bookingHorizonEnd("2027-08-31", 6)).toBe("2028-02-29");
    expect(bookingHorizonEnd("2026-12-15", 1)).toBe("2027-01-15");
  });
});

describe("resolveInitialStay (dates from the URL)", () => {
  it("keeps a bookable stay", () => {
    expect(resolveInitialStay({ checkIn: "2026-12-25", checkOut: "2026-12-28" }, rules)).toEqual({
      checkIn: "2026-12-25",
      checkOut: "2026-12-28",
      problem: null,
    });
  });

  it("has nothing to say without dates", () => {
    expect(resolveInitialStay({}, rules)).toEqual({ problem: null });
    expect(resolveInitialStay({ checkIn: "", checkOut: "" }, rules)).toEqual({ problem: null });
  });

  it("drops both dates when the Anreise cannot be used", () => {
    expect(resolveInitialStay({ checkIn: "2026-12-01", checkOut: "2026-12-05" }, rules)).toEqual({
      problem: "checkInPast",
    });
    expect(resolveInitialStay({ checkIn: "2026-12-23", checkOut: "2026-12-26" }, rules)).toEqual({
      problem: "booked",
    });
    expect(resolveInitialStay({ checkIn: "2029-01-10", checkOut: "2029-01-12" }, rules)).toEqual({
      problem: "tooFarAhead",
    });
    expect(resolveInitialStay({ checkIn: "kaputt" }, rules)).toEqual({ problem: "invalidDate" });
    expect(resolveInitialStay({ checkOut: "2026-12-26" }, rules)).toEqual({
      problem: "invalidDate",
    });
  });

  it("keeps the Anreise and drops an unusable Abreise", () => {
    expect(resolveInitialStay({ checkIn: "2026-12-20", checkOut: "2026-12-26" }, rules)).toEqual({
      checkIn: "2026-12-20",
      problem: "booked",
    });
    expect(
      resolveInitialStay(
        { checkIn: "2026-12-25", checkOut: "2026-12-26" },
        { ...rules, minStayDays: 2 },
      ),
    ).toEqual({ checkIn: "2026-12-25", problem: "tooShort" });
    expect(resolveInitialStay({ checkIn: "2026-12-25" }, rules)).toEqual({
      checkIn: "2026-12-25",
      problem: null,
    });
  });
});

describe("selectDay (clicks in the calendar)", () => {
  it("sets the Anreise first, then the Abreise", () => {
    const first = selectDay({}, "2026-12-25", "checkIn", rules);
    expect(first).toEqual({
      selection: { checkIn: "2026-12-25" },
      active: "checkOut",
      isComplete: false,
    });
    const second = selectDay(first!.selection, "2026-12-28", "checkOut", rules);
    expect(second).toEqual({
      selection: { checkIn: "2026-12-25", checkOut: "2026-12-28" },
      active: "checkOut",
      isComplete: true,
    });
  });

  it("ignores days that cannot be chosen", () => {
    expect(selectDay({}, "2026-12-23", "checkIn", rules)).toBeNull();
    expect(selectDay({}, "2026-12-19", "checkIn", rules)).toBeNull();
    expect(selectDay({ checkIn: "2026-12-25" }, "2026-12-30", "checkOut", rules)).toBeNull();
  });

  it("moves the Anreise when a day on or before it is picked as Abreise, and clears the Abreise", () => {
    const selection = { checkIn: "2026-12-25", checkOut: "2026-12-27" };
    expect(selectDay(selection, "2026-12-21", "checkOut", rules)).toEqual({
      selection: { checkIn: "2026-12-21" },
      active: "checkOut",
      isComplete: false,
    });
    expect(selectDay(selection, "2026-12-25", "checkOut", rules)?.selection).toEqual({
      checkIn: "2026-12-25",
    });
  });

  it("clears the Abreise when the Anreise moves to or after it", () => {
    const selection = { checkIn: "2026-12-25", checkOut: "2026-12-27" };
    expect(selectDay(selection, "2026-12-27", "checkIn", rules)?.selection).toEqual({
      checkIn: "2026-12-27",
    });
    expect(selectDay(selection, "2027-01-03", "checkIn", rules)?.selection).toEqual({
      checkIn: "2027-01-03",
    });
  });

  it("keeps the Abreise when the moved Anreise still gives a bookable stay", () => {
    const selection = { checkIn: "2026-12-25", checkOut: "2026-12-28" };
    expect(selectDay(selection, "2026-12-26", "checkIn", rules)).toEqual({
      selection: { checkIn: "2026-12-26", checkOut: "2026-12-28" },
      active: "checkOut",
      isComplete: true,
    });
    // Too short with a minimum of 3 nights: the Abreise goes.
    expect(
      selectDay(selection, "2026-12-26", "checkIn", { ...rules, minStayDays: 3 })?.selection,
    ).toEqual({ checkIn: "2026-12-26" });
    // Earlier, across a booking: the Abreise goes.
    expect(selectDay(selection, "2026-12-21", "checkIn", rules)?.selection).toEqual({
      checkIn: "2026-12-21",
    });
  });
});

describe("isDaySelectable", () => {
  it("offers only Anreise days while the Anreise is chosen", () => {
    expect(isDaySelectable("2026-12-21", "checkIn", {}, rules)).toBe(true);
    expect(isDaySelectable("2026-12-22", "checkIn", {}, rules)).toBe(false);
    expect(isDaySelectable("2026-12-25", "checkIn", {}, rules)).toBe(true);
  });

  it("offers the next booking's check-in day as Abreise", () => {
    const selection = { checkIn: "2026-12-20" };
    expect(isDaySelectable("2026-12-22", "checkOut", selection, rules)).toBe(true);
    expect(isDaySelectable("2026-12-23", "checkOut", selection, rules)).toBe(false);
    expect(isDaySelectable("2026-12-19", "checkOut", selection, rules)).toBe(false);
  });
});

describe("unavailableDayReason (a click on a disabled day says why)", () => {
  it("names the Anreise rules: past, booked, beyond the booking horizon", () => {
    expect(unavailableDayReason("2026-12-19", "checkIn", {}, rules)).toBe("past");
    expect(unavailableDayReason("2026-12-22", "checkIn", {}, rules)).toBe("booked");
    expect(unavailableDayReason(addDays(rules.lastCheckIn, 1), "checkIn", {}, rules)).toBe(
      "tooFarAhead",
    );
    expect(unavailableDayReason("2026-12-21", "checkIn", {}, rules)).toBeNull();
    // A booking's check-out day is free for the next guest.
    expect(unavailableDayReason("2026-12-25", "checkIn", {}, rules)).toBeNull();
  });

  it("names the Abreise rules: a booked night in between, minimum and maximum stay", () => {
    const strict = { ...rules, minStayDays: 3, maxStayDays: 7 };
    const selection = { checkIn: "2027-01-05" };
    expect(unavailableDayReason("2027-01-06", "checkOut", selection, strict)).toBe("tooShort");
    expect(unavailableDayReason("2027-01-13", "checkOut", selection, strict)).toBe("tooLong");
    expect(unavailableDayReason("2027-01-08", "checkOut", selection, strict)).toBeNull();
    // From the 20th the nights of 22.–24.12. lie in between; the 22nd itself is a fine Abreise.
    const beforeBooking = { checkIn: "2026-12-20" };
    expect(unavailableDayReason("2026-12-26", "checkOut", beforeBooking, rules)).toBe(
      "bookedBetween",
    );
    expect(unavailableDayReason("2026-12-22", "checkOut", beforeBooking, rules)).toBeNull();
    // A day before the Anreise while the Abreise is due: judged as a new Anreise.
    expect(unavailableDayReason("2026-12-19", "checkOut", selection, rules)).toBe("past");
    expect(unavailableDayReason("2026-12-23", "checkOut", selection, rules)).toBe("booked");
  });

  it("gives a reason exactly for the days that cannot be clicked", () => {
    const active = fc.constantFrom("checkIn" as const, "checkOut" as const);
    fc.assert(
      fc.property(rulesArb, dayArb, dayArb, active, (r, checkIn, day, field) => {
        const selection = isCheckInSelectable(checkIn, r) ? { checkIn } : {};
        const reason = unavailableDayReason(day, field, selection, r);
        expect(reason === null).toBe(isDaySelectable(day, field, selection, r));
      }),
    );
  });
});

describe("limitHints", () => {
  const days = Array.from({ length: 62 }, (_, i) => addDays("2027-01-01", i));

  it("reports days ruled out only by the minimum or maximum stay", () => {
    const strict = { ...rules, minStayDays: 3, maxStayDays: 7 };
    expect(limitHints("2027-01-05", days, strict)).toEqual({ tooShort: true, tooLong: true });
    expect(limitHints(undefined, days, strict)).toEqual({ tooShort: false, tooLong: false });
    expect(limitHints("2027-01-05", days, rules)).toEqual({ tooShort: false, tooLong: true });
    expect(limitHints("2027-01-05", days.slice(0, 20), rules)).toEqual({
      tooShort: false,
      tooLong: false,
    });
  });

  it("does not blame the maximum stay for days behind a booking", () => {
    const booked = [{ checkIn: "2027-01-08", checkOut: "2027-01-10" }];
    expect(
      limitHints("2027-01-05", days.slice(0, 20), { ...rules, stays: booked, maxStayDays: 7 }),
    ).toEqual({ tooShort: false, tooLong: false });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random calendars
// ---------------------------------------------------------------------------------------------

const BASE = "2026-01-01";
/** A day within ~four months after BASE. */
const dayArb = fc.integer({ min: 0, max: 120 }).map((n) => addDays(BASE, n));
/** Non-overlapping booked stays, as the database guarantees them. */
const staysArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 10 })), {
    maxLength: 12,
  })
  .map((gaps) => {
    let cursor = BASE;
    return gaps.map(([gap, nights]) => {
      const checkIn = addDays(cursor, gap);
      cursor = addDays(checkIn, nights);
      return { checkIn, checkOut: cursor };
    });
  });
const rulesArb = fc
  .record({
    today: dayArb,
    stays: staysArb,
    minStayDays: fc.integer({ min: 1, max: 5 }),
    extra: fc.integer({ min: 0, max: 30 }),
    horizonMonths: fc.integer({ min: 1, max: 4 }),
  })
  .map(({ extra, ...r }): StayRules => ({
    ...r,
    lastCheckIn: bookingHorizonEnd(r.today, 1),
    maxStayDays: r.minStayDays + extra,
  }));

describe("properties", () => {
  it("a stay accepted by the rules never overlaps a booked stay and fits the limits", () => {
    fc.assert(
      fc.property(rulesArb, dayArb, dayArb, (r, checkIn, checkOut) => {
        if (stayProblem(checkIn, checkOut, r) !== null) return;
        const nights = daysBetween(checkIn, checkOut);
        expect(checkIn >= r.today).toBe(true);
        expect(checkIn <= r.lastCheckIn).toBe(true);
        expect(nights).toBeGreaterThanOrEqual(r.minStayDays);
        expect(nights).toBeLessThanOrEqual(r.maxStayDays);
        for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
          expect(isNightBooked(r.stays, night)).toBe(false);
        }
        for (const stay of r.stays) {
          expect(checkIn < stay.checkOut && stay.checkIn < checkOut).toBe(false);
        }
      }),
    );
  });

  it("the check-out day of a booking is selectable as Anreise unless another stay starts that day", () => {
    fc.assert(
      fc.property(rulesArb, (r) => {
        for (const stay of r.stays) {
          if (stay.checkOut < r.today || stay.checkOut > r.lastCheckIn) continue;
          const nextStarts = r.stays.some((other) => other.checkIn === stay.checkOut);
          expect(isCheckInSelectable(stay.checkOut, r)).toBe(!nextStarts);
        }
      }),
    );
  });

  it("the check-in day of a booking is selectable as Abreise from a free day before it", () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1, max: 5 }), (r, back) => {
        for (const stay of r.stays) {
          const checkIn = addDays(stay.checkIn, -back);
          const limits = { ...r, minStayDays: 1, maxStayDays: 30 };
          const free = !stayOverlaps(r.stays, checkIn, stay.checkIn);
          expect(isCheckOutSelectable(checkIn, stay.checkIn, limits)).toBe(free);
        }
      }),
    );
  });

  it("no booked night and no past day is ever selectable as Anreise", () => {
    fc.assert(
      fc.property(rulesArb, dayArb, (r, day) => {
        if (isCheckInSelectable(day, r)) {
          expect(day >= r.today).toBe(true);
          expect(isNightBooked(r.stays, day)).toBe(false);
        }
      }),
    );
  });

  it("any sequence of clicks leaves a selection the rules accept", () => {
    const click = fc.record({
      day: dayArb,
      active: fc.constantFrom("checkIn" as const, "checkOut" as const),
    });
    fc.assert(
      fc.property(rulesArb, fc.array(click, { maxLength: 20 }), (r, clicks) => {
        let selection: { checkIn?: string; checkOut?: string } = {};
        for (const { day, active } of clicks) {
          const next = selectDay(selection, day, active, r);
          if (!next) continue;
          selection = next.selection;
          expect(isCheckInSelectable(selection.checkIn!, r)).toBe(true);
          if (selection.checkOut) {
            expect(stayProblem(selection.checkIn, selection.checkOut, r)).toBeNull();
            expect(next.isComplete).toBe(true);
          }
        }
      }),
    );
  });

  it("the Abreise checks agree with the whole-stay check", () => {
    fc.assert(
      fc.property(rulesArb, dayArb, dayArb, (r, checkIn, checkOut) => {
        fc.pre(isCheckInSelectable(checkIn, r));
        expect(isCheckOutSelectable(checkIn, checkOut, r)).toBe(
          stayProblem(checkIn, checkOut, r) === null,
        );
        const latest = nextBookedNight(r.stays, checkIn);
        if (latest && checkOut > latest)
          expect(isCheckOutSelectable(checkIn, checkOut, r)).toBe(false);
      }),
    );
  });
});
