import { useTranslation } from "~/lib/i18n-react";
import type { BookingStatus } from "~/features/booking/booking-confirmation.server";
import "~/locales/texts/booking-success";

/** Ausstehend yellow, Bestätigt green, Storniert red, Abgeschlossen grey (dark text: AA). */
const statusColors: Record<BookingStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  confirmed: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
  completed: "bg-slate-200 text-slate-900 ring-slate-300",
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-0.5 text-sm font-medium ring-1 ring-inset ${statusColors[status]}`}
      data-testid="booking-status"
    >
      {t(`bookingSuccess.statuses.${status}`)}
    </span>
  );
}
