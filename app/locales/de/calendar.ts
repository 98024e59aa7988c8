/** German UI texts of the "calendar" area: the date-range picker's calendar, loaded when it opens (decision 043). */
const calendar = {
  dialog: "Reisedaten auswählen",
  chooseCheckIn: "Wählen Sie Ihr Anreisedatum.",
  chooseCheckOut: "Wählen Sie Ihr Abreisedatum.",
  previousMonth: "Vorheriger Monat",
  nextMonth: "Nächster Monat",
  minStay_one: "Mindestaufenthalt: {{count}} Nacht",
  minStay_other: "Mindestaufenthalt: {{count}} Nächte",
  maxStay_one: "Höchstaufenthalt: {{count}} Nacht",
  maxStay_other: "Höchstaufenthalt: {{count}} Nächte",
  nights_one: "{{count}} Nacht",
  nights_other: "{{count}} Nächte",
  booked: "Belegt",
  lastCheckIn: "Anreise bis {{date}} möglich",
  clear: "Daten löschen",
  close: "Schließen",
  /** Said in the calendar's live region when a disabled day is clicked (issue 16). */
  unavailable: {
    past: "Der {{date}} liegt in der Vergangenheit.",
    booked: "Am {{date}} ist die Unterkunft bereits belegt.",
    bookedBetween:
      "Zwischen Ihrer Anreise und dem {{date}} ist die Unterkunft belegt – bitte wählen Sie eine frühere Abreise.",
    tooFarAhead: "Eine Anreise ist nur bis zum {{date}} möglich.",
    tooShort_one: "Mindestaufenthalt: {{count}} Nacht – bitte wählen Sie eine spätere Abreise.",
    tooShort_other: "Mindestaufenthalt: {{count}} Nächte – bitte wählen Sie eine spätere Abreise.",
    tooLong_one: "Höchstaufenthalt: {{count}} Nacht – bitte wählen Sie eine frühere Abreise.",
    tooLong_other: "Höchstaufenthalt: {{count}} Nächte – bitte wählen Sie eine frühere Abreise.",
    arrivalDay: "Am {{date}} ist keine Anreise möglich.",
    departureDay: "Am {{date}} ist keine Abreise möglich.",
  },
  /** A season with fixed weekdays in view (decision 046), e.g. "Anreise 1.7.–31.8.: nur Samstag". */
  arrivalDays: "Anreise {{from}}–{{to}}: nur {{days}}",
  departureDays: "Abreise {{from}}–{{to}}: nur {{days}}",
};

export default calendar;
