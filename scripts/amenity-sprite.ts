/**
 * Writes app/components/property/amenity-icons.svg, the amenity icons' sprite, from the icon
 * table in amenity-icons.ts (run after changing it: `npx tsx scripts/amenity-sprite.ts`; a unit
 * test fails while the file is out of date).
 */
import fs from "node:fs";
import path from "node:path";
import { amenitySprite } from "../app/components/property/amenity-icons.ts";

const file = path.resolve(import.meta.dirname, "../app/components/property/amenity-icons.svg");
fs.writeFileSync(file, amenitySprite());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
