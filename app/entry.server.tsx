import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "~/lib/logger.server";
import { NonceContext } from "~/lib/nonce";
import { deferredCodeLoading } from "~/components/deferred";
import { documentSecurityHeaders } from "~/lib/security-headers.server";
import "~/lib/load-context";
import "~/locales/all-languages.server";
import stylesheet from "./app.css?url";

// The Node server (server/index.ts) reaches boot and shutdown through the build's entry module,
// so the app and the server share one instance of the database and the workers.
export { boot, beforeShutdown, shutdown } from "~/boot.server";
export { bodyLimitFor } from "~/lib/body-limits";
export { withRequestContext } from "~/lib/logger.server";
export { readMedia } from "~/lib/storage.server";
// The server's page cache (server/page-cache.ts, decision 038) keys by the app's own language
// rule and day, and is dropped on the app's data-change event.
export { onPageDataChanged } from "~/features/settings/settings-events.server";
export { languageFromCookie } from "~/lib/i18n";
export { todayInBerlin } from "~/domain/calendar-day";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  documentSecurityHeaders(responseHeaders, nonce);
  // React writes the stylesheet's <link> after the ~20 modulepreloads it hoists; over HTTP/1.1
  // (six connections) the one file first paint waits for queued behind them. Named in the
  // headers, it is asked for before the body is even read (decision 094).
  responseHeaders.append("Link", `<${stylesheet}>; rel=preload; as=style`);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The first requests after a start: the deferred parts' code of this page's route modules
  // (decision 058), so the page is rendered whole.
  await deferredCodeLoading();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // The page goes out in one piece (below), so React's progressive flushing brings
        // nothing, and it would move every completed Suspense boundary of more than 500 bytes
        // past the first 12.5 KB out of place, to be put back by a script: without
        // JavaScript the page's footer and reviews would be missing (decision 058).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        // Loaders have finished before rendering and no Suspense boundary streams in later, so
        // "all ready" is the whole page: it is collected and sent in one piece (one socket write
        // with a Content-Length instead of ~70 small chunks through two stream adapters, which
        // was a tenth of the CPU time per page).
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(chunks), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach handleError through the rejected promise.
          if (shellRendered) {
            logger.error({ err: error, requestId: loadContext.requestId }, "render error");
          }
        },
      },
    );
  });
}

/** Errors are logged with the request id; the user sees only the German error page. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logger.error(
    { err: error, requestId: (context as AppLoadContext | undefined)?.requestId, url: request.url },
    "unhandled error",
  );
};
