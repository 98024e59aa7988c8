/**
 * The HTTP server: one Node process serves static assets, uploaded media and the React Router
 * app (pages, actions, resource routes for auth and events). It is stateless; all state is in
 * the database and the storage (the uploads folder, or S3 when several machines share the work:
 * README "Mehrere Server"), so several processes can run behind a load balancer.
 */
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { checkBuild, ConfigError, readEnv, type CheckedEnv } from "../app/lib/env.server";
import { resolveBuildDir } from "../scripts/build-options.mjs";
import { createAppListener } from "./app-listener";
import { lastForwarded, proxySettings } from "./request-checks";
import { serveMediaFromStorage, type ReadMedia } from "./media";
import { PageCache } from "./page-cache";
import { serveFile } from "./static";

type EntryModule = {
  boot: () => Promise<{
    config: {
      port: number;
      baseUrl: string;
      dataDir: string;
      uploadsDir: string;
      storage: "local" | "s3";
      trustProxy: boolean;
    };
    databaseKind: string;
    seeded: boolean;
    demoLogins: Promise<{ role: string; email: string; password: string }[]>;
  }>;
  beforeShutdown: () => void;
  bodyLimitFor: (pathname: string) => number;
  readMedia: ReadMedia;
  withRequestContext: <T>(context: { requestId: string }, run: () => T) => T;
  shutdown: () => Promise<void>;
  onPageDataChanged: (listener: () => void) => () => void;
  languageFromCookie: (cookieHeader: string | null) => string;
  todayInBerlin: () => string;
};

const isProduction = process.env.NODE_ENV === "production";
// Relative to the project folder, as the build itself reads it (react-router.config.ts).
const buildDir = resolveBuildDir();
const clientDir = path.join(buildDir, "client");

let vite: ViteDevServer | undefined;
if (!isProduction) {
  // Development: Vite's React Router plugin copies .env into process.env here, before the check.
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
}

/**
 * The environment, checked before anything reads it: the app's logger takes LOG_LEVEL when the
 * build is imported, so a typo there (or a missing BASE_URL, a wrong MIGRATIONS_DIR, no build
 * in BUILD_DIR) would otherwise end in a stack trace. A refusal prints what to fix, in German
 * and English, and exits.
 */
