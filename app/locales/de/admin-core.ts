/** German "admin" texts (decision 058: out of the core, registered by the modules that show them). */
const admin = {
  title: "Administration",
  navLabel: "Administrationsbereich",
  menu: "Menü",
  dashboard: "Dashboard",
  settings: "Einstellungen",
  backToSite: "Zur Website",
  welcome: "Willkommen im Administrationsbereich.",
};

export default admin;
