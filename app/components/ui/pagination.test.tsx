import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import { pageNumbers, Pagination } from "./pagination";

const href = (page: number) => `/properties?location=Sylt${page > 1 ? `&page=${page}` : ""}`;

function render(props: {
  page: number;
  pageCount: number;
  hasMore?: boolean;
  variant?: "numbers" | "compact";
}) {
  const router = createMemoryRouter(
    [
      {
        path: "/properties",
        element: (
          <LanguageProvider value="de">
            <Pagination href={href} {...props} />
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

  it("compact: 'Zurück', 'Seite 2 von 5' and 'Weiter' as prev/next links", () => {
    const html = render({ page: 2, pageCount: 5, variant: "compact" });
    expect(html).toContain("Seite 2 von 5");
    expect(html).toMatch(
      /<a[^>]*href="\/properties\?location=Sylt"[^>]*rel="prev"|rel="prev"[^>]*href="\/properties\?location=Sylt"/,
    );
    expect(html).toContain('href="/properties?location=Sylt&amp;page=3"');
    expect(html).not.toContain('aria-label="Seite 4"');
  });

  it("renders nothing for a single page", () => {
    expect(render({ page: 1, pageCount: 1 })).not.toContain("<nav");
  });
});
