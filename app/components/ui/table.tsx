import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/**
 * A data table: a caption (shown, or read only by screen readers), a header row and body rows.
 * It scrolls sideways inside its box on a narrow phone instead of widening the page.
 */
export function Table({
  caption,
  hideCaption = false,
  className,
  children,
  testId,
}: {
  caption: ReactNode;
  hideCaption?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    // relative: a screen-reader-only label inside a cell (absolutely positioned) stays in the
    // scrolling box instead of widening the page on a phone.
    <div className={cx("relative overflow-x-auto", className)}>
      <table data-testid={testId} className="w-full border-collapse text-left text-sm">
        <caption
          className={hideCaption ? "sr-only" : "mb-2 text-left font-semibold text-slate-900"}
        >
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A column heading (`scope="col"`) or, with `scope="row"`, a row heading. */
export function Th({ className, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cx(
        "border-b border-slate-200 py-2 pr-4 font-medium text-slate-700 last:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cx("border-b border-slate-100 py-2 pr-4 align-top last:pr-0", className)}
      {...props}
    />
  );
}
