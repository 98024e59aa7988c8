import type { PriceBreakdown } from "~/domain/price";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/booking";
import "~/locales/texts/stay";

/**
 * The stay and its total above the steps on phones and tablets (issue 16), where the full
 * summary only comes after the form: a guest sees what they are paying before typing anything.
 * "Details" jumps to the full summary with the breakdown. Hidden from lg on, where the full
 * summary sits beside the steps.
 */
export function CompactSummary({
  title,
  checkIn,
  checkOut,
  guests,
  price,
}: {
  title: string;
  checkIn?: string;
  checkOut?: string;
  guests: number;
  /** null while the chosen stay cannot be booked */
  price: PriceBreakdown | null;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const stay =
    price && checkIn && checkOut
      ? [
          `${formatDate(checkIn, language)} – ${formatDate(checkOut, language)}`,
          t("booking.compactSummary.nights", { count: price.nights }),
          t("stay.guestOption", { count: guests }),
        ].join(" · ")
      : t("booking.summary.chooseDates");
  return (
    <section
      aria-label={t("booking.summary.heading")}
      className="mb-5 flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm lg:hidden"
      data-testid="compact-summary"
    >
      <div className="min-w-0">
        <p className="truncate font-semibold text-secondary">{title}</p>
        <p className="text-sm text-slate-700">{stay}</p>
      </div>
      {price && (
        <div className="shrink-0 text-right">
          <p className="text-xs text-slate-600">{t("stay.total")}</p>
          <p className="text-lg font-semibold text-slate-900" data-testid="compact-total">
            {formatMoney(price.total, language)}
          </p>
          <a
            href="#booking-summary-heading"
            className="text-sm font-medium text-secondary underline underline-offset-2 hover:no-underline"
          >
            {t("booking.compactSummary.details")}
          </a>
        </div>
      )}
    </section>
  );
}
