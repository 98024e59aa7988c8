/**
 * Which script files a page loads before it is interactive, read from a production build's
 * route manifest (the list React Router preloads from), and what of that is our own code. One
 * definition for the budget test (tests/http/js-budget.test.ts) and the bench that prints the
 * figures (bench/own-js.ts): a second copy of the rule drifted once (scripts/js-weight.mjs
 * kept counting the i18n chunk as framework after decision 055).
 */
import fs from "node:fs";
import path from "node:path";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
export type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

/** The build's route manifest; `clientDir` is `<build>/client`. */
export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  // The newest manifest is the build's (an older build may have left its own beside it).
  const [newest] = fs
    .readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, mtime: fs.statSync(path.join(assets, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const source = fs.readFileSync(path.join(assets, newest.name), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/**
 * Bytes the server sends for a built file: its precompressed twin (`.br` for a browser that
 * takes Brotli, `.gz` for one that takes only gzip) where the build wrote one, else the file.
 */
export function sentBytes(clientDir: string, url: string, suffix: ".br" | ".gz" = ".br") {
  const file = path.join(clientDir, url);
  const compressed = `${file}${suffix}`;
  return fs.statSync(fs.existsSync(compressed) ? compressed : file).size;
}

export const chunkName = (url: string) => path.basename(url).replace(/-[\w-]{8}\.js$/, "");

/**
 * The framework the budget leaves out: the client entry (React DOM's client), "framework" and the
 * bundler's runtime — not `i18n`: the translate function and the German core texts are our own
 * code, counted on every page (until session 13 they were left out as framework; decision 055).
 */
export function frameworkFiles(manifest: Manifest) {
  return new Set(
    [manifest.entry.module, ...manifest.entry.imports].filter((url) => chunkName(url) !== "i18n"),
  );
}

/** The files of our own code a page loads: its route, its layouts and root, their imports, i18n. */
export function ownFiles(manifest: Manifest, routeId: string) {
  const framework = frameworkFiles(manifest);
  const files = new Set<string>(manifest.entry.imports.filter((url) => !framework.has(url)));
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route;) {
    for (const url of [route.module, ...(route.imports ?? [])]) {
      if (!framework.has(url)) files.add(url);
    }
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return [...files];
}

/** Every script file a page loads before it is interactive: the framework and its own files. */
export function allFiles(manifest: Manifest, routeId: string) {
  return [manifest.entry.module, ...manifest.entry.imports, ...ownFiles(manifest, routeId)].filter(
    (url, index, all) => all.indexOf(url) === index,
  );
}
