import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAX_ENTRY_AGE_MS, PageCache, type Candidate } from "./page-cache";

let today = "2026-11-25";
let now = 1_000_000;
const makeCache = (limits = { maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 }) =>
  new PageCache(
    {
      languageFromCookie: (cookie) => (cookie?.match(/lang=en/) ? "en" : "de"),
      todayInBerlin: () => today,
    },
    limits,
    () => now,
  );

function ask(cache: PageCache, target: string, headers: { cookie?: string; auth?: string } = {}) {
  return cache.candidate({
    method: "GET",
    url: new URL(target, "http://example.test"),
    host: "example.test",
    cookie: headers.cookie,
    authorization: headers.auth,
  });
}

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
function page(text: string, nonce = NONCE) {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'`,
  });
  const body = Buffer.from(
    `<html><script nonce="${nonce}">1</script>${text}<script nonce="${nonce}">2</script></html>`,
  );
  return { status: 200, headers, body };
}

describe("which requests the page cache may answer", () => {
  it("public pages and their data requests only, never the booking form, account, admin, auth or api", () => {
    const cache = makeCache();
    for (const path of [
      "/",
      "/_root.data",
      "/properties",
      "/properties.data",
      "/properties/abc",
      "/properties/abc.data?_routes=routes%2Fpublic%2Fproperty",
      "/reiseziele/nordsee",
      "/impressum",
      "/faq",
    ])
      expect(ask(cache, path), path).not.toBeNull();
    for (const path of [
      "/properties/abc/book",
      "/properties/abc/book.data",
      "/dashboard",
      "/admin",
      "/admin/settings.data",
      "/auth",
      "/api/events",
      "/booking-success?booking=1",
      "/newsletter/bestaetigen?token=x",
      "/media/x.jpg",
      "/sitemap.xml",
    ])
      expect(ask(cache, path), path).toBeNull();
  });

  it("anonymous means: no cookie but the language, no Authorization header, GET or HEAD", () => {
    const cache = makeCache();
    expect(ask(cache, "/", { cookie: "lang=en" })).not.toBeNull();
    expect(ask(cache, "/", { cookie: "better-auth.session_token=abc" })).toBeNull();
    expect(
      ask(cache, "/", { cookie: "lang=de; __Secure-better-auth.session_token=abc" }),
    ).toBeNull();
    expect(ask(cache, "/", { cookie: "tracking=1" })).toBeNull();
    expect(ask(cache, "/", { auth: "Basic eDp5" })).toBeNull();
    const post = cache.candidate({
      method: "POST",
      url: new URL("http://example.test/kontakt"),
      host: "example.test",
      cookie: undefined,
      authorization: undefined,
    });
    expect(post).toBeNull();
  });

  it("keys by language, day, host and the sorted query; a very long URL is not cached", () => {
    const cache = makeCache();
    const key = (target: string, cookie?: string) => ask(cache, target, { cookie })!.key;
    expect(key("/properties?b=2&a=1")).toBe(key("/properties?a=1&b=2"));
    expect(key("/properties?a=1")).not.toBe(key("/properties?a=2"));
    expect(key("/properties", "lang=en")).not.toBe(key("/properties"));
    const before = key("/");
    today = "2026-11-26";
    expect(key("/")).not.toBe(before);
    today = "2026-11-25";
    expect(ask(cache, `/properties?q=${"x".repeat(3000)}`)).toBeNull();
  });
});

describe("what the page cache stores and answers", () => {
  it("answers with the new nonce in the body and the CSP header", () => {
    const cache = makeCache();
    const candidate = ask(cache, "/faq")!;
    expect(cache.get(candidate, "x")).toBeUndefined();
    expect(cache.put(candidate, page("Fragen"), NONCE)).toBe(true);
    const fresh = "BBBBBBBBBBBBBBBBBBBBBB==";
    const hit = cache.get(ask(cache, "/faq")!, fresh)!;
    expect(hit.body.toString()).toBe(page("Fragen", fresh).body.toString());
    expect(new Headers(hit.headers).get("content-security-policy")).toBe(
      `script-src 'self' 'nonce-${fresh}'`,
    );
    expect(hit.body.toString()).not.toContain(NONCE);
    // The stored gzip copy, with the same nonce filled in.
    const long = page("Fragen ".repeat(500));
    cache.put(ask(cache, "/agb")!, long, NONCE);
    const gz = cache.get(ask(cache, "/agb")!, fresh, { gzip: true })!;
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(
      page("Fragen ".repeat(500), fresh).body.toString(),
    );
  });

  it("does not store errors, answers that set a cookie, or renders that saw a data change", () => {
    const cache = makeCache();
    const candidate = ask(cache, "/faq")!;
    expect(cache.put(candidate, { ...page("x"), status: 404 }, NONCE)).toBe(false);
    const withCookie = page("x");
    withCookie.headers.append("Set-Cookie", "lang=en");
    expect(cache.put(candidate, withCookie, NONCE)).toBe(false);
    // A change arrived while the page was being rendered: it may show the old data.
    cache.clear();
    expect(cache.put(candidate, page("alt"), NONCE)).toBe(false);
    expect(cache.get(ask(cache, "/faq")!, NONCE)).toBeUndefined();
  });

  it("drops everything on clear and old entries after the safety age", () => {
    const cache = makeCache();
    cache.put(ask(cache, "/faq")!, page("x"), NONCE);
    cache.put(ask(cache, "/agb")!, page("y"), NONCE);
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    cache.put(ask(cache, "/faq")!, page("x"), NONCE);
    now += MAX_ENTRY_AGE_MS + 1;
    expect(cache.get(ask(cache, "/faq")!, NONCE)).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it("stays within its bytes: the least recently used entry goes first, oversized ones are not kept", () => {
    const one = page("x".repeat(1000));
    const probe = makeCache();
    probe.put(ask(probe, "/faq")!, one, NONCE);
    const entry = probe.size.bytes + 20; // keys differ in length by a few characters
    const cache = makeCache({ maxBytes: 3 * entry, maxEntryBytes: 2 * entry });
    const at = (path: string): Candidate => ask(cache, path)!;
    cache.put(at("/faq"), one, NONCE);
    cache.put(at("/agb"), one, NONCE);
    cache.put(at("/impressum"), one, NONCE);
    // /faq is used, so /agb is now the least recently used.
    expect(cache.get(at("/faq"), NONCE)).toBeDefined();
    cache.put(at("/datenschutz"), one, NONCE);
    expect(cache.size.bytes).toBeLessThanOrEqual(3 * entry);
    expect(cache.get(at("/agb"), NONCE)).toBeUndefined();
    expect(cache.get(at("/faq"), NONCE)).toBeDefined();
    expect(
      cache.put(at("/kontakt"), page(crypto.randomBytes(3 * entry).toString("hex")), NONCE),
    ).toBe(false);
  });
});

describe("one render per page", () => {
  it("a request for a page being rendered waits for that render, then finds it stored", async () => {
    const cache = makeCache();
    const candidate = ask(cache, "/faq")!;
    expect(await cache.renderOf(candidate)).toBe(false);
    const done = cache.rendering(candidate);
    const waiting = cache.renderOf(candidate);
    cache.put(candidate, page("Fragen"), NONCE);
    done();
    expect(await waiting).toBe(true);
    expect(cache.get(candidate, NONCE)).toBeDefined();
    expect(await cache.renderOf(candidate)).toBe(false);
  });
});
