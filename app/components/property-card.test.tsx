import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import type { Language } from "~/lib/i18n";
import { PropertyCard, type PropertyCardData } from "./property-card";

const property: PropertyCardData = {
  id: "p1",
  title: "Haus am Deich",
  location: "Sylt, Deutschland",
  maxGuests: 4,
  bedrooms: 2,
  bathrooms: 1,
  image: null,
  nightlyPrice: 18_000,
  regularNightlyPrice: 18_000,
  isOffer: false,
  rating: { average: 4.5, count: 2 },
};

function render(card: PropertyCardData, language: Language = "de") {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <LanguageProvider value={language}>
            <PropertyCard property={card} href="/properties/p1" />
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, "")
    .replace(/\u00a0/g, " ");
}

describe("property card", () => {
  it("with dates, shows the nights and the stay total incl. all fees", () => {
    const text = render({ ...property, stay: { nights: 7, total: 142_700 } });
    expect(text).toContain("180,00 € pro Nacht");
    expect(text).toContain("7 Nächte · 1.427,00 € inkl. aller Gebühren");
    expect(render({ ...property, stay: { nights: 1, total: 20_000 } })).toContain(
      "1 Nacht · 200,00 €",
    );
    expect(render({ ...property, stay: { nights: 7, total: 142_700 } }, "en")).toContain(
      "7 nights · €1,427.00 incl. all fees",
    );
  });

  it("without dates, shows the nightly price only", () => {
    const text = render(property);
    expect(text).toContain("180,00 € pro Nacht");
    expect(text).not.toContain("Nächte");
    expect(render({ ...property, stay: null })).not.toContain("Gebühren");
  });
});
