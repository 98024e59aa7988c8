/** German UI texts of the "profilePage" area (/dashboard/profile). */
const profilePage = {
  title: "Profil",
  description: "Ihr Profilbild und Ihre persönlichen Daten.",
  heading: "Mein Profil",
  intro: "Diese Angaben verwenden wir für Ihre Buchungen. Sie können sie jederzeit ändern.",
  avatar: {
    heading: "Profilbild",
    alt: "Ihr Profilbild",
    none: "Noch kein Profilbild",
    label: "Bild auswählen",
    hint: "JPG, PNG oder WebP, höchstens 2 MB. Das Bild wird quadratisch zugeschnitten.",
    submit: "Bild hochladen",
    uploading: "Wird hochgeladen...",
    success: "Profilbild aktualisiert",
  },
  avatarErrors: {
    tooLarge: "Das Bild darf höchstens 2 MB groß sein.",
    wrongType: "Bitte wählen Sie ein JPG-, PNG- oder WebP-Bild.",
    missing: "Bitte wählen Sie ein Bild zum Hochladen aus.",
    failed: "Bild konnte nicht hochgeladen werden",
  },
  details: {
    heading: "Persönliche Daten",
    fullName: "Vollständiger Name",
    email: "E-Mail",
    emailHint: "Die E-Mail-Adresse kann hier nicht geändert werden.",
    phone: "Telefon",
    phoneHint: "Zum Beispiel +49 170 1234567",
    address: "Adresse",
    city: "Stadt",
    postalCode: "Postleitzahl",
    country: "Land",
    submit: "Änderungen speichern",
    saving: "Wird gespeichert...",
    saved: "Änderungen erfolgreich gespeichert",
    failed: "Profil konnte nicht gespeichert werden",
  },
  errors: {
    nameRequired: "Bitte geben Sie Ihren vollständigen Namen ein.",
    nameTooLong: "Der Name darf höchstens 200 Zeichen lang sein.",
    phoneInvalid:
      "Bitte geben Sie eine gültige Telefonnummer ein (6 bis 20 Ziffern; erlaubt sind außerdem +, -, /, Klammern und Leerzeichen).",
    addressTooLong: "Die Adresse darf höchstens 200 Zeichen lang sein.",
    cityTooLong: "Die Stadt darf höchstens 100 Zeichen lang sein.",
    postalCodeTooLong: "Die Postleitzahl darf höchstens 20 Zeichen lang sein.",
    countryTooLong: "Das Land darf höchstens 100 Zeichen lang sein.",
  },
};

export default profilePage;
