/** German UI texts of the "newsletter" area (page content itself lives in content/de/*.json). */
const newsletter = {
  email: "E-Mail",
  placeholder: "Ihre E-Mail-Adresse",
  submit: "Abonnieren",
  submitting: "Wird gesendet...",
  pending:
    "Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen gesendet haben.",
  invalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  tooMany: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  failed: "Ihre Anmeldung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.",
  invalidLink: "Dieser Link ist ungültig oder abgelaufen.",
  backHome: "Zur Startseite",
  confirm: {
    title: "Newsletter-Anmeldung bestätigen",
    intro: "Bitte bestätigen Sie, dass Sie unseren Newsletter erhalten möchten.",
    button: "Anmeldung bestätigen",
    done: "Ihre Newsletter-Anmeldung ist bestätigt.",
  },
  unsubscribe: {
    title: "Vom Newsletter abmelden",
    intro: "Möchten Sie unseren Newsletter nicht mehr erhalten?",
    button: "Abmelden",
    done: "Sie wurden vom Newsletter abgemeldet.",
  },
};

export default newsletter;
