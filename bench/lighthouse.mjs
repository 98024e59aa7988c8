/**
 * Lighthouse (mobile defaults: Moto G Power emulation, slow 4G, 4× CPU slowdown) against a
 * running production start with the demo data, in Debian's Chromium (issue 16 point 2).
 *
 *   npm run build && npm start    # another terminal: the embedded demo start
 *   node bench/lighthouse.mjs [--url http://localhost:3000] [--runs 3]
 *
 * Behind an HTTP/2 front, as a deployment behind nginx or Caddy is reached (bench/h2-proxy.mjs;
 * the app started with TRUST_PROXY=true):
 *   node bench/h2-proxy.mjs --app http://localhost:3000 --port 3443   # another terminal
 *   NODE_TLS_REJECT_UNAUTHORIZED=0 node bench/lighthouse.mjs --url https://localhost:3443
 *
 * Pages: /, /properties, the first property of /properties, /angebote, and that property's
 * booking page for a free stay, signed in as the demo guest (the session cookie is sent as an
 * extra header, so no sign-in happens inside the measured run). Each page runs `--runs` times
 * in a fresh Chromium; the table shows the median run (by performance score) per page:
 * the four category scores, LCP, TBT, CLS and the bytes transferred. A run that ends without a
 * performance score is repeated (at most `--runs` times per page); the notes under the table give
 * every run's performance score and the range of TBT per page.
 *
 * Run it on a quiet machine: Lighthouse's simulated throttling scales with the CPU it gets.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    runs: { type: "string", default: "3" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});
const base = values.url.replace(/\/$/, "");
const runs = Math.max(1, Number(values.runs));
const GUEST = { email: "gast@demo.traumurlaub.de", password: "Gast-Demo-2026" };

/** The demo guest's session cookie, from the sign-in form as a browser without JS posts it. */
async function guestCookie() {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signIn", ...GUEST }),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`Sign-in as the demo guest failed: ${response.status}`);
  }
  return cookies.join("; ");
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A booking page that shows the form (not "bereits gebucht"): the first free 3-night stay. */
async function bookingPath(property, cookie) {
  for (let offset = 120; offset < 400; offset += 7) {
    const path = `${property}/book?checkIn=${day(offset)}&checkOut=${day(offset + 3)}&guests=2`;
    const response = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
    const html = await response.text();
    if (response.status === 200 && /name="intent"|type="submit"/.test(html)) return path;
  }
  throw new Error(`No free stay found for ${property}`);
}

const listing = await (await fetch(`${base}/properties`)).text();
const property = /href="(\/properties\/[0-9a-f-]{36})[?"]/.exec(listing)?.[1];
if (!property) throw new Error("No property on /properties: is the demo data there?");
const cookie = await guestCookie();
const pages = [
  { name: "/", path: "/" },
  { name: "/properties", path: "/properties" },
  { name: "/properties/{id}", path: property },
  { name: "/angebote", path: "/angebote" },
  { name: "/properties/{id}/book (signed in)", path: await bookingPath(property, cookie), cookie },
];

async function audit(page) {
  const chrome = await chromeLauncher.launch({
    chromePath: values.chromium,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      // bench/h2-proxy.mjs's throw-away certificate (https URLs only)
      ...(base.startsWith("https:") ? ["--ignore-certificate-errors"] : []),
    ],
  });
  try {
    const result = await lighthouse(base + page.path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    });
    const { categories, audits } = result.lhr;
    // Some runs end without a performance score (a metric Lighthouse could not compute, NaN; 1
    // to 2 in 15 here): such a run is repeated instead of counted as 0.
    if (categories.performance?.score == null) return null;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: audits["largest-contentful-paint"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
      cls: audits["cumulative-layout-shift"].numericValue,
      bytes: audits["total-byte-weight"].numericValue,
      // Lighthouse 13 checks the document's compression in this insight (its former
      // "uses-text-compression" audit is gone); the assets' sizes show in page-weight.mjs.
      compression: audits["document-latency-insight"]?.details?.items?.usesCompression?.value,
      failed: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

console.log(
  `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile defaults, median of ${runs} run(s) by performance score, ${base}\n`,
);
console.log(
  "| page | perf | a11y | best practices | SEO | LCP s | TBT ms | CLS | transferred KB | document compressed |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
);
const notes = [];
for (const page of pages) {
  const results = [];
  let unscored = 0;
  while (results.length < runs && unscored < runs) {
    const result = await audit(page);
    if (result) results.push(result);
    else unscored++;
  }
  if (results.length === 0) throw new Error(`${page.name}: no run got a performance score`);
  results.sort((a, b) => a.performance - b.performance);
  const m = results[Math.floor(results.length / 2)];
  console.log(
    `| ${page.name} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${(m.lcp / 1000).toFixed(2)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${(m.bytes / 1024).toFixed(0)} | ${m.compression === true ? "yes" : m.compression === false ? "no" : "?"} |`,
  );
  if (m.failed.length > 0) notes.push(`${page.name}: failed audits: ${m.failed.join(", ")}`);
  // The median hides how much the simulation's figures swing from run to run (TBT above all).
  if (results.length > 1) {
    const tbts = results.map((r) => Math.round(r.tbt)).sort((a, b) => a - b);
    notes.push(
      `${page.name}: runs' performance ${results.map((r) => r.performance).join(", ")}; TBT ${tbts[0]}–${tbts.at(-1)} ms`,
    );
  }
  if (unscored > 0) notes.push(`${page.name}: ${unscored} run(s) without a score, repeated`);
}
if (notes.length > 0) console.log(`\n${notes.join("\n")}`);
