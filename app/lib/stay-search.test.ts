import { describe, expect, it } from "vitest";
import { buildStaySearchUrl } from "./stay-search";
import { isCalendarDay, addDays } from "~/domain/calendar-day";

const today = "2027-06-10";
const input = (
  values: Partial<Record<"location" | "checkIn" | "checkOut" | "guests", string>>,
) => ({
  location: "",
  checkIn: "",
  checkOut: "",
  guests: "",
  ...values,
});

describe("buildStaySearchUrl", () => {
  it("builds the /properties URL with location, dates and the number of people", () => {
    expect(
      buildStaySearchUrl(
        input({
          location: " Italien ",
          checkIn: "2027-06-12",
          checkOut: "2027-06-19",
          guests: "3",
        }),
        today,
        { maxGuests: 4 },
      ),
    ).toEqual({
      url: "/properties?location=Italien&checkIn=2027-06-12&checkOut=2027-06-19&guests=3",
    });
  });

  it("leaves empty fields out", () => {
    expect(buildStaySearchUrl(input({ guests: "2" }), today, { maxGuests: 4 })).toEqual({
      url: "/properties?guests=2",
    });
    expect(buildStaySearchUrl(input({}), today, { maxGuests: 4 })).toEqual({ url: "/properties" });
  });

  it("accepts only guest numbers the form offers", () => {
    expect(buildStaySearchUrl(input({ guests: "9" }), today, { maxGuests: 4 })).toEqual({
      url: "/properties",
    });
  });

  it("allows arrival today but not in the past (Europe/Berlin day passed in)", () => {
    expect(buildStaySearchUrl(input({ checkIn: today }), today, { maxGuests: 4 })).toEqual({
      url: `/properties?checkIn=${today}`,
    });
    expect(buildStaySearchUrl(input({ checkIn: "2027-06-09" }), today, { maxGuests: 4 })).toEqual({
      error: "checkInPast",
    });
  });

  it("needs the departure after the arrival", () => {
    expect(
      buildStaySearchUrl(input({ checkIn: "2027-06-12", checkOut: "2027-06-12" }), today, {
        maxGuests: 4,
      }),
    ).toEqual({ error: "checkOutBeforeCheckIn" });
    expect(buildStaySearchUrl(input({ checkOut: "2027-06-12" }), today, { maxGuests: 4 })).toEqual({
      error: "checkOutWithoutCheckIn",
    });
  });

  it("rejects dates that do not exist", () => {
    expect(buildStaySearchUrl(input({ checkIn: "2027-02-30" }), today, { maxGuests: 4 })).toEqual({
      error: "invalidDate",
    });
    expect(buildStaySearchUrl(input({ checkIn: "morgen" }), today, { maxGuests: 4 })).toEqual({
      error: "invalidDate",
    });
  });
});

describe("dates", () => {
  it("knows real calendar days", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-6-1")).toBe(false);
  });

  it("gives the next day across month and year ends", () => {
    expect(addDays("2027-06-30", 1)).toBe("2027-07-01");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
  });
});

describe("home search (1–8 guests)", () => {
  it("keeps the guest number and encodes the location", () => {
    expect(
      buildStaySearchUrl(
        { location: "Zell am See", checkIn: "2027-06-12", checkOut: "2027-06-19", guests: "8" },
        today,
        { maxGuests: 8 },
      ),
    ).toEqual({
      url: "/properties?location=Zell+am+See&checkIn=2027-06-12&checkOut=2027-06-19&guests=8",
    });
  });
});