function checkedEnvironment(): CheckedEnv {
  try {
    const env = readEnv();
    // Production imports the build next: a wrong BUILD_DIR is named, not a module-not-found.
    if (isProduction) checkBuild(buildDir);
    return env;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
const settings = checkedEnvironment();
const log = pino({ level: settings.LOG_LEVEL, base: undefined });

let loadBuild: () => Promise<ServerBuild>;
if (isProduction) {
  const build = (await import(
    pathToFileURL(path.join(buildDir, "server/index.js")).href
  )) as ServerBuild;
  loadBuild = async () => build;
} else {
  loadBuild = () =>
    vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
}

const entry = (await loadBuild()).entry.module as unknown as EntryModule;
// Validates the environment, opens and migrates the database, seeds the demo on first start.
const booted = await entry.boot();
const { port, baseUrl, dataDir, uploadsDir, storage, trustProxy } = booted.config;

/**
 * Public pages for anonymous visitors from memory (decision 038), production only (development
 * re-reads the build on every request). PAGE_CACHE_MB=0 turns it off.
 */
const pageCacheMb = settings.PAGE_CACHE_MB;
const pageCache =
  isProduction && pageCacheMb > 0
    ? new PageCache(
        {
          languageFromCookie: entry.languageFromCookie,
          todayInBerlin: () => entry.todayInBerlin(),
        },
        { maxBytes: pageCacheMb * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024 },
      )
    : undefined;
if (pageCache) entry.onPageDataChanged(() => pageCache.clear());

const appListener = createAppListener({
  // A build function is re-read and re-derived on every request (meant for development); in
  // production the build object is handed over once — an order of magnitude more req/s.
  build: isProduction ? await loadBuild() : loadBuild,
  mode: isProduction ? "production" : "development",
  // Values set by the wrapper below; the app reads them from its load context.
  getLoadContext: (request) => ({
    requestId: request.headers.get("x-request-id") ?? "",
    clientIp: request.headers.get("x-client-ip") ?? "",
    nonce: request.headers.get("x-csp-nonce") ?? "",
  }),
  bodyLimitFor: entry.bodyLimitFor,
  withRequestContext: entry.withRequestContext,
  log,
  pageCache,
  proxy: proxySettings(trustProxy, baseUrl),
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Rejects state-changing requests that a foreign site made the browser send (CSRF). */
function isForeignOrigin(req: http.IncomingMessage) {
  if (SAFE_METHODS.has(req.method ?? "GET")) return false;
  const origin = req.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host !== req.headers.host;
    } catch {
      return true;
    }
  }
  return req.headers["sec-fetch-site"] === "cross-site";
}

let warnedAboutProxy = false;

/**
 * The guest's address, the key of every per-client limit. Behind a trusted proxy it is the
 * entry that proxy added: the LAST one of X-Forwarded-For. Entries to its left came with the
 * request (nginx's $proxy_add_x_forwarded_for and most load balancers append), so a client can
 * write anything there (decision 071).
 */
function clientIp(req: http.IncomingMessage) {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy) {
    const last = lastForwarded(forwarded);
    if (last) return last;
  } else if (forwarded && !warnedAboutProxy) {
    // Behind a proxy without TRUST_PROXY every guest has the proxy's address: the limits per
    // client (sign-in and booking attempts, live-update streams) then count all guests as one.
    warnedAboutProxy = true;
    log.warn(
      { remoteAddress: req.socket.remoteAddress },
      "Anfragen kommen über einen Proxy (X-Forwarded-For), aber TRUST_PROXY ist nicht gesetzt: alle Gäste zählen für Anmelde- und Buchungslimits als eine Adresse, und https-Formulare brauchen X-Forwarded-Proto (README „Mehrere Server“).",
    );
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * Sets a header the app trusts, replacing any copy the client sent. React Router's Node adapter
 * builds its Request from `rawHeaders`, so both views of the headers are updated.
 */
function setTrustedHeader(req: http.IncomingMessage, name: string, value: string) {
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== name)
      raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  raw.push(name, value);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  req.headers[name] = value;
}

let inFlight = 0;
let shuttingDown = false;

const server = http.createServer((req, res) => {
  const started = performance.now();
  const requestId = crypto.randomUUID();
  inFlight++;
  res.on("close", () => {
    inFlight--;
    // One line per request at debug level (LOG_LEVEL=debug); server errors always.
    const entry = {
      requestId,
      method: req.method,
      url: req.url,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
    };
    if (res.statusCode >= 500) log.error(entry, "request failed");
    else log.debug(entry, "request");
  });
  // Headers the app trusts come from here only; client-sent copies are replaced.
  setTrustedHeader(req, "x-request-id", requestId);
  setTrustedHeader(req, "x-client-ip", clientIp(req));
  // Development runs without a script CSP (Vite's HMR injects inline scripts), so no nonce:
  // browsers only blank nonce attributes under a nonce policy, and hydration must match.
  setTrustedHeader(
    req,
    "x-csp-nonce",
    isProduction ? crypto.randomBytes(16).toString("base64") : "",
  );
  res.setHeader("X-Request-Id", requestId);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (isProduction && baseUrl.startsWith("https://")) {
    // Not includeSubDomains: on an apex domain that would force HTTPS for a year on every
    // subdomain (webmail, an old intranet page) that this app knows nothing about.
    res.setHeader("Strict-Transport-Security", "max-age=31536000");
  }
  if (shuttingDown) res.setHeader("Connection", "close");

  if (isForeignOrigin(req)) {
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("Anfrage von einer fremden Website abgelehnt.");
    return;
  }

  const url = req.url ?? "/";
  const pathname = url.split("?")[0];
  // Uploads in S3 (decision 034): every process streams them from the bucket.
  if (
    storage === "s3" &&
    pathname.startsWith("/media/") &&
    (req.method === "GET" || req.method === "HEAD")
  ) {
    void serveMediaFromStorage(req, res, pathname.slice(7), entry.readMedia, log);
    return;
  }
  // Avatars are personal data that disappear with the account: an hour in shared caches, not a
  // year. Property images and logos keep their immutable, content-addressed caching.
  const isImmutableMedia = !pathname.startsWith("/media/avatars/");
  if (
    storage === "local" &&
    pathname.startsWith("/media/") &&
    serveFile(req, res, uploadsDir, pathname.slice(6), isImmutableMedia)
  ) {
    return;
  }
  if (isProduction) {
    if (pathname.startsWith("/assets/") && serveFile(req, res, clientDir, pathname, true)) return;
    // Files from public/: top-level ones (favicon, sw.js) and the app icons.
    const isPublicFile =
      pathname !== "/" && (!pathname.slice(1).includes("/") || pathname.startsWith("/icons/"));
    if (isPublicFile && serveFile(req, res, clientDir, pathname, false)) return;
    appListener(req, res);
    return;
  }
  vite!.middlewares(req, res, () => appListener(req, res));
});
server.keepAliveTimeout = 65_000;

server.listen(port, settings.HOST, async () => {
  const lines = [
    "",
    `  Ferienwohnung-Plattform läuft: ${baseUrl}`,
    `  Datenbank: ${booted.databaseKind === "pglite" ? `eingebettet (PGlite, ${dataDir})` : "PostgreSQL"}`,
  ];
  const demoLogins = await booted.demoLogins;
  if (demoLogins.length) {
    lines.push("  Demo-Zugänge:");
    for (const login of demoLogins) {
      lines.push(`    ${login.role.padEnd(6)} ${login.email}  /  ${login.password}`);
    }
  }
  console.log(lines.join("\n") + "\n");
});

/** Graceful stop: no new connections, let requests finish, then close workers and database. */
async function stop(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received, shutting down...`);
  entry.beforeShutdown();
  server.close();
  server.closeIdleConnections();
  const deadline = Date.now() + 10_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  server.closeAllConnections();
  await vite?.close();
  await entry.shutdown();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
