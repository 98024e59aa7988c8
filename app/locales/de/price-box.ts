/** German UI texts of the "priceBox" area: the price box and the date-range picker. */
const priceBox = {
  heading: "Preis und Verfügbarkeit",
  perNight: "pro Nacht",
  offer: "Angebot",
  offerPrice: "Angebotspreis",
  regularPrice: "Regulärer Preis",
  checkIn: "Anreise",
  checkOut: "Abreise",
  guests: "Gäste",
  guestOption_one: "{{count}} Gast",
  guestOption_other: "{{count}} Gäste",
  breakdown: "Preisaufschlüsselung",
  nightsTimesPrice_one: "{{price}} × {{count}} Nacht",
  nightsTimesPrice_other: "{{price}} × {{count}} Nächte",
  longStayDiscount: "Langzeitrabatt ({{percent}} %)",
  cleaningFee: "Reinigungsgebühr",
  serviceFee: "Servicegebühr",
  total: "Gesamt",
  selectDates: "Daten auswählen",
  bookNow: "Jetzt buchen",
  signInNote: "Zum Buchen melden Sie sich an oder registrieren sich kostenlos.",
  /** Without JavaScript: sends the dates to the page, which shows the price for them. */
  check: "Verfügbarkeit prüfen",
  problem: {
    invalidDate: "Bitte geben Sie gültige Daten ein.",
    checkInPast: "Die Anreise darf nicht in der Vergangenheit liegen.",
    tooFarAhead_one: "Buchungen sind höchstens {{count}} Monat im Voraus möglich.",
    tooFarAhead_other: "Buchungen sind höchstens {{count}} Monate im Voraus möglich.",
    checkOutBeforeCheckIn: "Die Abreise muss nach der Anreise liegen.",
    tooShort_one: "Der Mindestaufenthalt beträgt {{count}} Nacht.",
    tooShort_other: "Der Mindestaufenthalt beträgt {{count}} Nächte.",
    tooLong_one: "Der Höchstaufenthalt beträgt {{count}} Nacht.",
    tooLong_other: "Der Höchstaufenthalt beträgt {{count}} Nächte.",
    booked: "Der gewählte Zeitraum ist bereits gebucht",
    // Seasons (issue 18, decision 046): the booking action's words.
    arrivalDay: "An diesem Tag ist keine Anreise möglich.",
    departureDay: "An diesem Tag ist keine Abreise möglich.",
    seasonTooShort_one: "Der Mindestaufenthalt in diesem Zeitraum beträgt {{count}} Nacht.",
    seasonTooShort_other: "Der Mindestaufenthalt in diesem Zeitraum beträgt {{count}} Nächte.",
  },
  /** A guest count from the URL above the property's maximum, corrected to it (issue 16). */
  guestsCorrected_one:
    "Diese Unterkunft bietet Platz für höchstens {{count}} Gast – wir haben die Anzahl angepasst.",
  guestsCorrected_other:
    "Diese Unterkunft bietet Platz für höchstens {{count}} Gäste – wir haben die Anzahl angepasst.",
  /** The fixed bar at the bottom of the phone screen (issue 16). */
  bar: {
    nightlyFrom: "ab {{price}} / Nacht",
    stay_one: "{{count}} Nacht · {{total}}",
    stay_other: "{{count}} Nächte · {{total}}",
    allFees: "inkl. aller Gebühren",
  },
  picker: {
    dialog: "Reisedaten auswählen",
    chooseDate: "Datum wählen",
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
    bookedPeriods: "Bereits belegt:",
    clear: "Daten löschen",
    close: "Schließen",
    /** Shown for the moment the calendar's code takes to load (decision 043). */
    loading: "Kalender wird geladen …",
    /** Said in the calendar's live region when a disabled day is clicked (issue 16). */
    unavailable: {
      past: "Der {{date}} liegt in der Vergangenheit.",
      booked: "Am {{date}} ist die Unterkunft bereits belegt.",
      bookedBetween:
        "Zwischen Ihrer Anreise und dem {{date}} ist die Unterkunft belegt – bitte wählen Sie eine frühere Abreise.",
      tooFarAhead: "Eine Anreise ist nur bis zum {{date}} möglich.",
      tooShort_one: "Mindestaufenthalt: {{count}} Nacht – bitte wählen Sie eine spätere Abreise.",
      tooShort_other:
        "Mindestaufenthalt: {{count}} Nächte – bitte wählen Sie eine spätere Abreise.",
      tooLong_one: "Höchstaufenthalt: {{count}} Nacht – bitte wählen Sie eine frühere Abreise.",
      tooLong_other: "Höchstaufenthalt: {{count}} Nächte – bitte wählen Sie eine frühere Abreise.",
      arrivalDay: "Am {{date}} ist keine Anreise möglich.",
      departureDay: "Am {{date}} ist keine Abreise möglich.",
    },
    /** A season with fixed weekdays in view (decision 046), e.g. "Anreise 1.7.–31.8.: nur Samstag". */
    arrivalDays: "Anreise {{from}}–{{to}}: nur {{days}}",
    departureDays: "Abreise {{from}}–{{to}}: nur {{days}}",
  },
};

export default priceBox;
