/** German texts of the admin settings page /admin/settings (spec 06). */
const settings = {
  title: "Einstellungen",
  tabCompany: "Unternehmen",
  tabBookings: "Buchungen",
  save: "Einstellungen speichern",
  saved: "Einstellungen erfolgreich gespeichert",
  failed: "Fehler beim Speichern der Einstellungen",
  stale:
    "Die Einstellungen wurden inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
  website: "Website",
  company: "Unternehmensdaten",
  social: "Soziale Netzwerke",
  platformName: "Plattformname",
  pageTitle: "Seitentitel",
  metaDescription: "Meta-Beschreibung",
  metaKeywords: "Meta-Keywords",
  primaryColor: "Primärfarbe",
  secondaryColor: "Sekundärfarbe",
  // Light colours are shown darker where text sits on them (app/lib/color.ts).
  primaryColorHint:
    "Auf Schaltflächen wird die Farbe bei Bedarf so weit abgedunkelt, dass weiße Schrift darauf gut lesbar ist.",
  secondaryColorHint:
    "In Kopfleiste, Fußzeile und Menü wird die Farbe bei Bedarf so weit abgedunkelt, dass helle Schrift darauf gut lesbar ist.",
  companyName: "Firmenname",
  companyEmail: "E-Mail",
  companyPhone: "Telefon",
  companyAddress: "Adresse",
  companyPostalCode: "Postleitzahl",
  companyCity: "Stadt",
  companyCountry: "Land",
  companyRegistration: "Handelsregisternummer",
  companyRegisterCourt: "Registergericht",
  companyRepresentative: "Vertretungsberechtigte/r",
  companyTaxId: "Steuernummer",
  companyVatId: "USt-IdNr.",
  // Decision 083: § 5 DDG asks for these only where they exist; empty ones are not shown.
  companyRegisterHint:
    "Leer lassen, wenn das Unternehmen nicht im Handelsregister eingetragen ist (z. B. Einzelunternehmen); leere Angaben erscheinen nicht im Impressum.",
  companyVatIdHint:
    "Leer lassen, wenn Sie keine USt-IdNr. haben (z. B. Kleinunternehmer nach § 19 UStG); sie erscheint dann nicht im Impressum.",
  companyTaxIdHint:
    "Keine Pflichtangabe im Impressum; wird nur angezeigt, wenn Sie eine eintragen. Wir empfehlen, das Feld leer zu lassen.",
  socialFacebookUrl: "Facebook-URL",
  socialInstagramUrl: "Instagram-URL",
  socialXUrl: "X-URL",
  minStayDays: "Mindestaufenthalt (Nächte)",
  maxStayDays: "Höchstaufenthalt (Nächte)",
  serviceFee: "Servicegebühr (€)",
  freeCancellationHours: "Kostenlose Stornierung bis (Stunden vor Anreise)",
  cancellationFeePercentage: "Stornogebühr (%)",
  paymentMethods: "Zahlungsmethoden",
  bookingLimits: "Buchungsgrenzen",
  bookingLimitsHint:
    "Schützen Ihre Termine vor Blockaden: Die Grenzen gelten für jede Buchung und werden beim Speichern der Buchung geprüft.",
  bookingHorizonMonths: "Anreise höchstens (Monate im Voraus)",
  maxPendingBookings: "Unbezahlte Buchungen pro Konto (höchstens)",
  bookingAttemptsPerAccount: "Buchungsversuche pro Konto und Stunde",
  bookingAttemptsPerClient: "Buchungsversuche pro IP-Adresse und Stunde",
  brand: {
    heading: "Logos und Favicon",
    logoLight: "Logo (heller Hintergrund)",
    logoDark: "Logo (dunkler Hintergrund)",
    favicon: "Favicon",
    none: "Kein Bild",
    upload: "Hochladen",
    remove: "Entfernen",
    saved: "Gespeichert.",
    logoHint: "PNG, JPG oder WebP, höchstens 2 MB; wird auf höchstens 640 × 160 Pixel verkleinert.",
    faviconHint: "32x32 PNG (PNG, JPG oder WebP, höchstens 2 MB; quadratisch am besten).",
    failed: "Fehler beim Hochladen der Datei",
    errors: {
      missing: "Bitte wählen Sie eine Datei aus.",
      tooLarge: "Die Datei darf höchstens 2 MB groß sein.",
      wrongType: "Bitte wählen Sie ein Bild im Format PNG, JPG oder WebP.",
      failed: "Bitte versuchen Sie es erneut.",
    },
  },
  paymentSchedule: "Zahlungsplan",
  paymentScheduleHint:
    "Gilt für jede Zahlungsart und für neue Buchungen; bestehende Buchungen behalten ihren Zahlungsplan. Bei Überweisung ist die Anzahlung 7 Tage nach der Buchung fällig, bei Karte, PayPal und Lastschrift wird sie bei der Buchung gezahlt. Den Rest zahlt der Gast die angegebene Zahl von Tagen vor der Anreise; bei Karte, PayPal und Lastschrift wird er dann von der hinterlegten Zahlungsart eingezogen.",
  depositPercentage: "Anzahlung (%)",
  balanceDueDays: "Restzahlung fällig (Tage vor Anreise)",
  unpaidBookings: "Unbezahlte Buchungen",
  unpaidBookingsHint:
    "Gäste mit Überweisung erhalten 3 Tage vor jeder Fälligkeit und am Tag nach einer versäumten Zahlung automatisch eine Erinnerung mit den Zahlungsdaten. Auf Wunsch wird eine Buchung storniert, deren Anzahlung die angegebene Zahl von Tagen überfällig ist. Vorher erhält der Gast eine letzte Zahlungsaufforderung mit einer Frist von mindestens 7 Tagen; storniert wird erst nach deren Ablauf und nie ab dem Anreisetag. Über die Stornierung erhält der Gast eine E-Mail. Leer lassen, um nicht automatisch zu stornieren.",
  autoCancelOverdueDays: "Automatisch stornieren nach Tagen überfälliger Anzahlung",
  methodReasons: {
    providerNotConfigured: "Zahlungsanbieter nicht konfiguriert",
    noDefaultBankAccount: "Kein aktives Standardkonto",
  },
  invalid: {
    required: "Dieses Feld ist erforderlich.",
    color: "Bitte geben Sie eine Farbe im Format #RRGGBB ein.",
    email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    url: "Bitte geben Sie eine gültige URL (https://…) ein.",
    minStay: "Der Mindestaufenthalt muss mindestens 1 Nacht betragen.",
    maxStay: "Der Höchstaufenthalt darf nicht kleiner als der Mindestaufenthalt sein.",
    // Decision 090: the season with the longest minimum stay above the maximum entered.
    seasonMinStay:
      "Die Saison „{{season}}“ ({{property}}) verlangt mindestens {{nights}} Nächte. Der Höchstaufenthalt muss mindestens so hoch sein, oder Sie senken zuerst den Mindestaufenthalt dieser Saison.",
    serviceFee: "Die Servicegebühr darf nicht negativ sein.",
    hours: "Bitte geben Sie eine Stundenzahl ab 0 ein.",
    percentage: "Bitte geben Sie einen Wert zwischen 0 und 100 ein.",
    // Decision 098: every ticked method lacks its provider or account.
    noneOffered:
      "Mit dieser Auswahl könnten Gäste nicht buchen: Keine der gewählten Zahlungsmethoden ist einsatzbereit. Bitte wählen Sie mindestens eine Zahlungsmethode ohne den Hinweis „Zahlungsanbieter nicht konfiguriert“ oder „Kein aktives Standardkonto“.",
    paymentMethods: "Bitte wählen Sie mindestens eine Zahlungsmethode.",
    horizon: "Bitte geben Sie eine Zahl von 1 bis 120 Monaten ein.",
    pendingBookings: "Bitte geben Sie eine Zahl von 1 bis 100 ein.",
    attempts: "Bitte geben Sie eine Zahl von 1 bis 10.000 ein.",
    balanceDays: "Bitte geben Sie eine Zahl von 0 bis 365 Tagen ein.",
    autoCancelDays:
      "Bitte geben Sie eine Zahl von 1 bis 90 Tagen ein oder lassen Sie das Feld leer.",
  },
};

export default settings;
