import { X } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { Language } from "~/lib/i18n";
import "~/locales/texts/search";

export type ResultCount = { total: number; isTotalCapped: boolean };

/**
 * The search filters as a sheet on a phone (decision 035), rendered while a guest has it open.
 * The browser's modal `<dialog>` brings the focus trap, Escape and the inert page behind it
 * without code of ours. The footer button submits the filter form (`formId`) and names the
 * number of matches for the filters as chosen: the server counts them while the guest changes
 * them (the page's own loader through a fetcher, for the form's query), so the number on the
 * button is the number on the next page. (A resource route for the count alone broke hydration
 * on every page in React Router 7.18's build; not investigated further, see decision 035.)
 */
export default function FilterSheet({
  formId,
  titleId,
  initialCount,
  onClose,
  children,
}: {
  formId: string;
  titleId: string;
  initialCount: ResultCount | null;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<{ result: ResultCount | null }>();
  const count = fetcher.data?.result ?? initialCount;
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    // Turned to landscape on a tablet: the filters sit beside the results again.
    const wide = matchMedia("(min-width: 1024px)");
    const onWide = () => wide.matches && element.close();
    wide.addEventListener("change", onWide);
    return () => {
      wide.removeEventListener("change", onWide);
      clearTimeout(timer.current);
    };
  }, []);

  /** After the guest stops changing the filters for a moment, ask the server for the count. */
  const recount = () => {
    clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string" && value.trim() !== "") params.append(name, value);
      }
      // A newer load cancels an older one; a failed one leaves the last known number.
      void fetcher.load(`/properties?${params}`);
    }, 300);
  };

  const total = count?.total.toLocaleString(language);
  const showLabel = !count
    ? t("search.apply")
    : count.isTotalCapped
      ? t("search.showResultsMore", { total })
      : t("search.showResults", { count: count.total, total });

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid="filter-sheet"
      onClose={onClose}
      onChange={recount}
      onInput={recount}
      onClick={(event) => {
        // The backdrop, or a link inside (e.g. "Filter zurücksetzen"), closes the sheet.
        const target = event.target as HTMLElement;
        if (target === dialog.current || target.closest("a")) dialog.current?.close();
      }}
      className="m-0 mt-auto max-h-[92dvh] w-full max-w-none flex-col rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 open:flex"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="text-lg font-semibold text-secondary">
          {t("search.filtersHeading")}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("search.closeFilters")}
          onClick={() => dialog.current?.close()}
        >
          <X aria-hidden className="size-5" />
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4">{children}</div>
      <div className="border-t border-slate-200 p-4">
        <Button type="submit" form={formId} size="lg" block>
          {showLabel}
        </Button>
      </div>
    </dialog>
  );
}
