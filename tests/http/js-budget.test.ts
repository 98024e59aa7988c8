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
import {
  allFiles,
  chunkName,
  ownFiles,
  readManifest,
  sentBytes,
  type Manifest,
} from "../../scripts/page-scripts.ts";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/**
 * Own JavaScript on the wire (KB, Brotli) a page may load. Since session 13 this counts the
 * i18n chunk (the translate function and the German texts every page needs), which was left out
 * as framework before: it was 15.0 KB on every page then, 3.9 KB now (decision 055).
 */
const BUDGETS_KB: Record<string, number> = {
  "routes/public/home": 19, // 21.0 KB on 2026-11-23; 23.04 with the newsletter form of every
  // page on the shared Button and Input (issue 12, part 1); 24.2 with the reason badges, "Neu
  // bei uns" and the live update of edited content (issue 15, decisions 030 and 031); 22.43 with
  // the chunks under 1 KB sent in Brotli too (issue 16 point 3, decision 043); 21.80 with the
  // footer's cookie list and install how-to loaded on their first click; 20.26 with the header's
  // and footer's icons in one file (decision 048); 19.02 with the layout's and root's code in
  // two "shell" files and the modules public pages share merged by the pages that use them
  // (decision 054, 2026-11-26)
  // — counted with the i18n chunk from here on (session 13): 21.67 with each page's own
  // German texts (decision 055) and the icons from one SVG sprite (decision 056)
  // 18.95 with the footer's code loaded after the page's (decision 058) and the reviews,
  // newsletter, footer, dashboard and admin texts out of the German core; 18.70 with the theme
  // colours computed by the server and the social marks in the icon sprite (session 16)
  "routes/public/properties": 20, // 20.5; 23.02 with live updates that wait for a running
  // navigation (root.tsx) and the pending-photo placeholder (issue 14); 24.37 with the phone's
  // filter sheet, its live count and the stay totals (issue 16, decision 035); 22.23 with the
  // chunks under 1 KB in Brotli (decision 043); 21.59 with the footer's dialogs on demand; 20.69
  // with the header's and footer's icons in one file (decision 048); 19.48 with the shell and
  // public-… groups (decision 054, 2026-11-26)
  // — counted with the i18n chunk from here on (session 13): 25.61 with each page's own
  // German texts (decision 055) and the icons from one SVG sprite (decision 056); 24.31 with the
  // amenity filter's labels translated on the server without the property page's texts
  // 20.14 with the footer after the page and the smaller German core (decision 058); 19.39
  // with the calendar's texts in its own chunk and the price box's texts apart (session 16)
  "routes/public/property": 24, // 33.8; 37.9 with "Kostenlos stornierbar bis …", the facts
  // and the OpenStreetMap link (issue 15, decision 033); 39.0 with the owner reply under
  // reviews (decision 032) and the live update of edited content (decision 030); 39.44 with
  // the phone's booking bar and the calendar's reasons, the image viewer (1.9 KB) now lazy
  // (issue 16, decision 036); 40.28 with mediaUrl of S3_PUBLIC_URL (decision 034: a chunk
  // under 1 KB the pages share, sent uncompressed); 30.63 with the date picker's calendar loaded
  // on the first hover, focus or click of the fields, the amenity icons as an SVG sprite instead
  // of 30 icon components, no English texts for the not-found title, and the chunks under 1 KB in
  // Brotli too (issue 16 point 3, decision 043); 30.00 with the footer's dialogs on demand; 31.01
  // with the seasons' prices and stay rules (decision 046); 29.01 with the calendar's click rules
  // in the calendar's chunk and the header's and footer's icons in one file (decision 048); 27.38
  // with the shell and public-… groups (decision 054, 2026-11-26)
  // — counted with the i18n chunk from here on (session 13): 30.66 with each page's own
  // German texts (decision 055) and the icons from one SVG sprite (decision 056)
  // 24.92 with the footer, amenities, facts, host, reviews and JSON-LD after the page's
  // code and the smaller German core (decision 058); 23.93 with the calendar's texts in its
  // own chunk, the theme colours from the server and the social marks in the sprite (session 16)
  // 23.41 with the modules its later parts share grouped as the page's own (session 17)
  "routes/public/book": 25, // 51.0, with zod for the booking form's checks in the browser;
  // 56.9 with the cancellation line and the Kurtaxe note in the summary (decision 033); 58.2
  // with the stay's own cancellation terms, the AGB/§ 312g lines at the order button and the
  // phone summary (issue 16, decision 037; lazy-loading the notes saved nothing); 58.86 with
  // mediaUrl (decision 034); 37.38 without zod (21.2 KB): step 2 is checked in the browser by
  // the plain rules of booking-details.ts, which the server's schema applies too (issue 16
  // point 3; zod/mini instead would have left 13.1 KB, docs/BENCHMARKS.md); 30.39 with the
  // calendar on demand, no English texts for the not-found title and the small chunks in Brotli
  // (decision 043); 29.75 with the footer's dialogs on demand; 31.00 with the seasons (decision
  // 046); 28.99 with the calendar's click rules on demand and the layout's icons in one file
  // (decision 048); 27.48 with the shell and public-… groups (decision 054, 2026-11-26)
  // — counted with the i18n chunk from here on (session 13): 33.11 with each page's own
  // German texts (decision 055) and the icons from one SVG sprite (decision 056)
  // 24.92 with the date picker and step 3 after the page's code, the shared "stay" texts
  // instead of the property page's and the smaller German core; 27.71 with the form's steps back
  // in the page's code: deferred, they cost 4× the blocking time in Lighthouse (decision 058)
  // 25.48 without the contact page's and the price box's texts, with the calendar's texts in
  // its chunk, the errors only the server finds worded by the server (de/booking-errors.ts),
  // the theme colours from the server and the social marks in the sprite (session 16); 24.94
  // with availability.ts and the "stay" texts in the file the property page shares: the date
  // picker's calendar, their only other user, runs on these two pages only (session 17)
  // 24.95 with the total shown sent with the form and the no-JavaScript style left to the
  // server's HTML (decision 079)
  "routes/public/offers": 12, // 16.8; 19.2 with CSV-imported photos that are not fetched yet
  // shown as the placeholder, never the foreign URL (image-urls.ts, issue 14); 17.31 with the
  // chunks under 1 KB in Brotli (decision 043); 16.67 with the footer's dialogs on demand; 15.14
  // with the header's and footer's icons in one file (decision 048); 13.95 with the shell and
  // public-… groups (decision 054, 2026-11-26)
  // — counted with the i18n chunk from here on (session 13): 17.07 with each page's own
  // German texts (decision 055) and the icons from one SVG sprite (decision 056)
  // 12.14 with the footer after the page and the smaller German core (decision 058); 11.86
  // with the theme colours from the server and the social marks in the sprite (session 16)
  "routes/public/reviews": 15.5, // 19.3, without zod (was 40.7); 21.3 with the shared Pagination,
  // 22.15 with the newsletter form on Button and Input; 22.7 in main on 2026-11-25; 23.45 with
  // the owner reply under reviews (a chunk shared with the property page, under 1 KB, so sent
  // uncompressed) and the hidden-reason line (issue 15, decision 032); 24.21 with mediaUrl for
  // the reviewers' avatars (decision 034); 20.82 with the chunks under 1 KB in Brotli (decision
  // 043); 20.18 with the footer's dialogs on demand; 18.68 with the header's and footer's icons
  // in one file (decision 048); 17.19 with the shell and public-… groups (decision 054,
  // 2026-11-26)
  // — counted with the i18n chunk from here on (session 13): 18.73 with each page's own
  // German texts (decision 055) and the icons from one SVG sprite (decision 056)
  // 15.34 with the footer after the page and the smaller German core (decision 058); 14.96
  // with the theme colours from the server and the social marks in the sprite (session 16);
  // 15.00 with the top bar's landmark name in the German core (session 17)
};

