import type { CancelledMoneyState } from "~/features/booking/refund-state";
import { useTranslation } from "~/lib/i18n-react";

/**
 * A cancelled booking's money in the admin header, in place of its payment status (decision
 * 102). Red like the list's "Erstattung offen" (decision 098); dark text on light tints: AA.
 */
const colors: Record<CancelledMoneyState, string> = {
  "refund-open": "bg-red-50 text-red-800 ring-red-300",
  "refund-running": "bg-sky-100 text-sky-900 ring-sky-300",
  refunded: "bg-violet-100 text-violet-900 ring-violet-300",
  "nothing-owed": "bg-slate-100 text-slate-900 ring-slate-300",
};

export function RefundStateBadge({ state }: { state: CancelledMoneyState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-0.5 text-sm font-medium ring-1 ring-inset ${colors[state]}`}
      data-testid="refund-state"
    >
      {t(`adminBookings.cancelledMoney.${state}`)}
    </span>
  );
}
