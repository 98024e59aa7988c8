/** German UI texts of /admin/newsletter (decision 032). */
const adminNewsletter = {
  title: "Newsletter",
  nav: "Newsletter",
  intro:
    "Anmeldungen zum Newsletter mit Double-Opt-in: Nur bestätigte Adressen dürfen einen Newsletter erhalten.",
  confirmedCount_one: "{{count}} bestätigte Adresse",
  confirmedCount_other: "{{count}} bestätigte Adressen",
  search: "Suche",
  searchPlaceholder: "Suche nach E-Mail...",
  statusFilter: "Status",
  statuses: {
    alle: "Alle",
    confirmed: "Bestätigt",
    pending: "Unbestätigt",
    unsubscribed: "Abgemeldet",
  },
  apply: "Anwenden",
  export: "CSV exportieren",
  exportHint:
    "Exportiert alle Einträge der aktuellen Suche und des Filters. Werbung dürfen nur bestätigte Adressen erhalten, jede E-Mail mit dem Abmeldelink der Adresse aus der Datei.",
  caption: "Newsletter-Abonnenten",
  email: "E-Mail",
  status: "Status",
  subscribed: "Angemeldet am",
  confirmed: "Bestätigt am",
  actions: "Aktionen",
  remove: "Entfernen",
  removeLabel: "{{email}} entfernen",
  removeTitle: "Abonnent entfernen",
  removeConfirm:
    "Soll dieser Eintrag endgültig gelöscht werden? Die Adresse erhält keinen Newsletter mehr; eine erneute Anmeldung braucht wieder eine Bestätigung.",
  cancel: "Abbrechen",
  removeSubmit: "Endgültig entfernen",
  empty: "Keine Abonnenten gefunden",
  count_one: "{{count}} Eintrag",
  count_other: "{{count}} Einträge",
  countMore: "Mehr als {{count}} Einträge",
  pagesLabel: "Seiten der Abonnentenliste",
  notices: { removed: "Eintrag entfernt." },
  errors: {
    notFound: "Eintrag nicht gefunden",
    invalid: "Ungültige Anfrage. Bitte laden Sie die Seite neu.",
    failed: "Der Eintrag konnte nicht entfernt werden. Bitte versuchen Sie es erneut.",
    loadFailed: "Abonnenten konnten nicht geladen werden",
  },
  csv: {
    email: "E-Mail",
    status: "Status",
    subscribed: "Angemeldet am",
    confirmed: "Bestätigt am",
    unsubscribe: "Abmeldelink",
  },
};

export default adminNewsletter;
