/** German UI texts of /admin/audit (spec 06-admin "Audit log"). */
const adminAudit = {
  title: "Protokoll",
  nav: "Protokoll",
  intro:
    "Jede Änderung im Adminbereich mit Zeitpunkt, Person und altem → neuem Wert. Einträge können nicht bearbeitet oder gelöscht werden.",
  entity: "Bereich",
  admin: "Administrator",
  all: "Alle",
  system: "System",
  apply: "Anwenden",
  caption: "Protokolleinträge",
  when: "Zeitpunkt",
  who: "Wer",
  what: "Was",
  changes: "Änderungen",
  noChanges: "–",
  empty: "Keine Einträge gefunden",
  older: "Ältere Einträge",
  newest: "Zu den neuesten",
  open: "Öffnen",
  entities: {
    booking: "Buchung",
    user: "Benutzer",
    bank_account: "Bankkonto",
    settings: "Einstellungen",
    property: "Unterkunft",
  },
  actions: {
    "status-change": "Status geändert",
    "payment-recorded": "Zahlung erfasst",
    "payment-details-sent": "Zahlungsdaten gesendet",
    "cancelled-by-guest": "Vom Gast storniert",
    "role-change": "Rolle geändert",
    create: "Angelegt",
    update: "Geändert",
    delete: "Gelöscht",
    deactivate: "Deaktiviert",
    "default-changed": "Standardkonto gewechselt",
  },
  loadFailed: "Das Protokoll konnte nicht geladen werden",
};

export default adminAudit;
