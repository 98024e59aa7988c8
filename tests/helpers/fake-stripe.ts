/**
 * A local HTTP server that speaks the part of Stripe's API the app uses (decision 044), for the
 * integration tests and the E2E app server, so no test needs the internet:
 *
 * - `POST /v1/checkout/sessions` (form-encoded like the SDK sends it, Idempotency-Key honoured:
 *   the same key answers the same session), `GET /v1/checkout/sessions/:id`,
 *   `POST /v1/checkout/sessions/:id/expire`; the Bearer key is checked like the real API does.
 * - `GET /pay/:id`: the hosted checkout page with "Bezahlen" and "Abbrechen". "Bezahlen" marks
 *   the session paid, sends `checkout.session.completed` to the app's webhook and redirects to
 *   success_url; "Abbrechen" only redirects to cancel_url (as Stripe does: the session stays
 *   open until it expires).
 * - `POST /_fake/sessions/:id/expire`: a test lets a session run out (the webhook
 *   `checkout.session.expired` follows).
 *
 * - Refunds (decision 049): `POST /v1/refunds` against a PaymentIntent of a paid session
 *   (Idempotency-Key honoured, never more than the intent has left), `GET /v1/refunds/:id`.
 *   A refund starts "pending"; `completeRefund` (or `autoCompleteRefundsMs`) makes it succeed or
 *   fail and sends `charge.refunded` and `refund.updated`. `failNextRefunds(n)` makes the next n
 *   creates answer with an API error, as when Stripe is unreachable.
 *
 * - Off-session charges (decision 049): a paid session created with `customer_creation=always`
 *   gets a customer and a saved payment method; `POST /v1/payment_intents` (confirm,
 *   off_session; Idempotency-Key honoured) charges it, or answers with Stripe's card error when
 *   `failNextCharges(n, code)` says so (`authentication_required`, `card_declined`);
 *   `GET /v1/payment_intents/:id`. A SEPA mandate's method is "processing" when charged;
 *   `settleIntent` lets the bank answer (decision 051).
 * - A SEPA checkout (decision 070): `settle(id, "processing")` completes it unpaid with its
 *   PaymentIntent "processing"; "paid" or "failed" is the bank's answer, readable through the
 *   session and the intent as at Stripe. `retrieves` lists the look-ups; `failNextRetrieves(n)`
 *   makes them fail.
 *
 * Webhooks are signed with Stripe's real scheme (`stripe.webhooks.generateTestHeaderString`), so
 * the app's verification is the one that runs in production.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string | null;
  customer: string | null;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** what the app sent, for the tests' assertions */
  params: Record<string, unknown>;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: "pending" | "succeeded" | "failed" | "canceled";
  failure_reason: string | null;
  reason: string | null;
  created: number;
  metadata: Record<string, string>;
};

export type FakePaymentIntent = {
  id: string;
  object?: "payment_intent";
  status?: string;
  customer?: string | null;
  payment_method?: string | null;
  amount: number;
  amount_refunded: number;
  currency: string;
  latest_charge: string;
  last_payment_error?: { code: string; message: string } | null;
};

