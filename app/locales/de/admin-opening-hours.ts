/** German texts of the opening-hours fields in /admin/settings (decision 031). */
const adminOpeningHours = {
  legend: "Öffnungszeiten",
  hint: "Erscheinen so, wie Sie sie schreiben, auf jeder Seite, die Öffnungszeiten nennt (Startseite, Über uns, Kontakt, FAQ, Fußzeile).",
  german: "Öffnungszeiten (Deutsch)",
  english: "Öffnungszeiten (Englisch, optional)",
  englishHint: "Leer lassen, um auch auf englischen Seiten den deutschen Text zu zeigen.",
};

export default adminOpeningHours;
