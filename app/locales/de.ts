import type { RouteCatalogue } from "./route-texts";

/**
 * German texts (the default) that every page may show: the layout and errors. The texts of one
 * page or area are registered by the modules that show them (`./texts/*`), so a page downloads
 * only its own (issue 16 point 3, decisions 055 and 058); the server registers them all (`all-languages.server.ts`).
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
    /** Said by screen readers after a link with target="_blank". */
    opensInNewTab: "(öffnet in einem neuen Tab)",
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
    /** The top bar's landmark, so screen readers find the language switch there. */
    label: "Kontakt und Sprache",
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
