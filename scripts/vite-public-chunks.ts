/**
 * Build step: fewer, larger chunks on the public pages (issue 16 point 2, decision 054).
 *
 * Lighthouse's mobile run (Lantern: slow 4G, 150 ms round trip, six connections per origin)
 * queues every `modulepreload` before first paint; the public pages loaded 25–43 module files,
 * most of them 0.1–1.5 KB, because the bundler gives a module its own chunk as soon as the set
 * of routes that use it (admin and dashboard routes included) differs from its neighbours'.
 * Three kinds of group merge them, computed from the client build's module graph (static
 * imports only, never `import()`):
 *
 * - **"framework"**: what the client entry imports from node_modules (React, React Router, the
 *   JSX runtime, the bundler's import() helper), except React DOM's client and the scheduler,
 *   which stay in the entry's own chunk. Every page of the app loads all of it.
 * - **"shell"**: what every page guests see loads (root's modules, Button, cx,
 *   createLucideIcon …), and **"shell-public"**: what every page of the public layout loads
 *   (the header's and footer's icons, the newsletter form …), but not the sign-in,
 *   booking-success and newsletter pages.
 * - **"public-…"**: the other modules of ours and of Lucide that those pages use, grouped by
 *   exactly which pages and which lazy chunks use them (a lazy chunk only where a page that
 *   lacks the module can load it). A page loads such a chunk only if it uses every module in
 *   it. Admin and dashboard routes are ignored when grouping (they have no
 *   budget): one that uses a module of a group loads the whole group.
 *
 * Left out: i18n and the German core texts (the client entry's, apart: decision 055), other
 * packages than Lucide (see `groupable`), React Router's route entries (it loads them by name),
 * and modules only one entry uses (the bundler keeps those in that entry's chunk anyway).
 *
 * The groups take only the listed modules (`includeDependenciesRecursively: false`, which needs
 * `preserveEntrySignatures: "allow-extension"`, see decision 048): with their dependencies the
 * shell would pull React in and the client entry would import the shell.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const APP_DIR = path.resolve(import.meta.dirname, "../app");
const ROOT = path.join(APP_DIR, "root.tsx");
const PUBLIC_LAYOUT = path.join(APP_DIR, "routes/public/layout.tsx");
const PUBLIC_ROUTES = path.join(APP_DIR, "routes/public") + path.sep;
const ADMIN_OR_DASHBOARD = /[\\/]routes[\\/](admin|dashboard)[\\/]/;
const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]/;
// React DOM's client and the scheduler: left in the client entry's chunk (see "framework").
const FRAMEWORK_IN_ENTRY =
  /[\\/]node_modules[\\/](react-dom[\\/](client|cjs[\\/]react-dom-client\.production)|scheduler[\\/])/;
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

type ModuleGraph = {
  /** Every module id of the client build. */
  ids: Iterable<string>;
  /** A module's static imports and `import()`s. */
  imports(id: string): { static: readonly string[]; dynamic: readonly string[] };
  /** Whether the module is an entry of the build (the client entry or a route module). */
  isEntry(id: string): boolean;
};

/** The module id without Vite's query (`?__react-router-route-chunk=…` and the like). */
const file = (id: string) => id.replace(/[?#].*$/, "");

function staticClosure(graph: ModuleGraph, starts: Iterable<string>) {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...graph.imports(id).static);
  }
  return seen;
}

/**
 * Module id → chunk name ("framework", "shell", "shell-public", "public-…") for the modules
 * this plugin groups, from the client build's module graph. Pure, so the unit test can feed it
 * a small graph.
 */
