import { useTranslation } from "~/lib/i18n-react";

/** Unbezahlt, Teilweise bezahlt, Bezahlt, Zu erstatten (dark text on light tints: AA). */
const colors: Record<string, string> = {
  unpaid: "bg-slate-100 text-slate-900 ring-slate-300",
  "partially-paid": "bg-sky-100 text-sky-900 ring-sky-300",
  paid: "bg-green-100 text-green-900 ring-green-300",
  refunded: "bg-violet-100 text-violet-900 ring-violet-300",
};
const KNOWN = ["unpaid", "partially-paid", "paid", "refunded"] as const;

export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = KNOWN.find((value) => value === status) ?? "unpaid";
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-0.5 text-sm font-medium ring-1 ring-inset ${colors[known]}`}
      data-testid="payment-status"
    >
      {t(`adminBookings.paymentStatuses.${known}`)}
    </span>
  );
}
