/**
 * JavaScript budgets of the public pages (issue 12, part 6): the bytes of our own code a page
 * loads before it is interactive, as the server sends them (the Brotli files of the build), on
 * top of the framework (React, React DOM, React Router: the client entry and its imports).
 * Read from the production build's route manifest, the list React Router preloads from.
 *
 * The budgets are a ratchet, not the goal: today's size plus a little room, so a change that
 * makes a page's code grow fails here and has to say why (raise the budget in the same commit).
 * The goal (ARCHITECTURE: ≤ 25 KB of own code per public page) is tracked in docs/BENCHMARKS.md.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/**
 * Own JavaScript on the wire (KB, Brotli) a page may load. Since session 13 this counts the
 * i18n chunk (the translate function and the German texts every page needs), which was left out
 * as framework before: it was 15.0 KB on every page then, 3.9 KB now (decision 055).
 */
const BUDGETS_KB: Record<string, number> = {
  "routes/public/home": 25, // 21.0 KB on 2026-11-23; 23.04 with the newsletter form of every
  // page on the shared Button and Input (issue 12, part 1); 24.2 with the reason badges, "Neu
  // bei uns" and the live update of edited content (issue 15, decisions 030 and 031); 22.43 with
  // the chunks under 1 KB sent in Brotli too (issue 16 point 3, decision 043); 21.80 with the
  // footer's cookie list and install how-to loaded on their first click; 20.26 with the header's
  // and footer's icons in one file (decision 048)
  // — counted with the i18n chunk from here on (session 13): 26.82 with the German texts of
  // single pages registered by the modules that show them, not all in the core (decision 055);
  // 24.14 with the icons from one SVG sprite instead of Lucide's components (decision 056)
  "routes/public/properties": 27.5, // 20.5; 23.02 with live updates that wait for a running
  // navigation (root.tsx) and the pending-photo placeholder (issue 14); 24.37 with the phone's
  // filter sheet, its live count and the stay totals (issue 16, decision 035); 22.23 with the
  // chunks under 1 KB in Brotli (decision 043); 21.59 with the footer's dialogs on demand; 20.69
  // with the header's and footer's icons in one file (decision 048)
  // — counted with the i18n chunk from here on (session 13): 28.71 with the German texts of
  // single pages registered by the modules that show them, not all in the core (decision 055);
  // 27.00 with the icons from one SVG sprite instead of Lucide's components (decision 056)
  "routes/public/property": 33, // 33.8; 37.9 with "Kostenlos stornierbar bis …", the facts
  // and the OpenStreetMap link (issue 15, decision 033); 39.0 with the owner reply under
  // reviews (decision 032) and the live update of edited content (decision 030); 39.44 with
  // the phone's booking bar and the calendar's reasons, the image viewer (1.9 KB) now lazy
  // (issue 16, decision 036); 40.28 with mediaUrl of S3_PUBLIC_URL (decision 034: a chunk
  // under 1 KB the pages share, sent uncompressed); 30.63 with the date picker's calendar loaded
  // on the first hover, focus or click of the fields, the amenity icons as an SVG sprite instead
  // of 30 icon components, no English texts for the not-found title, and the chunks under 1 KB in
  // Brotli too (issue 16 point 3, decision 043); 30.00 with the footer's dialogs on demand; 31.01
  // with the seasons' prices and stay rules (decision 046); 29.01 with the calendar's click rules
  // in the calendar's chunk and the header's and footer's icons in one file (decision 048)
  // — counted with the i18n chunk from here on (session 13): 35.55 with the German texts of
  // single pages registered by the modules that show them, not all in the core (decision 055);
  // 32.15 with the icons from one SVG sprite instead of Lucide's components (decision 056)
  "routes/public/book": 35.5, // 51.0, with zod for the booking form's checks in the browser;
  // 56.9 with the cancellation line and the Kurtaxe note in the summary (decision 033); 58.2
  // with the stay's own cancellation terms, the AGB/§ 312g lines at the order button and the
  // phone summary (issue 16, decision 037; lazy-loading the notes saved nothing); 58.86 with
  // mediaUrl (decision 034); 37.38 without zod (21.2 KB): step 2 is checked in the browser by
  // the plain rules of booking-details.ts, which the server's schema applies too (issue 16
  // point 3; zod/mini instead would have left 13.1 KB, docs/BENCHMARKS.md); 30.39 with the
  // calendar on demand, no English texts for the not-found title and the small chunks in Brotli
  // (decision 043); 29.75 with the footer's dialogs on demand; 31.00 with the seasons (decision
  // 046); 28.99 with the calendar's click rules on demand and the layout's icons in one file
  // (decision 048)
  // — counted with the i18n chunk from here on (session 13): 38.46 with the German texts of
  // single pages registered by the modules that show them, not all in the core (decision 055);
  // 34.58 with the icons from one SVG sprite instead of Lucide's components (decision 056)
  "routes/public/offers": 19, // 16.8; 19.2 with CSV-imported photos that are not fetched yet
  // shown as the placeholder, never the foreign URL (image-urls.ts, issue 14); 17.31 with the
  // chunks under 1 KB in Brotli (decision 043); 16.67 with the footer's dialogs on demand; 15.14
  // with the header's and footer's icons in one file (decision 048)
  // — counted with the i18n chunk from here on (session 13): 19.94 with the German texts of
  // single pages registered by the modules that show them, not all in the core (decision 055);
  // 18.37 with the icons from one SVG sprite instead of Lucide's components (decision 056)
  "routes/public/reviews": 21, // 19.3, without zod (was 40.7); 21.3 with the shared Pagination,
  // 22.15 with the newsletter form on Button and Input; 22.7 in main on 2026-11-25; 23.45 with
  // the owner reply under reviews (a chunk shared with the property page, under 1 KB, so sent
  // uncompressed) and the hidden-reason line (issue 15, decision 032); 24.21 with mediaUrl for
  // the reviewers' avatars (decision 034); 20.82 with the chunks under 1 KB in Brotli (decision
  // 043); 20.18 with the footer's dialogs on demand; 18.68 with the header's and footer's icons
  // in one file (decision 048)
};

