/**
 * Build step: every text file of the client build (scripts, styles, SVG, the offline page…) gets
 * a Brotli (.br) and a gzip (.gz) twin at the highest levels, so the server sends compressed
 * files without compressing anything per request (server/static.ts picks the twin); small files
 * too, whenever the twin saves more than its header costs (MIN_STATIC_SAVING_BYTES).
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { compressStatic, MIN_STATIC_SAVING_BYTES } from "../server/compression.ts";

const TEXT_FILES = /\.(js|mjs|css|svg|html|json|webmanifest|txt)$/i;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let clientDir: string | undefined;
  return {
    name: "precompress-client-build",
    apply: "build",
    writeBundle(options) {
      // React Router builds the client and the server bundle; only the client's files are served.
      if (options.dir && path.basename(options.dir) === "client") clientDir = options.dir;
    },
    closeBundle() {
      if (!clientDir || !fs.existsSync(clientDir)) return;
      for (const file of files(clientDir)) {
        if (!TEXT_FILES.test(file)) continue;
        const body = fs.readFileSync(file);
        const { br, gzip } = compressStatic(body);
        // Only twins that save more than the header they add (server/static.ts sends the file
        // itself when there is no twin for the client's encoding).
        const limit = body.byteLength - MIN_STATIC_SAVING_BYTES;
        if (br.byteLength <= limit) fs.writeFileSync(`${file}.br`, br);
        if (gzip.byteLength <= limit) fs.writeFileSync(`${file}.gz`, gzip);
      }
      clientDir = undefined;
    },
  };
}
