/**
 * German texts of the booking page that only the server words (route-texts.ts `SERVER_ONLY`):
 * the page title, set in the loader, and the note for browsers without JavaScript, which only
 * the server's HTML carries (React hydrates nothing inside <noscript>). Apart from "booking", so
 * the page's scripts do not carry them (decision 088: their bytes went to the terms shown).
 */
const bookingPage = {
  metaTitle: "Buchen: {{title}}",
  noScript:
    "Ohne JavaScript werden Preis und Verfügbarkeit beim Absenden geprüft; die Übersicht zeigt den Preis für die ursprünglich gewählten Daten.",
};

export default bookingPage;
