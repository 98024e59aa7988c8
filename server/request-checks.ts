/**
 * Checks every request to the app makes before React Router sees it (issue 11): the URL and a
 * form body must decode, and no text may carry control characters (a NUL byte makes PostgreSQL
 * refuse the whole statement; others have no place in a name, a message or a search). A browser
 * using our pages never trips these; a refusal is a 4xx with a German page and changes nothing.
 */

export type Refusal = { status: 400 | 413 | 415; reason: string };

// Tab, line feed and carriage return are text (textareas send CRLF); every other C0 control
// character and DEL is not.
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const utf8 = new TextDecoder("utf-8", { fatal: true });

const refuse = (status: Refusal["status"], reason: string): Refusal => ({ status, reason });

function isCleanText(value: string) {
  return !CONTROL_CHARACTER.test(value) && value.isWellFormed();
}

/** Path and query of a request target (`req.url`), e.g. `/properties?location=Sylt`. */
export function checkUrl(target: string): Refusal | null {
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return refuse(400, "path is not valid percent-encoding");
  }
  if (!isCleanText(decodedPath)) return refuse(400, "control character in the path");
  if (queryStart !== -1) {
    // Query strings come from links in the wild too, so they are decoded leniently (as the app
    // does with URLSearchParams); only what would reach a query as a control character is refused.
    for (const [key, value] of new URLSearchParams(target.slice(queryStart + 1))) {
      if (!isCleanText(key) || !isCleanText(value)) {
        return refuse(400, "control character in the query");
      }
    }
  }
  return null;
}

/** Decodes `application/x-www-form-urlencoded` strictly, as a browser encodes it. */
function checkUrlEncoded(body: Uint8Array): Refusal | null {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return refuse(400, "form body is not UTF-8");
  }
  if (text === "") return null;
  for (const pair of text.split("&")) {
    const equals = pair.indexOf("=");
    const parts = equals === -1 ? [pair] : [pair.slice(0, equals), pair.slice(equals + 1)];
    for (const part of parts) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(part.replaceAll("+", " "));
      } catch {
        return refuse(400, "form body is not valid percent-encoding");
      }
      if (!isCleanText(decoded)) return refuse(400, "control character in a form field");
    }
  }
  return null;
}

async function checkMultipart(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Refusal | null> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return refuse(400, "multipart body does not parse");
  }
  for (const [name, value] of form) {
    // Files are checked by what their bytes are (the upload code decodes them); their names
    // are never stored.
    if (!isCleanText(name) || (typeof value === "string" && !isCleanText(value))) {
      return refuse(400, "control character in a form field");
    }
  }
  return null;
}

/** Where Stripe posts its events (app/routes/api/stripe-webhook.ts). */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/**
 * A request body the app may parse: empty, or a form (URL-encoded or multipart, UTF-8) whose
 * text decodes and carries no control characters; on Stripe's webhook path, JSON in UTF-8.
 * Everything else is refused: the app has no JSON or text endpoints for browsers.
 */
export async function checkBody(
  contentType: string | undefined,
  body: Uint8Array<ArrayBuffer>,
  pathname = "",
): Promise<Refusal | null> {
  if (body.byteLength === 0) return null;
  const [essence, ...params] = (contentType ?? "").split(";").map((s) => s.trim().toLowerCase());
  // The one JSON endpoint: Stripe's webhook (decision 044). Its route verifies the signature
  // on these exact bytes; here they only have to be UTF-8.
  if (pathname === STRIPE_WEBHOOK_PATH && essence === "application/json") {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(body);
      return null;
    } catch {
      return refuse(400, "JSON body is not UTF-8");
    }
  }
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice(8)
    .replaceAll('"', "");
  if (charset && charset !== "utf-8" && charset !== "utf8") {
    return refuse(415, `charset ${charset}`);
  }
  if (essence === "application/x-www-form-urlencoded") return checkUrlEncoded(body);
  if (essence === "multipart/form-data") return checkMultipart(body, contentType ?? "");
  return refuse(415, `content type ${essence || "missing"}`);
}

/** Every value of an `X-Forwarded-*` header, in order, over repeated headers too. */
function forwardedValues(header: string | string[] | undefined): string[] {
  return [header]
    .flat()
    .flatMap((h) => h?.split(",") ?? [])
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/**
 * The first value of an `X-Forwarded-*` header: the hop nearest the browser when proxies list
 * several ("https, http"). Only for the scheme, which a client gains nothing by forging (the
 * origin check compares it with the browser's own Origin); never for the client's address.
 */
export function firstForwarded(header: string | string[] | undefined): string | undefined {
  return forwardedValues(header)[0];
}

/**
 * The last value of `X-Forwarded-For`: the address the trusted proxy itself saw and appended.
 * Everything left of it came with the request and is whatever the client wrote
 * ("198.51.100.1, 203.0.113.7" from a client that sent "198.51.100.1"), so the per-client
 * limits key on this one (decision 071). With TRUST_PROXY the app trusts exactly one hop.
 */
export function lastForwarded(header: string | string[] | undefined): string | undefined {
  return forwardedValues(header).at(-1);
}

export type ProxySettings = {
  trustProxy: boolean;
  /** BASE_URL's host when BASE_URL is https, else null. */
  httpsHost: string | null;
};

/**
 * The scheme the browser used for a request, for the URL React Router gets. React Router
 * refuses an action whose `Origin` differs from that URL's origin, scheme included: behind a
 * proxy that terminates HTTPS (README "Mehrere Server") every form would fail if the URL said
 * http. Taken from `X-Forwarded-Proto` when the proxy is trusted (`TRUST_PROXY`), else from
 * `BASE_URL` when the request is addressed to its host (a proxy that passes the host on), else
 * http, the app's own listener.
 */
export function requestScheme(
  headers: { host?: string; "x-forwarded-proto"?: string | string[] },
  proxy: ProxySettings,
): "http" | "https" {
  if (proxy.trustProxy) {
    const forwarded = firstForwarded(headers["x-forwarded-proto"])?.toLowerCase();
    if (forwarded === "https" || forwarded === "http") return forwarded;
  }
  if (proxy.httpsHost && proxy.httpsHost === headers.host?.toLowerCase()) return "https";
  return "http";
}

/** What `requestScheme` needs, read from the configuration once (not on every request). */
export function proxySettings(trustProxy: boolean, baseUrl: string): ProxySettings {
  try {
    const base = new URL(baseUrl);
    return { trustProxy, httpsHost: base.protocol === "https:" ? base.host : null };
  } catch {
    return { trustProxy, httpsHost: null };
  }
}
