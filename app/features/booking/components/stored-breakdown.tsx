import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { formatMoney, type Language } from "~/lib/i18n";
import { storedPriceLines, type StoredPriceDetails } from "~/domain/price";
import "~/locales/texts/booking-success";

/** The price of a stored booking (never recomputed: later price changes do not alter it). */
export type StoredPrice = {
  nightlyPrice: number;
  nights: number;
  cleaningFee: number;
  serviceFee: number;
  totalPrice: number;
  /** The stored lines and discount; null/absent for bookings made before them. */
  priceDetails?: StoredPriceDetails | null;
};

/**
 * "X € × N Nächte", Reinigungsgebühr, Servicegebühr and Gesamt of a stored booking, as the
 * success page and the guest's booking detail show it. `children` adds rows after the total
 * (e.g. a cancellation fee).
 */
export function StoredBreakdown({
  price,
  totalTestId,
  isLarge = false,
  children,
}: {
  price: StoredPrice;
  totalTestId: string;
  isLarge?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language as Language);
  const stored = storedPriceLines(price);
  const rows: [string, string][] = [
    ...stored.lines.map((line): [string, string] => [
      t("bookingSuccess.nightsTimesPrice", { price: money(line.price), count: line.nights }),
      money(line.price * line.nights),
    ]),
    ...(stored.discount > 0
      ? [
          [
            t("bookingSuccess.longStayDiscount", { percent: stored.discountPercent }),
            `−${money(stored.discount)}`,
          ] as [string, string],
        ]
      : []),
    [t("bookingSuccess.cleaningFee"), money(price.cleaningFee)],
    [t("bookingSuccess.serviceFee"), money(price.serviceFee)],
  ];
  return (
    <dl className={`${isLarge ? "mt-4" : "mt-3"} space-y-2`}>
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4 text-slate-700">
          <dt>{label}</dt>
          <dd className="tabular-nums">{amount}</dd>
        </div>
      ))}
      <div
        className={`flex justify-between gap-4 border-t border-slate-200 pt-3 font-semibold text-slate-900 ${isLarge ? "text-lg" : ""}`}
      >
        <dt>{t("bookingSuccess.total")}</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {money(price.totalPrice)}
        </dd>
      </div>
      {children}
    </dl>
  );
}

/** Label/value pairs of a booking (dates, nights, guests, …) in a responsive grid. */
export function BookingFacts({
  items,
  className = "",
}: {
  items: [string, ReactNode][];
  className?: string;
}) {
  return (
    // Columns of at least 10rem: on a narrow phone one column, so "Banküberweisung" is not
    // broken mid-word (two columns were too narrow for it at 390 px).
    <dl
      className={`grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-6 gap-y-3 sm:grid-cols-3 ${className}`}
    >
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
