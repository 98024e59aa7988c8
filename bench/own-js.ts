/**
 * Own JavaScript per public page, counted as tests/http/js-budget.test.ts counts it
 * (scripts/page-scripts.ts: the route's, its layouts' and root's files and their imports, the
 * i18n chunk; the framework left out), in the two encodings the server sends: Brotli (the
 * build's .br files, what a browser gets over HTTPS and on localhost) and gzip (the .gz files,
 * what a browser gets over plain HTTP from another host: browsers offer Brotli only on secure
 * origins). Files the build did not compress (under its size threshold) count raw in both.
 * Decision 062. Replaces scripts/js-weight.mjs, which still counted the i18n chunk as framework.
 *
 *   npm run build   # or BUILD_DIR=… npm run build
 *   npx tsx bench/own-js.ts [build directory, default "build"] [route id | all]
 *
 * A route id ("routes/public/book") or "all" as the second argument lists the page's files.
 */
import path from "node:path";
import { frameworkFiles, ownFiles, readManifest, sentBytes } from "../scripts/page-scripts.ts";

const clientDir = path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? "build", "client");
const detail = process.argv[3];
const manifest = readManifest(clientDir);
const kb = (n: number) => (n / 1024).toFixed(2);
const sum = (files: Iterable<string>, suffix: ".br" | ".gz") =>
  [...files].reduce((total, url) => total + sentBytes(clientDir, url, suffix), 0);

const framework = frameworkFiles(manifest);
console.log(
  `framework (not counted): ${kb(sum(framework, ".br"))} KB Brotli, ${kb(sum(framework, ".gz"))} KB gzip, ${framework.size} files\n`,
);
console.log("| page | files | Brotli KB | gzip KB |\n| --- | ---: | ---: | ---: |");
for (const id of [
  "routes/public/home",
  "routes/public/properties",
  "routes/public/property",
  "routes/public/book",
  "routes/public/offers",
  "routes/public/reviews",
]) {
  const files = ownFiles(manifest, id);
  console.log(`| ${id} | ${files.length} | ${kb(sum(files, ".br"))} | ${kb(sum(files, ".gz"))} |`);
  if (detail === id || detail === "all") {
    const sizes = files.map(
      (url) => [url, sentBytes(clientDir, url), sentBytes(clientDir, url, ".gz")] as const,
    );
    for (const [url, br, gz] of sizes.sort((a, b) => b[1] - a[1])) {
      console.log(`|   ${url} | | ${kb(br)} | ${kb(gz)} |`);
    }
  }
}
