/** German texts of the sign-in and registration page /auth. */
const auth = {
  signInTitle: "Anmelden",
  registerTitle: "Registrieren",
  signInIntro: "Melden Sie sich mit Ihrem Konto an.",
  registerIntro: "Erstellen Sie ein Konto, um Unterkünfte zu buchen.",
  name: "Name",
  email: "E-Mail",
  password: "Passwort",
  passwordHint: "Mindestens 8 Zeichen",
  submitSignIn: "Anmelden",
  submitRegister: "Registrieren",
  toRegister: "Noch kein Konto? Jetzt registrieren",
  toSignIn: "Bereits ein Konto? Jetzt anmelden",
  forgotPassword: "Passwort vergessen?",
  legal:
    "Für Buchungen gelten unsere <agb>AGB</agb>; wie wir mit Ihren Daten umgehen, steht in der <privacy>Datenschutzerklärung</privacy>. Fragen? <contact>Kontakt</contact>",
  invalidCredentials: "E-Mail oder Passwort ist falsch",
  missingFields: "Bitte geben Sie E-Mail und Passwort ein.",
  registrationFailed: "Fehler bei der Registrierung. Bitte versuchen Sie es erneut.",
  passwordTooShort: "Das Passwort muss mindestens 8 Zeichen lang sein",
  passwordTooLong: "Das Passwort darf höchstens 128 Zeichen lang sein",
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  /** Under the field; the banner (emailTaken) says what to do. */
  emailTakenField: "Mit dieser E-Mail-Adresse ist keine Registrierung möglich.",
  emailTaken:
    "Mit dieser E-Mail-Adresse kann kein neues Konto erstellt werden. Falls Sie bereits ein Konto haben, melden Sie sich an oder setzen Sie Ihr Passwort zurück.",
  tooManyAttempts: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  passwordRequired: "Bitte geben Sie Ihr Passwort ein.",
  showPassword: "Passwort anzeigen",
  stayHeading: "Ihre Buchung",
  stayIntro: "Nach der Anmeldung geht es direkt mit dieser Buchung weiter.",
  stayDates: "Reisedaten",
  stayNights_one: "{{count}} Nacht",
  stayNights_other: "{{count}} Nächte",
  stayGuests_one: "{{count}} Gast",
  stayGuests_other: "{{count}} Gäste",
  stayTotal: "Gesamtpreis",
  stayTotalHint: "inklusive Reinigungs- und Servicegebühr",
};

export default auth;
