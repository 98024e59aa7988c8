import fs from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptedEncodings, isCompressible } from "./compression";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/**
 * Serves files below `root` for GET/HEAD. Returns false when there is no such file so the
 * request can go on to the app. `immutable` is for content-hashed or never-rewritten files.
 */
export function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  urlPath: string,
  immutable: boolean,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const file = path.join(root, path.normalize(decoded));
  if (!file.startsWith(root + path.sep)) return false;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type) return false;
  // The build wrote .br/.gz twins of text files (scripts/vite-precompress.ts): send the best one
  // the client takes. Each encoding has its own ETag, so a cache never mixes them up.
  let served = { file, stat, encoding: null as string | null };
  if (isCompressible(type)) {
    res.setHeader("Vary", "Accept-Encoding");
    for (const encoding of acceptedEncodings(req.headers["accept-encoding"])) {
      const twin = `${file}.${encoding === "br" ? "br" : "gz"}`;
      const twinStat = fs.statSync(twin, { throwIfNoEntry: false });
      if (twinStat?.isFile()) {
        served = { file: twin, stat: twinStat, encoding };
        break;
      }
    }
  }
  const etag = `W/"${served.stat.size.toString(16)}-${served.stat.mtimeMs.toString(16)}${served.encoding ? `-${served.encoding}` : ""}"`;
  res.setHeader("Content-Type", type);
  if (served.encoding) res.setHeader("Content-Encoding", served.encoding);
  res.setHeader("ETag", etag);
  res.setHeader(
    "Cache-Control",
    immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  );
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader("Content-Length", served.stat.size);
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  fs.createReadStream(served.file)
    .on("error", () => res.destroy())
    .pipe(res);
  return true;
}
