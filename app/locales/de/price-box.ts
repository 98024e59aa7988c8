/**
 * German UI texts of the "priceBox" area: the property page's price box and booking bar. The
 * texts it shares with the booking page are in stay.ts, the calendar's in calendar.ts.
 */
const priceBox = {
  heading: "Preis und Verfügbarkeit",
  perNight: "pro Nacht",
  offer: "Angebot",
  offerPrice: "Angebotspreis",
  regularPrice: "Regulärer Preis",
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
};

export default priceBox;
