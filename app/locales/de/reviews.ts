/** German UI texts of the "reviews" area (page content itself lives in content/de/*.json). */
const reviews = {
  summaryLabel: "Gesamtbewertung",
  average: "Durchschnitt",
  outOfFive: "von 5",
  stars: "{{rating}} von 5 Sternen",
  count_one: "{{count}} Bewertung",
  count_other: "{{count}} Bewertungen",
  distribution: "Verteilung der Bewertungen",
  distributionRow_one: "{{stars}} Stern: {{count}}",
  distributionRow_other: "{{stars}} Sterne: {{count}}",
  empty: "Noch keine Bewertungen",
  write: "Bewertung schreiben",
  listLabel: "Bewertungen unserer Gäste",
  verified: "Verifizierter Aufenthalt",
  deletedUser: "Gelöschter Benutzer",
  guest: "Gast",
  stayedAt: "Aufenthalt in",
  helpful: "Hilfreich ({{count}})",
  helpfulSignIn: "zum Abstimmen anmelden",
  helpfulOwn: "Ihre eigene Bewertung",
  helpfulVoted: "Sie fanden diese Bewertung hilfreich.",
  sortLabel: "Sortieren nach",
  sort: { newest: "Neueste", best: "Beste Bewertung", helpful: "Hilfreichste" },
  pagination: "Seiten",
  previous: "Zurück",
  next: "Weiter",
  pageOf: "Seite {{page}} von {{pages}}",
  hiddenSummary_one:
    "{{count}} Bewertung ist derzeit ausgeblendet. Grund: Verstoß gegen die Richtlinien.",
  hiddenSummary_other:
    "{{count}} Bewertungen sind derzeit ausgeblendet. Grund: Verstoß gegen die Richtlinien.",
  vote: {
    counted: "Danke! Ihre Stimme wurde gezählt.",
    alreadyVoted: "Sie haben diese Bewertung bereits als hilfreich markiert.",
    ownReview: "Ihre eigene Bewertung können Sie nicht als hilfreich markieren.",
    notFound: "Diese Bewertung ist nicht mehr verfügbar.",
    invalid: "Ungültige Anfrage. Bitte laden Sie die Seite neu.",
    failed: "Ihre Stimme konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.",
  },
};

export default reviews;
