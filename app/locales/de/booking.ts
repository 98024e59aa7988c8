/** German UI texts of the "booking" area: the booking page /properties/{id}/book (spec 04). */
const booking = {
  heading: "Unterkunft buchen",
  backToProperty: "Zurück zur Unterkunft",
  steps: {
    label: "Buchungsschritte",
    dates: "Zeitraum wählen",
    details: "Details eingeben",
    payment: "Zahlung",
    /** Shown after a finished step for screen readers. */
    done: "(erledigt)",
  },
  dates: {
    intro: "Wählen Sie Anreise, Abreise und die Anzahl der Gäste.",
    next: "Weiter zu den Details",
    change: "Zeitraum ändern",
  },
  details: {
    intro: "Ihre Kontaktdaten für die Buchungsbestätigung.",
    fullName: "Vollständiger Name",
    email: "E-Mail",
    emailHint: "Die Buchungsbestätigung geht an die E-Mail-Adresse Ihres Kontos.",
    phone: "Telefon",
    specialRequests: "Besondere Wünsche",
    optional: "(optional)",
    specialRequestsHint: "Zum Beispiel späte Anreise oder ein Kinderbett.",
    counter: "{{count}} / {{max}} Zeichen",
    next: "Weiter zur Zahlung",
    back: "Zurück",
    required: "Pflichtfelder sind mit * markiert.",
  },
  payment: {
    methodLegend: "Zahlungsmethode",
    methodHints: {
      "bank-transfer": "Sie erhalten die Bankverbindung nach der Buchung per E-Mail.",
      "credit-card": "Sicher bezahlen über unseren Zahlungsanbieter.",
      paypal: "Bezahlen mit Ihrem PayPal-Konto.",
      "sepa-debit": "Lastschrift von Ihrem Konto – bei Anreise in mindestens 14 Tagen.",
    },
    noneOffered:
      "Derzeit ist leider keine Zahlungsmethode verfügbar, deshalb kann online nicht gebucht werden.",
    noneOfferedContact: "Bitte kontaktieren Sie uns",
    noneOfferedRest: ", wir helfen Ihnen gern bei Ihrer Buchung.",
    bankTransferNote:
      "Bei Überweisung: {{percentage}} % des Gesamtpreises als Anzahlung innerhalb von 7 Tagen nach der Buchung, der Restbetrag bis {{days}} Tage vor Anreise. Bei kurzfristigen Buchungen ist der gesamte Betrag innerhalb von 7 Tagen fällig, spätestens am Tag vor der Anreise. Ihre Buchung bleibt ausstehend, bis die Zahlung bestätigt ist.",
    schedule: {
      heading: "Ihr Zahlungsplan bei Überweisung",
      deposit: "Anzahlung ({{percentage}} %): {{amount}} bis {{date}}",
      balance: "Restbetrag: {{amount}} bis {{date}}",
      full: "Gesamtbetrag: {{amount}} bis {{date}}",
    },
    cancellationHeading: "Stornierungsbedingungen",
    cancellation:
      "Kostenlose Stornierung bis {{hours}} Stunden vor Anreise, danach {{percent}} % des Gesamtpreises",
    /** The terms computed for the chosen stay (issue 16; app/domain/cancellation.ts). */
    stayCancellation: {
      feeAfter: "Danach Stornogebühr {{fee}} ({{percentage}} % des Gesamtpreises).",
      fee: "Nicht kostenlos stornierbar – Stornogebühr {{fee}}",
      none: "Nicht stornierbar: Die Anreise ist heute.",
    },
    /** Beside the order button (issue 16, decision 037). */
    legal: {
      termsBefore: "Es gelten unsere ",
      termsLink: "AGB",
      privacyBefore: ". Wie wir Ihre Daten verarbeiten, lesen Sie in unserer ",
      privacyLink: "Datenschutzerklärung",
      privacyAfter: ".",
      noWithdrawal:
        "Kein Widerrufsrecht: Bei einer Unterkunft für feste Reisedaten besteht nach § 312g Abs. 2 Nr. 9 BGB kein gesetzliches Widerrufsrecht. Sie können nach den Stornierungsbedingungen oben stornieren.",
    },
    submit: "Zahlungspflichtig buchen",
    submitting: "Buchung wird verarbeitet...",
    back: "Zurück",
  },
  /** Above the steps on small screens (issue 16). */
  compactSummary: {
    nights_one: "{{count}} Nacht",
    nights_other: "{{count}} Nächte",
    details: "Details",
  },
  summary: {
    heading: "Ihre Buchung",
    checkIn: "Anreise",
    checkOut: "Abreise",
    nights: "Nächte",
    guests: "Gäste",
    chooseDates: "Bitte wählen Sie Ihre Reisedaten, um den Preis zu sehen.",
  },
  myBookingsLink: "Zu meinen Buchungen",
  errors: {
    // Spec 04 / 08, word for word.
    datesTaken: "Der gewählte Zeitraum ist bereits gebucht",
    minStay: "Der Mindestaufenthalt beträgt {{count}} Nächte.",
    minStay_one: "Der Mindestaufenthalt beträgt {{count}} Nacht.",
    maxStay: "Der Höchstaufenthalt beträgt {{count}} Nächte.",
    // Seasons and stay rules (issue 18, decision 046).
    seasonMinStay: "Der Mindestaufenthalt in diesem Zeitraum beträgt {{count}} Nächte.",
    seasonMinStay_one: "Der Mindestaufenthalt in diesem Zeitraum beträgt {{count}} Nacht.",
    arrivalDay: "An diesem Tag ist keine Anreise möglich.",
    departureDay: "An diesem Tag ist keine Abreise möglich.",
    maxStay_one: "Der Höchstaufenthalt beträgt {{count}} Nacht.",
    // Further rules of spec 04.
    checkInPast: "Die Anreise darf nicht in der Vergangenheit liegen.",
    // Booking limits (decision 012).
    tooFarAhead: "Buchungen sind höchstens {{count}} Monate im Voraus möglich.",
    tooFarAhead_one: "Buchungen sind höchstens {{count}} Monat im Voraus möglich.",
    dates: "Bitte wählen Sie gültige Reisedaten (die Abreise nach der Anreise).",
    guests: "Bitte wählen Sie zwischen 1 und {{max}} Gästen.",
    // Fields (booking.schema.ts).
    nameRequired: "Bitte geben Sie Ihren vollständigen Namen ein.",
    nameTooLong: "Der Name darf höchstens 200 Zeichen lang sein.",
    phoneRequired: "Bitte geben Sie Ihre Telefonnummer ein.",
    phoneInvalid:
      "Bitte geben Sie eine gültige Telefonnummer ein (6 bis 20 Ziffern; erlaubt sind außerdem +, -, /, Klammern und Leerzeichen).",
    specialRequestsTooLong: "Besondere Wünsche dürfen höchstens 2.000 Zeichen lang sein.",
    paymentMethodRequired: "Bitte wählen Sie eine Zahlungsmethode.",
  },
};

export default booking;
