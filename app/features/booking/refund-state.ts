/**
 * What a cancelled booking's header says about money (decision 102). "Teilweise bezahlt" told
 * the operator about a payment progress that no longer applies once the booking is cancelled
 * (decision 097 already marks its schedule "entfällt (storniert)"); what matters then is
 * whether money is still owed back:
 * - "refund-open": an item waits for the admin — a transfer to make, or an online refund the
 *   retry job gave up on (the same rule as `refundNeedsAdmin`, decision 098, and the list's red
 *   "Erstattung offen");
 * - "refund-running": an online refund is on its way (sending, at Stripe, or retried);
 * - "refunded": every item is paid back;
 * - "nothing-owed": no item, e.g. nothing was paid or the fee kept all of it.
 */
export type CancelledMoneyState = "refund-open" | "refund-running" | "refunded" | "nothing-owed";

export function cancelledMoneyState(
  refunds: { status: string; method: string; attempts: number; maxAttempts: number }[],
): CancelledMoneyState {
  if (refunds.length === 0) return "nothing-owed";
  if (
    refunds.some(
      (refund) =>
        refund.status === "open" &&
        (refund.method === "bank-transfer" || refund.attempts >= refund.maxAttempts),
    )
  ) {
    return "refund-open";
  }
  return refunds.every((refund) => refund.status === "refunded") ? "refunded" : "refund-running";
}
