/**
 * Own JavaScript per public page, counted like tests/http/js-budget.test.ts (the route's, its
 * layouts' and root's files and their imports, the i18n chunk; the framework left out), in the
 * two encodings the server sends: Brotli (the build's .br files, what a browser gets over HTTPS
 * and on localhost) and gzip (the .gz files, what a browser gets over plain HTTP from another
 * host: browsers offer Brotli only on secure origins). Files the build did not compress (under
 * its size threshold) count raw in both. Decision 062. Replaces scripts/js-weight.mjs, which
 * still counted the i18n chunk as framework (the budget test counts it as ours since session 13).
 *
 *   npm run build   # or BUILD_DIR=… npm run build
 *   node bench/own-js.mjs [build directory, default "build"] [route id | all]
 *
 * A route id ("routes/public/book") or "all" as the second argument lists the page's files.
 */
import fs from "node:fs";
import path from "node:path";

const clientDir = path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? "build", "client");
const detail = process.argv[3];
const assets = path.join(clientDir, "assets");
const [newest] = fs
  .readdirSync(assets)
  .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
  .map((name) => ({ name, mtime: fs.statSync(path.join(assets, name)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime);
const source = fs.readFileSync(path.join(assets, newest.name), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const chunkName = (url) => path.basename(url).replace(/-[\w-]{8}\.js$/, "");
const framework = new Set(
  [manifest.entry.module, ...manifest.entry.imports].filter((url) => chunkName(url) !== "i18n"),
);
function ownFiles(routeId) {
  const files = new Set(manifest.entry.imports.filter((url) => !framework.has(url)));
  for (let route = manifest.routes[routeId]; route;) {
    for (const url of [route.module, ...(route.imports ?? [])]) {
      if (!framework.has(url)) files.add(url);
    }
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return [...files];
}
function bytes(url, suffix) {
  const file = path.join(clientDir, url);
  return fs.statSync(fs.existsSync(file + suffix) ? file + suffix : file).size;
}
const kb = (n) => (n / 1024).toFixed(2);

const frameworkSum = (suffix) => [...framework].reduce((sum, url) => sum + bytes(url, suffix), 0);
console.log(
  `framework (not counted): ${kb(frameworkSum(".br"))} KB Brotli, ${kb(frameworkSum(".gz"))} KB gzip, ${framework.size} files\n`,
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
  const files = ownFiles(id);
  const sum = (suffix) => files.reduce((total, url) => total + bytes(url, suffix), 0);
  console.log(`| ${id} | ${files.length} | ${kb(sum(".br"))} | ${kb(sum(".gz"))} |`);
  if (detail === id || detail === "all") {
    for (const url of files.sort((a, b) => bytes(b, ".br") - bytes(a, ".br"))) {
      console.log(`|   ${url} | | ${kb(bytes(url, ".br"))} | ${kb(bytes(url, ".gz"))} |`);
    }
  }
}
