import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportCalendarText } from "./ical-export.server";
import { eventKind, parseFeed } from "./ical-parse";

/** The shapes Airbnb and Booking.com really send (tests/fixtures/ical). */
const fixture = (name: string) =>
  fs.readFileSync(path.resolve("tests/fixtures/ical", name), "utf8");
const today = "2026-11-22";
const read = (name: string, isEndLastNight = false) =>
  parseFeed(fixture(name), { isEndLastNight, today });

describe("parseFeed", () => {
  it("reads Airbnb: 'Reserved' is a booking, 'Airbnb (Not available)' a block, folded lines unfolded, past stays left out", () => {
    expect(read("airbnb.ics")).toEqual({
      ok: true,
      events: [
        {
          uid: "1418fb94e984-8f1c7e2e1d2b9b4f1cd3a1fb3e1b6a9c@airbnb.com",
          checkIn: "2027-01-08",
          checkOut: "2027-01-12",
          kind: "booking",
        },
        {
          uid: "7f2b1c0d9e8a-44c1d5e6f7a8b9c0d1e2f3a4b5c6d7e8@airbnb.com",
          checkIn: "2027-02-20",
          checkOut: "2027-03-01",
          kind: "block",
        },
      ],
    });
  });

  it("reads Booking.com: CLOSED - <name> is a booking, date-times with TZID become Berlin dates", () => {
    expect(read("booking-com.ics")).toEqual({
      ok: true,
      events: [
        {
          uid: "b3c6e1f0a9d84e0f9b2c@booking.com",
          checkIn: "2027-01-15",
          checkOut: "2027-01-18",
          kind: "block",
        },
        // 15:00 to 11:00 Berlin time (the feed's own VTIMEZONE).
        {
          uid: "4a7d2e9c1b0f4c3e8d6a@booking.com",
          checkIn: "2027-02-03",
          checkOut: "2027-02-07",
          kind: "booking",
        },
        // 20:00 in New York is 02:00 the next day in Berlin.
        {
          uid: "9e8d7c6b5a4f3e2d1c0b@booking.com",
          checkIn: "2027-03-11",
          checkOut: "2027-03-14",
          kind: "booking",
        },
      ],
    });
  });

  it("adds a night for feeds whose end date is the last night", () => {
    const parsed = read("airbnb.ics", true);
    expect(parsed.ok && parsed.events[0]).toMatchObject({
      checkIn: "2027-01-08",
      checkOut: "2027-01-13",
    });
  });

  it("refuses an empty, a broken and a non-calendar answer", () => {
    expect(read("empty.ics")).toEqual({ ok: false, error: "empty" });
    expect(read("broken.ics")).toEqual({ ok: false, error: "malformed" });
    expect(read("html-error-page.ics")).toEqual({ ok: false, error: "notCalendar" });
    expect(parseFeed("", { isEndLastNight: false, today })).toEqual({
      ok: false,
      error: "notCalendar",
    });
  });

  it("tells blocks from bookings by the channels' summaries", () => {
    for (const block of [
      "Airbnb (Not available)",
      "CLOSED - Not available",
      "Blocked",
      "Not available",
    ]) {
      expect(eventKind(block), block).toBe("block");
    }
    for (const booking of ["Reserved", "CLOSED - Müller", "Buchung Familie Schmidt", ""]) {
      expect(eventKind(booking), booking).toBe("booking");
    }
  });

  it("round trip: our own export read by the import gives the same nights", () => {
    const stays = [
      { uid: "booking-1", checkIn: "2027-01-08", checkOut: "2027-01-12" },
      { uid: "block-2", checkIn: "2027-01-12", checkOut: "2027-01-13" },
      { uid: "external-3", checkIn: "2027-12-30", checkOut: "2028-01-02" },
    ].map((stay) => ({ ...stay, changedAt: new Date("2026-11-20T10:00:00Z") }));
    const text = exportCalendarText({
      events: stays,
      host: "ferien.example.com",
      platformName: "Ferienwohnungen am Meer mit einem sehr langen Namen, der gefaltet werden muss",
    });
    const parsed = parseFeed(text, { isEndLastNight: false, today });
    expect(parsed).toEqual({
      ok: true,
      events: stays.map((stay) => ({
        uid: `${stay.uid}@ferien.example.com`,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        kind: "booking",
      })),
    });
  });
});
