/**
 * German texts of a property's calendar page /admin/properties/{id}/kalender (issue 18, decision
 * 045): blocks (Sperrzeiten), the iCal export link and the imported calendars.
 */
const adminCalendar = {
  title: "Kalender: {{title}}",
  back: "Zurück zur Unterkunft",
  openCalendar: "Kalender & Sperrzeiten",
  intro:
    "Buchungen, Sperrzeiten und importierte Termine schließen sich gegenseitig aus: Nächte, die hier belegt sind, kann niemand buchen.",
  blocks: {
    heading: "Sperrzeiten",
    hint: "Nächte, die Sie selbst nutzen oder für Wartung freihalten. Gäste sehen sie nur als belegt.",
    empty: "Keine Sperrzeiten.",
    add: "Sperrzeit hinzufügen",
    checkIn: "Erste Nacht",
    checkOut: "Frei ab (Abreisetag)",
    reason: "Grund",
    note: "Notiz (nur intern)",
    save: "Speichern",
    remove: "Entfernen",
    edit: "Sperrzeit vom {{from}} bis {{to}}",
    reasons: { "own-use": "Eigennutzung", maintenance: "Wartung", other: "Sonstiges" },
    created: "Sperrzeit gespeichert.",
    updated: "Sperrzeit geändert.",
    removed: "Sperrzeit entfernt.",
  },
  export: {
    heading: "Kalender-Export (iCal)",
    hint: "Diese geheime Adresse tragen Sie bei Airbnb, Booking.com oder FeWo-direkt als Kalender-Import ein. Für einen Kanal die Adresse mit dessen Namen verwenden: dann bekommt er seine eigenen Buchungen nicht zurück.",
    all: "Alle Belegungen",
    forChannel: "Für {{channel}}",
    rotate: "Link erneuern",
    rotateHint:
      "Die bisherige Adresse funktioniert danach nicht mehr; tragen Sie die neue bei allen Kanälen ein.",
    rotated: "Neuer Link erstellt. Die alte Adresse ist ab sofort ungültig.",
  },
  feeds: {
    heading: "Importierte Kalender",
    hint: "Wird alle 15 Minuten gelesen. Belegungen dieser Kalender sperren hier die Nächte.",
    empty: "Noch kein Kalender importiert.",
    add: "Kalender hinzufügen",
    name: "Name",
    url: "Adresse (URL) des Kalenders",
    channel: "Kanal",
    channels: {
      airbnb: "Airbnb",
      "booking-com": "Booking.com",
      vrbo: "FeWo-direkt/Vrbo",
      other: "Sonstiges",
    },
    endIsLastNight: "Enddatum ist die letzte Nacht (nicht der Abreisetag)",
    sync: "Jetzt synchronisieren",
    syncing: "Wird abgeglichen …",
    remove: "Entfernen",
    lastSuccess: "Zuletzt erfolgreich: {{time}}",
    never: "Noch nie erfolgreich gelesen",
    stale: "Kalender von {{name}} seit {{hours}} Stunden nicht aktualisiert",
    staleNever: "Kalender von {{name}} wurde noch nie erfolgreich gelesen",
    log: "Letzte Abgleiche",
    logOk:
      "{{time}}: erfolgreich – neu {{added}}, geändert {{changed}}, entfernt {{removed}}, unverändert {{unchanged}}",
    logFailed: "{{time}}: fehlgeschlagen – {{error}}",
    conflicts: "Überschneidungen",
    added: "Kalender hinzugefügt.",
    removed: "Kalender entfernt; seine Termine sind freigegeben.",
    synced:
      "Abgeglichen: neu {{added}}, geändert {{changed}}, entfernt {{removed}}, unverändert {{unchanged}}.",
  },
  confirm: {
    cancel: "Abbrechen",
    blockLabel: "Sperrzeit vom {{from}} bis {{to}} entfernen",
    blockTitle: "Sperrzeit entfernen?",
    blockText:
      "Die Sperrzeit vom {{from}} bis {{to}} wird entfernt. Diese Nächte sind danach auf der Website wieder buchbar.",
    blockSubmit: "Sperrzeit entfernen",
    rotateTitle: "Export-Link erneuern?",
    rotateText:
      "Die bisherige Adresse funktioniert danach sofort nicht mehr. Kanäle, die sie noch abrufen (Airbnb, Booking.com, FeWo-direkt), bekommen unsere Buchungen erst wieder, wenn Sie dort die neue Adresse eintragen. Bis dahin droht eine Doppelbuchung.",
    rotateSubmit: "Link erneuern",
    feedLabel: "Kalender „{{name}}“ entfernen",
    feedTitle: "Kalender „{{name}}“ entfernen?",
    feedText_one:
      "Sein {{count}} importierter Aufenthalt wird freigegeben: Diese Nächte sind danach hier buchbar, sofern Sie sie nicht sperren.",
    feedText_other:
      "Seine {{count}} importierten Aufenthalte werden freigegeben: Diese Nächte sind danach hier buchbar, sofern Sie sie nicht sperren.",
    feedTextNone: "Aus diesem Kalender sind keine kommenden Aufenthalte importiert.",
    feedHint:
      "Er wird danach nicht mehr abgeglichen; neue Buchungen dort sperren hier nichts mehr.",
    feedSubmit: "Kalender entfernen",
  },
  errors: {
    overlap:
      "Dieser Zeitraum überschneidet sich mit einer Buchung, einer Sperrzeit oder einem importierten Termin.",
    endInPast: "Das Ende der Sperrzeit liegt in der Vergangenheit.",
    tooLong: "Eine Sperrzeit kann höchstens zwei Jahre lang sein.",
    notFound: "Nicht gefunden. Bitte laden Sie die Seite neu.",
    failed: "Das hat nicht geklappt. Bitte versuchen Sie es erneut.",
    invalid: "Bitte prüfen Sie die markierten Felder.",
    invalidDate: "Bitte ein gültiges Datum wählen.",
    checkOutBeforeCheckIn: "Der Abreisetag muss nach der ersten Nacht liegen.",
    required: "Bitte ausfüllen.",
    tooLongText: "Der Text ist zu lang.",
    invalidUrl: "Bitte eine http- oder https-Adresse eingeben.",
    conflictGone:
      "Diese Überschneidung besteht so nicht mehr (schon erledigt, aufgelöst oder geändert). Die Seite zeigt den aktuellen Stand.",
    busy: "Dieser Kalender wird gerade abgeglichen. Bitte gleich noch einmal versuchen.",
    sync: {
      invalidUrl: "Ungültige Adresse",
      blockedAddress: "Adresse im internen Netz nicht erlaubt",
      dnsFailed: "Server nicht gefunden",
      tooManyRedirects: "Zu viele Weiterleitungen",
      httpStatus: "Der Server antwortete mit Status {{status}}",
      tooLarge: "Kalender größer als 5 MB",
      timeout: "Keine Antwort innerhalb von 10 Sekunden",
      connectionFailed: "Keine Verbindung",
      notCalendar: "Die Antwort ist kein Kalender",
      malformed: "Der Kalender ist fehlerhaft",
      empty: "Der Kalender ist leer",
    },
  },
  conflicts: {
    imported: "{{channel}} („{{feed}}“): {{kind}} {{from}} – {{to}}",
    kinds: { booking: "Buchung", block: "Sperrung" },
    collidesWith: "Überschneidet sich hier mit:",
    booking: "Buchung {{number}} ({{guest}}), {{from}} – {{to}}",
    block: "Sperrzeit ({{reason}}), {{from}} – {{to}}",
    external: "Termin aus „{{feed}}“, {{from}} – {{to}}",
    nowFree:
      "Die Nächte sind inzwischen frei. Der nächste Abgleich übernimmt den ganzen Termin – oder jetzt synchronisieren.",
    howTo:
      "Bis dahin sperrt der Termin seine übrigen Nächte hier. Lösen Sie die Doppelbuchung: die Buchung hier stornieren (in der Buchung) oder die Sperrzeit entfernen – der Termin übernimmt die frei gewordenen Nächte sofort –, oder den Aufenthalt beim Kanal verlegen und jetzt synchronisieren. Ist sie anders geklärt, markieren Sie sie als erledigt: Sie verschwindet dann von der Übersicht und kommt wieder, wenn der Kanal den Termin ändert.",
    acknowledge: "Konflikt als erledigt markieren",
    acknowledgedAt:
      "Als erledigt markiert am {{time}}. Die Nächte bleiben hier so belegt wie jetzt; ändert der Kanal den Termin, erscheint die Überschneidung wieder.",
    acknowledgedDone: "Überschneidung als erledigt markiert.",
  },
  dashboard: {
    heading: "Kalender-Abgleich",
    conflict: "Überschneidung: {{property}} – {{feed}}, {{from}} – {{to}}",
    open: "Kalender öffnen",
  },
};
export default adminCalendar;
