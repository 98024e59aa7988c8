import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/booking-success";

/**
 * "Lastschrift in Bearbeitung" (decision 052): a SEPA debit of the booking is on its way
 * (booking.stripe_payment_processing_since). The money is not received yet, so it is not
 * "Bezahlt"; nor is it the guest's to pay again, so it is not "offen" or "überfällig" either.
 * Amber like "Ausstehend": waiting, nothing wrong (dark text on a light tint: AA).
 */
export function DebitProcessingBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex w-fit shrink-0 items-center rounded-full bg-amber-100 px-3 py-0.5 text-sm font-medium text-amber-900 ring-1 ring-amber-300 ring-inset"
      data-testid="debit-processing"
    >
      {t("bookingSuccess.online.processingTitle")}
    </span>
  );
}
