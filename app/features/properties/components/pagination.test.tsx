import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import type { PropertySearch } from "../search.schema";
import { pageNumbers, Pagination } from "./pagination";

const search: PropertySearch = { amenities: [], sort: "newest", page: 1, location: "Sylt" };

function render(props: { page: number; pageCount: number; hasMore?: boolean }) {
  const router = createMemoryRouter(
    [
      {
        path: "/properties",
        element: (
          <LanguageProvider value="de">
            <Pagination search={search} {...props} />
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: ["/properties"] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("pagination", () => {
  it("numbers the first, the last and two pages either side of the current one", () => {
    expect(pageNumbers(6, 20)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 20]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
  });

  it("with an exact count says 'Seite x von y' and has no 'Weiter' on the last page", () => {
    const html = render({ page: 3, pageCount: 3 });
    expect(html).toContain("Seite 3 von 3");
    expect(html).toContain('href="/properties?location=Sylt&amp;page=2"');
    expect(html).not.toContain("Weiter");
  });

  it("with 'Mehr als 100' shows the next page, '…' and 'Weiter', but no last page", () => {
    const html = render({ page: 5, pageCount: 6, hasMore: true });
    expect(html).toContain("Seite 5<");
    expect(html).not.toContain("von");
    expect(html).toContain('href="/properties?location=Sylt&amp;page=6"');
    expect(html).toContain("…");
    expect(html).toContain("Weiter");
  });
});
