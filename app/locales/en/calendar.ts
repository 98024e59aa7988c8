import type de from "../de/calendar";

const calendar: typeof de = {
  dialog: "Choose your dates",
  chooseCheckIn: "Choose your check-in date.",
  chooseCheckOut: "Choose your check-out date.",
  previousMonth: "Previous month",
  nextMonth: "Next month",
  minStay_one: "Minimum stay: {{count}} night",
  minStay_other: "Minimum stay: {{count}} nights",
  maxStay_one: "Maximum stay: {{count}} night",
  maxStay_other: "Maximum stay: {{count}} nights",
  nights_one: "{{count}} night",
  nights_other: "{{count}} nights",
  booked: "Booked",
  lastCheckIn: "Arrival possible until {{date}}",
  clear: "Clear dates",
  close: "Close",
  unavailable: {
    past: "{{date}} is in the past.",
    booked: "The property is already booked on {{date}}.",
    bookedBetween:
      "The property is booked between your check-in and {{date}} – please choose an earlier check-out.",
    tooFarAhead: "Check-in is possible until {{date}}.",
    tooShort_one: "Minimum stay: {{count}} night – please choose a later check-out.",
    tooShort_other: "Minimum stay: {{count}} nights – please choose a later check-out.",
    tooLong_one: "Maximum stay: {{count}} night – please choose an earlier check-out.",
    tooLong_other: "Maximum stay: {{count}} nights – please choose an earlier check-out.",
    arrivalDay: "Arrival is not possible on {{date}}.",
    departureDay: "Departure is not possible on {{date}}.",
  },
  arrivalDays: "Arrival {{from}}–{{to}}: {{days}} only",
  departureDays: "Departure {{from}}–{{to}}: {{days}} only",
};

export default calendar;
