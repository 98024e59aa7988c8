import { describe, expect, it } from "vitest";
import { stayProblem } from "./availability";
import { isCheckInSelectable, unavailableDayReason } from "./stay-selection";
import {
  EVERY_WEEKDAY,
  isArrivalDayAllowed,
  isDepartureDayAllowed,
  minStayFor,
  seasonsBetween,
  weekdayMask,
  weekdaysOf,
  type SeasonRule,
} from "./seasons";

const SATURDAY = 5;
// July and August 2027, Saturday to Saturday, at least 7 nights.
const summer: SeasonRule = {
  startDate: "2027-07-01",
  endDate: "2027-08-31",
  minStayNights: 7,
  arrivalWeekdays: weekdayMask([SATURDAY]),
  departureWeekdays: weekdayMask([SATURDAY]),
};

describe("season stay rules", () => {
  it("allows arrival only on the season's weekdays, and any day outside it", () => {
    expect(isArrivalDayAllowed("2027-07-03", [summer])).toBe(true); // Saturday
    expect(isArrivalDayAllowed("2027-07-05", [summer])).toBe(false); // Monday
    expect(isArrivalDayAllowed("2027-06-28", [summer])).toBe(true); // Monday before the season
    expect(isArrivalDayAllowed("2027-09-01", [summer])).toBe(true);
  });

  it("takes the departure weekday from the season of the last night", () => {
    expect(isDepartureDayAllowed("2027-07-10", [summer])).toBe(true); // Saturday
    expect(isDepartureDayAllowed("2027-07-09", [summer])).toBe(false); // Friday
    // Leaving on 1 July: the last night (30 June) is outside the season.
    expect(isDepartureDayAllowed("2027-07-01", [summer])).toBe(true);
    // Leaving on 1 September (Wednesday): the last night (31 August) is in it.
    expect(isDepartureDayAllowed("2027-09-01", [summer])).toBe(false);
    expect(isDepartureDayAllowed("2027-09-04", [summer])).toBe(true);
  });

  it("takes the minimum stay from the arrival night's season, else from the settings", () => {
    expect(minStayFor("2027-07-03", [summer], 2)).toBe(7);
    expect(minStayFor("2027-06-30", [summer], 2)).toBe(2);
    expect(minStayFor("2027-08-31", [summer], 2)).toBe(7);
  });

  it("converts weekday lists and masks both ways", () => {
    expect(weekdaysOf(EVERY_WEEKDAY)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdaysOf(weekdayMask([5, 6]))).toEqual([5, 6]);
  });

  it("keeps only the seasons that share a night with a range", () => {
    expect(seasonsBetween([summer], "2027-06-01", "2027-07-01")).toEqual([]);
    expect(seasonsBetween([summer], "2027-06-01", "2027-07-02")).toEqual([summer]);
    expect(seasonsBetween([summer], "2027-08-31", "2027-09-10")).toEqual([summer]);
    expect(seasonsBetween([summer], "2027-09-01", "2027-09-10")).toEqual([]);
  });
});

describe("season rules in the shared stay checks (picker and server)", () => {
  const rules = {
    today: "2026-11-22",
    lastCheckIn: "2028-11-22",
    stays: [],
    minStayDays: 2,
    maxStayDays: 30,
    seasons: [summer],
  };

  it("names the first broken rule of a stay", () => {
    expect(stayProblem("2027-07-05", "2027-07-12", rules)).toBe("arrivalDay");
    expect(stayProblem("2027-07-03", "2027-07-07", rules)).toBe("tooShort");
    expect(stayProblem("2027-07-03", "2027-07-12", rules)).toBe("departureDay");
    expect(stayProblem("2027-07-03", "2027-07-10", rules)).toBeNull();
    // Before the season: the settings' 2 nights, any weekday.
    expect(stayProblem("2027-06-14", "2027-06-15", rules)).toBe("tooShort");
    expect(stayProblem("2027-06-14", "2027-06-16", rules)).toBeNull();
  });

  it("offers only the season's arrival weekdays and explains the others", () => {
    expect(isCheckInSelectable("2027-07-10", rules)).toBe(true);
    expect(isCheckInSelectable("2027-07-11", rules)).toBe(false);
    expect(unavailableDayReason("2027-07-11", "checkIn", {}, rules)).toBe("arrivalDay");
    expect(unavailableDayReason("2027-07-16", "checkOut", { checkIn: "2027-07-03" }, rules)).toBe(
      "departureDay",
    );
    expect(unavailableDayReason("2027-07-06", "checkOut", { checkIn: "2027-07-03" }, rules)).toBe(
      "tooShort",
    );
  });
});
