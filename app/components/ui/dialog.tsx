import type { ButtonHTMLAttributes, DialogHTMLAttributes, ReactNode, RefObject } from "react";
import { useId } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Button } from "./button";
import { cx } from "./cx";

const sizes = {
  sm: "w-[min(28rem,calc(100%-2rem))]",
  md: "w-[min(32rem,calc(100%-2rem))]",
  lg: "w-[min(44rem,calc(100%-2rem))]",
} as const;

/**
 * The attributes that make a button open (or close) the dialog `dialogId` without JavaScript
 * too: invoker commands (decision 015).
 */
export function opens(dialogId: string, command: "show-modal" | "close" = "show-modal") {
  return { commandfor: dialogId, command } as ButtonHTMLAttributes<HTMLButtonElement>;
}

/**
 * The one dialog: the browser's modal `<dialog>` (decision 015), so the focus trap, Escape, the
 * inert background and the top layer cost no JavaScript. Open it with
 * `dialogRef.current?.showModal()`, or without JavaScript through invoker commands
 * (`commandfor`/`command="show-modal"` on a button), or render it `open` from the server when
 * its open state is the URL. A click on the backdrop closes it unless `dismissible={false}`
 * (a form with unsaved input).
 */
export function Dialog({
  dialogRef,
  title,
  titleId,
  hideTitle = false,
  size = "md",
  fullScreen = false,
  closeButton = false,
  dismissible = true,
  headerAside,
  className,
  children,
  testId,
  ...props
}: Omit<DialogHTMLAttributes<HTMLDialogElement>, "title"> & {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: ReactNode;
  /** A stable id for the heading when something else refers to it; generated otherwise. */
  titleId?: string;
  /** The heading is still read out (it names the dialog) but not shown. */
  hideTitle?: boolean;
  size?: keyof typeof sizes;
  /**
   * The whole screen, without the card's look (white, padding, rounded corners): the caller's
   * `className` brings its own colours (e.g. the image viewer on black). `size` is ignored.
   */
  fullScreen?: boolean;
  /** A "Schließen" button at the bottom that takes the focus when the dialog opens. */
  closeButton?: boolean;
  dismissible?: boolean;
  /** Something on the heading's line, right-aligned (e.g. a close link). */
  headerAside?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const generated = useId();
  const headingId = titleId ?? `${generated}-title`;
  const heading = (
    <h2 id={headingId} className={hideTitle ? "sr-only" : "text-xl font-semibold text-secondary"}>
      {title}
    </h2>
  );
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      data-testid={testId}
      className={cx(
        fullScreen
          ? "m-0 h-dvh max-h-none w-screen max-w-none p-0"
          : cx(
              "m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50",
              sizes[size],
            ),
        className,
      )}
      onClick={(event) => {
        if (dismissible && event.target === dialogRef.current) dialogRef.current?.close();
      }}
      {...props}
    >
      {headerAside ? (
        <div className="flex items-start justify-between gap-4">
          {heading}
          {headerAside}
        </div>
      ) : (
        heading
      )}
      {children}
      {closeButton && (
        <div className="mt-6 text-right">
          <Button variant="secondary" autoFocus onClick={() => dialogRef.current?.close()}>
            {t("common.close")}
          </Button>
        </div>
      )}
    </dialog>
  );
}
