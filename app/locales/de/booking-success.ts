/**
 * German UI texts of the "bookingSuccess" area: the page after booking (/booking-success) and
 * the payment instructions for bank transfer, which the "booking received" e-mail and the guest
 * dashboard show with the same words.
 */
const bookingSuccess = {
  title: "Buchung eingegangen",
  heading: "Vielen Dank für Ihre Buchung!",
  intro: "Ihre Buchung ist bei uns eingegangen.",
  pendingNote:
    "Ihre Buchung ist ausstehend, bis Ihre Zahlung eingegangen ist und wir die Buchung bestätigt haben. Die Buchungsbestätigung erhalten Sie per E-Mail.",
  pendingNoteOther:
    "Ihre Buchung ist ausstehend, bis wir sie bestätigt haben. Die Buchungsbestätigung erhalten Sie per E-Mail.",
  number: "Buchungsnummer",
  status: "Status",
  statuses: {
    pending: "Ausstehend",
    confirmed: "Bestätigt",
    cancelled: "Storniert",
    completed: "Abgeschlossen",
  },
  details: "Ihre Buchung",
  property: "Unterkunft",
  checkIn: "Anreise",
  checkOut: "Abreise",
  nights: "Nächte",
  guests: "Gäste",
  breakdown: "Preisaufschlüsselung",
  nightsTimesPrice_one: "{{price}} × {{count}} Nacht",
  nightsTimesPrice_other: "{{price}} × {{count}} Nächte",
  longStayDiscount: "Langzeitrabatt ({{percent}} %)",
  cleaningFee: "Reinigungsgebühr",
  serviceFee: "Servicegebühr",
  total: "Gesamt",
  paymentMethod: "Zahlungsmethode",
  emailSent: "Eine Bestätigung wurde an {{email}} gesendet.",
  myBookings: "Meine Buchungen",
  moreProperties: "Weitere Unterkünfte entdecken",
  /** Paying online (decision 044): what the page says until and after the webhook. */
  online: {
    waitingTitle: "Zahlung wird bestätigt…",
    waitingText:
      "Wir warten auf die Bestätigung Ihrer Zahlung durch unseren Zahlungsanbieter. Diese Seite aktualisiert sich von selbst; Sie erhalten außerdem eine E-Mail.",
    abandonedTitle: "Zahlung nicht abgeschlossen",
    abandonedText:
      "Sie haben die Zahlung abgebrochen. Ihre Reservierung bleibt bis {{time}} Uhr bestehen – so lange können Sie die Zahlung noch abschließen.",
    resume: "Zur Zahlung zurückkehren",
    discard: "Reservierung aufheben",
    paidTitle: "Zahlung eingegangen – Ihre Buchung ist bestätigt",
    paid: "Bezahlt: {{amount}}",
    balance:
      "Noch offen: {{amount}}, fällig am {{date}}. Wir buchen den Betrag an diesem Tag von der Zahlungsart ab, mit der Sie gerade bezahlt haben; gelingt das nicht, senden wir Ihnen einen Zahlungslink per E-Mail.",
    balanceByLink:
      "Noch offen: {{amount}}, fällig am {{date}}. Ihre Zahlungsart konnte nicht für spätere Zahlungen gespeichert werden: Den Betrag zahlen Sie über einen Zahlungslink, den wir Ihnen an diesem Tag per E-Mail senden.",
    paidInFull: "Die Buchung ist vollständig bezahlt.",
    expiredTitle: "Zahlung nicht abgeschlossen",
    processingTitle: "Lastschrift in Bearbeitung",
    processingText:
      "Ihr Lastschriftmandat ist erteilt. Die Buchung wird bestätigt, sobald die Lastschrift eingegangen ist (meist nach wenigen Werktagen); wir schreiben Ihnen dann eine E-Mail. Bis dahin sind die Daten für Sie reserviert.",
    expiredText:
      "Die Reservierung ist aufgehoben; es wurde nichts abgebucht. Die Daten sind wieder frei – Sie können gern erneut buchen.",
    bookAgain: "Erneut buchen",
  },
  /** Getting there (issue 16): success page and guest dashboard. */
  arrival: {
    heading: "Anreise und Kontakt",
    address: "Adresse",
    checkIn: "Check-in",
    checkOut: "Check-out",
    from: "ab {{time}} Uhr",
    until: "bis {{time}} Uhr",
    host: "Ihr Gastgeber",
    specialRequests: "Ihre besonderen Wünsche",
    calendar: "In Kalender eintragen",
  },
  payment: {
    heading: "Zahlungsinformationen",
    intro: "Bitte überweisen Sie die Beträge auf folgendes Konto:",
    accountHolder: "Kontoinhaber",
    iban: "IBAN",
    bic: "BIC",
    bank: "Bank",
    reference: "Verwendungszweck",
    referenceHint:
      "Bitte geben Sie als Verwendungszweck nur die Buchungsnummer an, damit wir Ihre Zahlung zuordnen können.",
    schedule: "Zahlungsplan",
    kind: "Zahlung",
    amount: "Betrag",
    dueDate: "Fällig bis",
    kinds: {
      deposit: "Anzahlung ({{percentage}} %)",
      balance: "Restbetrag",
      full: "Gesamtbetrag",
    },
    rule: "Anzahlung von {{percentage}} % innerhalb von 7 Tagen nach der Buchung, Restbetrag {{days}} Tage vor der Anreise; bei einer Buchung {{threshold}} Tage oder weniger vor der Anreise der Gesamtbetrag innerhalb von 7 Tagen – spätestens jeweils am Tag vor der Anreise.",
    termsLink: "AGB § 3 Zahlung",
    qrHeading: "GiroCode",
    qrHint:
      "Scannen Sie den Code mit Ihrer Banking-App: Sie füllt die Überweisung über {{amount}} aus. Bitte prüfen Sie Empfänger, IBAN und Betrag vor dem Absenden.",
    qrAlt: "GiroCode für die Überweisung von {{amount}}",
    noAccount:
      "Unsere Bankverbindung senden wir Ihnen in Kürze per E-Mail. Bitte überweisen Sie erst, wenn Sie sie erhalten haben.",
    copyShort: "Kopieren",
    copiedShort: "Kopiert",
    copy: "{{label}} kopieren",
    copied: "{{label}} kopiert",
  },
};

export default bookingSuccess;
