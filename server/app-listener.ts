/**
 * Node request → Fetch Request → React Router → Node response, with the body policy of issue 11
 * in front of it. This replaces `createRequestListener` of @react-router/node, whose body stream
 * crashed the process: an action that stopped reading an oversized body cancelled the stream,
 * the adapter then pushed the next chunk into the closed stream (ERR_INVALID_STATE) from an
 * event handler, and nothing could catch that. Here the server reads the body itself, up to the
 * route's limit, before the app or any parser sees it:
 *
 * - larger than the limit (declared or counted while reading) → 413, and the connection closes;
 * - the client gave up before the body was complete → nothing runs;
 * - not a UTF-8 form, or text with control characters, or a URL that does not decode → 400/415;
 * - otherwise the app gets a Request whose body is the bytes read, so no action can touch a
 *   live socket stream.
 */
import type http from "node:http";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import {
  acceptedEncodings,
  compressDynamic,
  isCompressible,
  MIN_COMPRESS_BYTES,
  varyOnEncoding,
  type Encoding,
} from "./compression";
import { errorPage, type ServerErrorStatus } from "./error-page";
import {
  ANONYMOUS_CACHE_CONTROL,
  ANONYMOUS_VARY,
  type CachedAnswer,
  type PageCache,
} from "./page-cache";
import { checkBody, checkUrl, requestScheme, type ProxySettings } from "./request-checks";

type Logger = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (request: Request) => AppLoadContext;
  bodyLimitFor: (pathname: string) => number;
  /** Runs the app with the request id in reach of the app's logger (app/lib/logger.server.ts). */
  withRequestContext: <T>(context: { requestId: string }, run: () => T) => T;
  log: Logger;
  /** Public pages for anonymous visitors from memory (decision 038); none when absent. */
  pageCache?: PageCache;
  /** How the request's scheme is found behind a proxy (`requestScheme`). */
  proxy?: ProxySettings;
};

type BodyResult =
  { kind: "body"; bytes: Uint8Array<ArrayBuffer> } | { kind: "too-large" } | { kind: "aborted" };

/** How long a refused upload's connection may linger so the client can read the 413. */
const LINGER_MS = 2_000;

/** Reads at most `limit` bytes; says "too-large" as soon as the declared or counted size exceeds it. */
function readBody(req: http.IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) finish({ kind: "too-large" });
      else chunks.push(chunk);
    };
    const onEnd = () => {
      const bytes = Buffer.concat(chunks, size);
      finish({
        kind: "body",
        bytes: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, size),
      });
    };
    // 'close' before 'end': the client aborted (or the socket broke) mid-body.
    const onClose = () => finish({ kind: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onClose);
  });
}

function sendErrorPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: ServerErrorStatus,
  options: { closeConnection?: boolean } = {},
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const page = errorPage(status);
  if (options.closeConnection) {
    // The rest of the body is not wanted: close after the answer. Node would destroy the socket
    // as soon as the answer is written; a client still sending its body then gets a reset and
    // may never read the answer. So close our side only and keep reading (and dropping) the
    // rest for a moment: the client reads the 413, sees the end and stops.
    res.setHeader("Connection", "close");
    const socket = req.socket;
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
  }
  res.writeHead(status, page.headers);
  res.end(req.method === "HEAD" ? undefined : page.body);
}

function toHeaders(rawHeaders: string[]) {
  const headers = new Headers();
  for (let i = 0; i < rawHeaders.length; i += 2) headers.append(rawHeaders[i], rawHeaders[i + 1]);
  return headers;
}

