/**
 * Writes app/components/ui/icons.svg, the sprite of the icons guests' pages draw (decision 056),
 * from the exports of app/components/ui/icons.tsx: one <symbol> per icon with the paths Lucide
 * draws (size, stroke and colour come from the page's <svg>). Run after changing the list:
 * `npx tsx scripts/icon-sprite.ts`; a unit test fails while the file is out of date.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export const ICONS_MODULE = path.resolve(import.meta.dirname, "../app/components/ui/icons.tsx");
export const SPRITE_FILE = path.resolve(import.meta.dirname, "../app/components/ui/icons.svg");

/** [export name, sprite id] of every icon icons.tsx exports. */
export function spriteIcons(source = fs.readFileSync(ICONS_MODULE, "utf8")) {
  return [...source.matchAll(/^export const (\w+) = spriteIcon\("([\w-]+)"\);$/gm)].map(
    ([, name, id]) => [name, id] as const,
  );
}

export function iconSprite() {
  const symbols = new Map<string, string>();
  for (const [name, id] of spriteIcons()) {
    const icon = (lucide as unknown as Record<string, ComponentType>)[name];
    if (!icon) throw new Error(`lucide-react has no icon ${name}`);
    const svg = renderToStaticMarkup(createElement(icon));
    const inner = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
    symbols.set(id, `  <symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>\n`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${[...symbols.values()].join("")}</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(SPRITE_FILE, iconSprite());
  console.log(`wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
