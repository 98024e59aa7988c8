import { CalendarCheck, CalendarX } from "~/components/ui/icons";
import { feePercentage, freeCancellationUntil } from "~/domain/cancellation";
import { formatDate, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import "~/locales/texts/stay";

export type CancellationTerms = {
  freeCancellationHours: number;
  cancellationFeePercentage: number;
  /** The server's "now" (ISO), so the server's HTML and the first browser render agree. */
  now: string;
};

/**
 * "Kostenlos stornierbar bis 12.07.2027" or "Nicht kostenlos stornierbar" for a stay starting
 * on `checkIn`, from the one cancellation rule (app/domain/cancellation.ts) that the
 * cancellation itself applies (decision 033). After hydration the browser's clock decides, so a
 * page left open past the deadline does not keep promising a free cancellation.
 */
export function FreeCancellationNote({
  checkIn,
  terms,
  className = "",
}: {
  checkIn: string;
  terms: CancellationTerms;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const isHydrated = useIsHydrated();
  const serverNow = new Date(terms.now);
  const now = isHydrated && Date.now() > serverNow.getTime() ? new Date() : serverNow;
  const free = freeCancellationUntil({
    checkIn,
    now,
    freeCancellationHours: terms.freeCancellationHours,
    cancellationFeePercentage: terms.cancellationFeePercentage,
  });
  const percentage = feePercentage(terms.cancellationFeePercentage);
  return (
    <div className={`flex items-start gap-2 text-sm ${className}`} data-testid="free-cancellation">
      {free.isFree ? (
        <CalendarCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
      ) : (
        <CalendarX aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-600" />
      )}
      <p>
        <span className={`font-medium ${free.isFree ? "text-green-800" : "text-slate-900"}`}>
          {free.isFree
            ? free.time
              ? t("stay.freeCancellationAt", {
                  date: formatDate(free.day, language),
                  time: free.time,
                })
              : t("stay.freeCancellation", { date: formatDate(free.day, language) })
            : t("stay.notFree")}
        </span>
        {percentage > 0 && (
          <span className="block text-slate-600">
            {t(free.isFree ? "stay.feeAfter" : "stay.fee", { percentage })}
          </span>
        )}
      </p>
    </div>
  );
}
