/**
 * The terms a booking is stored with that the booking page states next to the button (decision
 * 088): free cancellation hours, cancellation fee, deposit share and balance days, as one short
 * key. The page sends the key it was rendered with (`shownTerms`); a booking under other terms
 * is refused, like a higher price (decision 079).
 */
export function bookingTermsKey(
  s: Record<
    "freeCancellationHours" | "cancellationFeePercentage" | "depositPercentage" | "balanceDueDays",
    number
  >,
): string {
  return [
    s.freeCancellationHours,
    s.cancellationFeePercentage,
    s.depositPercentage,
    s.balanceDueDays,
  ].join("-");
}
