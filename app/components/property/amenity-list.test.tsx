import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import propertyDe from "~/locales/de/property";
import propertyEn from "~/locales/en/property";
import { AMENITY_KEYS } from "~/domain/amenity-names";
import { AmenityList } from "./amenity-list";
import { AMENITY_ICONS, amenitySprite } from "./amenity-icons";

const spriteFile = path.join(import.meta.dirname, "amenity-icons.svg");

const render = (amenities: string[], language: "de" | "en" = "de") =>
  renderToStaticMarkup(
    <LanguageProvider value={language}>
      <AmenityList amenities={amenities} />
    </LanguageProvider>,
  );

describe("AmenityList", () => {
  it("the sprite file is the one the icon table gives (else: npx tsx scripts/amenity-sprite.ts)", () => {
    expect(fs.readFileSync(spriteFile, "utf8")).toBe(amenitySprite());
  });

  it("every known amenity has an icon in the sprite and a German and an English name", () => {
    const sprite = fs.readFileSync(spriteFile, "utf8");
    for (const key of Object.values(AMENITY_KEYS)) {
      expect(AMENITY_ICONS[key], key).toBeDefined();
      expect(sprite).toContain(`<symbol id="${key}" `);
      expect(propertyDe.amenityNames, key).toHaveProperty(key);
      expect(propertyEn.amenityNames, key).toHaveProperty(key);
    }
    expect(sprite).toContain('<symbol id="check" ');
  });

  it("shows each amenity by its name with its icon, an unknown one as stored with a check mark", () => {
    const html = render(["WLAN", "Meerblick", "Hängematte"]);
    const items = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map(([, item]) => ({
      icon: /<use href="[^"]*amenity-icons[^"]*#(\w+)"/.exec(item)?.[1],
      text: item.replace(/<[^>]+>/g, ""),
    }));
    expect(items).toEqual([
      { icon: "wifi", text: "WLAN" },
      { icon: "seaView", text: propertyDe.amenityNames.seaView },
      { icon: "check", text: "Hängematte" },
    ]);
    expect(render(["WLAN"], "en")).toContain(`>${propertyEn.amenityNames.wifi}</li>`);
  });

  it("says so when the property lists no amenities", () => {
    expect(render([])).toContain(propertyDe.noAmenities);
  });
});
