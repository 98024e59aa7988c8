/**
 * German texts the property page and the booking page share (decision 058): the error page of a
 * property, the cancellation note, the Kurtaxe heading, the stay's dates and guests, the price
 * breakdown and the date picker. Apart from "property" and "priceBox", so the booking page does
 * not load the property page's texts.
 */
const stay = {
  notFound: "Unterkunft nicht gefunden",
  notFoundText: "Diese Unterkunft gibt es nicht oder sie ist derzeit nicht verfügbar.",
  loadFailed: "Unterkunft konnte nicht geladen werden",
  loadFailedText: "Bitte versuchen Sie es später erneut.",
  backToSearch: "Zurück zur Suche",
  freeCancellation: "Kostenlos stornierbar bis {{date}}",
  freeCancellationAt: "Kostenlos stornierbar bis {{date}}, {{time}} Uhr",
  notFree: "Nicht kostenlos stornierbar",
  feeAfter: "Danach beträgt die Stornogebühr {{percentage}} % des Gesamtpreises.",
  fee: "Stornogebühr: {{percentage}} % des Gesamtpreises.",
  touristTax: "Kurtaxe/Gästebeitrag",
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
  picker: {
    chooseDate: "Datum wählen",
    bookedPeriods: "Bereits belegt:",
    /** Shown for the moment the calendar's code takes to load (decision 043). */
    loading: "Kalender wird geladen …",
  },
};

export default stay;
