/** German "dashboard" texts (decision 058: out of the core, registered by the modules that show them). */
const dashboard = {
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
};

export default dashboard;
