import type { RefObject } from "react";
import { useTranslation } from "~/lib/i18n-react";

/**
 * A native modal `<dialog>` (focus trap, Escape and inert background from the browser) with a
 * title, the content and a "Schließen" button; a click on the backdrop closes it too.
 * Open it with `dialogRef.current?.showModal()`.
 */
export function ModalDialog({
  dialogRef,
  titleId,
  title,
  className = "w-[min(32rem,calc(100%-2rem))]",
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  titleId: string;
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className={`m-auto rounded-xl p-6 text-slate-900 shadow-2xl ${className}`}
      onClick={(event) => {
        if (event.target === dialogRef.current) dialogRef.current?.close();
      }}
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
      <div className="mt-6 text-right">
        <button
          type="button"
          autoFocus
          className="rounded-lg bg-secondary px-4 py-2 font-medium text-white hover:opacity-90"
          onClick={() => dialogRef.current?.close()}
        >
          {t("common.close")}
        </button>
      </div>
    </dialog>
  );
}
