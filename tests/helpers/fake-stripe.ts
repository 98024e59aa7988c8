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
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** what the app sent, for the tests' assertions */
  params: Record<string, unknown>;
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
  /** Marks a session paid (or failed, for an async method) without the checkout page. */
  settle: (sessionId: string, outcome: "paid" | "expired") => FakeSession;
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
  port?: number;
}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
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
    if (outcome === "paid") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_${crypto.randomBytes(12).toString("hex")}`;
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
        if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
          const params = parseStripeForm(body);
          const key = req.headers["idempotency-key"] as string | undefined;
          creates.push({ idempotencyKey: key, params });
          const earlier = key ? byIdempotencyKey.get(key) : undefined;
          if (earlier) return send(200, view(sessions.get(earlier)!));
          for (const field of ["success_url", "cancel_url", "line_items", "mode"]) {
            if (params[field] === undefined) return refuse(400, `Missing required param: ${field}`);
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
