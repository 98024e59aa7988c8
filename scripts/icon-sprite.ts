/**
 * Writes app/components/ui/icons.svg, the sprite of the icons guests' pages draw (decision 056),
 * from the exports of app/components/ui/icons.tsx: one <symbol> per icon with the paths Lucide
 * draws, or the brand marks of social-icons.tsx (size, stroke and colour come from the page's
 * <svg>). Run after changing the list: `npx tsx scripts/icon-sprite.ts`; a unit test fails
 * while the file is out of date.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { lucideSprite } from "../app/components/property/amenity-icons.ts";
import { BRAND_MARKS } from "../app/components/ui/social-icons.tsx";

export const ICONS_MODULE = path.resolve(import.meta.dirname, "../app/components/ui/icons.tsx");
export const SPRITE_FILE = path.resolve(import.meta.dirname, "../app/components/ui/icons.svg");

/** [export name, sprite id] of every icon icons.tsx exports. */
export function spriteIcons(source = fs.readFileSync(ICONS_MODULE, "utf8")) {
  return [...source.matchAll(/^export const (\w+) = spriteIcon\("([\w-]+)"\);$/gm)].map(
    ([, name, id]) => [name, id] as const,
  );
}

export function iconSprite() {
  return lucideSprite(
    spriteIcons().map(([name, id]) => {
      // The brand marks Lucide does not ship are drawn in social-icons.tsx.
      const icon = BRAND_MARKS[name] ?? (lucide as unknown as Record<string, ComponentType>)[name];
      if (!icon) throw new Error(`neither lucide-react nor BRAND_MARKS has an icon ${name}`);
      return [id, icon] as const;
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(SPRITE_FILE, iconSprite());
  console.log(`wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
