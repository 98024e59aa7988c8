/** German texts of the footer's cookie list (loaded on its first click). */
const cookies = {
  title: "Cookie-Einstellungen",
  intro:
    "Diese Website setzt nur technisch notwendige Cookies. Wir verwenden keine Analyse-, Werbe- oder Tracking-Cookies und zeigen deshalb kein Einwilligungsbanner.",
  name: "Name",
  purpose: "Zweck",
  duration: "Speicherdauer",
  session: "Hält Sie nach der Anmeldung angemeldet (Sitzung).",
  sessionDuration: "30 Tage, verlängert sich bei Nutzung",
  language: "Speichert die gewählte Sprache.",
  languageDuration: "1 Jahr",
};

export default cookies;