export type FakeStripe = {
  /** As STRIPE_API_BASE takes it, e.g. http://127.0.0.1:4567 */
  apiBase: string;
  sessions: Map<string, FakeSession>;
  /** Every create call (also repeated ones), with its Idempotency-Key. */
  creates: { idempotencyKey: string | undefined; params: Record<string, unknown> }[];
  /** The signed delivery of an event about a session, as Stripe would POST it. */
  signedEvent: (
    type: string,
    sessionId: string,
    options?: { timestamp?: number; eventId?: string },
  ) => { payload: string; signature: string; eventId: string };
  /**
   * Marks a session paid or expired without the checkout page. For an asynchronous method (SEPA):
   * "processing" – the checkout completed, its debit not arrived yet (payment_status unpaid, the
   * PaymentIntent "processing"); "failed" – the bank returned the debit (the session stays
   * complete/unpaid, the PaymentIntent goes back to "requires_payment_method", as at Stripe).
   */
  settle: (sessionId: string, outcome: "paid" | "expired" | "processing" | "failed") => FakeSession;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every refund create call (also repeated ones), with its Idempotency-Key. */
  refundCreates: { idempotencyKey: string | undefined; params: Record<string, unknown> }[];
  /** Off-session charges made (also failed ones), with their Idempotency-Key. */
  charges: { idempotencyKey: string | undefined; params: Record<string, unknown>; ok: boolean }[];
  /** The next n off-session charges fail with this card error code. */
  failNextCharges: (n: number, code: "authentication_required" | "card_declined") => void;
  /**
   * An account whose PayPal recurring payments are not approved: a session that would save a
   * PayPal agreement (`setup_future_usage`) is refused like Stripe refuses it.
   */
  refusePaypalSaving: (refuse: boolean) => void;
  /** The next n refund creates fail with an API error (nothing is refunded). */
  failNextRefunds: (n: number) => void;
  /**
   * The next n look-ups (`GET` of a checkout session or a PaymentIntent) fail with an API error,
   * as when Stripe is unreachable. The SDK retries, so fail more than one call to see it fail.
   */
  failNextRetrieves: (n: number) => void;
  /** The ids of every look-up (`GET` of a checkout session or a PaymentIntent), in order. */
  retrieves: string[];
  /** A signed delivery of an event about any object (a refund, a charge). */
  signedObjectEvent: (
    type: string,
    object: Record<string, unknown>,
    options?: { timestamp?: number; eventId?: string },
  ) => { payload: string; signature: string; eventId: string };
  /**
   * Stripe finishes a refund: its status changes and, with a webhook URL, `charge.refunded`
   * and `refund.updated` are delivered (their HTTP statuses are returned).
   */
  completeRefund: (refundId: string, outcome: "succeeded" | "failed") => Promise<number[]>;
  /**
   * The bank answers an off-session SEPA debit ("processing"): the intent succeeds or fails, and
   * the signed `payment_intent.succeeded` / `payment_intent.payment_failed` event is returned
   * (and delivered, with a webhook URL).
   */
  settleIntent: (
    intentId: string,
    outcome: "succeeded" | "failed",
  ) => Promise<{ payload: string; signature: string; eventId: string }>;
  /** Sends an event to the app's webhook (when one is configured); its HTTP status. */
  deliver: (type: string, sessionId: string) => Promise<number>;
  close: () => Promise<void>;
};

