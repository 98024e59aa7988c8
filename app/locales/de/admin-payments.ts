/**
 * German admin texts of issue 17 (decision 044): the Stripe checklist in /admin/settings ›
 * Buchungen.
 */
const adminPayments = {
  heading: "Online-Zahlung über Stripe",
  intro:
    "Kreditkarte und PayPal laufen über Ihr eigenes Stripe-Konto. Die Schlüssel stehen in der Serverkonfiguration (Umgebungsvariablen), nie in dieser Oberfläche.",
  notConfigured:
    "Zahlungsanbieter nicht konfiguriert: Kreditkarte und PayPal werden Gästen nicht angeboten, bis beide Schlüssel gesetzt sind.",
  operational:
    "Stripe ist eingerichtet: Kreditkarte und PayPal werden angeboten, wenn sie oben erlaubt sind.",
  secretKey: "Geheimer Schlüssel (STRIPE_SECRET_KEY)",
  webhookSecret: "Webhook-Signaturschlüssel (STRIPE_WEBHOOK_SECRET)",
  present: "vorhanden",
  presentTest: "vorhanden (Testmodus)",
  missing: "fehlt",
  webhookUrl: "Webhook-URL zum Eintragen in Stripe",
  webhookEvents: "Ereignisse: {{events}}",
  lastEvent: "Letztes empfangenes Ereignis",
  lastEventValue: "{{type}} am {{date}} um {{time}} Uhr",
  noEvent: "noch keines – prüfen Sie die Webhook-URL in Stripe, sobald die erste Zahlung läuft",
  ok: "Erledigt",
  open: "Offen",
};

export default adminPayments;
