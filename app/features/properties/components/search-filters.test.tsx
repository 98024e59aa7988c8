import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import type { Language } from "~/lib/i18n";
import { activeFilterCount, type PropertySearch } from "../search.schema";
import { SearchFilters } from "./search-filters";

/** 24 amenities, most used first (as listAmenityOptions returns them). */
const amenityOptions = Array.from({ length: 24 }, (_, i) => `Ausstattung ${i + 1}`);

function render(
  overrides: Partial<PropertySearch> = {},
  language: Language = "de",
  amenityLabels: Record<string, string> = {},
  options: string[] = amenityOptions,
) {
  const search: PropertySearch = { amenities: [], sort: "newest", page: 1, ...overrides };
  const router = createMemoryRouter(
    [
      {
        path: "/properties",
        element: (
          <LanguageProvider value={language}>
            <SearchFilters
              search={search}
              amenityOptions={options}
              amenityLabels={amenityLabels}
              today="2026-11-22"
              activeFilters={activeFilterCount(search)}
              resultCount={{ total: 12, isTotalCapped: false }}
            />
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: ["/properties"] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const checkboxValues = (html: string) =>
  [...html.matchAll(/type="checkbox"[^>]*name="amenities"(?: checked="")? value="([^"]+)"/g)].map(
    (m) => m[1],
  );

describe("search filters", () => {
  it("shows the eight most used amenities and folds the rest behind 'Alle 24 anzeigen'", () => {
    const html = render();
    const [shown, folded] = html.split("<details");
    expect(checkboxValues(shown)).toEqual(amenityOptions.slice(0, 8));
    expect(checkboxValues(folded)).toEqual(amenityOptions.slice(8));
    expect(folded).toMatch(/^ class="group mt-1">/); // closed
    expect(html).toContain("Alle 24 anzeigen");
    // No scroll box any more.
    expect(html).not.toContain("overflow-y-auto");
    expect(render({}, "en")).toContain("Show all 24");
  });

  it("labels the amenities in the page's language but filters by the stored name", () => {
    const html = render({ amenities: ["Kamin"] }, "en", { WLAN: "Wi-Fi", Kamin: "Fireplace" }, [
      "WLAN",
      "Kamin",
    ]);
    expect(checkboxValues(html)).toEqual(["WLAN", "Kamin"]);
    expect(html).toMatch(/value="WLAN"[^>]*\/><span>Wi-Fi<\/span>/);
    expect(html).toMatch(/value="Kamin"[^>]*\/><span>Fireplace<\/span>/);
    expect(html).not.toContain(">WLAN<");
  });

  it("unfolds the rest from the start when one of them is chosen", () => {
    const html = render({ amenities: ["Ausstattung 20"] });
    expect(html).toMatch(/<details class="group mt-1" open="">/);
    expect(html).toMatch(/checked="" value="Ausstattung 20"/);
  });

  it("keeps a chosen amenity outside the list visible and counted", () => {
    const html = render({ amenities: ["Sauna am See"] });
    const [shown] = html.split("<details");
    expect(checkboxValues(shown)).toContain("Sauna am See");
    expect(html).toContain("Alle 25 anzeigen");
  });

  it("offers party sizes that do not overlap: 1 Gast … 10 Gäste, then 'Mehr als 10 Gäste'", () => {
    const html = render();
    const select = html.slice(html.indexOf('name="guests"'), html.indexOf("</select>"));
    const options = [...select.matchAll(/<option value="(\d*)"[^>]*>([^<]+)</g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(options).toEqual([
      ["", "Beliebig"],
      ["1", "1 Gast"],
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [String(n), `${n} Gäste`]),
      ["11", "Mehr als 10 Gäste"],
    ]);
    const values = options.map(([value]) => value);
    expect(new Set(values).size).toBe(values.length);
  });

  it("a larger party from a link is applied and shown as its own number", () => {
    const html = render({ guests: 14 });
    expect(html).toMatch(/<option value="14" selected="">14 Gäste<\/option>/);
  });

  it("the phone's 'Filter' button names the number of active filters", () => {
    expect(render()).not.toContain("aktive");
    const html = render({
      location: "Sylt",
      checkIn: "2026-12-01",
      checkOut: "2026-12-08",
      minPrice: 5000,
      maxPrice: 20000,
      amenities: ["Ausstattung 1", "Ausstattung 2"],
    });
    expect(html).toMatch(
      /Filter<span aria-hidden="true"[^>]*>5<\/span><span class="sr-only">\(5 aktive Filter\)/,
    );
  });
});
