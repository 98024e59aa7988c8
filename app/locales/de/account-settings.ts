/** German UI texts of the "accountSettings" area (/dashboard/settings). */
const accountSettings = {
  title: "Einstellungen",
  metaDescription: "Benachrichtigungen, Passwort, aktive Sitzungen und Konto verwalten.",
  notificationsHeading: "Benachrichtigungen",
  emailNotifications: "E-Mail-Benachrichtigungen",
  // Decision 069: what each switch covers, as it really is.
  emailNotificationsHint:
    "Optionale E-Mails, die Sie abbestellen können: derzeit die Kopie Ihrer Nachricht, wenn Sie angemeldet unser Kontaktformular nutzen. E-Mails zu Ihren Buchungen, Zahlungen und Ihrem Konto kommen immer.",
  marketingEmails: "Marketing-E-Mails",
  marketingEmailsHint:
    "Unser Newsletter mit Angeboten und Reiseideen an Ihre Konto-Adresse. Nach dem Einschalten erhalten Sie eine E-Mail mit Bestätigungslink; angemeldet sind Sie erst nach der Bestätigung. Ausschalten meldet Sie sofort ab.",
  // Decision 075: an account that has not proven its address cannot end the address's subscription.
  marketingEmailsHintUnproven:
    "Unser Newsletter mit Angeboten und Reiseideen an Ihre Konto-Adresse. Nach dem Einschalten erhalten Sie eine E-Mail mit Bestätigungslink; angemeldet sind Sie erst nach der Bestätigung. Abmelden können Sie sich jederzeit über den Link in jeder Newsletter-E-Mail.",
  marketingOffUnproven:
    "Ihre E-Mail-Adresse ist bei uns nicht bestätigt, deshalb ändern wir hier kein bestehendes Newsletter-Abonnement. Abmelden können Sie sich jederzeit über den Link in jeder Newsletter-E-Mail.",
  marketingPending:
    "Bestätigung ausstehend: Bitte bestätigen Sie die Anmeldung über den Link in der E-Mail an {{email}}. Der Link ist 7 Tage gültig.",
  marketingConfirmSent:
    "Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen an {{email}} gesendet haben.",
  marketingUnsubscribed: "Sie sind vom Newsletter abgemeldet.",
  marketingTooMany:
    "Zu viele Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  // Decision 077: an unproven account can prove its address with a mailed link.
  addressUnproven:
    "Ihre E-Mail-Adresse {{email}} ist noch nicht bestätigt. Bestätigen Sie sie über einen Link, den wir Ihnen senden: Danach zeigt „Marketing-E-Mails“ Ihr Newsletter-Abonnement, und Ausschalten meldet Sie sofort ab.",
  sendAddressConfirmation: "Bestätigungs-E-Mail senden",
  addressConfirmationSent:
    "Wir haben Ihnen eine E-Mail an {{email}} gesendet. Öffnen Sie den Link darin innerhalb von 24 Stunden und bestätigen Sie, angemeldet mit diesem Konto. Es gilt nur der Link der neuesten E-Mail.",
  addressConfirmationTooMany:
    "Sie haben bereits mehrere Bestätigungs-E-Mails angefordert. Bitte sehen Sie in Ihrem Postfach nach (auch im Spam-Ordner) oder versuchen Sie es später erneut.",
  addressAlreadyProven: "Ihre E-Mail-Adresse ist bereits bestätigt.",
  addressConfirmationFailed:
    "Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.",
  addressConfirmed:
    "Ihre E-Mail-Adresse ist bestätigt. „Marketing-E-Mails“ zeigt jetzt Ihr Newsletter-Abonnement; Ausschalten meldet Sie sofort ab.",
  // The page of the link (/auth/adresse-bestaetigen).
  confirmAddress: {
    title: "E-Mail-Adresse bestätigen",
    metaDescription: "Die E-Mail-Adresse Ihres Kontos bestätigen.",
    intro:
      "Bestätigen Sie, dass {{email}} Ihre E-Mail-Adresse ist. Danach sehen und beenden Sie Ihr Newsletter-Abonnement in Ihren Einstellungen.",
    button: "E-Mail-Adresse bestätigen",
    signIn:
      "Bitte melden Sie sich mit dem Konto an, für das Sie diese Bestätigung angefordert haben. Danach kommen Sie hierher zurück und bestätigen.",
    signInButton: "Anmelden",
    otherAccount:
      "Dieser Link gehört zu einem anderen Konto. Bitte melden Sie sich ab und mit dem Konto an, für das Sie die Bestätigung angefordert haben.",
    invalid:
      "Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet. In Ihren Einstellungen können Sie eine neue Bestätigungs-E-Mail anfordern.",
    toSettings: "Zu den Einstellungen",
  },
  saveNotifications: "Benachrichtigungen speichern",
  notificationsSaved: "Einstellungen gespeichert",
  notificationsFailed: "Einstellungen konnten nicht gespeichert werden",
  passwordHeading: "Passwort ändern",
  currentPassword: "Aktuelles Passwort",
  newPassword: "Neues Passwort",
  confirmPassword: "Neues Passwort bestätigen",
  passwordHint: "Mindestens 8 Zeichen",
  changePassword: "Passwort ändern",
  passwordChanged: "Passwort erfolgreich geändert",
  otherSessionsEndedHint: "Alle anderen Sitzungen wurden beendet.",
  changeFailed: "Fehler beim Ändern des Passworts",
  newPasswordTooShort: "Das neue Passwort muss mindestens 8 Zeichen lang sein",
  newPasswordTooLong: "Das neue Passwort darf höchstens 128 Zeichen lang sein",
  passwordMismatch: "Die Passwörter stimmen nicht überein",
  wrongCurrentPassword: "Das aktuelle Passwort ist falsch",
  // Password change and deletion share the sign-in limits (decision 013).
  tooManyAttempts: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  sessionsHeading: "Aktive Sitzungen",
  sessionsIntro: "Geräte, auf denen Sie angemeldet sind.",
  thisDevice: "Dieses Gerät",
  unknownBrowser: "Unbekannter Browser",
  unknownOs: "unbekanntes System",
  browserOnOs: "{{browser}} auf {{os}}",
  lastActiveToday: "Zuletzt aktiv: heute",
  lastActiveYesterday: "Zuletzt aktiv: gestern",
  lastActiveDaysAgo: "Zuletzt aktiv: vor {{count}} Tagen",
  signOutSession: "Abmelden",
  signOutSessionLabel: "Sitzung {{device}} abmelden",
  signOutOthers: "Alle anderen Sitzungen beenden",
  sessionEnded: "Die Sitzung wurde beendet.",
  otherSessionsEnded: "Alle anderen Sitzungen wurden beendet.",
  sessionNotFound: "Diese Sitzung wurde nicht gefunden.",
  noOtherSessions: "Sie sind auf keinem anderen Gerät angemeldet.",
  deleteHeading: "Konto löschen",
  deleteIntro:
    "Ihr Konto und Ihre persönlichen Daten werden gelöscht. Buchungen, die wir für die Buchhaltung aufbewahren müssen, bleiben ohne Ihre persönlichen Daten erhalten; Ihre Bewertungen bleiben ohne Namen sichtbar. Dies kann nicht rückgängig gemacht werden.",
  deletePassword: "Passwort zur Bestätigung",
  deleteAccount: "Konto endgültig löschen",
  wrongPassword: "Das Passwort ist falsch",
  upcomingBookings: "Bitte stornieren Sie zuerst Ihre bevorstehenden Buchungen.",
  // Spec 06: the last admin cannot be demoted; deleting the account would do the same.
  lastAdmin:
    "Der letzte Administrator kann sein Konto nicht löschen. Ernennen Sie zuerst ein anderes Konto zum Administrator.",
  deleteFailed: "Das Konto konnte nicht gelöscht werden. Bitte versuchen Sie es später erneut.",
};

export default accountSettings;
