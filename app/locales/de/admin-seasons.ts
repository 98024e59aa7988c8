/** "Saisonzeiten" on the property edit page (issue 18 point 5, decision 046). */
const adminSeasons = {
  heading: "Saisonzeiten",
  pageTitle: "Saisonzeiten: {{title}}",
  intro:
    "Zeiträume mit eigenem Preis pro Nacht, Mindestaufenthalt und festen An- und Abreisetagen. Außerhalb der Saisonzeiten gelten der Grundpreis der Unterkunft und die Aufenthaltsgrenzen der Einstellungen.",
  ruleNote:
    "Mindestaufenthalt und Anreisetage richten sich nach der Saison der Anreisenacht, die Abreisetage nach der Saison der letzten Nacht.",
  empty:
    "Noch keine Saisonzeiten. Es gelten der Grundpreis und die Aufenthaltsgrenzen der Einstellungen.",
  caption: "Saisonzeiten dieser Unterkunft",
  columns: {
    name: "Name",
    period: "Zeitraum (Nächte)",
    price: "Preis pro Nacht",
    minStay: "Mindestaufenthalt",
    arrival: "Anreise",
    departure: "Abreise",
    actions: "Aktionen",
  },
  nights_one: "{{count}} Nacht",
  nights_other: "{{count}} Nächte",
  everyDay: "täglich",
  fields: {
    name: "Name",
    namePlaceholder: "z. B. Hauptsaison",
    startDate: "Erste Nacht",
    endDate: "Letzte Nacht",
    pricePerNight: "Preis pro Nacht (€)",
    minStayNights: "Mindestaufenthalt (Nächte)",
    arrivalWeekdays: "Anreise möglich am",
    departureWeekdays: "Abreise möglich am",
  },
  add: "Saison hinzufügen",
  addHeading: "Neue Saison",
  edit: "Bearbeiten",
  editLabel: "Saison „{{name}}“ bearbeiten",
  save: "Saison speichern",
  remove: "Entfernen",
  removeLabel: "Saison „{{name}}“ entfernen",
  confirmRemove: {
    title: "Saison entfernen?",
    text: "Die Saison „{{name}}“ ({{from}} – {{to}}) wird mit ihrem Preis und ihren Regeln für An- und Abreise und Mindestaufenthalt entfernt. Für diese Tage gelten danach der Grundpreis der Unterkunft und die Aufenthaltsgrenzen der Einstellungen.",
    cancel: "Abbrechen",
    submit: "Saison entfernen",
  },
  back: "Zurück zur Unterkunft",
  saved: "Die Saisonzeiten wurden gespeichert.",
  discounts: {
    heading: "Rabatte für längere Aufenthalte",
    intro:
      "In Prozent auf die Übernachtungen (nicht auf Reinigungs- und Servicegebühr). Der Monatsrabatt ersetzt den Wochenrabatt; leer = kein Rabatt.",
    weekly: "Wochenrabatt ab 7 Nächten (%)",
    monthly: "Monatsrabatt ab 28 Nächten (%)",
    save: "Rabatte speichern",
  },
  errors: {
    invalid: "Bitte überprüfen Sie die markierten Felder.",
    overlap:
      "Dieser Zeitraum überschneidet sich mit einer anderen Saison dieser Unterkunft. Saisonzeiten dürfen keine gemeinsame Nacht haben.",
    notFound: "Unterkunft oder Saison nicht gefunden.",
    failed: "Die Saisonzeiten konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.",
    nameRequired: "Bitte geben Sie einen Namen ein.",
    nameTooLong: "Der Name darf höchstens 80 Zeichen lang sein.",
    startDate: "Bitte geben Sie die erste Nacht als gültiges Datum ein.",
    endDate: "Bitte geben Sie die letzte Nacht als gültiges Datum ein.",
    endBeforeStart: "Die letzte Nacht darf nicht vor der ersten liegen.",
    price: "Bitte geben Sie einen Preis pro Nacht über 0 € ein (z. B. 150 oder 149,50).",
    minStay: "Der Mindestaufenthalt muss eine ganze Zahl von 1 bis 365 Nächten sein.",
    // Decision 090: a longer minimum would make every stay arriving in the season unbookable.
    minStayAboveMax_one:
      "Höchstens 1 Nacht: Der Höchstaufenthalt unter Einstellungen › Buchungen beträgt 1 Nacht. Für einen längeren Mindestaufenthalt erhöhen Sie ihn dort zuerst.",
    minStayAboveMax_other:
      "Höchstens {{count}} Nächte: Der Höchstaufenthalt unter Einstellungen › Buchungen beträgt {{count}} Nächte. Für einen längeren Mindestaufenthalt erhöhen Sie ihn dort zuerst.",
    arrivalWeekdays: "Bitte wählen Sie mindestens einen Anreisetag.",
    departureWeekdays: "Bitte wählen Sie mindestens einen Abreisetag.",
    discount: "Bitte geben Sie eine ganze Zahl von 0 bis 90 ein.",
    stale:
      "Diese Saison wurde inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
  },
};

export default adminSeasons;
