/** German texts of the property form's image uploader (spec 06 "Bilder", decision 027). */
const propertyImages = {
  label: "Bilder",
  hint: "JPG, PNG oder WebP, höchstens 10 MB pro Datei und 30 Bilder pro Unterkunft. Das erste Bild ist das Hauptbild.",
  choose: "Bilder auswählen",
  dropHere: "oder Dateien hierher ziehen",
  dropActive: "Dateien hier ablegen",
  listLabel: "Bilder der Unterkunft",
  empty: "Noch keine Bilder",
  main: "Hauptbild",
  imageName: "Bild {{position}}",
  status: {
    queued: "wartet",
    uploading: "wird hochgeladen",
    done: "erfolgreich",
    error: "Fehler",
  },
  attempt: "Versuch {{attempt}} von {{total}}",
  progress: "Fortschritt von {{name}}",
  category: "Kategorie",
  categoryOf: "Kategorie von Bild {{position}}",
  move: "Bild {{position}} verschieben",
  remove: "Bild {{position}} entfernen",
  retry: "Erneut versuchen",
  retryLabel: "Bild {{position}} erneut hochladen",
  external: "Importiertes Bild",
  failedCount_one: "{{count}} Bild konnte nicht hochgeladen werden.",
  failedCount_other: "{{count}} Bilder konnten nicht hochgeladen werden.",
  succeededCount_one: "{{count}} wurde erfolgreich hochgeladen.",
  succeededCount_other: "{{count}} wurden erfolgreich hochgeladen.",
  offline: "Keine Internetverbindung. Bitte prüfen Sie Ihre Verbindung.",
  draftMissing_one:
    "{{count}} Bild des automatisch gespeicherten Entwurfs ist nicht mehr verfügbar. Bitte laden Sie es erneut hoch.",
  draftMissing_other:
    "{{count}} Bilder des automatisch gespeicherten Entwurfs sind nicht mehr verfügbar. Bitte laden Sie sie erneut hoch.",
  tooMany:
    "Eine Unterkunft kann höchstens 30 Bilder haben. {{count}} Dateien wurden nicht übernommen.",
  errors: {
    missing: "Bitte wählen Sie eine Bilddatei aus.",
    notImage: "Die Datei ist kein gültiges Bild (JPG, PNG oder WebP).",
    tooLarge: "Die Datei ist größer als 10 MB.",
    tooManyPixels: "Das Bild hat zu viele Pixel (höchstens 40 Megapixel).",
    tooManyPending:
      "Zu viele Bilder sind noch keiner Unterkunft zugeordnet. Bitte speichern Sie zuerst die Unterkunft.",
    failed: "Fehler beim Hochladen des Bildes",
    refused: "Das Bild wurde abgelehnt.",
    timeout: "Zeitüberschreitung beim Hochladen (30 Sekunden)",
    network: "Fehler beim Hochladen des Bildes (Netzwerkfehler)",
    server: "Fehler beim Hochladen des Bildes (Serverfehler)",
    sessionExpired: "Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu...",
  },
  dnd: {
    instructions:
      "Um ein Bild zu verschieben, drücken Sie die Leertaste oder die Eingabetaste. Verschieben Sie es mit den Pfeiltasten und legen Sie es mit der Leertaste oder der Eingabetaste ab. Mit Escape brechen Sie ab.",
    start: "Bild {{position}} aufgenommen.",
    over: "Bild {{from}} ist jetzt an Position {{to}} von {{total}}.",
    end: "Bild abgelegt an Position {{to}} von {{total}}.",
    cancel: "Verschieben abgebrochen. Das Bild bleibt an Position {{position}}.",
  },
};

export default propertyImages;
