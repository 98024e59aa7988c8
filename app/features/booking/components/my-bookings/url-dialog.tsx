import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { LinkButton } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/**
 * A dialog whose open state is the URL (`?booking=…`, `?cancel=…`). The server renders it open
 * in the page, so it works without JavaScript (then it sits above the list, closed by a link);
 * after hydration it becomes a native modal (focus trap, Escape, inert background), and closing
 * it any way navigates to `closeTo`. A click on the backdrop closes it (the `Dialog` default).
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
    <Dialog
      dialogRef={ref}
      open
      titleId={titleId}
      title={title}
      size="lg"
      testId={testId}
      className="[&:not(:modal)]:relative [&:not(:modal)]:mb-6 [&:not(:modal)]:w-full [&:not(:modal)]:border [&:not(:modal)]:border-slate-300"
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