/** Pages that validate nothing in the browser must not carry zod (24 KB). */
const WITHOUT_ZOD = [
  // — counted with the i18n chunk from here on (session 13): 22.64 with the German texts of
  // single pages registered by the modules that show them, not all in the core (decision 055);
  // 20.17 with the icons from one SVG sprite instead of Lucide's components (decision 056)
  "routes/public/home",
  "routes/public/properties",
  "routes/public/reviews",
  "routes/public/book",
];

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

function readManifest(): Manifest {
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

/** Bytes the server sends for a built file to a browser that takes Brotli. */
function wireBytes(url: string) {
  const file = path.join(clientDir, url);
  const compressed = `${file}.br`;
  return fs.statSync(fs.existsSync(compressed) ? compressed : file).size;
}

/**
 * The framework the budget leaves out: the client entry (React DOM's client and React Router's
 * browser router) and its imports, except `i18n` — the translate function and the German core
 * texts are our own code, counted on every page (until session 13 they were left out as
 * framework; decision 055).
 */
function frameworkFiles(manifest: Manifest) {
  return new Set(
    [manifest.entry.module, ...manifest.entry.imports].filter((url) => fileName(url) !== "i18n"),
  );
}

const fileName = (url: string) => path.basename(url).replace(/-[\w-]{8}\.js$/, "");

/** The files of our own code a page loads: its route, its layouts and root, their imports, i18n. */
function ownFiles(manifest: Manifest, routeId: string) {
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

function ownJavaScriptKb(manifest: Manifest, routeId: string) {
  return ownFiles(manifest, routeId).reduce((sum, url) => sum + wireBytes(url), 0) / 1024;
}

describe("JavaScript budgets of the public pages", () => {
  const manifest = readManifest();

  it("the framework files are what the budget leaves out, and nothing else", () => {
    const framework = [manifest.entry.module, ...manifest.entry.imports];
    // By name: the client entry, the bundler's runtime, React DOM, the JSX runtime, React
    // Router (chunk-*), and i18n, which the entry imports to register English before hydrating
    // and which `ownFiles` counts as our own code. ("preload-helper", the bundler's helper for
    // import(): part of the entry until the property page's lazy image viewer became a second
    // user of it, issue 16.)
    const names = framework.map(fileName);
    expect(
      names.filter(
        (name) =>
          ![
            "entry.client",
            "rolldown-runtime",
            "react-dom",
            "jsx-runtime",
            "i18n",
            "preload-helper",
          ].includes(name) && !/^chunk-[A-Z0-9]+$/.test(name),
      ),
    ).toEqual([]);
    expect(names).toContain("entry.client");
  });

  it.each(Object.entries(BUDGETS_KB))("%s stays within %d KB of own code", (routeId, budget) => {
    expect(manifest.routes[routeId], `no route ${routeId} in the build`).toBeDefined();
    const size = ownJavaScriptKb(manifest, routeId);
    expect(size, `${routeId} loads ${size.toFixed(1)} KB of own JavaScript`).toBeLessThanOrEqual(
      budget,
    );
  });

  // Guests' pages draw their icons from one cached SVG sprite (app/components/ui/icons.tsx,
  // decision 056): Lucide's runtime (1.4 KB) and a file per icon were on every page before.
  // Lucide builds each icon's class name with `lucide-${name}`; the sprite's icons do not.
  it.each(Object.keys(BUDGETS_KB))(
    "%s loads no Lucide code: its icons come from the sprite",
    (id) => {
      const lucide = ownFiles(manifest, id).filter((url) =>
        fs.readFileSync(path.join(clientDir, url), "utf8").includes("lucide-${"),
      );
      expect(lucide).toEqual([]);
    },
  );

  it.each(WITHOUT_ZOD)("%s loads no zod", (routeId) => {
    const withZod = ownFiles(manifest, routeId).filter((url) =>
      fs.readFileSync(path.join(clientDir, url), "utf8").includes("ZodError"),
    );
    expect(withZod).toEqual([]);
  });
});