/** Script files (framework included) a page may load before it is interactive. */
const MAX_FILES: Record<string, number> = {
  // On 2026-11-26 (decision 054), before → after the framework, shell and public-… groups:
  // Decision 058 (parts loaded after the page) split some groups by their lazy users: → …
  "routes/public/home": 19, // 31 → 20 → 17 (decisions 055, 056) → 19
  "routes/public/properties": 17, // 29 → 18 → 19 (decisions 055, 056) → 18 → 17 (session 17)
  "routes/public/property": 21, // 39 → 25 → 23 (decisions 055, 056) → 24 → 21 (session 17)
  "routes/public/book": 20, // 43 → 27 → 24 (decisions 055, 056) → 25 → 20 (session 17)
  "routes/public/offers": 14, // 25 → 14 → 15 (decisions 055, 056) → 14
  "routes/public/reviews": 16, // 31 → 18 → 16 (decisions 055, 056)
};

/**
 * Parts of a page the visitor does not see first, rendered whole by the server and loaded after
 * the page's own code (`deferred`, decision 058): none of their modules may be among the page's
 * first scripts.
 */
const FOOTER = "app/components/layout/site-footer.tsx";
const LATER_PARTS: Record<string, string[]> = {
  "routes/public/home": [FOOTER],
  "routes/public/properties": [FOOTER],
  "routes/public/property": [
    FOOTER,
    "app/components/property/amenity-list.tsx",
    "app/components/property/host-card.tsx",
    "app/components/property/property-facts.tsx",
    "app/components/property/property-json-ld.tsx",
    "app/components/property/property-reviews.tsx",
  ],
  "routes/public/book": ["app/components/layout/slim-footer.tsx"],
  "routes/public/offers": [FOOTER],
  "routes/public/reviews": [FOOTER],
};

/** Pages that validate nothing in the browser must not carry zod (24 KB). */
const WITHOUT_ZOD = [
  "routes/public/home",
  "routes/public/properties",
  "routes/public/reviews",
  "routes/public/book",
];

