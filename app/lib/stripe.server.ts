import Stripe from "stripe";
import { getEnv } from "./env.server";

/**
 * The operator's own Stripe account (spec/09-payments.md, decision 044): the official SDK with
 * STRIPE_SECRET_KEY, pointed at STRIPE_API_BASE when set (the local fake in tests). The key
 * stays on the server: it is never part of loader data, and the logger's redaction is not
 * needed for it because nothing here logs the client or its configuration.
 */
let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

/** Card and PayPal are operational only with both keys: without the webhook secret no payment could ever be confirmed. */
export function isStripeConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

/** The configured client; null without keys (card and PayPal are then not offered). */
export function stripeClient(): Stripe | null {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key || !env.STRIPE_WEBHOOK_SECRET) return null;
  if (cached && cached.key === key && cached.base === env.STRIPE_API_BASE) return cached.client;
  cached = {
    key,
    base: env.STRIPE_API_BASE,
    client: new Stripe(key, stripeOptions(env.STRIPE_API_BASE)),
  };
  return cached.client;
}

/** STRIPE_API_BASE ("http://127.0.0.1:4100") as the SDK's host, port and protocol options. */
export function stripeOptions(apiBase: string | undefined): Stripe.StripeConfig {
  // Few retries and a short time-out: a guest waits on the booking button meanwhile. The SDK
  // sends the same idempotency key on its retries, so a retry never makes a second session.
  const common: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false };
  if (!apiBase) return common;
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    ...common,
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

/** Stripe's own tolerance for a signed webhook's timestamp: older deliveries are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies a webhook delivery on its raw bytes with the signing secret (the SDK's scheme:
 * HMAC-SHA256 of "<timestamp>.<body>", compared in constant time, timestamp within 5 minutes).
 * Throws on anything that is not a genuine, fresh event.
 */
export function verifyWebhook(rawBody: string, signature: string): Stripe.Event {
  const client = stripeClient();
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!client || !secret) throw new Error("Stripe is not configured");
  return client.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

export type { Stripe };
