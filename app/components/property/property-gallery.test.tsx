import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import type { PropertyImage } from "../../../db/schema";
import { PropertyGallery } from "./property-gallery";

const photos = (count: number): PropertyImage[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `properties/p/${i}`,
    widths: [400, 800, 1600],
    width: 1600,
    height: 1067,
  }));

const render = (count: number, language: "de" | "en" = "de") =>
  renderToStaticMarkup(
    <LanguageProvider value={language}>
      <PropertyGallery images={photos(count)} title="Loft am Hafen" />
    </LanguageProvider>,
  );

/** The thumbnails' grid: columns × rows, and how many cells its items fill. */
function thumbnailCells(html: string) {
  const list = /<ul class="([^"]*)">(.*?)<\/ul>/.exec(html);
  if (!list) return null;
  const [, classes, items] = list;
  const columns = Number(/grid-cols-(\d)/.exec(classes)?.[1]);
  const rows = Number(/grid-rows-(\d)/.exec(classes)?.[1]);
  const spans = [...items.matchAll(/<li class="([^"]*)"/g)].map(([, c]) =>
    c.includes("col-span-2") ? 2 : 1,
  );
  return {
    photos: spans.length,
    cells: columns * rows,
    filled: spans.reduce((sum, span) => sum + span, 0),
  };
}

describe("PropertyGallery", () => {
  it("fills every cell beside the main photo, whatever the number of photos", () => {
    expect(thumbnailCells(render(1))).toBeNull();
    for (const count of [2, 3, 4, 5, 6, 12]) {
      const grid = thumbnailCells(render(count));
      expect(grid, `${count} photos`).not.toBeNull();
      expect(grid!.filled, `${count} photos`).toBe(grid!.cells);
      expect(grid!.photos, `${count} photos`).toBe(Math.min(count - 1, 4));
    }
  });

  it("shows at most five photos and names every one with the full count", () => {
    const html = render(12);
    expect(html.match(/<img /g)).toHaveLength(5);
    expect(html).toContain('aria-label="Bild 1 vergrößern (1 von 12)"');
    expect(html).toContain('aria-label="Bild 5 vergrößern (5 von 12)"');
  });

  it("offers 'Alle Fotos anzeigen' when there is more than one photo", () => {
    expect(render(1)).not.toContain("Alle Fotos anzeigen");
    expect(render(2)).toContain("Alle Fotos anzeigen");
    expect(render(7)).toContain("Alle Fotos anzeigen");
    expect(render(7, "en")).toContain("Show all photos");
  });

  it("sends no viewer with the page: it loads when opened", () => {
    const html = render(6);
    expect(html).not.toContain("<dialog");
    expect(html).not.toContain("Galerie schließen");
  });
});
