import ical, { ICalCalendarMethod } from "ical-generator";
import { addDays } from "~/domain/calendar-day";
import { formatDate, type Language } from "~/lib/i18n";

/**
 * The .ics file "In Kalender eintragen" of one stay (issue 16): one event from arrival to
 * departure, made with ical-generator on the server only.
 *
 * With both times (the property's, else the settings'), the event runs from check-in on the
 * arrival day to check-out on the departure day as wall-clock times in Europe/Berlin (TZID with
 * a VTIMEZONE block), so a calendar anywhere shows the right moment and moves it with DST.
 * Without them it is an all-day event through the departure day (DTEND is exclusive, so the day
 * after it).
 */
export type StayCalendarInput = {
  /** the booking's id, for a stable UID (a re-import updates the event instead of adding one) */
  uid: string;
  bookingNumber: string;
  propertyTitle: string;
  address: string;
  checkIn: string;
  checkOut: string;
  checkInFrom: string | null;
  checkOutUntil: string | null;
  guests: number;
  host: { name: string; email: string; phone: string };
  /** the guest's bookings page, in the description */
  bookingsUrl: string;
  platformName: string;
  language: Language;
};

/**
 * Europe/Berlin as a VTIMEZONE (the EU rule since 1996: summer time from the last Sunday of
 * March 02:00 to the last Sunday of October 03:00). Static, so no timezone database package
 * is needed for the one zone the platform uses.
 */
const BERLIN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "X-LIC-LOCATION:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

const texts = {
  de: {
    summary: (title: string) => `Aufenthalt: ${title}`,
    number: "Buchungsnummer",
    checkIn: "Anreise",
    checkOut: "Abreise",
    from: (time: string) => `ab ${time} Uhr`,
    until: (time: string) => `bis ${time} Uhr`,
    guests: "Gäste",
    host: "Kontakt",
    bookings: "Ihre Buchung",
  },
  en: {
    summary: (title: string) => `Stay: ${title}`,
    number: "Booking number",
    checkIn: "Check-in",
    checkOut: "Check-out",
    from: (time: string) => `from ${time}`,
    until: (time: string) => `until ${time}`,
    guests: "Guests",
    host: "Contact",
    bookings: "Your booking",
  },
} as const;

/**
 * With a TZID, ical-generator writes the *local* fields of the Date it makes from the input, so
 * the Berlin wall time goes in as a string without zone ("2026-07-05T15:00:00"), which JavaScript
 * reads as local time: its local fields are that wall time whatever the server's time zone. A
 * Date (or a "…Z" string) would be shifted by the server's offset from UTC.
 */
const wallClock = (day: string, time: string) => `${day}T${time}:00`;

export function stayCalendar(input: StayCalendarInput): string {
  const l = texts[input.language];
  const calendar = ical({
    prodId: {
      company: input.platformName,
      product: "booking",
      language: input.language.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.timezone({
    name: null,
    generator: (zone) => (zone === "Europe/Berlin" ? BERLIN_VTIMEZONE : null),
  });
  const timed = input.checkInFrom !== null && input.checkOutUntil !== null;
  const day = (value: string) => formatDate(value, input.language);
  const description = [
    `${l.number}: ${input.bookingNumber}`,
    `${l.checkIn}: ${day(input.checkIn)}${input.checkInFrom ? `, ${l.from(input.checkInFrom)}` : ""}`,
    `${l.checkOut}: ${day(input.checkOut)}${input.checkOutUntil ? `, ${l.until(input.checkOutUntil)}` : ""}`,
    `${l.guests}: ${input.guests}`,
    `${l.host}: ${[input.host.name, input.host.email, input.host.phone].filter(Boolean).join(", ")}`,
    `${l.bookings}: ${input.bookingsUrl}`,
  ].join("\n");
  calendar.createEvent({
    id: `booking-${input.uid}@${new URL(input.bookingsUrl).hostname}`,
    summary: l.summary(input.propertyTitle),
    location: input.address,
    description,
    url: input.bookingsUrl,
    // With METHOD, DTSTAMP is when this file was made (RFC 5545 3.8.7.2).
    stamp: new Date(),
    ...(timed
      ? {
          start: wallClock(input.checkIn, input.checkInFrom!),
          end: wallClock(input.checkOut, input.checkOutUntil!),
          timezone: "Europe/Berlin",
        }
      : {
          start: input.checkIn,
          end: addDays(input.checkOut, 1),
          allDay: true,
        }),
  });
  return calendar.toString();
}

/** The download's file name: "buchung-FW-2027-000123.ics" (only safe characters). */
export function stayCalendarFileName(bookingNumber: string, language: Language) {
  const safe = bookingNumber.replace(/[^A-Za-z0-9-]/g, "");
  return `${language === "en" ? "booking" : "buchung"}-${safe}.ics`;
}