/** "a[b][0][c]=1" form bodies → nested objects and arrays, as Stripe's API reads them. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1];
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(options: {
  secretKey: string;
  webhookSecret: string;
  /** Where "Bezahlen" and expiries send their webhook, e.g. http://localhost:3100/api/stripe/webhook */
  webhookUrl?: string;
  /**
   * "Bezahlen" sends the guest back at once and the webhook this much later (E2E: the return
   * page must wait for it); 0 sends the webhook first.
   */
  deliveryDelayMs?: number;
  /** Refunds succeed by themselves this long after their creation (E2E); 0/absent: by the test. */
  autoCompleteRefundsMs?: number;
  port?: number;
}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, string>();
  const refundCreates: FakeStripe["refundCreates"] = [];
  let refundFailures = 0;
  let retrieveFailures = 0;
  const retrieves: string[] = [];
  let paypalSavingRefused = false;
  const charges: FakeStripe["charges"] = [];
  const chargesByKey = new Map<string, { status: number; body: unknown }>();
  let chargeFailures = { n: 0, code: "card_declined" as string };
  const byIdempotencyKey = new Map<string, string>();
  const creates: FakeStripe["creates"] = [];
  const signer = new Stripe(options.secretKey);
  let origin = "";

  const signedEvent: FakeStripe["signedEvent"] = (type, sessionId, opts = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    const eventId = opts.eventId ?? `evt_${crypto.randomBytes(12).toString("hex")}`;
    const { params: _params, ...object } = session;
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2026-10-28.endive",
      created: opts.timestamp ?? Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
      timestamp: opts.timestamp,
    });
    return { payload, signature, eventId };
  };

  const signedObjectEvent: FakeStripe["signedObjectEvent"] = (type, object, opts = {}) => {
    const eventId = opts.eventId ?? `evt_${crypto.randomBytes(12).toString("hex")}`;
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2026-10-28.endive",
      created: opts.timestamp ?? Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
      timestamp: opts.timestamp,
    });
    return { payload, signature, eventId };
  };

  const post = async (event: { payload: string; signature: string }) => {
    if (!options.webhookUrl) return 0;
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
    });
    return response.status;
  };

  const completeRefund: FakeStripe["completeRefund"] = async (refundId, outcome) => {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`unknown refund ${refundId}`);
    refund.status = outcome;
    const intent = paymentIntents.get(refund.payment_intent)!;
    if (outcome === "failed") {
      refund.failure_reason = "expired_or_canceled_card";
      intent.amount_refunded -= refund.amount;
    }
    const charge = {
      id: refund.charge,
      object: "charge",
      amount: intent.amount,
      amount_refunded: intent.amount_refunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: intent.amount_refunded === intent.amount,
    };
    const statuses: number[] = [];
    if (outcome === "succeeded")
      statuses.push(await post(signedObjectEvent("charge.refunded", charge)));
    statuses.push(
      await post(
        signedObjectEvent(outcome === "failed" ? "refund.failed" : "refund.updated", { ...refund }),
      ),
    );
    return statuses;
  };

  const settleIntent: FakeStripe["settleIntent"] = async (intentId, outcome) => {
    const intent = paymentIntents.get(intentId);
    if (!intent) throw new Error(`unknown payment intent ${intentId}`);
    intent.status = outcome === "succeeded" ? "succeeded" : "requires_payment_method";
    intent.last_payment_error =
      outcome === "failed"
        ? { code: "insufficient_funds", message: "The account has insufficient funds." }
        : null;
    const object = { ...intent };
    const event = signedObjectEvent(
      outcome === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed",
      object,
    );
    await post(event);
    return event;
  };

  const deliver: FakeStripe["deliver"] = async (type, sessionId) => {
    if (!options.webhookUrl) return 0;
    const { payload, signature } = signedEvent(type, sessionId);
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return response.status;
  };

  const settle: FakeStripe["settle"] = (sessionId, outcome) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    if (outcome === "processing" || outcome === "failed") {
      if (session.status === "open") session.status = "complete";
      session.payment_status = "unpaid";
      session.payment_intent ??= `pi_${crypto.randomBytes(12).toString("hex")}`;
      paymentIntents.set(session.payment_intent, {
        id: session.payment_intent,
        object: "payment_intent",
        status: outcome === "processing" ? "processing" : "requires_payment_method",
        customer: session.customer,
        payment_method: null,
        amount: session.amount_total,
        amount_refunded: 0,
        currency: session.currency,
        latest_charge: `ch_${crypto.randomBytes(12).toString("hex")}`,
        last_payment_error:
          outcome === "failed"
            ? { code: "insufficient_funds", message: "The account has insufficient funds." }
            : null,
      });
      return session;
    }
    if (outcome === "paid") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= `pi_${crypto.randomBytes(12).toString("hex")}`;
      const saves = session.params.customer_creation === "always";
      if (saves && !session.customer)
        session.customer = `cus_${crypto.randomBytes(8).toString("hex")}`;
      paymentIntents.set(session.payment_intent, {
        id: session.payment_intent,
        object: "payment_intent",
        status: "succeeded",
        customer: session.customer,
        // A SEPA mandate's method: charged off-session it is "processing" (see settleIntent).
        payment_method: saves
          ? `pm_${session.allowed_payment_method_types.includes("sepa_debit") ? "sepa_" : ""}${crypto.randomBytes(8).toString("hex")}`
          : null,
        amount: session.amount_total,
        amount_refunded: 0,
        currency: session.currency,
        latest_charge: `ch_${crypto.randomBytes(12).toString("hex")}`,
      });
    } else {
      session.status = "expired";
      session.url = null;
    }
    return session;
  };

  function createSession(params: Record<string, unknown>): FakeSession {
    const lineItems = (params.line_items as Record<string, unknown>[] | undefined) ?? [];
    const amount = lineItems.reduce((sum, item) => {
      const priceData = item.price_data as Record<string, unknown> | undefined;
      return sum + Number(priceData?.unit_amount ?? 0) * Number(item.quantity ?? 1);
    }, 0);
    const currency = String(
      (lineItems[0]?.price_data as Record<string, unknown> | undefined)?.currency ?? "eur",
    );
    const id = `cs_test_${crypto.randomBytes(16).toString("hex")}`;
    const now = Math.floor(Date.now() / 1000);
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      customer_email: (params.customer_email as string | undefined) ?? null,
      expires_at: Number(params.expires_at ?? now + 24 * 3600),
      created: now,
      livemode: false,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      customer: (params.customer as string | undefined) ?? null,
      allowed_payment_method_types: (params.allowed_payment_method_types as
        string[] | undefined) ?? ["card"],
      payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? [
        "card",
      ],
      success_url: String(params.success_url ?? ""),
      cancel_url: String(params.cancel_url ?? ""),
      url: `${origin}/pay/${id}`,
      params,
    };
    sessions.set(id, session);
    return session;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", origin);
        const send = (status: number, value: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(value));
        };
        const refuse = (status: number, message: string, type = "invalid_request_error") =>
          send(status, { error: { message, type } });
        const redirect = (location: string) => {
          res.writeHead(303, { location });
          res.end();
        };
        const view = (s: FakeSession) => {
          const { params: _params, ...rest } = s;
          return rest;
        };

        let match: RegExpMatchArray | null;
        // --- The hosted checkout page (what the guest's browser sees) ---
        if ((match = url.pathname.match(/^\/pay\/([\w]+)$/)) && req.method === "GET") {
          const session = sessions.get(match[1]);
          if (!session) return refuse(404, "No such checkout session");
          if (session.status !== "open") {
            res.writeHead(410, { "content-type": "text/html; charset=utf-8" });
            return res.end(`<!doctype html><html lang="de"><title>Abgelaufen</title>
<main><h1>Diese Zahlungsseite ist nicht mehr gültig.</h1></main></html>`);
          }
          const amount = (session.amount_total / 100).toFixed(2).replace(".", ",");
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(`<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Testzahlung</title></head>
<body><main><h1>Testzahlung (Stripe-Attrappe)</h1>
<p>Referenz: <span data-testid="reference">${escapeHtml(session.client_reference_id ?? "")}</span></p>
<p>Betrag: <span data-testid="amount">${amount} ${escapeHtml(session.currency.toUpperCase())}</span></p>
<p>Zahlungsarten: ${escapeHtml(session.payment_method_types.join(", "))}</p>
<form method="post" action="/pay/${session.id}/complete"><button type="submit">Bezahlen</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Abbrechen</button></form>
</main></body></html>`);
        }
        if ((match = url.pathname.match(/^\/pay\/([\w]+)\/(complete|cancel)$/))) {
          const session = sessions.get(match[1]);
          if (!session || req.method !== "POST") return refuse(404, "No such checkout session");
          if (match[2] === "cancel") return redirect(session.cancel_url);
          if (session.status !== "open") return refuse(400, "This session is no longer open");
          settle(session.id, "paid");
          if (options.deliveryDelayMs) {
            setTimeout(
              () => void deliver("checkout.session.completed", session.id).catch(() => {}),
              options.deliveryDelayMs,
            );
          } else {
            await deliver("checkout.session.completed", session.id);
          }
          return redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
        }
        if ((match = url.pathname.match(/^\/_fake\/sessions\/([\w]+)\/expire$/))) {
          const session = sessions.get(match[1]);
          if (!session) return refuse(404, "No such checkout session");
          if (session.status === "open") settle(session.id, "expired");
          const status = await deliver("checkout.session.expired", session.id);
          return send(200, { delivered: status });
        }

        // --- The API the SDK calls ---
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
          return refuse(401, "Invalid API Key provided", "authentication_error");
        }
        const retrieved =
          req.method === "GET"
            ? url.pathname.match(/^\/v1\/(?:checkout\/sessions|payment_intents)\/([\w]+)$/)
            : null;
        if (retrieved) retrieves.push(retrieved[1]);
        if (retrieved && retrieveFailures > 0) {
          retrieveFailures--;
          return refuse(500, "An error occurred with our connection to Stripe.", "api_error");
        }
        if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
          const params = parseStripeForm(body);
          const key = req.headers["idempotency-key"] as string | undefined;
          creates.push({ idempotencyKey: key, params });
          const earlier = key ? byIdempotencyKey.get(key) : undefined;
          if (earlier) return send(200, view(sessions.get(earlier)!));
          for (const field of ["success_url", "cancel_url", "line_items", "mode"]) {
            if (params[field] === undefined) return refuse(400, `Missing required param: ${field}`);
          }
          const intentData = params.payment_intent_data as Record<string, unknown> | undefined;
          const types = (params.allowed_payment_method_types as string[] | undefined) ?? [];
          if (paypalSavingRefused && intentData?.setup_future_usage && types.includes("paypal")) {
            return refuse(
              400,
              "PayPal recurring payments are not enabled for this account. Enable them in your Dashboard to use setup_future_usage.",
            );
          }
          const expiresAt = Number(params.expires_at);
          const now = Math.floor(Date.now() / 1000);
          if (
            params.expires_at !== undefined &&
            (expiresAt < now + 1800 || expiresAt > now + 86400)
          ) {
            return refuse(400, "expires_at must be 30 minutes to 24 hours from now");
          }
          const session = createSession(params);
          if (key) byIdempotencyKey.set(key, session.id);
          return send(200, view(session));
        }
        if (url.pathname === "/v1/refunds" && req.method === "POST") {
          const params = parseStripeForm(body);
          const key = req.headers["idempotency-key"] as string | undefined;
          refundCreates.push({ idempotencyKey: key, params });
          if (refundFailures > 0) {
            refundFailures--;
            return refuse(500, "An error occurred with our connection to Stripe.", "api_error");
          }
          const earlier = key ? refundsByKey.get(key) : undefined;
          if (earlier) return send(200, refunds.get(earlier));
          const intent = paymentIntents.get(String(params.payment_intent));
          if (!intent) return refuse(400, `No such payment_intent: '${params.payment_intent}'`);
          const amount =
            params.amount === undefined
              ? intent.amount - intent.amount_refunded
              : Number(params.amount);
          if (!(amount > 0) || amount > intent.amount - intent.amount_refunded) {
            return refuse(
              400,
              `Refund amount (${amount}) is greater than unrefunded amount on charge`,
            );
          }
          intent.amount_refunded += amount;
          const refund: FakeRefund = {
            id: `re_${crypto.randomBytes(12).toString("hex")}`,
            object: "refund",
            amount,
            currency: intent.currency,
            payment_intent: intent.id,
            charge: intent.latest_charge,
            status: "pending",
            failure_reason: null,
            reason: (params.reason as string | undefined) ?? null,
            created: Math.floor(Date.now() / 1000),
            metadata: (params.metadata as Record<string, string> | undefined) ?? {},
          };
          refunds.set(refund.id, refund);
          if (key) refundsByKey.set(key, refund.id);
          if (options.autoCompleteRefundsMs) {
            setTimeout(
              () => void completeRefund(refund.id, "succeeded").catch(() => {}),
              options.autoCompleteRefundsMs,
            );
          }
          return send(200, refund);
        }
        if (url.pathname === "/v1/payment_intents" && req.method === "POST") {
          const params = parseStripeForm(body);
          const key = req.headers["idempotency-key"] as string | undefined;
          const earlier = key ? chargesByKey.get(key) : undefined;
          if (earlier) return send(earlier.status, earlier.body);
          const id = `pi_${crypto.randomBytes(12).toString("hex")}`;
          const amount = Number(params.amount);
          let answer: { status: number; body: unknown };
          if (!(amount > 0) || !params.customer || !params.payment_method) {
            answer = {
              status: 400,
              body: {
                error: {
                  message: "Missing customer or payment_method",
                  type: "invalid_request_error",
                },
              },
            };
          } else if (chargeFailures.n > 0) {
            chargeFailures.n--;
            const intent = {
              id,
              object: "payment_intent",
              amount,
              status: "requires_payment_method",
            };
            answer = {
              status: 402,
              body: {
                error: {
                  type: "card_error",
                  code: chargeFailures.code,
                  message:
                    chargeFailures.code === "authentication_required"
                      ? "This payment requires authentication."
                      : "Your card was declined.",
                  payment_intent: intent,
                },
              },
            };
          } else {
            const intent: FakePaymentIntent = {
              id,
              object: "payment_intent",
              status: String(params.payment_method).startsWith("pm_sepa_")
                ? "processing"
                : "succeeded",
              amount,
              amount_refunded: 0,
              currency: String(params.currency ?? "eur"),
              customer: String(params.customer),
              payment_method: String(params.payment_method),
              latest_charge: `ch_${crypto.randomBytes(12).toString("hex")}`,
            };
            paymentIntents.set(id, intent);
            answer = { status: 200, body: intent };
          }
          charges.push({ idempotencyKey: key, params, ok: answer.status === 200 });
          if (key) chargesByKey.set(key, answer);
          return send(answer.status, answer.body);
        }
        if (
          (match = url.pathname.match(/^\/v1\/payment_intents\/([\w]+)$/)) &&
          req.method === "GET"
        ) {
          const intent = paymentIntents.get(match[1]);
          if (!intent) return refuse(404, `No such payment_intent: '${match[1]}'`);
          return send(200, intent);
        }
        if ((match = url.pathname.match(/^\/v1\/refunds\/([\w]+)$/)) && req.method === "GET") {
          const refund = refunds.get(match[1]);
          if (!refund) return refuse(404, `No such refund: '${match[1]}'`);
          return send(200, refund);
        }
        if ((match = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/))) {
          const session = sessions.get(match[1]);
          if (!session) return refuse(404, `No such checkout.session: '${match[1]}'`);
          if (!match[2] && req.method === "GET") return send(200, view(session));
          if (match[2] && req.method === "POST") {
            if (session.status !== "open") {
              return refuse(400, "Only Checkout Sessions with a status of open can be expired.");
            }
            settle(session.id, "expired");
            // Stripe sends the event after answering.
            setTimeout(() => void deliver("checkout.session.expired", session.id), 10);
            return send(200, view(session));
          }
        }
        return refuse(404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
      })().catch((error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(error), type: "api_error" } }));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    apiBase: origin,
    sessions,
    creates,
    signedEvent,
    settle,
    deliver,
    paymentIntents,
    refunds,
    refundCreates,
    charges,
    failNextCharges: (n, code) => {
      chargeFailures = { n, code };
    },
    refusePaypalSaving: (refuse) => {
      paypalSavingRefused = refuse;
    },
    failNextRefunds: (n) => {
      refundFailures = n;
    },
    failNextRetrieves: (n) => {
      retrieveFailures = n;
    },
    retrieves,
    signedObjectEvent,
    completeRefund,
    settleIntent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
