import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./ip-address.server";

/**
 * Fetches a file named by a user (a URL in a CSV import) without letting the user point the
 * server at itself or its network (SSRF, decision 028):
 * - http and https only, no credentials in the URL;
 * - the host is resolved here and EVERY address it resolves to must be public
 *   (`isPublicAddress`); the connection is then pinned to the checked address through the
 *   socket's `lookup`, so a second DNS answer (DNS rebinding) is never asked for;
 * - redirects are followed by hand, at most `maxRedirects`, and each target is checked again;
 * - the body is counted while it streams and cut at `maxBytes`; the whole fetch, redirects
 *   included, is aborted after `timeoutMs`.
 * `allowPrivate` (IMPORT_ALLOW_PRIVATE, for tests and closed networks) skips the address check
 * only; everything else still holds.
 */
export type SafeFetchOptions = {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** The Accept header (default image/*, for the CSV import's images). */
  accept?: string;
  /**
   * Which resolved addresses may be connected to; `isPublicAddress` unless `allowPrivate`.
   * A seam for tests that need one local server to pass and another local address to be refused.
   */
  isAllowedAddress?: (address: string) => boolean;
  /** How a host name is resolved (dns.lookup); a seam for tests of a resolver that hangs. */
  lookupHost?: (host: string) => Promise<{ address: string; family: number }[]>;
};

export type SafeFetchFailure =
  | "invalidUrl"
  | "blockedAddress"
  | "dnsFailed"
  | "tooManyRedirects"
  | "httpStatus"
  | "tooLarge"
  | "timeout"
  | "connectionFailed";

export type SafeFetchResult =
  | { ok: true; body: Buffer; contentType: string | null; finalUrl: string }
  | { ok: false; error: SafeFetchFailure; httpStatus?: number };

class FetchFailure extends Error {
  constructor(
    readonly code: SafeFetchFailure,
    readonly httpStatus?: number,
  ) {
    super(code);
  }
}

async function checkedAddress(hostname: string, options: SafeFetchOptions) {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.lookupHost
        ? options.lookupHost(host)
        : dns.lookup(host, { all: true, verbatim: true }));
    } catch {
      throw new FetchFailure("dnsFailed");
    }
  }
  if (addresses.length === 0) throw new FetchFailure("dnsFailed");
  // All of them: a host that also resolves to a private address is refused, whichever
  // address the connection would have used.
  const isAllowed = options.isAllowedAddress ?? isPublicAddress;
  if (!options.allowPrivate && addresses.some((a) => !isAllowed(a.address))) {
    throw new FetchFailure("blockedAddress");
  }
  return addresses[0];
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<
  | { kind: "redirect"; location: string }
  | { kind: "body"; body: Buffer; contentType: string | null }
> {
  // The socket connects to the address checked above, never to a fresh DNS answer.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "GET",
        lookup,
        signal,
        headers: {
          "user-agent": "Ferienwohnung-Import/1.0",
          accept: options.accept ?? "image/*",
        },
        // No keep-alive pool: a pooled socket would skip the lookup (and the pinning) next time.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ kind: "redirect", location: response.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new FetchFailure("httpStatus", status));
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new FetchFailure("tooLarge"));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FetchFailure("tooLarge"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            kind: "body",
            body: Buffer.concat(chunks),
            contentType: response.headers["content-type"] ?? null,
          }),
        );
        response.on("error", (error) => reject(error));
      },
    );
    request.on("error", (error) => reject(error));
    request.end();
  });
}

export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, error: "invalidUrl" };
    }
    for (let redirects = 0; ; redirects++) {
      if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
        return { ok: false, error: "invalidUrl" };
      }
      // dns.lookup cannot be aborted and a stuck resolver can take far longer than timeoutMs:
      // stop waiting for it when the time is up (callers such as "Jetzt synchronisieren" wait
      // for this inside a request and promise 10 s).
      const pinned = await Promise.race([
        checkedAddress(url.hostname, options),
        new Promise<null>((resolve) => {
          if (controller.signal.aborted) resolve(null);
          controller.signal.addEventListener("abort", () => resolve(null), { once: true });
        }),
      ]);
      if (!pinned || controller.signal.aborted) return { ok: false, error: "timeout" };
      const answer = await requestOnce(url, pinned, options, controller.signal);
      if (answer.kind === "body") {
        return { ok: true, body: answer.body, contentType: answer.contentType, finalUrl: url.href };
      }
      if (redirects >= options.maxRedirects) return { ok: false, error: "tooManyRedirects" };
      try {
        url = new URL(answer.location, url);
      } catch {
        return { ok: false, error: "invalidUrl" };
      }
    }
  } catch (error) {
    if (error instanceof FetchFailure) {
      return { ok: false, error: error.code, httpStatus: error.httpStatus };
    }
    if (controller.signal.aborted) return { ok: false, error: "timeout" };
    return { ok: false, error: "connectionFailed" };
  } finally {
    clearTimeout(timer);
  }
}
