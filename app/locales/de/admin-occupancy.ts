/**
 * German texts of the Belegungsplan /admin/kalender (issue 18 point 2, decision 050): properties
 * as rows, nights as columns; bookings, blocks and imported events as bars.
 */
const adminOccupancy = {
  nav: "Belegungsplan",
  title: "Belegungsplan",
  intro:
    "Alle Unterkünfte auf einen Blick: Buchungen, Sperrzeiten und importierte Kalender. Wählen Sie freie Nächte in einer Zeile, um eine Sperrzeit anzulegen.",
  filters: {
    label: "Zeitraum und Filter",
    view: "Ansicht",
    views: { "2w": "2 Wochen", month: "Monat", "3m": "3 Monate" },
    from: "Ab",
    property: "Unterkunft",
    location: "Ort",
    all: "Alle",
    apply: "Anzeigen",
  },
  paging: {
    label: "Zeitraum blättern",
    previous: "Früher",
    next: "Später",
    today: "Heute",
  },
  period: "{{from}} bis {{to}}",
  truncated:
    "Es werden die ersten {{count}} Unterkünfte gezeigt. Filtern Sie nach Ort oder Unterkunft, um die übrigen zu sehen.",
  empty: "Keine Unterkunft passt zu diesen Filtern.",
  propertyColumn: "Unterkunft",
  today: "Heute",
  openCalendar: "Kalender & Sperrzeiten von {{title}}",
  stale: "Kalender von {{name}} seit {{hours}} Stunden nicht aktualisiert",
  staleNever: "Kalender von {{name}} wurde noch nie gelesen",
  legend: {
    heading: "Legende",
    pending: "Buchung, ausstehend",
    confirmed: "Buchung, bestätigt",
    completed: "Buchung, abgeschlossen",
    block: "Sperrzeit (schraffiert)",
    external: "Importierter Termin (schraffiert)",
    conflict: "Überschneidung (rot)",
    today: "Heute",
  },
  bar: {
    booking: "Buchung {{number}}, {{name}}, {{status}}, {{from}} bis {{to}}",
    block: "Sperrzeit: {{reason}}, {{from}} bis {{to}}",
    external: "{{source}}: {{kind}}, {{from}} bis {{to}}",
    conflict: "Überschneidung: {{source}}, {{from}} bis {{to}}",
    externalKinds: { booking: "Buchung", block: "Gesperrt" },
  },
  detail: {
    close: "Schließen",
    blockHeading: "Sperrzeit in {{title}}",
    externalHeading: "Importierter Termin in {{title}}",
    conflictHeading: "Überschneidung in {{title}}",
    conflictHint:
      "Ein Teil dieser Nächte ist hier bereits belegt. Der Termin von {{source}} blockiert seine übrigen Nächte und übernimmt die belegten, sobald sie frei werden (Buchung stornieren, Sperrzeit entfernen oder beim Kanal ändern).",
    source: "Quelle",
    feed: "Kalender",
    nights: "Nächte",
    lastSync: "Letzte erfolgreiche Synchronisierung",
    neverSynced: "noch nie",
    openCalendar: "Kalender der Unterkunft öffnen",
  },
  create: {
    heading: "Sperrzeit anlegen",
    hint: "Ohne Maus: Unterkunft und Zeitraum hier wählen. Mit Maus oder Tastatur: freie Nächte in einer Zeile markieren.",
    property: "Unterkunft",
    choose: "Bitte wählen",
    submit: "Sperrzeit anlegen",
    cancel: "Auswahl aufheben",
  },
  select: {
    instructions:
      "Pfeiltasten wechseln Tag und Unterkunft, Eingabe oder Leertaste beginnt und beendet die Auswahl, Escape bricht ab.",
    rowLabel: "Belegung von {{title}}",
    cursor: "{{title}}, {{day}}, {{state}}",
    free: "frei",
    taken: "belegt",
    started: "Auswahl beginnt am {{day}}. Zum letzten Tag gehen und Eingabe drücken.",
    selected:
      "{{title}}: {{count}} Nächte vom {{from}} bis {{to}} gewählt. Das Formular Sperrzeit anlegen ist ausgefüllt.",
    takenRange: "In diesem Zeitraum sind schon Nächte belegt. Bitte freie Nächte wählen.",
    cancelled: "Auswahl abgebrochen.",
  },
  errors: {
    property: "Bitte eine Unterkunft wählen.",
  },
};

export default adminOccupancy;
