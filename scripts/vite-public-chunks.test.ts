import path from "node:path";
import { describe, expect, it } from "vitest";
import { lucideImports, publicChunkGroups } from "./vite-public-chunks.ts";

const app = path.resolve(import.meta.dirname, "../app");
const route = (name: string) => `${app}/${name}?__react-router-build-client-route`;
const mod = (name: string) => `${app}/${name}`;
const dep = (name: string) => `/x/node_modules/${name}`;

/** A small client graph: entry → framework, root + public layout, three public pages, admin. */
function graph(edges: Record<string, string[]>, dynamic: Record<string, string[]> = {}) {
  const ids = new Set([...Object.keys(edges), ...Object.values(edges).flat()]);
  for (const [from, to] of Object.entries(dynamic)) [from, ...to].forEach((id) => ids.add(id));
  return publicChunkGroups({
    ids,
    imports: (id) => ({ static: edges[id] ?? [], dynamic: dynamic[id] ?? [] }),
    isEntry: (id) => id.includes("?__react-router") || id.endsWith("entry.client.tsx"),
  });
}

const base = {
  [mod("entry.client.tsx")]: [
    dep("react/index.js"),
    dep("react-dom/client.js"),
    dep("react-router/index.mjs"),
    mod("lib/i18n.ts"),
  ],
  [mod("lib/i18n.ts")]: [mod("locales/de.ts")],
  [route("root.tsx")]: [mod("root.tsx")],
  [mod("root.tsx")]: [dep("react/index.js"), mod("lib/cx.ts"), mod("lib/i18n.ts")],
  [route("routes/public/layout.tsx")]: [mod("routes/public/layout.tsx")],
  [mod("routes/public/layout.tsx")]: [mod("components/layout/header.tsx")],
  [mod("components/layout/header.tsx")]: [
    mod("components/ui/button.tsx"),
    dep("lucide-react/dist/esm/icons/x.mjs"),
  ],
  [mod("components/ui/button.tsx")]: [mod("lib/cx.ts")],
  [route("routes/public/property.tsx")]: [mod("routes/public/property.tsx")],
  [mod("routes/public/property.tsx")]: [
    mod("star.tsx"),
    mod("price.ts"),
    mod("gallery.tsx"),
    mod("schema.ts"),
  ],
  [route("routes/public/book.tsx")]: [mod("routes/public/book.tsx")],
  [mod("routes/public/book.tsx")]: [mod("price.ts"), mod("form.tsx"), mod("schema.ts")],
  [mod("schema.ts")]: [dep("zod/index.js")],
  [route("routes/public/reviews.tsx")]: [mod("routes/public/reviews.tsx")],
  [mod("routes/public/reviews.tsx")]: [mod("star.tsx")],
  [route("routes/admin/reviews.tsx")]: [mod("routes/admin/reviews.tsx")],
  [mod("routes/admin/reviews.tsx")]: [mod("star.tsx"), mod("price.ts"), mod("admin-table.tsx")],
  [route("routes/admin/users.tsx")]: [mod("routes/admin/users.tsx")],
  [mod("routes/admin/users.tsx")]: [
    mod("admin-table.tsx"),
    dep("lucide-react/dist/esm/icons/x.mjs"),
  ],
  // A page outside the public layout (under root only).
  [route("routes/auth/auth.tsx")]: [mod("routes/auth/auth.tsx")],
  [mod("routes/auth/auth.tsx")]: [mod("components/ui/button.tsx")],
};

