import { CircleAlert, CircleCheck, Info, TriangleAlert } from "./icons";
import type { ReactNode } from "react";
import { cx } from "./cx";

const tones = {
  success: { box: "border-green-200 bg-green-50 text-green-900", Icon: CircleCheck },
  error: { box: "border-red-200 bg-red-50 text-red-800", Icon: CircleAlert },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-950", Icon: TriangleAlert },
  info: { box: "border-sky-200 bg-sky-50 text-sky-950", Icon: Info },
} as const;

export type BannerTone = keyof typeof tones;

/**
 * A message above or inside a form or page: a saved change, an error, a notice. Errors are
 * announced at once (`role="alert"`), the others when the reader is idle (`role="status"`).
 * `announce` overrides that: "alert" for an urgent warning, "none" for a message that is part
 * of the page from the start and is not news.
 */
export function Banner({
  tone,
  title,
  children,
  announce,
  icon = true,
  className,
  id,
  testId,
}: {
  tone: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  announce?: "alert" | "status" | "none";
  icon?: boolean;
  className?: string;
  id?: string;
  testId?: string;
}) {
  const { box, Icon } = tones[tone];
  const mode = announce ?? (tone === "error" ? "alert" : "status");
  const role = mode === "none" ? undefined : mode;
  return (
    <div
      id={id}
      role={role}
      data-testid={testId}
      className={cx("flex items-start gap-2 rounded-lg border px-3 py-2 text-sm", box, className)}
    >
      {icon && <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />}
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
