/**
 * How long a booking is kept for the books (decision 085). The privacy policy (content/de/
 * privacy.json, "Buchungen und Zahlung") says booking and invoice data are kept "nach den
 * handels- und steuerrechtlichen Vorschriften (§ 257 HGB, § 147 AO) bis zu zehn Jahre". Both
 * periods run from the end of the calendar year in which the record was last written to
 * (§ 257 Abs. 5 HGB, § 147 Abs. 4 AO), so the period ends on 31 December ten years after the
 * booking's last business event: the end of the stay, a payment received, money paid back.
 */
export const BOOKING_RETENTION_YEARS = 10;

/**
 * The last day of a booking's retention period ("YYYY-12-31"), from the calendar days
 * ("YYYY-MM-DD") of its business events; missing ones are ignored.
 */
export function bookingRetentionEnd(eventDays: readonly (string | null | undefined)[]): string {
  const last = eventDays.reduce<string>(
    (latest, day) => (day && day > latest ? day : latest),
    "0000-01-01",
  );
  return `${Number(last.slice(0, 4)) + BOOKING_RETENTION_YEARS}-12-31`;
}
