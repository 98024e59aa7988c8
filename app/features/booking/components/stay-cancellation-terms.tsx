import { CalendarCheck, CalendarX } from "~/components/ui/icons";
import type { CancellationTerms } from "~/components/property/free-cancellation-note";
import { stayCancellationTerms } from "~/domain/cancellation";
import { stayCancellationLines } from "~/lib/stay-cancellation-text";
import type { Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useIsHydrated } from "~/lib/use-is-hydrated";

/**
 * The cancellation terms of the stay being booked, next to the order button (issue 16):
 * "Kostenlos stornierbar bis 12.03.2027 – danach Stornogebühr 157,00 €" or, for a last-minute
 * stay, "Nicht kostenlos stornierbar – Stornogebühr 154,50 €". The fee comes from the rule the
 * cancellation charges with (`stayCancellationTerms` → `cancellationQuote`), for the total the
 * booking will store. After hydration the browser's clock decides, as in FreeCancellationNote.
 */
export function StayCancellationTerms({
  checkIn,
  totalPrice,
  today,
  terms,
}: {
  checkIn: string;
  /** cents, from the one price function */
  totalPrice: number;
  /** Europe/Berlin "YYYY-MM-DD", from the loader */
  today: string;
  terms: CancellationTerms;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const isHydrated = useIsHydrated();
  const serverNow = new Date(terms.now);
  const now = isHydrated && Date.now() > serverNow.getTime() ? new Date() : serverNow;
  const stay = stayCancellationTerms({
    checkIn,
    totalPrice,
    now,
    today,
    freeCancellationHours: terms.freeCancellationHours,
    cancellationFeePercentage: terms.cancellationFeePercentage,
  });
  const [headline, feeAfter] = stayCancellationLines(stay, t, language);
  const isFree = stay.kind === "free";
  const Icon = isFree ? CalendarCheck : CalendarX;
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="stay-cancellation">
      <Icon
        aria-hidden
        className={`mt-0.5 size-4 shrink-0 ${isFree ? "text-green-700" : "text-slate-600"}`}
      />
      <span>
        <span className={`font-medium ${isFree ? "text-green-800" : "text-slate-900"}`}>
          {headline}
        </span>
        {feeAfter && <span className="block text-slate-700">{feeAfter}</span>}
      </span>
    </p>
  );
}
