/** German "footer" texts (decision 058: out of the core, registered by the modules that show them). */
const footer = {
  contactHeading: "Kontakt",
  openingHoursLabel: "Öffnungszeiten",
  aboutGroup: "Über uns",
  servicesGroup: "Leistungen",
  companyGroup: "Unternehmen",
  bookingProcess: "Buchungsprozess",
  paymentMethods: "Zahlungsmethoden",
  reviews: "Bewertungen",
  faq: "FAQ",
  travelPackages: "Reisepakete",
  hotelBooking: "Hotelbuchung",
  flightBooking: "Flugbuchung",
  travelInsurance: "Reiseversicherung",
  about: "Über uns",
  contact: "Kontakt",
  privacy: "Datenschutz",
  terms: "AGB",
  imprint: "Impressum",
  badgeSecure: "Sicher & Vertrauenswürdig",
  badgePayment: "Sichere Zahlung",
  badgeWorldwide: "Weltweiter Service",
  cookieSettings: "Cookie-Einstellungen",
  rights: "Alle Rechte vorbehalten.",
  installApp: "App herunterladen",
  newsletterHeading: "Newsletter",
  /** The checkout's slim footer (issue 16). */
  legalLinks: "Rechtliches",
};

export default footer;
