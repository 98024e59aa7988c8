import { data } from "react-router";
import type { Route } from "./+types/stripe-webhook";
import { handleStripeWebhook } from "~/features/booking/online-payment.server";
import { logger } from "~/lib/logger.server";

/**
 * POST /api/stripe/webhook: Stripe's events about Checkout Sessions (decision 044). Public, and
 * guarded by the signature alone: the raw body (size-limited by the server before anything
 * reads it) is verified with STRIPE_WEBHOOK_SECRET and a 5-minute tolerance; unsigned, forged
 * or replayed deliveries get 400 and change nothing. An event that cannot be applied because
 * the settings cannot be read gets 503 and is applied when Stripe sends it again.
 */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Methode nicht erlaubt" }, { status: 405 });
  // Read as bytes first: the signature covers these exact bytes, and the limit holds even when
  // the server in front did not apply its own.
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > WEBHOOK_BODY_LIMIT) {
    return data({ error: "Anfrage zu groß" }, { status: 413 });
  }
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return data({ error: "Ungültige Anfrage" }, { status: 400 });
  }
  const result = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
  if (result.status === 400) {
    logger.warn({ reason: result.reason }, "Stripe webhook refused");
    return data({ error: "Ungültige oder nicht signierte Anfrage" }, { status: 400 });
  }
  if (result.status === 503) {
    // Not applied (decision 087): Stripe delivers the event again later.
    return data(
      { error: "Vorübergehend nicht verarbeitet, bitte erneut senden" },
      { status: 503, headers: { "Retry-After": "60" } },
    );
  }
  return data({ received: true, outcome: result.outcome });
}

/** Nothing to read here; the endpoint only takes Stripe's POSTs. */
export function loader() {
  return data({ error: "Nur POST" }, { status: 405, headers: { Allow: "POST" } });
}
