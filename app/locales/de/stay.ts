/**
 * German texts the property page and the booking page share (decision 058): the error page of a
 * property, the cancellation note and the Kurtaxe heading. Apart from "property", so the booking
 * page does not load the property page's texts.
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
};

export default stay;