/** Writes a Fetch Response to the Node response, compressed where it pays, stopping when the client goes away. */
async function sendResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
) {
  const headers = new Headers(response.headers);
  // Whatever the app answers depends on who asks (session, language): no shared cache may keep
  // it unless the route said otherwise (documents already say "private, no-store").
  if (!headers.has("cache-control")) headers.set("Cache-Control", "private, no-store");

  let body: Uint8Array | null = null;
  const compressible =
    isCompressible(headers.get("content-type")) &&
    !headers.has("content-encoding") &&
    response.status !== 204 &&
    response.status !== 304;
  if (compressible) {
    headers.set("Vary", varyOnEncoding(headers.get("vary")));
    const [encoding] = acceptedEncodings(req.headers["accept-encoding"]);
    if (encoding && response.body && req.method !== "HEAD") {
      // Pages are rendered whole (entry.server.tsx) and data answers are small: read the answer,
      // then compress it in one go, with its real Content-Length.
      const plain = new Uint8Array(await response.arrayBuffer());
      body =
        plain.byteLength >= MIN_COMPRESS_BYTES ? await compressDynamic(plain, encoding) : plain;
      if (body !== plain) headers.set("Content-Encoding", encoding);
      headers.set("Content-Length", String(body.byteLength));
    }
  }

  const rawHeaders: string[] = [];
  for (const [key, value] of headers) rawHeaders.push(key, value);
  res.writeHead(response.status, rawHeaders);
  if (body) {
    res.end(body);
    return;
  }
  if (response.body === null || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  for await (const chunk of response.body) {
    if (res.destroyed) break; // leaving the loop cancels the body (e.g. the event stream)
    if (!res.write(chunk)) await drainedOrClosed(res);
  }
  res.end();
}

/**
 * A page from the cache: in gzip as stored when the client takes gzip (even if it prefers
 * Brotli: that would mean compressing on every hit, decision 038), plain otherwise, or in
 * Brotli for the rare client that takes only that.
 */
async function sendCached(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  hit: CachedAnswer,
  encodings: Encoding[],
) {
  let body: Uint8Array = hit.body;
  let encoding: Encoding | undefined = hit.encoding;
  if (!encoding && encodings[0] === "br" && body.byteLength >= MIN_COMPRESS_BYTES) {
    body = await compressDynamic(body, "br");
    encoding = "br";
  }
  const rawHeaders: string[] = [];
  for (const [name, value] of hit.headers) rawHeaders.push(name, value);
  if (encoding) rawHeaders.push("Content-Encoding", encoding);
  rawHeaders.push("Content-Length", String(body.byteLength), "X-Cache", "HIT");
  res.writeHead(hit.status, rawHeaders);
  res.end(req.method === "HEAD" ? undefined : body);
}

function drainedOrClosed(res: http.ServerResponse) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * An anonymous visitor's public page: stored when it may be, and marked for browsers and proxies
 * (decision 038): "private" (no shared cache keeps a page with a nonce and a language chosen by
 * cookie), "no-cache" (the browser asks again before reusing it), Vary: Cookie.
 */
async function storeInCache(
  cache: PageCache,
  candidate: NonNullable<ReturnType<PageCache["candidate"]>>,
  response: Response,
  nonce: string,
  method: string,
) {
  if (response.status !== 200 || response.headers.has("set-cookie")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", ANONYMOUS_CACHE_CONTROL);
  headers.set("Vary", ANONYMOUS_VARY);
  if (method === "HEAD" || response.body === null) {
    headers.set("X-Cache", "MISS");
    return new Response(null, { status: response.status, headers });
  }
  const body = Buffer.from(await response.arrayBuffer());
  cache.put(candidate, { status: response.status, headers, body }, nonce);
  headers.set("X-Cache", "MISS");
  return new Response(body, { status: response.status, headers });
}

export function createAppListener(options: Options) {
  const handle = createRequestHandler(options.build, options.mode);

  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const target = req.url ?? "/";
    const method = req.method ?? "GET";
    const urlRefusal = checkUrl(target);
    let url: URL | undefined;
    try {
      const scheme = options.proxy ? requestScheme(req.headers, options.proxy) : "http";
      url = new URL(target, `${scheme}://${req.headers.host ?? "localhost"}`);
    } catch {
      // A Host header or target that is no URL.
    }
    if (urlRefusal || !url) {
      options.log.warn({ url: target, reason: urlRefusal?.reason ?? "no URL" }, "request refused");
      return sendErrorPage(req, res, 400, {
        closeConnection: method !== "GET" && method !== "HEAD",
      });
    }

    const cache = options.pageCache;
    const nonce = String(req.headers["x-csp-nonce"] ?? "");
    const candidate =
      cache?.candidate({
        method,
        url,
        host: req.headers.host ?? "",
        cookie: req.headers.cookie,
        authorization: req.headers.authorization,
      }) ?? null;
    if (cache && candidate) {
      const encodings = acceptedEncodings(req.headers["accept-encoding"]);
      const gzip = encodings.includes("gzip");
      let hit = cache.get(candidate, nonce, { gzip });
      // The same page is being rendered for another visitor: wait for it rather than render it
      // again (after a change, every page's first requests arrive together).
      if (!hit && method === "GET" && (await cache.renderOf(candidate))) {
        hit = cache.get(candidate, nonce, { gzip });
      }
      if (hit) return sendCached(req, res, hit, encodings);
    }

    let body: Uint8Array<ArrayBuffer> | undefined;
    if (method !== "GET" && method !== "HEAD") {
      const read = await readBody(req, options.bodyLimitFor(url.pathname));
      if (read.kind === "aborted") {
        res.destroy();
        return;
      }
      if (read.kind === "too-large") {
        options.log.warn({ url: target, method }, "request body too large");
        return sendErrorPage(req, res, 413, { closeConnection: true });
      }
      const refusal = await checkBody(req.headers["content-type"], read.bytes, url.pathname);
      if (refusal) {
        options.log.warn({ url: target, method, reason: refusal.reason }, "request body refused");
        return sendErrorPage(req, res, refusal.status);
      }
      body = read.bytes;
    }

    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = toHeaders(req.rawHeaders);
    // An empty body is an empty form, so `request.formData()` in an action never throws on it.
    if (body !== undefined && !headers.has("content-type")) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
    const request = new Request(url, {
      method,
      headers,
      body: body?.byteLength ? body : undefined,
      signal: controller.signal,
    });
    const loadContext = options.getLoadContext(request);
    const rendered = cache && candidate && method === "GET" ? cache.rendering(candidate) : null;
    let response: Response;
    try {
      response = await options.withRequestContext({ requestId: loadContext.requestId }, () =>
        handle(request, loadContext),
      );
      // This process's own writes are seen by its very next request, before the database's
      // notification (which tells every process, this one included) has arrived.
      if (cache && body !== undefined && response.status < 400) cache.clear();
      if (cache && candidate)
        response = await storeInCache(cache, candidate, response, nonce, method);
    } finally {
      rendered?.();
    }
    await sendResponse(req, res, response);
  }

  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    // A socket that breaks mid-request makes both streams emit 'error'; with no listener that
    // would be an uncaught exception and end the process.
    req.on("error", () => {});
    res.on("error", () => {});
    serve(req, res).catch((error: unknown) => {
      options.log.error(
        { err: error, url: req.url, requestId: req.headers["x-request-id"] },
        "request failed before the app could answer",
      );
      sendErrorPage(req, res, 500);
    });
  };
}
