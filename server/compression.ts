/**
 * Compressed answers (issue 12 "quick fixes", issue 16 part 1): Brotli or gzip, chosen from the
 * request's Accept-Encoding, for every text answer of the app; static assets are compressed once
 * at build time (vite-precompress.ts) and served as files. Nothing is compressed twice; answers
 * made per request not below a kilobyte, where the saving does not pay for the work.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** Smaller answers made per request go out as they are. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * A file of the build gets a compressed twin when the twin is at least this much smaller, at any
 * size: compressed once at build time, it costs no CPU per request, and the only extra bytes of
 * a compressed answer are its Content-Encoding header (22 bytes over HTTP/1.1, one or two over
 * HTTP/2) and the encoding's suffix in the ETag (3); Vary goes out either way. The build's
 * chunks under a kilobyte (icons, small shared modules) shrink by about a third with Brotli
 * (decision 043); from 64 to 32 bytes in decision 095.
 */
export const MIN_STATIC_SAVING_BYTES = 32;

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|x-component)|image\/svg\+xml)|\+json|\+xml/i;

/** Whether a Content-Type is text worth compressing (never the endless event stream). */
export function isCompressible(contentType: string | null | undefined) {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * The encodings the client takes, best first: by q-value, Brotli before gzip at equal weight
 * ("br;q=0" refuses Brotli; "*" stands for any encoding not named).
 */
export function acceptedEncodings(acceptEncoding: string | string[] | undefined): Encoding[] {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  return (["br", "gzip"] as const)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/** Adds Accept-Encoding to a Vary header value (caches must keep one copy per encoding). */
export function varyOnEncoding(vary: string | null | undefined) {
  if (!vary) return "Accept-Encoding";
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses an answer made per request. Brotli at quality 5: within a few percent of the
 * maximum for HTML and data, at a small fraction of its CPU time (quality 11 is for build time).
 */
export function compressDynamic(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzip(body, { level: 6 });
}

/** Build time: the smallest Brotli and gzip files there are. */
export function compressStatic(body: Uint8Array) {
  return {
    br: zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}
