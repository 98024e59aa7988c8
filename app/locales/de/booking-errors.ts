/**
 * German messages of the booking errors only the server finds (spec 04 / 08, word for word).
 * The booking action sends the banner's text with its answer, so the booking page's scripts do
 * not carry them: a namespace the server alone registers (route-texts.ts `SERVER_ONLY`), apart
 * from "booking", whose registrar the page loads.
 */
const bookingErrors = {
  ownOverlap: "Sie haben bereits eine Buchung für diesen Zeitraum",
  failed: "Fehler beim Erstellen der Buchung",
  paymentUnavailable: "Diese Zahlungsmethode ist derzeit nicht verfügbar.",
  propertyNotFound: "Unterkunft nicht gefunden",
  invalid: "Bitte überprüfen Sie Ihre Eingaben.",
  sepaTooLate:
    "SEPA-Lastschrift ist nur bei einer Anreise in mindestens 14 Tagen möglich. Bitte wählen Sie eine andere Zahlungsmethode.",
  priceChanged:
    "Der Preis für diesen Aufenthalt hat sich inzwischen geändert: Er beträgt jetzt {{total}}. Bitte prüfen Sie die Zusammenfassung und buchen Sie erneut.",
  termsChanged:
    "Die Stornierungs- oder Zahlungsbedingungen haben sich inzwischen geändert. Es wurde nichts gebucht. Bitte prüfen Sie die aktualisierten Bedingungen und buchen Sie erneut.",
  paymentStartFailed:
    "Die Zahlung konnte nicht gestartet werden. Die Daten sind wieder frei – bitte versuchen Sie es erneut.",
  pendingLimit:
    "Sie haben bereits {{count}} unbezahlte Buchungen. Bitte bezahlen oder stornieren Sie eine davon, bevor Sie neu buchen.",
  pendingLimit_one:
    "Sie haben bereits eine unbezahlte Buchung. Bitte bezahlen oder stornieren Sie sie, bevor Sie neu buchen.",
  unavailable:
    "Buchungen sind gerade nicht möglich. Es wurde nichts gebucht. Bitte versuchen Sie es in einigen Minuten erneut.",
  tooManyAttempts:
    "Zu viele Buchungsversuche. Bitte warten Sie etwas und versuchen Sie es in spätestens einer Stunde erneut.",
};

export default bookingErrors;
