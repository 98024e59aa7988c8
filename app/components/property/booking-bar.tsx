import { useTranslation } from "~/lib/i18n-react";
import { buttonClass, LinkButton } from "~/components/ui/button";
import "~/locales/texts/price-box";

export type BookingBarProps = {
  /** The price box's headline price per night, formatted. */
  nightlyPrice: string;
  /** The regular price, struck through while an offer is active. */
  regularPrice?: string;
  /** With bookable dates: the nights and the stay total of the price box's one price. */
  stay: { nights: number; total: string } | null;
  /** Where "Jetzt buchen" leads when the dates are bookable (the price box's own link). */
  bookingHref: string | null;
  /** Id of the price box, the target without JavaScript. */
  priceBoxId: string;
  /** Brings the price box into view and opens its calendar. */
  onChooseDates: () => void;
};

/**
 * The fixed bar at the bottom of the phone screen (issue 16): the price and "Jetzt buchen",
 * always in reach while the guest reads the description far below the price box. It shows what
 * the price box shows, from the same state: the nightly price, or with bookable dates the stay
 * total. "Jetzt buchen" goes to the booking when the dates are bookable; before that it opens
 * the price box's calendar, the step that is missing (a guest who taps "book" expects to be led
 * to what is needed, not to a disabled button). Hidden from `lg`, where the price box sticks
 * beside the content; the page keeps room for it (app.css, `[data-booking-bar]`).
 */
export function BookingBar({
  nightlyPrice,
  regularPrice,
  stay,
  bookingHref,
  priceBoxId,
  onChooseDates,
}: BookingBarProps) {
  const { t } = useTranslation();
  const label = t("priceBox.bookNow");
  return (
    <div
      data-booking-bar
      data-testid="booking-bar"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.08)] lg:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <p className="min-w-0">
          {stay ? (
            <>
              <span className="block font-semibold text-slate-900">
                {t("priceBox.bar.stay", { count: stay.nights, total: stay.total })}
              </span>
              <span className="block text-sm text-slate-600">{t("priceBox.bar.allFees")}</span>
            </>
          ) : (
            <span className="block font-semibold text-slate-900">
              {regularPrice && (
                <>
                  <span className="sr-only">{t("priceBox.regularPrice")}:</span>
                  <del className="mr-1.5 font-normal text-slate-600">{regularPrice}</del>
                  <span className="sr-only">{t("priceBox.offerPrice")}:</span>
                </>
              )}
              {t("priceBox.bar.nightlyFrom", { price: nightlyPrice })}
            </span>
          )}
        </p>
        {bookingHref ? (
          <LinkButton to={bookingHref} className="shrink-0">
            {label}
          </LinkButton>
        ) : (
          // A link to the price box's date fields, which work without JavaScript; with it, the
          // calendar opens there too.
          <a
            href={`#${priceBoxId}`}
            className={buttonClass({ size: "lg", className: "shrink-0" })}
            onClick={(event) => {
              event.preventDefault();
              onChooseDates();
            }}
          >
            {label}
          </a>
        )}
      </div>
    </div>
  );
}
