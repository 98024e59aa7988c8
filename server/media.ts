import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { Logger } from "pino";

/** What the app's readMedia answers (app/lib/storage.server.ts), as far as this file needs it. */
export type MediaAnswer =
  | { status: 400 | 404 }
  | { status: 302; location: string }
  | { status: 304; etag?: string; cacheControl: string }
  | {
      status: 200;
      etag?: string;
      contentType?: string;
      contentLength?: number;
      body?: Readable;
      cacheControl: string;
    };

export type ReadMedia = (
  key: string,
  options: { head: boolean; ifNoneMatch?: string },
) => Promise<MediaAnswer>;

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * GET/HEAD /media/<key> when uploads are in S3 (decision 034): streamed from the bucket with its
 * ETag and our cache rule, so any app process serves any upload. Invalid keys are a 400 and
 * missing ones a 404, both before anything reaches S3 that need not.
 */
export async function serveMediaFromStorage(
  req: IncomingMessage,
  res: ServerResponse,
  encodedKey: string,
  readMedia: ReadMedia,
  log: Logger,
) {
  let key: string;
  try {
    key = decodeURIComponent(encodedKey);
  } catch {
    key = "";
  }
  let answer: MediaAnswer;
  try {
    answer = await readMedia(key, {
      head: req.method === "HEAD",
      ifNoneMatch: req.headers["if-none-match"],
    });
  } catch (error) {
    log.error({ err: error, key }, "reading an upload from S3 failed");
    res.writeHead(503, { ...TEXT, "Retry-After": "10" });
    res.end("Das Bild ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.");
    return;
  }
  switch (answer.status) {
    case 400:
      res.writeHead(400, TEXT);
      res.end("Ungültiger Dateiname.");
      return;
    case 404:
      res.writeHead(404, TEXT);
      res.end("Diese Datei gibt es nicht (mehr).");
      return;
    case 302:
      res.writeHead(302, { Location: answer.location, "Cache-Control": "public, max-age=3600" });
      res.end();
      return;
    case 304:
      res.writeHead(304, {
        "Cache-Control": answer.cacheControl,
        ...(answer.etag && { ETag: answer.etag }),
      });
      res.end();
      return;
  }
  res.writeHead(200, {
    "Content-Type": answer.contentType ?? "application/octet-stream",
    "Cache-Control": answer.cacheControl,
    ...(answer.etag && { ETag: answer.etag }),
    ...(answer.contentLength !== undefined && { "Content-Length": answer.contentLength }),
  });
  if (!answer.body) {
    res.end();
    return;
  }
  // A client that goes away mid-stream must also end the S3 download.
  await pipeline(answer.body, res).catch(() => {
    answer.body?.destroy();
    res.destroy();
  });
}
