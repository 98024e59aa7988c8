/**
 * An HTTP/2 front for the Lighthouse bench (issue 16 point 2): TLS with a throw-away
 * self-signed certificate, every request passed on to the app over HTTP/1.1, answers passed
 * back unchanged (compression included). Stands in for the reverse proxy of a real deployment
 * (README "Mehrere Server": nginx, Caddy), which browsers reach over HTTP/2: all of a page's
 * requests share one connection, where the app's own HTTP/1.1 gives Lighthouse's simulation six
 * connections per origin and a round trip per request on each.
 *
 *   TRUST_PROXY=true npm start                                      # the app, as behind a proxy
 *   node bench/h2-proxy.mjs --app http://localhost:3000 --port 3443
 *   NODE_TLS_REJECT_UNAUTHORIZED=0 node bench/lighthouse.mjs --url https://localhost:3443
 *
 * For measuring only: no header rewriting beyond what HTTP/2 forbids, no limits.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    app: { type: "string", default: "http://localhost:3000" },
    port: { type: "string", default: "3443" },
  },
});
const app = new URL(values.app);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "h2-proxy-"));
execFileSync(
  "openssl",
  [
    "req",
    ...["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
    ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
  ],
  { stdio: "ignore" },
);

// Headers HTTP/2 does not carry (RFC 9113 8.2.2), and HTTP/2's own pseudo-headers.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "host",
]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http2.createSecureServer(
  {
    key: fs.readFileSync(path.join(dir, "key.pem")),
    cert: fs.readFileSync(path.join(dir, "cert.pem")),
    // The bench's own fetch() (listing, sign-in) speaks HTTP/1.1.
    allowHTTP1: true,
  },
  (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // What a reverse proxy passes on: the name and scheme the browser used (origin checks
    // compare them; the app trusts the scheme with TRUST_PROXY=true) and the client's address.
    headers.host = req.headers[":authority"] ?? req.headers.host ?? app.host;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1";
    const upstream = http.request(
      { hostname: app.hostname, port: app.port, path: req.url, method: req.method, headers, agent },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    // A browser that goes away ends its request to the app too (the live-update stream would
    // stay open and count against the app's limit of streams per client).
    res.on("close", () => upstream.destroy());
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  },
);
server.listen(Number(values.port), () => {
  console.log(`HTTP/2 front on https://localhost:${values.port} for ${app.origin}`);
});
