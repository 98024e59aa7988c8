/** German UI texts of the "info" area (page content itself lives in content/de/*.json). */
const info = {
  offers: {
    empty: "Keine aktuellen Angebote",
    listLabel: "Aktuelle Angebote",
    regularPrice: "Regulärer Preis",
    offerPrice: "Angebotspreis",
    discount: "−{{percent}} %",
    discountLabel: "{{percent}} % günstiger",
    validUntil: "gültig bis {{date}}",
    view: "Angebot ansehen",
    viewLabel: "Angebot ansehen: {{title}}",
    browseAll: "Alle Unterkünfte ansehen",
  },
  about: {
    figuresNote: "Angabe des Betreibers",
    propertiesLabel: "Unterkünfte",
    propertiesNote: "aktuell buchbar, live aus unserem Bestand",
    company: "Unternehmen",
    address: "Anschrift",
    phone: "Telefon",
    email: "E-Mail",
    contact: "Kontakt aufnehmen",
    imprint: "Impressum",
  },
  imprint: {
    heading: "Impressum",
    legalBasis: "Angaben gemäß § 5 DDG",
    representedBy: "Vertreten durch",
    representative: "Vertretungsberechtigte/r",
    contact: "Kontakt",
    phone: "Telefon",
    email: "E-Mail",
    register: "Registereintrag",
    registerCourt: "Registergericht",
    registration: "Registernummer",
    tax: "Steuerangaben",
    vatId: "Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz",
    taxId: "Steuernummer",
    warningTitle: "Impressum unvollständig",
    warningText:
      "Diese Pflichtangaben sind noch leer oder enthalten die Platzhalter der Grundeinstellungen. Bitte ergänzen Sie die echten Unternehmensdaten, bevor die Website öffentlich erreichbar ist:",
    warningLink: "Zu den Einstellungen",
    warningAdminOnly: "Dieser Hinweis ist nur für Administratoren sichtbar.",
  },
  payments: {
    listLabel: "Zahlungsmethoden",
    available: "Verfügbar",
    unavailable: "Derzeit nicht verfügbar",
    contact: "Fragen zur Zahlung? Kontakt aufnehmen",
  },
};

export default info;