describe("publicChunkGroups", () => {
  it("puts what every page loads into the shell, the public layout's own into shell-public", () => {
    const groups = graph(base);
    // Root's: every page. Button: the public layout's pages and the sign-in page (all pages).
    expect(groups.get(mod("lib/cx.ts"))).toBe("shell");
    expect(groups.get(mod("components/ui/button.tsx"))).toBe("shell");
    // The header's icon: only the public layout's pages, not the sign-in page (an admin page
    // uses it too, so it is shared at all).
    expect(groups.get(dep("lucide-react/dist/esm/icons/x.mjs"))).toBe("shell-public");
    // Only the layout imports the header: it stays in the layout's own chunk.
    expect(groups.has(mod("components/layout/header.tsx"))).toBe(false);
    // The client entry's imports stay the framework's; React Router's route entries their own.
    expect(groups.get(dep("react/index.js"))).toBe("framework");
    expect(groups.get(dep("react-router/index.mjs"))).toBe("framework");
    expect(groups.has(dep("react-dom/client.js"))).toBe(false);
    expect(groups.has(mod("lib/i18n.ts"))).toBe(false);
    expect(groups.has(mod("locales/de.ts"))).toBe(false);
    expect(groups.has(route("root.tsx"))).toBe(false);
    expect(groups.has(route("routes/public/layout.tsx"))).toBe(false);
  });

  it("groups the other shared modules by the public pages that use them, ignoring admin", () => {
    const groups = graph(base);
    // price.ts: property and book (and an admin page): a group of its own.
    expect(groups.get(mod("price.ts"))).toBe("public-book-property");
    // star.tsx: property and reviews.
    expect(groups.get(mod("star.tsx"))).toBe("public-property-reviews");
    // One user only: the bundler keeps it in that route's chunk; admin-only: its own chunking.
    expect(groups.has(mod("gallery.tsx"))).toBe(false);
    expect(groups.has(mod("admin-table.tsx"))).toBe(false);
    // Other packages: whether a page runs them is the bundler's tree-shaking's call (a schema
    // module imported for an action drags zod along in the graph, not in the browser build).
    expect(groups.get(mod("schema.ts"))).toBe("public-book-property");
    expect(groups.has(dep("zod/index.js"))).toBe(false);
  });

  it("never gives a public page a module it does not import", () => {
    const groups = graph(base);
    const members = (name: string) => [...groups].filter(([, g]) => g === name).map(([id]) => id);
    // The reviews page uses star.tsx; its group holds nothing the reviews page lacks.
    expect(members(groups.get(mod("star.tsx"))!)).toEqual([mod("star.tsx")]);
  });

  it("counts a lazy chunk as a user where a page without the module can load it", () => {
    const groups = graph(
      { ...base, [mod("calendar.tsx")]: [mod("price.ts")] },
      { [mod("routes/public/reviews.tsx")]: [mod("calendar.tsx")] },
    );
    // The reviews page's calendar uses price.ts, which the reviews page does not load: price.ts
    // is not merged with schema.ts, or the reviews page would fetch the schema with it.
    expect(groups.get(mod("price.ts"))).toBe("public-calendar-book-property");
    expect(groups.get(mod("schema.ts"))).toBe("public-book-property");
    expect(groups.has(mod("calendar.tsx"))).toBe(false);
  });

  it("does not count a lazy chunk that only pages with the module can load", () => {
    const groups = graph(
      { ...base, [mod("calendar.tsx")]: [mod("price.ts")] },
      {
        [mod("routes/public/property.tsx")]: [mod("calendar.tsx")],
        [mod("routes/public/book.tsx")]: [mod("calendar.tsx")],
      },
    );
    // The calendar runs only where price.ts is loaded already: one file with schema.ts.
    expect(groups.get(mod("price.ts"))).toBe("public-book-property");
    expect(groups.get(mod("schema.ts"))).toBe("public-book-property");
  });

  it("counts a lazy chunk that root or an admin page can load", () => {
    for (const loader of [mod("root.tsx"), mod("routes/admin/users.tsx")]) {
      const groups = graph(
        { ...base, [mod("calendar.tsx")]: [mod("price.ts")] },
        {
          [mod("routes/public/property.tsx")]: [mod("calendar.tsx")],
          [loader]: [mod("calendar.tsx")],
        },
      );
      expect(groups.get(mod("price.ts")), loader).toBe("public-calendar-book-property");
    }
  });
});

describe("lucideImports", () => {
  it("reads the icon names a module imports from lucide-react", () => {
    expect(
      lucideImports(
        `import { Menu, X as Close } from "lucide-react";\nimport {Star} from 'lucide-react'`,
      ),
    ).toEqual(["Menu", "X", "Star"]);
  });
});
