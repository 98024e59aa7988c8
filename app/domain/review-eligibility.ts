/**
 * A stay can be reviewed once it is over: completed, and its check-out day reached (Europe/Berlin
 * "YYYY-MM-DD"). The status alone is not enough: an admin can mark a booking "Abgeschlossen"
 * before the guest has arrived, and the review's label says "Verifizierter Aufenthalt", which
 * spec 05 and the reviews page's § 5b UWG statement promise only after the stay (audit 20).
 */
export function isReviewable(booking: { status: string; checkOut: string }, today: string) {
  return booking.status === "completed" && booking.checkOut <= today;
}
