/**
 * JavaScript weight of the public pages (goal in ../shared/ARCHITECTURE.md: ≤ 100 KB gzip on
 * /, /properties and /properties/{id}).
 *
 *   npm start   # or any running production server
 *   node bench/page-weight.mjs [--url http://localhost:3000] [extra paths …]
 *
 * For every page it reads the server-rendered HTML, collects the scripts the browser loads
 * before the page is interactive (`<script src>`, `<link rel="modulepreload">` and the
 * `import()`s of the inline module script), fetches each once and sums their sizes raw and as
 * the server sends them to a browser that accepts Brotli (the "wire" column: the Content-Length
 * of the answer to `Accept-Encoding: br, gzip`, i.e. the precompressed file). The property page
 * is the first card of /properties. Shared files are counted on every page they are loaded on.
 */
import http from "node:http";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: { url: { type: "string", default: "http://localhost:3000" } },
  allowPositionals: true,
});
const base = values.url.replace(/\/$/, "");

async function text(path) {
  const response = await fetch(base + path);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.text();
}

const listing = await text("/properties");
const firstProperty = /href="(\/properties\/[0-9a-f-]{36})[?"]/.exec(listing)?.[1];
const paths = ["/", "/properties", ...(firstProperty ? [firstProperty] : []), ...positionals];

/** Raw bytes and the bytes on the wire (the server's own compressed answer). */
function measure(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
      let wire = 0;
      response.on("data", (chunk) => (wire += chunk.length));
      response.on("end", () => resolve({ wire, encoding: response.headers["content-encoding"] }));
    });
    request.on("error", reject);
  });
}

const sizes = new Map();
async function sizeOf(src) {
  if (!sizes.has(src)) {
    const url = new URL(src, base + "/");
    const body = Buffer.from(
      await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    const { wire } = await measure(url);
    sizes.set(src, { raw: body.length, wire });
  }
  return sizes.get(src);
}

const kb = (n) => (n / 1024).toFixed(1);
console.log(
  "| page | HTML raw KB | HTML on the wire KB | scripts | JS raw KB | JS on the wire KB |\n| --- | ---: | ---: | ---: | ---: | ---: |",
);
const details = [];
for (const path of paths) {
  const html = await text(path);
  const scripts = new Set();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    scripts.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) scripts.add(m[1]);
  let raw = 0;
  let wire = 0;
  const files = [];
  for (const src of scripts) {
    const size = await sizeOf(src);
    raw += size.raw;
    wire += size.wire;
    files.push([src, size.wire]);
  }
  const label = path.startsWith("/properties/") ? "/properties/{id}" : path;
  const page = await measure(base + path);
  console.log(
    `| ${label} | ${kb(Buffer.byteLength(html))} | ${kb(page.wire)} (${page.encoding ?? "none"}) | ${scripts.size} | ${kb(raw)} | ${kb(wire)} |`,
  );
  details.push([label, files.sort((a, b) => b[1] - a[1])]);
}
console.log("\nLargest files (KB on the wire):");
for (const [label, files] of details) {
  console.log(
    `  ${label}: ${files
      .slice(0, 8)
      .map(([src, g]) => `${src.split("/").pop()} ${kb(g)}`)
      .join(", ")}`,
  );
}
