/**
 * The shared page cache for visitors (issue 16 point 4, decision 038): public pages that an
 * anonymous visitor asks for are rendered once and then served from memory, until any data
 * that shows on a page changes. What makes it safe:
 *
 * - Only the public pages (an allowlist, not a denylist), only GET/HEAD, only requests without
 *   any cookie but `lang` and without an Authorization header. Any other cookie (the session, or
 *   one we do not know) means the request is neither served from nor stored in the cache.
 * - Only whole 200 answers without Set-Cookie are stored. The key is host, language, today's
 *   date in Berlin (the day change invalidates), path and the sorted query.
 * - The CSP nonce is fresh on every answer: the stored body and header are cut at the nonce of
 *   the render that made them and joined with the new request's nonce on every hit.
 * - Invalidation: the app calls `clear()` on every data change (statement-level triggers NOTIFY
 *   every process, migration 0021) and the server after every successful state-changing
 *   request of this process; a render that was running during a change is not stored.
 *   Entries older than a minute are rendered again as a safety net.
 * - Bounded: least recently used entries go first once the bytes exceed the limit.
 * - Compressed once: text answers also keep a gzip copy whose pieces are joined with each
 *   hit's nonce (gzip-splice.ts), so a hit costs no compression.
 */
import { isCompressible, MIN_COMPRESS_BYTES } from "./compression";
import { gzipTemplate, gzipWithNonce, type GzipTemplate } from "./gzip-splice";

/** Pages served from the cache; `/book`, the account area, admin, auth and api never are. */
const PUBLIC_PAGE =
  /^\/(?:reiseziele\/[^/]+|angebote|ueber-uns|kontakt|buchungsprozess|zahlungsmethoden|bewertungen|faq|reisepakete|hotelbuchung|flugbuchung|reiseversicherung|datenschutz|agb|impressum|properties|properties\/[^/]+)?$/;

/** Cookies that do not make a request personal: the language choice only. */
const NEUTRAL_COOKIES = new Set(["lang"]);

const MAX_KEY_LENGTH = 2048;
/** A safety net behind the notifications: no entry is served after this long. */
export const MAX_ENTRY_AGE_MS = 60_000;

/** What browsers and proxies are told about an anonymous public page (decision 038). */
export const ANONYMOUS_CACHE_CONTROL = "private, no-cache";
export const ANONYMOUS_VARY = "Cookie, Accept-Encoding";

export type PageCacheHooks = {
  /** The app's language rule for a Cookie header (the same function the pages use). */
  languageFromCookie: (cookieHeader: string | null) => string;
  /** Today's calendar day in Berlin; part of the key, so the day change invalidates. */
  todayInBerlin: () => string;
};

export type Candidate = { key: string; generation: number };

type Entry = {
  status: number;
  /** Header pairs; values cut at the nonce (joined with the new one on a hit). */
  headers: [string, string[]][];
  /** The body cut at the nonce. */
  body: Buffer[];
  /** The same, compressed once (text answers of a kilobyte or more). */
  gzip?: GzipTemplate;
  bytes: number;
  storedAt: number;
};

export type CachedAnswer = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Set when `body` is the gzip copy. */
  encoding?: "gzip";
};

function cookieNames(header: string) {
  return header
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter(Boolean);
}

function cut(text: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [text];
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = text.indexOf(needle, from); at !== -1; at = text.indexOf(needle, from)) {
    parts.push(text.subarray(from, at));
    from = at + needle.byteLength;
  }
  parts.push(text.subarray(from));
  return parts;
}

