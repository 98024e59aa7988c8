import { describe, expect, it } from "vitest";
import { stayCalendar, stayCalendarFileName, type StayCalendarInput } from "./booking-ics.server";

const stay: StayCalendarInput = {
  uid: "0b6f3a52-5d3e-4c1a-9a53-2f4e8c1d7e10",
  bookingNumber: "FW-2027-000042",
  propertyTitle: "Strandhaus Möwe; Kampen, Sylt",
  address: "Kampen, Deutschland",
  // Over the summer-time change in the night to 28 March 2027.
  checkIn: "2027-03-26",
  checkOut: "2027-03-29",
  checkInFrom: "15:00",
  checkOutUntil: "10:00",
  guests: 2,
  host: { name: "TraumUrlaub Reisen GmbH", email: "info@example.com", phone: "+49 30 1234" },
  bookingsUrl: "https://ferien.example.com/dashboard/bookings",
  platformName: "TraumUrlaub",
  language: "de",
};

/** The file's lines, folded lines joined (RFC 5545 3.1). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");
/** A property of the event (not of the VTIMEZONE block before it). */
const property = (ics: string, name: string) => {
  const all = lines(ics);
  return all
    .slice(all.indexOf("BEGIN:VEVENT"))
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
};

describe("the stay's calendar file", () => {
  it("runs from check-in to check-out as Berlin wall-clock times with the Berlin zone", () => {
    const ics = stayCalendar(stay);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(property(ics, "DTSTART")).toBe("DTSTART;TZID=Europe/Berlin:20270326T150000");
    // 10:00 after the change is CEST (UTC+2): the zone's rule, not a fixed offset, decides.
    expect(property(ics, "DTEND")).toBe("DTEND;TZID=Europe/Berlin:20270329T100000");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(property(ics, "UID")).toBe(
      "UID:booking-0b6f3a52-5d3e-4c1a-9a53-2f4e8c1d7e10@ferien.example.com",
    );
    // DTSTAMP is UTC as RFC 5545 requires.
    expect(property(ics, "DTSTAMP")).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    // Text values are escaped: a ";" in a title cannot start a new parameter.
    expect(property(ics, "SUMMARY")).toBe("SUMMARY:Aufenthalt: Strandhaus Möwe\\; Kampen\\, Sylt");
    expect(property(ics, "LOCATION")).toBe("LOCATION:Kampen\\, Deutschland");
    const description = property(ics, "DESCRIPTION")!;
    expect(description).toContain("Buchungsnummer: FW-2027-000042");
    expect(description).toContain("Anreise: 26.03.2027\\, ab 15:00 Uhr");
    expect(description).toContain("Abreise: 29.03.2027\\, bis 10:00 Uhr");
    expect(description).toContain("info@example.com");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it("writes the same wall-clock times whatever the server's own time zone", () => {
    const before = process.env.TZ;
    try {
      // Node applies a changed TZ to every later Date; the file must not follow it.
      for (const zone of ["America/New_York", "Europe/Berlin", "Pacific/Kiritimati", "UTC"]) {
        process.env.TZ = zone;
        const ics = stayCalendar({ ...stay, checkInFrom: "00:30", checkOutUntil: "23:30" });
        expect(property(ics, "DTSTART"), zone).toBe("DTSTART;TZID=Europe/Berlin:20270326T003000");
        expect(property(ics, "DTEND"), zone).toBe("DTEND;TZID=Europe/Berlin:20270329T233000");
        const allDay = stayCalendar({ ...stay, checkInFrom: null, checkOutUntil: null });
        expect(property(allDay, "DTSTART"), zone).toBe("DTSTART;VALUE=DATE:20270326");
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("is an all-day event through the departure day when the times are unknown", () => {
    const ics = stayCalendar({ ...stay, checkInFrom: null, checkOutUntil: null, language: "en" });
    expect(property(ics, "DTSTART")).toBe("DTSTART;VALUE=DATE:20270326");
    // DTEND of an all-day event is exclusive: the day after departure.
    expect(property(ics, "DTEND")).toBe("DTEND;VALUE=DATE:20270330");
    expect(ics).not.toContain("VTIMEZONE");
    expect(property(ics, "SUMMARY")).toBe("SUMMARY:Stay: Strandhaus Möwe\\; Kampen\\, Sylt");
  });

  it("names the file after the booking number only", () => {
    expect(stayCalendarFileName("FW-2027-000042", "de")).toBe("buchung-FW-2027-000042.ics");
    expect(stayCalendarFileName('FW"2027/..\r\n', "en")).toBe("booking-FW2027.ics");
  });
});