/** Bytes the server sends for a built file to a browser that takes Brotli. */
const wireBytes = (url: string) => sentBytes(clientDir, url);

/** The modules in each client chunk, as the build wrote them (scripts/vite-public-chunks.ts). */
function chunkModules(): Record<string, string[]> {
  const file = path.join(clientDir, "..", "client-chunk-modules.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string[]>;
}

function ownJavaScriptKb(manifest: Manifest, routeId: string) {
  return ownFiles(manifest, routeId).reduce((sum, url) => sum + wireBytes(url), 0) / 1024;
}

describe("JavaScript budgets of the public pages", () => {
  const manifest = readManifest(clientDir);

  it("the framework files are what the budget leaves out, and nothing else", () => {
    const framework = [manifest.entry.module, ...manifest.entry.imports];
    // By name: the client entry (with React DOM's client), the bundler's runtime, "framework"
    // (React, React Router, the JSX runtime and the bundler's import() helper in one file since
    // decision 054; before, "react-dom", "jsx-runtime", "preload-helper" and React Router's
    // "chunk-*" were files of their own), and i18n, which the entry imports to register English
    // before hydrating and which `ownFiles` counts as our own code (decision 055).
    const names = framework.map(chunkName);
    expect(
      names.filter(
        (name) => !["entry.client", "rolldown-runtime", "framework", "i18n"].includes(name),
      ),
    ).toEqual([]);
    expect(names).toContain("entry.client");
    // The framework group takes package code only: our own code in it would be loaded by every
    // page of the app and left out of every budget.
    const chunks = chunkModules();
    const ownModules = framework.flatMap((url) =>
      (chunks[url] ?? []).filter(
        (module) =>
          module.startsWith("app/") &&
          !/^app\/(entry\.client|lib\/i18n|locales\/|domain\/calendar-day)/.test(module),
      ),
    );
    expect(ownModules).toEqual([]);
  });

  it.each(Object.entries(BUDGETS_KB))("%s stays within %d KB of own code", (routeId, budget) => {
    expect(manifest.routes[routeId], `no route ${routeId} in the build`).toBeDefined();
    const size = ownJavaScriptKb(manifest, routeId);
    expect(size, `${routeId} loads ${size.toFixed(1)} KB of own JavaScript`).toBeLessThanOrEqual(
      budget,
    );
  });

  // Guests' pages draw their icons from one cached SVG sprite (app/components/ui/icons.tsx,
  // decision 056): Lucide's runtime (1.4 KB) and its icons' path data were on every page before
  // (decisions 048, 054). Lucide builds each icon's class name with `lucide-${name}`; the
  // sprite's icons do not.
  it.each(Object.keys(BUDGETS_KB))(
    "%s loads no Lucide code: its icons come from the sprite",
    (id) => {
      const lucide = ownFiles(manifest, id).filter((url) =>
        fs.readFileSync(path.join(clientDir, url), "utf8").includes("lucide-${"),
      );
      expect(lucide).toEqual([]);
    },
  );

  // Lighthouse's mobile run waits for every module script a page preloads, six at a time over a
  // slow connection: 25–39 files per public page on 2026-11-26 before the shell and the
  // public-… groups (decision 054). The count is a ratchet like the budgets.
  it.each(Object.entries(MAX_FILES))("%s loads at most %d script files", (routeId, max) => {
    const files = allFiles(manifest, routeId);
    expect(files.length, files.map(chunkName).join(", ")).toBeLessThanOrEqual(max);
  });

  // Admin and dashboard code is for signed-in operators and guests: a public page that loads a
  // chunk holding one of their modules downloads code it never runs (the groups ignore admin
  // routes when they merge modules, so a slip there shows here).
  it.each(Object.keys(BUDGETS_KB))("%s loads no admin or dashboard module", (routeId) => {
    const chunks = chunkModules();
    const foreign = ownFiles(manifest, routeId).flatMap((url) =>
      (chunks[url] ?? []).filter((module) =>
        /^app[\\/](routes[\\/](admin|dashboard)|.*[\\/]admin[\\/])/.test(module),
      ),
    );
    expect(foreign).toEqual([]);
  });

  it.each(Object.entries(LATER_PARTS))(
    "%s loads the parts a visitor does not see first after its own code",
    (routeId, modules) => {
      const chunks = chunkModules();
      const first = new Set(allFiles(manifest, routeId).flatMap((url) => chunks[url] ?? []));
      expect(modules.filter((module) => first.has(module))).toEqual([]);
      // … and they are in the build, in chunks of their own the page asks for when it renders them.
      const built = new Set(Object.values(chunks).flat());
      expect(modules.filter((module) => !built.has(module))).toEqual([]);
    },
  );

  it.each(WITHOUT_ZOD)("%s loads no zod", (routeId) => {
    const withZod = ownFiles(manifest, routeId).filter((url) =>
      fs.readFileSync(path.join(clientDir, url), "utf8").includes("ZodError"),
    );
    expect(withZod).toEqual([]);
  });
});