export function publicChunkGroups(graph: ModuleGraph): Map<string, string> {
  const ids = [...graph.ids];
  const entries = ids.filter((id) => graph.isEntry(id));
  const clientEntry = entries.filter((id) => /[\\/]entry\.client\.[jt]sx?$/.test(file(id)));
  const routeEntries = entries.filter((id) => !clientEntry.includes(id));
  const lazyEntries = new Set(ids.flatMap((id) => graph.imports(id).dynamic));
  const framework = staticClosure(graph, clientEntry);
  const groupable = (id: string) =>
    !framework.has(id) &&
    !FRAMEWORK.test(id) &&
    // Our code and Lucide's icons only. Which other package code a page runs is decided by the
    // bundler's tree-shaking, not by the import graph: the flight-booking page imports a schema
    // module for its action, which imports zod, and the browser build drops both; grouped by
    // the import graph, zod made that page 18 KB heavier.
    (file(id).startsWith(APP_DIR + path.sep) || LUCIDE.test(id)) &&
    // React Router loads a route by its entry (`root.tsx?__react-router-build-client-route`,
    // which imports the route's file): entries keep their own chunk.
    !graph.isEntry(id) &&
    !lazyEntries.has(id) &&
    !id.startsWith("\0");

  // The pages guests see: every route with a component (.tsx) outside the admin area and the
  // guest dashboard. A page loads its route's modules, root's, and the public layout's if it is
  // one of the layout's pages (app/routes.ts: routes/public/ is the public layout).
  const rootEntry = routeEntries.filter((id) => file(id) === ROOT);
  const layoutEntry = routeEntries.filter((id) => file(id) === PUBLIC_LAYOUT);
  const pages = routeEntries.filter(
    (id) =>
      file(id).endsWith(".tsx") &&
      !ADMIN_OR_DASHBOARD.test(file(id)) &&
      !rootEntry.includes(id) &&
      !layoutEntry.includes(id),
  );
  const layoutPages = pages.filter((id) => file(id).startsWith(PUBLIC_ROUTES));
  const rootModules = staticClosure(graph, rootEntry);
  const layoutModules = staticClosure(graph, layoutEntry);

  // Which pages load each module before they are interactive, and which lazy chunks import it.
  const pagesOf = new Map<string, Set<string>>();
  const lazyOf = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, id: string, user: string) => {
    if (!map.has(id)) map.set(id, new Set());
    map.get(id)!.add(user);
  };
  for (const page of pages) {
    const loaded = new Set([...staticClosure(graph, [page]), ...rootModules]);
    if (layoutPages.includes(page)) layoutModules.forEach((id) => loaded.add(id));
    for (const id of loaded) add(pagesOf, id, page);
  }
  for (const lazy of lazyEntries) {
    for (const id of staticClosure(graph, [lazy])) add(lazyOf, id, lazy);
  }
  // Which entries (routes of any area, lazy chunks) import each module themselves.
  const entryUsers = new Map<string, Set<string>>();
  for (const entry of [...routeEntries, ...lazyEntries]) {
    for (const id of staticClosure(graph, [entry])) add(entryUsers, id, entry);
  }
  const same = (a: Set<string>, b: string[]) => a.size === b.length && b.every((id) => a.has(id));

  // Which pages can load each lazy chunk: those whose modules (or whose other lazy chunks)
  // import() it. Root's and the admin's and dashboard's import()s count as "any page" (`null`):
  // the chunk is loaded where the grouping does not look.
  const loadersOf = new Map<string, Set<string> | null>();
  for (const entry of routeEntries) {
    const asPages = rootEntry.includes(entry)
      ? null
      : layoutEntry.includes(entry)
        ? layoutPages
        : pages.includes(entry)
          ? [entry]
          : null;
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const { static: statics, dynamic } = graph.imports(id);
      stack.push(...statics, ...dynamic);
      for (const lazy of dynamic) {
        const known = loadersOf.get(lazy);
        if (asPages === null || known === null) loadersOf.set(lazy, null);
        else loadersOf.set(lazy, new Set([...(known ?? []), ...asPages]));
      }
    }
  }
  /**
   * A lazy chunk counts as a user of a module only if a page that does not load the module
   * itself can load the chunk. The date picker's calendar, loaded by the property and booking
   * pages, uses availability.ts, which both pages load anyway: counted, it gave availability.ts
   * a file of its own on both pages (0.1 KB of import glue each, and one more request).
   */
  const countsAsUser = (lazy: string, onPages: Set<string>) => {
    const loaders = loadersOf.get(lazy);
    return !loaders || [...loaders].some((page) => !onPages.has(page));
  };

  const groups = new Map<string, string>();
  // The framework beside the client entry was six files that every page of the app loads:
  // React Router (36 KB), React DOM's entry, the JSX runtime, the bundler's import() helper
  // (0.3–1.2 KB each) and React in the entry's chunk. Now React, React Router and the small
  // pieces are one chunk; React DOM's client and the scheduler stay in the client entry's
  // chunk, so the two large files (about 54 and 39 KB) still download side by side. i18n and
  // the German core texts stay apart (our code; a page's own texts are grouped like its other
  // modules, decision 055).
  for (const id of framework) {
    if (clientEntry.includes(id) || FRAMEWORK_IN_ENTRY.test(id)) continue;
    if (id.startsWith("\0") || /[\\/]node_modules[\\/]/.test(id)) groups.set(id, "framework");
  }
  const keys = new Map<string, string>();
  for (const id of ids) {
    const onPages = pagesOf.get(id);
    // Only admin or dashboard routes or lazy chunks use it: the bundler's own chunking.
    if (!groupable(id) || !onPages) continue;
    // Only one entry imports it: the bundler keeps it in that entry's chunk anyway.
    if ((entryUsers.get(id)?.size ?? 0) < 2) continue;
    let name: string;
    if (same(onPages, pages)) {
      name = "shell"; // root's modules: every page
    } else if (same(onPages, layoutPages)) {
      name = "shell-public"; // the public layout's: header, footer, newsletter form …
    } else {
      const lazyUsers = [...(lazyOf.get(id) ?? [])].filter((lazy) => countsAsUser(lazy, onPages));
      const users = [...onPages, ...lazyUsers].map(file).sort();
      const key = users.join("\n");
      if (!keys.has(key)) {
        // Named after its users, e.g. "public-book-property" (numbered when that gets long or
        // two sets of users would get the same name).
        const names = users.map((user) => path.basename(user).replace(/\.\w+$/, ""));
        const short = `public-${names.join("-")}`;
        const taken = [...keys.values()].includes(short);
        keys.set(
          key,
          short.length <= 47 && !taken ? short : `public-${users.length}-${keys.size + 1}`,
        );
      }
      name = keys.get(key)!;
    }
    groups.set(id, name);
  }
  return groups;
}

