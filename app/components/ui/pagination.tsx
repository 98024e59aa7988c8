import { ChevronLeft, ChevronRight } from "./icons";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { cx } from "./cx";

/** 1 … 4 5 [6] 7 8 … 20: first, last and two either side of the current page. */
export function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}

const item = "flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium";
const idle = "text-secondary hover:bg-slate-100";

/**
 * Paging as links (not buttons): each page is a real URL, so it works without JavaScript and
 * can be shared. `numbers` shows 1 … 4 5 [6] 7 8 … 20; `compact` shows "Zurück · Seite 2 von 5 ·
 * Weiter" for short lists. With a capped count (`hasMore`: "Mehr als 100 …") the last number is
 * only the next page, and "…" after it says that more may follow.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label,
  hasMore = false,
  variant = "numbers",
  className = "mt-8",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** The navigation's name, e.g. "Seiten" (a page may have more than one `nav`). */
  label?: string;
  hasMore?: boolean;
  variant?: "numbers" | "compact";
  className?: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const status = hasMore
    ? t("pagination.pageCurrent", { page })
    : t("pagination.pageOf", { page, pages: pageCount });
  const previous =
    page > 1 ? (
      <Link to={href(page - 1)} rel="prev" className={cx(item, idle)}>
        <ChevronLeft aria-hidden className="size-4" />
        {t("pagination.previous")}
      </Link>
    ) : null;
  const next =
    page < pageCount ? (
      <Link to={href(page + 1)} rel="next" className={cx(item, idle)}>
        {t("pagination.next")}
        <ChevronRight aria-hidden className="size-4" />
      </Link>
    ) : null;

  if (variant === "compact") {
    return (
      <nav aria-label={label ?? t("pagination.label")} className={className}>
        <ul className="flex flex-wrap items-center justify-center gap-2">
          <li>{previous}</li>
          <li className="px-2 text-sm text-slate-700" aria-current="page">
            {status}
          </li>
          <li>{next}</li>
        </ul>
      </nav>
    );
  }

  return (
    <nav aria-label={label ?? t("pagination.label")} className={className}>
      <p className="sr-only">{status}</p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{previous}</li>
        {pageNumbers(page, pageCount).map((n, index) =>
          n === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={t("pagination.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
                className={cx(item, n === page ? "bg-secondary text-white" : idle)}
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
        <li>{next}</li>
      </ul>
    </nav>
  );
}
