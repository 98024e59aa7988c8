/**
 * Build step: the Lucide icons of the public header and footer go into one chunk ("layout-icons")
 * instead of one file each (issue 16 point 3, decision 048). Every public page draws them, but
 * each icon is also used by some other route, so the bundler gave each its own file of
 * 0.2–0.3 KB, where Brotli has little to work with and the import line costs as much as the path
 * data: twelve files, about 2.3 KB on the wire; together about 1 KB. A route outside the public
 * layout that uses one of them loads the whole chunk (about 1 KB): pages of the admin and the
 * dashboard, which have no budget and mostly draw several of these icons anyway.
 *
 * The icons are read from the layout's own imports (through Lucide's export list, so aliases
 * like `Loader2` resolve to their file), so a new icon in the header or footer joins the chunk
 * without a change here.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const LAYOUT_DIR = path.resolve(import.meta.dirname, "../app/components/layout");

/** Lucide's export names ("CreditCard", "Loader2", …) → the icon's file name ("credit-card"). */
function lucideIconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const barrel = path.join(
    path.dirname(require.resolve("lucide-react/package.json")),
    "dist/esm/lucide-react.mjs",
  );
  const files = new Map<string, string>();
  const exportLine = /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g;
  for (const [, names, file] of fs.readFileSync(barrel, "utf8").matchAll(exportLine)) {
    for (const name of names.matchAll(/as (\w+)/g)) files.set(name[1], file);
  }
  return files;
}

/** The file names of the icons the layout's components import from lucide-react. */
export function layoutIconFiles(dir = LAYOUT_DIR): Set<string> {
  const fileOf = lucideIconFiles();
  const icons = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
    const source = fs.readFileSync(path.join(dir, file), "utf8");
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const item of list.split(",")) {
        const icon = fileOf.get(item.trim().split(/\s+as\s+/)[0]);
        if (icon) icons.add(icon);
      }
    }
  }
  return icons;
}

const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

export function layoutIcons(): Plugin {
  const icons = layoutIconFiles();
  return {
    name: "layout-icons-chunk",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            // Required by includeDependenciesRecursively: false (rolldown refuses it with React
            // Router's "exports-only"). It lets the bundler add exports to an entry's chunk
            // (a route module) for code only that entry and its own lazy chunks use; a module
            // that two routes share still goes into a shared chunk, so no page loads another
            // page's route module (compare the chunk lists in docs/BENCHMARKS.md, Session 11).
            preserveEntrySignatures: "allow-extension",
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "layout-icons",
                    test: (id: string) => icons.has(ICON_MODULE.exec(id)?.[1] ?? ""),
                    // Only the icons' path data: with their dependencies the group would pull in
                    // createLucideIcon and React, and the client entry would import this chunk.
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
