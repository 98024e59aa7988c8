import newsletterTexts from "./de/newsletter";
import reviewsTexts from "./de/reviews";
import type { RouteCatalogue } from "./route-texts";

/**
 * German texts (the default) that every page may show: the layout, errors, the footer's
 * newsletter form and the rating lines of cards and reviews. The texts of one page or area are
 * registered by the modules that show them (`./texts/*`), so a page downloads only its own
 * (issue 16 point 3, decision 055); the server registers them all (`all-languages.server.ts`).
 * Fixed texts follow spec/08-messages.md word for word.
 */
const de = {
  common: {
    loading: "Wird geladen...",
    home: "Startseite",
    backHome: "Zur Startseite",
    close: "Schließen",
    save: "Speichern",
    requestId: "Anfrage-ID",
    perNight: "pro Nacht",
    from: "ab",
    skipToContent: "Zum Inhalt springen",
  },
  pagination: {
    label: "Seiten",
    previous: "Zurück",
    next: "Weiter",
    page: "Seite {{page}}",
    pageOf: "Seite {{page}} von {{pages}}",
    pageCurrent: "Seite {{page}}",
  },
  roles: { user: "Benutzer", admin: "Admin" },
  topbar: {
    phone: "Telefon",
    email: "E-Mail",
    language: "Sprache",
    social: { facebook: "Facebook", instagram: "Instagram", x: "X" },
  },
  nav: {
    main: "Hauptmenü",
    home: "Startseite",
    destinations: "Reiseziele",
    europe: "Europa",
    asia: "Asien",
    america: "Amerika",
    africa: "Afrika",
    offers: "Angebote",
    about: "Über uns",
    contact: "Kontakt",
    signIn: "Anmelden",
    register: "Registrieren",
    openMenu: "Menü öffnen",
    closeMenu: "Menü schließen",
    userMenu: "Benutzermenü",
    dashboard: "Dashboard",
    settings: "Einstellungen",
    admin: "Admin",
    signOut: "Abmelden",
    logoAlt: "Logo",
  },
  footer: {
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
  },
  errors: {
    notFoundTitle: "Seite nicht gefunden",
    notFoundText: "Die angeforderte Seite existiert nicht oder wurde verschoben.",
    serverError: "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
    forbiddenTitle: "Kein Zugriff",
    forbiddenText: "Sie haben keine Berechtigung, diese Seite aufzurufen.",
    sessionExpired: "Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu...",
    reload: "Seite neu laden",
    generic: "Ein Fehler ist aufgetreten",
  },
  dashboard: {
    title: "Übersicht",
    greeting: "Hallo {{name}}!",
    intro: "Hier verwalten Sie Ihre Buchungen, Ihr Profil und Ihre Einstellungen.",
    navLabel: "Kontobereich",
    overview: "Übersicht",
    bookings: "Meine Buchungen",
    profile: "Profil",
    settings: "Einstellungen",
    footerLabel: "Rechtliches",
    admin: "Administration",
  },
  admin: {
    title: "Administration",
    navLabel: "Administrationsbereich",
    menu: "Menü",
    dashboard: "Dashboard",
    settings: "Einstellungen",
    backToSite: "Zur Website",
    welcome: "Willkommen im Administrationsbereich.",
  },
  newsletter: newsletterTexts,
  reviews: reviewsTexts,
  paymentMethods: {
    "bank-transfer": "Banküberweisung",
    "credit-card": "Kreditkarte",
    paypal: "PayPal",
    "sepa-debit": "SEPA-Lastschrift",
  },
};

export default de;
/** Every text of a language: the core above and the page texts (what en.ts must translate). */
export type Catalogue = typeof de & RouteCatalogue;
export type CoreCatalogue = typeof de;