function join(parts: Buffer[], nonce: string) {
  if (parts.length === 1) return parts[0];
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  private renders = new Map<string, Promise<void>>();

  constructor(
    private hooks: PageCacheHooks,
    private limits: { maxBytes: number; maxEntryBytes: number },
    private now: () => number = Date.now,
  ) {}

  /** Drops every entry; renders running now are not stored (they may have read old data). */
  clear() {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The cache key of a request that may be served from or stored in the cache, or null for one
   * that must bypass it (signed in, another cookie, not a public page, ...).
   */
  candidate(request: {
    method: string;
    url: URL;
    host: string;
    cookie: string | undefined;
    authorization: string | undefined;
  }): Candidate | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (request.authorization !== undefined) return null;
    const cookie = request.cookie ?? "";
    if (cookieNames(cookie).some((name) => !NEUTRAL_COOKIES.has(name))) return null;
    const { pathname } = request.url;
    // React Router's data requests: /_root.data for "/", /properties.data for "/properties".
    const page =
      pathname === "/_root.data"
        ? "/"
        : pathname.endsWith(".data")
          ? pathname.slice(0, -".data".length)
          : pathname;
    if (!PUBLIC_PAGE.test(page)) return null;
    const query = new URLSearchParams(request.url.search);
    query.sort();
    const key = [
      request.host.toLowerCase(),
      this.hooks.languageFromCookie(cookie || null),
      this.hooks.todayInBerlin(),
      pathname,
      query.toString(),
    ].join("\n");
    if (key.length > MAX_KEY_LENGTH) return null;
    return { key, generation: this.generation };
  }

  /**
   * The stored answer for `candidate`, with `nonce` filled in (in gzip when the client takes it
   * and there is a compressed copy); undefined on a miss.
   */
  get(
    candidate: Candidate,
    nonce: string,
    options: { gzip?: boolean } = {},
  ): CachedAnswer | undefined {
    const entry = this.entries.get(candidate.key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > MAX_ENTRY_AGE_MS) {
      this.remove(candidate.key, entry);
      return undefined;
    }
    // Least recently used goes first: a hit moves the entry to the end.
    this.entries.delete(candidate.key);
    this.entries.set(candidate.key, entry);
    const headers = entry.headers.map(([name, parts]): [string, string] => [
      name,
      parts.join(nonce),
    ]);
    if (options.gzip && entry.gzip) {
      const body = gzipWithNonce(entry.gzip, Buffer.from(nonce));
      return { status: entry.status, headers, body, encoding: "gzip" };
    }
    return { status: entry.status, headers, body: join(entry.body, nonce) };
  }

  /**
   * Marks `candidate` as being rendered in this process; call the answer when the render is
   * stored (or failed). Requests for the same page meanwhile wait through `renderOf`.
   */
  rendering(candidate: Candidate): () => void {
    let done = () => {};
    const render = new Promise<void>((resolve) => (done = resolve));
    this.renders.set(candidate.key, render);
    return () => {
      if (this.renders.get(candidate.key) === render) this.renders.delete(candidate.key);
      done();
    };
  }

  /** Waits for a render of `candidate` running in this process; false when there is none. */
  async renderOf(candidate: Candidate) {
    const render = this.renders.get(candidate.key);
    if (!render) return false;
    await render;
    return true;
  }

  /**
   * Stores a complete answer rendered with `nonce`, if it may be: 200, no Set-Cookie, no data
   * change since the render began, and not larger than an entry may be.
   */
  put(
    candidate: Candidate,
    answer: { status: number; headers: Headers; body: Buffer },
    nonce: string,
  ) {
    if (candidate.generation !== this.generation) return false;
    if (answer.status !== 200 || answer.headers.has("set-cookie")) return false;
    if (answer.headers.has("content-encoding")) return false;
    const headers: [string, string[]][] = [];
    let bytes = answer.body.byteLength + candidate.key.length;
    for (const [name, value] of answer.headers) {
      if (name === "content-length") continue;
      headers.push([name, nonce ? value.split(nonce) : [value]]);
      bytes += name.length + value.length;
    }
    if (bytes > this.limits.maxEntryBytes) return false;
    const previous = this.entries.get(candidate.key);
    if (previous) this.remove(candidate.key, previous);
    // A copy: the answer's buffer may be a slice of a larger pooled one.
    const body = cut(Buffer.from(answer.body), nonce);
    const gzip =
      isCompressible(answer.headers.get("content-type")) &&
      answer.body.byteLength >= MIN_COMPRESS_BYTES
        ? gzipTemplate(body, Buffer.byteLength(nonce))
        : undefined;
    bytes += gzip?.bytes ?? 0;
    if (bytes > this.limits.maxEntryBytes) return false;
    this.entries.set(candidate.key, {
      status: answer.status,
      headers,
      body,
      gzip,
      bytes,
      storedAt: this.now(),
    });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.remove(key, entry);
    }
    return true;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
