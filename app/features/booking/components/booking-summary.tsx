import { MapPin } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import type { PropertyImage } from "../../../../db/schema";
import type { PriceBreakdown } from "~/domain/price";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";
import {
  FreeCancellationNote,
  type CancellationTerms,
} from "~/components/property/free-cancellation-note";
import { TouristTaxNote } from "~/components/property/tourist-tax-note";
import "~/locales/texts/booking";
import "~/locales/texts/stay";

export type SummaryProperty = {
  title: string;
  location: string;
  image: PropertyImage | null;
  /** Kurtaxe/Gästebeitrag note (decision 033); null = none */
  touristTaxNote: string | null;
};

/**
 * The summary beside the steps (below them on small screens): photo, title, location, the
 * chosen stay and the breakdown from the one price function. Read only; the dates are changed
 * in step 1 ("Zeitraum ändern" leads there).
 */
export function BookingSummary({
  property,
  checkIn,
  checkOut,
  guests,
  price,
  onChangeDates,
  cancellation,
}: {
  property: SummaryProperty;
  checkIn?: string;
  checkOut?: string;
  guests: number;
  /** null while the chosen stay cannot be booked */
  price: PriceBreakdown | null;
  /** undefined without JavaScript and while step 1 is open */
  onChangeDates?: () => void;
  /** The settings' cancellation rule: "Kostenlos stornierbar bis …" for the chosen check-in. */
  cancellation: CancellationTerms;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  const money = (cents: number) => formatMoney(cents, language);
  const cover = property.image ? imageUrls(property.image) : undefined;
  const row = "flex justify-between gap-4";

  return (
    <section
      aria-labelledby="booking-summary-heading"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {cover?.src ? (
        <img
          src={cover.src}
          srcSet={cover.srcSet}
          sizes="(min-width: 1024px) 384px, 100vw"
          alt=""
          width={800}
          height={533}
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
      ) : null}
      <div className="p-5">
        <h2 id="booking-summary-heading" className="text-sm font-semibold text-slate-600">
          {t("booking.summary.heading")}
        </h2>
        <p className="mt-1 text-lg font-semibold text-secondary">{property.title}</p>
        <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-slate-700">
          <MapPin aria-hidden className="size-4" />
          {property.location}
        </p>

        <dl className="mt-4 space-y-1.5 border-t border-slate-200 pt-4 text-slate-700">
          <div className={row}>
            <dt>{t("booking.summary.checkIn")}</dt>
            <dd data-testid="summary-check-in">{checkIn ? formatDate(checkIn, language) : "–"}</dd>
          </div>
          <div className={row}>
            <dt>{t("booking.summary.checkOut")}</dt>
            <dd data-testid="summary-check-out">
              {checkOut ? formatDate(checkOut, language) : "–"}
            </dd>
          </div>
          <div className={row}>
            <dt>{t("booking.summary.nights")}</dt>
            <dd>{price ? price.nights : "–"}</dd>
          </div>
          <div className={row}>
            <dt>{t("booking.summary.guests")}</dt>
            <dd>{guests}</dd>
          </div>
        </dl>
        {onChangeDates && (
          <button
            type="button"
            onClick={onChangeDates}
            className="mt-2 text-sm font-medium text-secondary underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-secondary"
          >
            {t("booking.dates.change")}
          </button>
        )}

        {price ? (
          <dl
            className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-slate-700"
            aria-label={t("stay.breakdown")}
            data-testid="summary-breakdown"
          >
            {price.lines.map((line) => (
              <div key={`${line.price}-${line.regularPrice}`} className={row}>
                <dt>
                  {t("stay.nightsTimesPrice", { price: money(line.price), count: line.nights })}
                </dt>
                <dd>{money(line.price * line.nights)}</dd>
              </div>
            ))}
            {price.discount > 0 && (
              <div className={row}>
                <dt>{t("stay.longStayDiscount", { percent: price.discountPercent })}</dt>
                <dd>−{money(price.discount)}</dd>
              </div>
            )}
            <div className={row}>
              <dt>{t("stay.cleaningFee")}</dt>
              <dd>{money(price.cleaningFee)}</dd>
            </div>
            <div className={row}>
              <dt>{t("stay.serviceFee")}</dt>
              <dd>{money(price.serviceFee)}</dd>
            </div>
            <div
              className={`${row} border-t border-slate-200 pt-2 text-lg font-semibold text-slate-900`}
            >
              <dt>{t("stay.total")}</dt>
              <dd data-testid="summary-total">{money(price.total)}</dd>
            </div>
          </dl>
        ) : (
          <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-700">
            {t("booking.summary.chooseDates")}
          </p>
        )}
        {price && checkIn && (
          <FreeCancellationNote checkIn={checkIn} terms={cancellation} className="mt-3" />
        )}
        {property.touristTaxNote && (
          <div className="mt-4 border-t border-slate-200 pt-4 text-sm">
            <TouristTaxNote note={property.touristTaxNote} />
          </div>
        )}
      </div>
    </section>
  );
}
