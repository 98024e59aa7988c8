/** German texts of "Mit KI optimieren" beside the property description (spec 06-admin, 08). */
const adminPropertyAi = {
  button: "Mit KI optimieren",
  pending: "Beschreibung wird optimiert …",
  notConfigured: "KI-Textoptimierung ist nicht konfiguriert",
  resultTitle: "Vorschlag der KI",
  resultHint:
    "Prüfen Sie den Vorschlag: Er ersetzt die Beschreibung erst mit „Übernehmen“ und wird erst mit dem Speichern des Formulars gespeichert.",
  original: "Aktuelle Beschreibung",
  suggestion: "Optimierte Beschreibung",
  accept: "Übernehmen",
  discard: "Verwerfen",
  accepted:
    "Der Vorschlag wurde in die Beschreibung übernommen. Speichern Sie das Formular, um ihn zu sichern.",
  discarded: "Der Vorschlag wurde verworfen.",
  errors: {
    descriptionRequired: "Bitte geben Sie zuerst eine Beschreibung ein",
    tooLong: "Die Beschreibung ist für die Textoptimierung zu lang (höchstens {{max}} Zeichen).",
    notConfigured: "KI-Textoptimierung ist nicht konfiguriert",
    rateLimited:
      "Sie haben das Limit von {{max}} Textoptimierungen pro Stunde erreicht. Bitte versuchen Sie es später erneut.",
    emptyResult: "Keine optimierte Beschreibung erhalten",
    truncated:
      "Die optimierte Beschreibung war zu lang und wurde abgeschnitten. Bitte kürzen Sie die Beschreibung und versuchen Sie es erneut.",
    failed: "Fehler bei der Textoptimierung",
  },
};

export default adminPropertyAi;
