import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * A data table whose rows become cards below the md breakpoint, for tables whose last column is
 * the one worth reading: the plain Table scrolls sideways on a phone, and that column sat
 * off-screen (audit 23, the Protokoll; decision 102). The route gives its header, rows and cells
 * the `STACKED` props. Kept apart from table.tsx, which guests' pages load.
 */
export function StackedTable({
  caption,
  className,
  children,
  testId,
}: {
  caption: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={cx("relative md:overflow-x-auto", className)}>
      <table
        data-testid={testId}
        // A table shown as blocks loses its implicit roles in Chrome and Safari: set them.
        role="table"
        className="w-full border-collapse text-left text-sm max-md:block"
      >
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/**
 * Below md the header row is read only by screen readers, each row is a card and each cell a
 * line of it; the roles stay, as display: block drops them.
 */
export const STACKED = {
  head: { role: "rowgroup", className: "max-md:sr-only" },
  body: { role: "rowgroup", className: "max-md:block" },
  row: {
    role: "row",
    className: "max-md:block max-md:border-b max-md:border-slate-200 max-md:py-3",
  },
  header: { role: "columnheader" },
  cell: { role: "cell", className: "max-md:block max-md:border-0 max-md:py-0.5 max-md:pr-0" },
} as const;
