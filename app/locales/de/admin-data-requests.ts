/** German UI texts of /admin/datenschutz-anfragen (decision 085). */
const adminDataRequests = {
  title: "Datenschutz-Anfragen",
  nav: "Datenschutz-Anfragen",
  intro:
    "Auskunft (Art. 15 DSGVO) und Löschung (Art. 17 DSGVO) zu einer E-Mail-Adresse – auch für Personen ohne Kundenkonto, etwa nach einer Kontaktnachricht oder einer Newsletter-Anmeldung.",
  identityHint:
    "Geben Sie Daten erst heraus oder löschen Sie sie erst, wenn die Anfrage sicher von der Inhaberin oder dem Inhaber der Adresse kommt, zum Beispiel als E-Mail von genau dieser Adresse.",
  email: "E-Mail-Adresse",
  emailHint: "Die genaue Adresse; Groß- und Kleinschreibung spielen keine Rolle.",
  search: "Suchen",
  resultTitle: "Gespeicherte Daten zu {{email}}",
  nothingStored: "Zu dieser Adresse sind keine Daten gespeichert.",
  yes: "Ja",
  no: "Nein",
  account: {
    title: "Kundenkonto",
    none: "Kein Kundenkonto",
    name: "Name",
    registered: "Registriert am",
    role: "Rolle",
    roles: { user: "Benutzer", admin: "Admin" },
    addressConfirmed: "Adresse bestätigt",
    sessions: "Aktive Sitzungen",
  },
  bookings: {
    title: "Buchungen",
    none: "Keine Buchungen",
    caption: "Buchungen zu dieser Adresse",
    number: "Buchungsnummer",
    property: "Unterkunft",
    dates: "Zeitraum",
    status: "Status",
    retention: "Aufbewahrung",
    retainedUntil: "Aufbewahrungspflicht bis {{date}}",
    upcoming: "Bevorstehend: erst nach der Abreise oder einer Stornierung löschbar",
    hint: "Buchungen müssen nach § 257 HGB und § 147 AO zehn Jahre ab Ende des Jahres aufbewahrt werden, in dem der Aufenthalt endete oder zuletzt Geld floss. Beim Löschen bleiben sie deshalb erhalten, ohne Name, E-Mail-Adresse, Telefonnummer und Wünsche – wie bei der Kontolöschung durch den Gast.",
  },
  messages: {
    title: "Kontaktnachrichten",
    none: "Keine Kontaktnachrichten",
    received: "Eingegangen am {{date}}",
    replies_one: "{{count}} Antwort",
    replies_other: "{{count}} Antworten",
  },
  newsletter: {
    title: "Newsletter",
    none: "Kein Abonnement",
    state: "{{status}}, angemeldet am {{date}}",
  },
  reviews: {
    title: "Bewertungen",
    none: "Keine Bewertungen",
    item: "{{property}}: {{rating}} von 5 Sternen, geschrieben am {{date}}",
    hidden: "ausgeblendet",
  },
  emails: {
    title: "E-Mails",
    none: "Keine E-Mails",
    summary_one:
      "{{count}} E-Mail: {{pending}} wartend, {{sent}} gesendet, {{failed}} fehlgeschlagen",
    summary_other:
      "{{count}} E-Mails: {{pending}} wartend, {{sent}} gesendet, {{failed}} fehlgeschlagen",
    hint: "An die Adresse, zu ihren Buchungen (auch die Kopien an Sie) und die Nachrichten des Kontaktformulars.",
  },
  audit: {
    title: "Protokoll",
    none: "Kein Protokolleintrag nennt diese Adresse.",
    count_one:
      "{{count}} Eintrag im Protokoll nennt diese Adresse. Protokolleinträge bleiben erhalten; sie lassen sich nicht ändern oder löschen.",
    count_other:
      "{{count}} Einträge im Protokoll nennen diese Adresse. Protokolleinträge bleiben erhalten; sie lassen sich nicht ändern oder löschen.",
  },
  export: "Auskunft herunterladen",
  exportHint:
    "Eine JSON-Datei mit allen hier gezeigten Daten und ihrem Inhalt, zum Weitergeben an die anfragende Person. Jeder Download wird im Protokoll vermerkt.",
  erase: "Daten löschen",
  eraseIntro: "Zu {{email}} wird gelöscht:",
  eraseAccount:
    "das Kundenkonto mit Profil, Profilbild und Sitzungen – wie bei der Kontolöschung durch den Gast",
  eraseBookings_one:
    "{{count}} Buchung bleibt für die Buchhaltung erhalten, ohne Name, E-Mail-Adresse, Telefonnummer und Wünsche",
  eraseBookings_other:
    "{{count}} Buchungen bleiben für die Buchhaltung erhalten, ohne Name, E-Mail-Adresse, Telefonnummer und Wünsche",
  eraseMessages_one: "{{count}} Kontaktnachricht mit ihren Antworten und den zugehörigen E-Mails",
  eraseMessages_other:
    "{{count}} Kontaktnachrichten mit ihren Antworten und den zugehörigen E-Mails",
  eraseNewsletter: "das Newsletter-Abonnement",
  eraseReviews_one: "{{count}} Bewertung",
  eraseReviews_other: "{{count}} Bewertungen",
  eraseEmails:
    "E-Mails an die Adresse: noch nicht versandte werden gelöscht, versandte behalten nur, welche Vorlage wann verschickt wurde",
  eraseKept: "Protokolleinträge bleiben erhalten. Die Löschung wird im Protokoll vermerkt.",
  eraseIrreversible: "Das lässt sich nicht rückgängig machen.",
  eraseSubmit: "Endgültig löschen",
  cancel: "Abbrechen",
  blocked: {
    ownAccount:
      "Das ist Ihr eigenes Konto. Löschen Sie es mit Ihrem Passwort in den Einstellungen Ihres Kundenkontos.",
    lastAdmin:
      "Der letzte Administrator kann nicht gelöscht werden. Ernennen Sie zuerst ein anderes Konto zum Administrator.",
    upcomingBookings:
      "Löschen ist erst möglich, wenn keine Buchung mehr bevorsteht: {{numbers}} ist weder abgeschlossen noch storniert. Stornieren Sie die Buchung oder löschen Sie nach der Abreise.",
  },
  erased: {
    title: "Die Daten zu {{email}} wurden gelöscht.",
    account: "Kundenkonto gelöscht",
    bookingKept: "{{number}}: ohne persönliche Daten aufbewahrt bis {{date}}",
    messages_one: "{{count}} Kontaktnachricht gelöscht",
    messages_other: "{{count}} Kontaktnachrichten gelöscht",
    replies_one: "{{count}} Antwort gelöscht",
    replies_other: "{{count}} Antworten gelöscht",
    newsletter: "Newsletter-Abonnement gelöscht",
    reviews_one: "{{count}} Bewertung gelöscht",
    reviews_other: "{{count}} Bewertungen gelöscht",
    emailsDeleted_one: "{{count}} E-Mail gelöscht",
    emailsDeleted_other: "{{count}} E-Mails gelöscht",
    emailsStripped_one: "{{count}} versandte E-Mail ohne Adresse und Inhalt aufbewahrt",
    emailsStripped_other: "{{count}} versandte E-Mails ohne Adresse und Inhalt aufbewahrt",
    audited: "Die Löschung ist im Protokoll vermerkt.",
  },
  errors: {
    emailRequired: "Bitte geben Sie eine E-Mail-Adresse ein.",
    emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    invalid: "Ungültige Anfrage. Bitte laden Sie die Seite neu.",
    stale:
      "Seit der Anzeige hat sich zu dieser Adresse etwas geändert. Es wurde nichts gelöscht. Bitte prüfen Sie die Angaben unten und löschen Sie dann erneut.",
    refused: "Es wurde nichts gelöscht.",
    failed: "Die Daten konnten nicht gelöscht werden. Bitte versuchen Sie es erneut.",
    loadFailed: "Die Daten konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
  },
  file: {
    title: "Auskunft nach Art. 15 DSGVO",
    noteContent:
      "Diese Datei enthält alle Daten, die diese Website zu der genannten E-Mail-Adresse gespeichert hat, mit ihrem Inhalt.",
    noteRetention:
      "Buchungen bewahren wir nach § 257 HGB und § 147 AO bis zu dem bei jeder Buchung genannten Tag auf (retainedUntil).",
    notePassword:
      "Ein Passwort speichern wir nur als Hash-Wert; er ist nicht Teil dieser Auskunft (passwordStored sagt, ob eines gespeichert ist).",
    notePolicy:
      "Zwecke, Rechtsgrundlagen, Empfänger und Speicherdauer stehen in unserer Datenschutzerklärung (privacyPolicy).",
  },
};

export default adminDataRequests;
