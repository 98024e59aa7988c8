import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { LinkButton } from "./button";
import { Dialog } from "./dialog";

/**
 * A dialog whose open state is the URL (`?konto=neu`, `?booking=…`): the server renders it open
 * in the page, so it works without JavaScript (then it sits above the content, closed by a
 * link); after hydration it becomes a modal `Dialog`, and closing it any way (Escape, backdrop,
 * the link) navigates to `closeTo`. The element marked `data-autofocus` gets the focus.
 */
export function UrlDialog({
  title,
  titleId,
  closeTo,
  size = "lg",
  testId,
  dismissible = true,
  children,
}: {
  title: string;
  titleId?: string;
  closeTo: string;
  size?: "sm" | "md" | "lg";
  testId?: string;
  /** False for a form: a stray click on the backdrop must not throw the input away. */
  dismissible?: boolean;
  children: ReactNode;
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
      // A form's first field, marked `data-autofocus`, rather than the close link on top.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    // `close` also fires (later) for the close() above; by then the dialog is modal and open.
    const onClose = () => {
      if (!dialog.open) void navigate(closeTo, { preventScrollReset: true, replace: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [closeTo, navigate]);

  return (
    <Dialog
      dialogRef={ref}
      open
      title={title}
      titleId={titleId}
      size={size}
      testId={testId}
      dismissible={dismissible}
      className="bg-slate-50 [&:not(:modal)]:relative [&:not(:modal)]:mb-6 [&:not(:modal)]:w-full [&:not(:modal)]:border [&:not(:modal)]:border-slate-300"
      headerAside={
        <LinkButton to={closeTo} preventScrollReset replace variant="subtle" size="sm">
          {t("common.close")}
        </LinkButton>
      }
    >
      <div className="mt-4">{children}</div>
    </Dialog>
  );
}
