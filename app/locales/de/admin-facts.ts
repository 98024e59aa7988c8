/**
 * German admin texts of issue 15 parts 4 and 6 (decision 033): the property facts in the
 * property form and the settings, and the go-live checklist on the dashboard.
 */
const adminFacts = {
  settings: {
    heading: "Hausregeln, Zeiten und Kurtaxe",
    hint: "Standard für jede Unterkunft, die im Unterkunftsformular keinen eigenen Wert hat.",
    houseRules: "Hausregeln",
    houseRulesHint: "Ein Absatz pro Regel; leer lassen, wenn es keine gibt.",
    checkInFrom: "Check-in ab",
    checkOutUntil: "Check-out bis",
    touristTaxNote: "Hinweis zu Kurtaxe/Gästebeitrag",
    touristTaxNoteHint:
      "Zum Beispiel: „Kurtaxe: 2,50 € pro Person und Nacht, vor Ort zu zahlen.“ Leer lassen, wenn keine anfällt. Jede Unterkunft kann stattdessen einen eigenen oder keinen Hinweis zeigen.",
  },
  property: {
    heading: "Hausregeln, Zeiten und Kurtaxe",
    hint: "Leere Felder zeigen den Standard aus den Einstellungen ({{checkIn}} / {{checkOut}}).",
    noDefault: "kein Standard",
    touristTax: "Hinweis zu Kurtaxe/Gästebeitrag",
    touristTaxDefault: "Standard aus den Einstellungen",
    touristTaxDefaultIs: "Derzeit: „{{note}}“",
    touristTaxDefaultEmpty: "In den Einstellungen ist derzeit kein Hinweis hinterlegt.",
    touristTaxOwn: "Eigener Hinweis für diese Unterkunft",
    touristTaxNone: "Kein Hinweis – hier fällt keine Kurtaxe an",
    touristTaxOwnText: "Eigener Hinweis",
    touristTaxOwnHint:
      "Wird nur mit „Eigener Hinweis für diese Unterkunft“ gespeichert und gezeigt.",
  },
  invalid: {
    time: "Bitte geben Sie eine Uhrzeit im Format HH:MM ein.",
    houseRules: "Die Hausregeln dürfen höchstens 4.000 Zeichen lang sein.",
    touristTaxNote: "Der Hinweis darf höchstens 500 Zeichen lang sein.",
  },
  checklist: {
    failed: "Die Checkliste für den Start konnte nicht geladen werden.",
    heading: "Checkliste für den Start",
    summary: "{{done}} von {{total}} erledigt",
    done: "Erledigt",
    open: "Offen",
    points: {
      imprint: "Impressum vollständig",
      legalTexts: "Eigene AGB und Datenschutzerklärung",
      bankAccount: "Eigenes Bankkonto hinterlegt",
      smtp: "E-Mail-Versand (SMTP) eingerichtet",
      demoData: "Demodaten entfernt",
      adminPassword: "Admin-Passwort geändert",
    },
    hints: {
      imprint: "Angaben fehlen oder enthalten noch Platzhalter: {{fields}}.",
      legalTexts:
        "AGB und Datenschutzerklärung sind noch die mitgelieferten Texte. Speichern Sie Ihre eigene Fassung im Inhalte-Editor.",
      bankAccount:
        "Das aktive Standardkonto fehlt oder ist noch das Demokonto; Überweisungen gingen an ein fremdes Konto.",
      smtp: "SMTP_URL ist nicht gesetzt: E-Mails an Gäste werden nicht verschickt, sondern nur im Datenordner abgelegt. Setzen Sie SMTP_URL beim Start (siehe README, „Configuration“).",
      demoData:
        "Noch vorhanden: {{properties}} Demo-Unterkünfte, {{bookings}} Demo-Buchungen, {{users}} Demo-Konten, {{bankAccounts}} Demo-Bankkonten.",
      demoDataSelf:
        "Sie sind mit einem Demo-Konto angemeldet; es bleibt beim Entfernen bestehen. Legen Sie ein eigenes Admin-Konto an, melden Sie sich damit an und entfernen Sie die Demodaten erneut.",
      adminPassword: "Das Admin-Konto {{email}} hat noch das Demo-Passwort aus der README.",
    },
    links: {
      imprint: "Zu den Einstellungen",
      legalTexts: "Zu den Inhalten",
      bankAccount: "Zu den Bankkonten",
      demoData: "Demodaten entfernen",
      adminPassword: "Passwort ändern",
    },
  },
  demoRemoval: {
    title: "Demodaten entfernen?",
    text: "Gelöscht werden die Demo-Unterkünfte mit ihren Bildern, Buchungen und Bewertungen, die übrigen Demo-Buchungen, die Demo-Konten und das Demo-Bankkonto. Ihre eigenen Unterkünfte, Buchungen, Konten und Bankkonten bleiben erhalten. Das lässt sich nicht rückgängig machen.",
    keepsSelf:
      "Ihr eigenes Konto ({{email}}) ist ein Demo-Konto: es bleibt bestehen, damit Sie angemeldet bleiben.",
    confirm: "Endgültig entfernen",
    cancel: "Abbrechen",
    removed:
      "Demodaten entfernt: {{properties}} Unterkünfte, {{bookings}} Buchungen, {{users}} Konten, {{bankAccounts}} Bankkonten.",
    nothing: "Es sind keine Demodaten mehr vorhanden.",
    foreignBookings_one:
      "Nicht entfernt: {{count}} Buchung, die nicht aus den Demodaten stammt, betrifft eine Demo-Unterkunft oder das Demo-Bankkonto. Bitte stornieren oder klären Sie diese Buchung zuerst.",
    foreignBookings_other:
      "Nicht entfernt: {{count}} Buchungen, die nicht aus den Demodaten stammen, betreffen Demo-Unterkünfte oder das Demo-Bankkonto. Bitte stornieren oder klären Sie diese Buchungen zuerst.",
    failed: "Die Demodaten konnten nicht entfernt werden. Bitte versuchen Sie es erneut.",
  },
};

export default adminFacts;