/** Lucide's export names ("CreditCard", "Loader2", …) → the icon's module file. */
function lucideIcons() {
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve("lucide-react/package.json")), "dist/esm");
  const barrel = path.join(dist, "lucide-react.mjs");
  const files = new Map<string, string>();
  const exportLine = /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g;
  for (const [, names, icon] of fs.readFileSync(barrel, "utf8").matchAll(exportLine)) {
    for (const name of names.matchAll(/as (\w+)/g)) {
      files.set(name[1], path.join(dist, "icons", `${icon}.mjs`));
    }
  }
  return { barrel, files };
}

/** The names a module's code imports from lucide-react (`import { Menu, X as Close } …`). */
export function lucideImports(code: string): string[] {
  const names: string[] = [];
  for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const item of list.split(",")) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

export function publicChunks(): Plugin {
  let groups = new Map<string, string>();
  const lucide = lucideIcons();
  return {
    name: "public-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      groups = publicChunkGroups({
        ids: this.getModuleIds(),
        imports(id) {
          const module = info(id);
          const imported = module?.importedIds ?? [];
          return {
            // Lucide's barrel imports all 2,000 icons; the bundler keeps only the ones a module
            // names. Followed as it is, every page that draws one icon would "use" them all (and
            // the shell would take every admin icon), so an import of the barrel counts as an
            // import of the icons the module names.
            static: imported.includes(lucide.barrel)
              ? [
                  ...imported.filter((dep) => dep !== lucide.barrel),
                  ...lucideImports(module?.code ?? "").flatMap((name) => {
                    const icon = lucide.files.get(name);
                    return icon ? [icon] : [];
                  }),
                ]
              : imported,
            dynamic: module?.dynamicallyImportedIds ?? [],
          };
        },
        isEntry: (id) => info(id)?.isEntry ?? false,
      });
      if (process.env.PUBLIC_CHUNKS_DEBUG) {
        const byGroup: Record<string, string[]> = {};
        for (const [id, name] of groups) (byGroup[name] ??= []).push(path.relative(APP_DIR, id));
        console.log(JSON.stringify(byGroup, null, 2));
      }
    },
    // Which modules each chunk holds, for tests/http/js-budget.test.ts ("no public page loads an
    // admin module"). Beside the client folder, not in it: the server does not send it.
    writeBundle(options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        chunks[`/assets/${path.basename(chunk.fileName)}`] = chunk.moduleIds.map((id) =>
          path.relative(path.dirname(APP_DIR), file(id)),
        );
      }
      const outDir = options.dir ?? this.environment.config.build.outDir;
      fs.writeFileSync(
        path.join(path.dirname(outDir), "client-chunk-modules.json"),
        JSON.stringify(chunks, null, 1),
      );
    },
    configEnvironment(name) {
      // PUBLIC_CHUNKS=off: the bundler's own chunking, to compare against (decision 054).
      if (name !== "client" || process.env.PUBLIC_CHUNKS === "off") return;
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: "allow-extension",
            output: {
              codeSplitting: {
                groups: [
                  {
                    // Called after buildEnd, when the module graph is complete.
                    name: (id: string) => groups.get(id) ?? null,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/** The module files of the icons the public header and footer import (they are in the shell). */
export function layoutIconFiles(dir = path.join(APP_DIR, "components/layout")): Set<string> {
  const { files } = lucideIcons();
  const icons = new Set<string>();
  for (const name of fs.readdirSync(dir)) {
    if (!/\.tsx?$/.test(name) || name.includes(".test.")) continue;
    for (const icon of lucideImports(fs.readFileSync(path.join(dir, name), "utf8"))) {
      const file = files.get(icon);
      if (file) icons.add(file);
    }
  }
  return icons;
}
