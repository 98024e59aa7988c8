import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconSprite, spriteIcons, SPRITE_FILE } from "../../../scripts/icon-sprite";
import { FacebookIcon, LoaderCircle, Phone, Star, X, XIcon } from "./icons";

const APP = path.resolve(import.meta.dirname, "../..");

/** Modules of app/ outside the admin area (tests and server-only modules left out). */
function guestSideModules(dir = APP): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "admin" ? [] : guestSideModules(file);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|server)\.tsx?$/.test(entry.name)) return [];
    return [file];
  });
}

describe("icons from the sprite", () => {
  it("the sprite file is the one the icon list gives (else: npx tsx scripts/icon-sprite.ts)", () => {
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(iconSprite());
  });

  it("has a symbol with Lucide's paths for every exported icon", () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    const icons = spriteIcons();
    expect(icons.length).toBeGreaterThan(50);
    for (const [name, id] of icons) {
      expect(sprite, name).toMatch(
        new RegExp(`<symbol id="${id}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline)`),
      );
    }
  });

  it("draws the brand marks Lucide lacks from the sprite, filled, not stroked", () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    for (const id of ["facebook", "x-brand"]) {
      expect(sprite).toMatch(
        new RegExp(
          `<symbol id="${id}" viewBox="0 0 24 24"><path fill="currentColor" stroke="none" d="M`,
        ),
      );
    }
    expect(renderToStaticMarkup(<FacebookIcon />)).toMatch(/#facebook"><\/use><\/svg>$/);
    expect(renderToStaticMarkup(<XIcon />)).toMatch(/#x-brand"><\/use><\/svg>$/);
  });

  it("draws like Lucide's component: size, stroke in the text colour, hidden unless named", () => {
    const html = renderToStaticMarkup(<Phone className="size-4" />);
    expect(html).toMatch(/^<svg [^>]*width="24" height="24" viewBox="0 0 24 24" fill="none"/);
    expect(html).toContain('stroke="currentColor" stroke-width="2"');
    expect(html).toContain('class="lucide size-4"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toMatch(/<use href="[^"]*icons[^"]*\.svg[^"#]*#phone"><\/use><\/svg>$/);

    const star = renderToStaticMarkup(<Star aria-label="4 Sterne" fill="currentColor" size={16} />);
    expect(star).toContain('width="16" height="16"');
    expect(star).toContain('fill="currentColor"');
    expect(star).toContain('aria-label="4 Sterne"');
    expect(star).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(<X aria-hidden={false} />)).toContain('aria-hidden="false"');
    // Lucide's alias names point at the same drawing.
    expect(renderToStaticMarkup(<LoaderCircle />)).toContain("#loader-circle");
  });

  it("is what guests' pages use: no module outside the admin area imports lucide-react", () => {
    const users = guestSideModules().filter((file) =>
      /from\s+["']lucide-react["']/.test(fs.readFileSync(file, "utf8")),
    );
    expect(users.map((file) => path.relative(APP, file))).toEqual([
      "components/property/amenity-icons.ts", // the amenity sprite's generator (decision 043)
    ]);
  });
});
