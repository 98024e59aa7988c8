import type de from "../de/admin-payments";

/** English admin texts of issue 17 (decision 044): the Stripe checklist in the settings. */
const adminPayments: typeof de = {
  heading: "Online payment through Stripe",
  intro:
    "Credit card and PayPal run through your own Stripe account. The keys live in the server configuration (environment variables), never in this interface.",
  notConfigured:
    "Payment provider not configured: guests are not offered credit card and PayPal until both keys are set.",
  operational: "Stripe is set up: credit card and PayPal are offered when they are allowed above.",
  secretKey: "Secret key (STRIPE_SECRET_KEY)",
  webhookSecret: "Webhook signing secret (STRIPE_WEBHOOK_SECRET)",
  present: "present",
  presentTest: "present (test mode)",
  missing: "missing",
  webhookUrl: "Webhook URL to register in Stripe",
  webhookEvents: "Events: {{events}}",
  lastEvent: "Last event received",
  lastEventValue: "{{type}} on {{date}} at {{time}}",
  noEvent: "none yet – check the webhook URL in Stripe once the first payment runs",
  ok: "Done",
  open: "Open",
};

export default adminPayments;
