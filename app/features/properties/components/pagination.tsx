import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { propertySearchQuery, type PropertySearch } from "../search.schema";

/** 1 … 4 5 [6] 7 8 … 20: first, last and two either side of the current page. */
export function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}

/**
 * Links (not buttons): each page is a real URL, so paging works without JavaScript. With a
 * capped count (`hasMore`: "Mehr als 100 …") the last number is only the next page; "…" after it
 * says that more may follow.
 */
export function Pagination({
  search,
  page,
  pageCount,
  hasMore = false,
}: {
  search: PropertySearch;
  page: number;
  pageCount: number;
  hasMore?: boolean;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const query = propertySearchQuery(search, { page: n });
    return `/properties${query ? `?${query}` : ""}`;
  };
  const item = "flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium";
  return (
    <nav aria-label={t("search.pagination")} className="mt-8">
      <p className="sr-only">
        {hasMore
          ? t("search.pageCurrent", { page })
          : t("search.pageOf", { page, pages: pageCount })}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={`${item} text-secondary hover:bg-slate-100`}>
              <ChevronLeft aria-hidden className="size-4" />
              {t("search.previous")}
            </Link>
          ) : null}
        </li>
        {pageNumbers(page, pageCount).map((n, index) =>
          n === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={t("search.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
                className={`${item} ${n === page ? "bg-secondary text-white" : "text-secondary hover:bg-slate-100"}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {hasMore && page < pageCount ? (
          <li aria-hidden className="px-1 text-slate-600">
            …
          </li>
        ) : null}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} className={`${item} text-secondary hover:bg-slate-100`}>
              {t("search.next")}
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
