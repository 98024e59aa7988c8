import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/**
 * A dialog whose open state is the URL (`?booking=…`, `?cancel=…`). The server renders it open
 * in the page, so it works without JavaScript (then it sits above the list, closed by a link);
 * after hydration it becomes a native modal (focus trap, Escape, inert background), and closing
 * it any way navigates to `closeTo`.
 */
export function UrlDialog({
  titleId,
  title,
  closeTo,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  closeTo: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    // `close` also fires (later) for the close() above; by then the dialog is modal and open.
    const onClose = () => {
      if (!dialog.open) void navigate(closeTo, { preventScrollReset: true, replace: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [closeTo, navigate]);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      data-testid={testId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100%-2rem))] overflow-y-auto rounded-xl bg-slate-50 p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 [&:not(:modal)]:relative [&:not(:modal)]:mb-6 [&:not(:modal)]:w-full [&:not(:modal)]:border [&:not(:modal)]:border-slate-300"
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-semibold text-secondary">
          {title}
        </h2>
        <Link
          to={closeTo}
          preventScrollReset
          replace
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t("common.close")}
        </Link>
      </div>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
