/**
 * The Stripe set-up of an integration test file (decision 044): the local fake Stripe, the keys
 * and STRIPE_API_BASE in the environment, a fresh test database with its settings row, all
 * torn down after the file. The returned object stands for the file's fake (it forwards to the
 * one started in `beforeAll`), so tests write `stripe.settle(…)` as with the fake itself.
 */
import { afterAll, beforeAll } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { action as webhookAction } from "~/routes/api/stripe-webhook";
import { openTestDatabase } from "./database";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";

export function fakeStripeForFile(name: string): FakeStripe {
  const secretKey = `sk_test_fake_${name}_0123456789`;
  const webhookSecret = `whsec_test_fake_${name}_0123456789`;
  let current: FakeStripe | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    current = await startFakeStripe({ secretKey, webhookSecret });
    process.env.STRIPE_SECRET_KEY = secretKey;
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    process.env.STRIPE_API_BASE = current.apiBase;
    resetEnvCache();
    handle = await openTestDatabase();
    await ensureSettingsRow();
  });
  afterAll(async () => {
    await handle?.close();
    await current?.close();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
    resetEnvCache();
  });
  return new Proxy({} as FakeStripe, {
    get(_target, key) {
      if (!current) throw new Error("the fake Stripe starts in beforeAll");
      return current[key as keyof FakeStripe];
    },
  });
}

/** A delivery to the webhook route as Stripe would POST it (no signature: `null`); its status. */
export async function postWebhook(payload: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  const request = new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    headers,
    body: payload,
  });
  const result = await webhookAction({ request, params: {}, context: {} } as never);
  return (result as { init?: ResponseInit | null }).init?.status ?? 200;
}

/** A signed event of the fake, delivered. */
export const deliverWebhook = (event: { payload: string; signature: string }) =>
  postWebhook(event.payload, event.signature);
