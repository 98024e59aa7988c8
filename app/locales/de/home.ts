/** German texts of the home page and the property cards' badges. */
const home = {
  heroLabel: "Ausgewählte Unterkünfte",
  heroPause: "Bildwechsel anhalten",
  heroPlay: "Bildwechsel fortsetzen",
  searchLabel: "Unterkünfte suchen",
  destination: "Reiseziel",
  destinationPlaceholder: "Stadt oder Land, z. B. Sylt",
  checkIn: "Anreise",
  checkOut: "Abreise",
  guestsLabel: "Gäste",
  search: "Suchen",
  searchErrors: {
    checkInPast: "Die Anreise darf nicht in der Vergangenheit liegen.",
    checkOutBeforeCheckIn: "Die Abreise muss nach der Anreise liegen.",
    checkOutWithoutCheckIn: "Bitte wählen Sie zuerst ein Anreisedatum.",
    invalidDate: "Bitte geben Sie ein gültiges Datum ein.",
  },
  featured: "Beliebte Unterkünfte",
  featuredError: "Fehler beim Laden der Unterkünfte.",
  featuredEmpty: "Keine Unterkünfte verfügbar.",
  recommended: "Empfehlungen",
  recommendedError: "Fehler beim Laden der Empfehlungen.",
  recommendedEmpty: "Keine Empfehlungen verfügbar.",
  newHeading: "Neu bei uns",
  newBadge: "Neu bei uns",
  reasons: {
    offer: "Angebot: −{{percent}} %",
    rating_one: "★ {{rating}} ({{count}} Bewertung)",
    rating_other: "★ {{rating}} ({{count}} Bewertungen)",
    pets: "Haustiere erlaubt",
  },
  readMore: "Weiterlesen",
  newsletterHeading: "Newsletter abonnieren",
  newsletterText:
    "Reiseideen und Angebote etwa einmal im Monat – Abmeldung jederzeit mit einem Klick.",
  guests_one: "{{count}} Gast",
  guests_other: "{{count}} Gäste",
  bedrooms_one: "{{count}} Schlafzimmer",
  bedrooms_other: "{{count}} Schlafzimmer",
  /** After "Konto löschen" (/dashboard/settings) the guest lands here. */
  accountDeleted: "Ihr Konto wurde gelöscht.",
};

export default home;
