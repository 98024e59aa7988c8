/** German UI texts of the "passwordReset" area (/auth/passwort-vergessen, /auth/passwort-zuruecksetzen). */
const passwordReset = {
  forgotTitle: "Passwort vergessen?",
  forgotIntro:
    "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können.",
  forgotMetaDescription: "Fordern Sie einen Link zum Zurücksetzen Ihres Passworts an.",
  email: "E-Mail",
  submitRequest: "Link senden",
  requested:
    "Falls ein Konto mit dieser E-Mail existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet.",
  requestedHint: "Der Link ist 1 Stunde gültig. Bitte sehen Sie auch im Spam-Ordner nach.",
  backToSignIn: "Zurück zur Anmeldung",
  resetTitle: "Neues Passwort festlegen",
  resetIntro: "Wählen Sie ein neues Passwort für Ihr Konto.",
  resetMetaDescription: "Legen Sie ein neues Passwort für Ihr Konto fest.",
  newPassword: "Neues Passwort",
  confirmPassword: "Passwort bestätigen",
  passwordHint: "Mindestens 8 Zeichen",
  submitReset: "Passwort speichern",
  invalidToken: "Dieser Link ist ungültig oder abgelaufen.",
  requestNewLink: "Neuen Link anfordern",
  success: "Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.",
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  passwordTooShort: "Das Passwort muss mindestens 8 Zeichen lang sein",
  passwordTooLong: "Das Passwort darf höchstens 128 Zeichen lang sein",
  passwordMismatch: "Die Passwörter stimmen nicht überein",
  tooManyAttempts: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  resetFailed: "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
};

export default passwordReset;
