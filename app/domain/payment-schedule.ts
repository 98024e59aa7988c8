import { addDays } from "./calendar-day";

/**
 * When a bank-transfer booking is paid (spec/04-booking.md "Payment methods", AGB § 3). One
 * rule, used by the success page, the "booking received" e-mail and the guest dashboard:
 *
 * - 20 % deposit, due within 7 days of the booking day;
 * - the balance, due 30 days before arrival;
 * - when that balance date is not later than the deposit date, the whole amount is due at once
 *   within 7 days of the booking day;
 * - in every case no later than the day before arrival, and never before the booking day.
 *
 * Amounts are integer cents: deposit = round(total × 0.2), balance = total − deposit, so the
 * parts always add up to the total exactly. Days are "YYYY-MM-DD" calendar days; the booking
 * day is the day the booking was made in Europe/Berlin.
 */
export const DEPOSIT_PERCENTAGE = 20;
export const DEPOSIT_DUE_DAYS = 7;
export const BALANCE_DUE_DAYS_BEFORE_ARRIVAL = 30;

export type PaymentKind = "deposit" | "balance" | "full";

export type ScheduledPayment = {
  kind: PaymentKind;
  /** cents */
  amount: number;
  /** last day to pay, "YYYY-MM-DD" */
  dueDate: string;
};

export function paymentSchedule({
  total,
  bookingDay,
  checkIn,
}: {
  /** cents, the stored total of the booking */
  total: number;
  bookingDay: string;
  checkIn: string;
}): ScheduledPayment[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`invalid total: ${total}`);
  const latest = addDays(checkIn, -1);
  // Not after the day before arrival; the booking day wins for a stay that starts today.
  const bounded = (day: string) => {
    const capped = day > latest ? latest : day;
    return capped < bookingDay ? bookingDay : capped;
  };
  const depositDue = bounded(addDays(bookingDay, DEPOSIT_DUE_DAYS));
  const balanceDue = bounded(addDays(checkIn, -BALANCE_DUE_DAYS_BEFORE_ARRIVAL));
  if (balanceDue <= depositDue) return [{ kind: "full", amount: total, dueDate: depositDue }];
  // total / 5 has no .5 fractions for integer totals, so rounding is never a tie.
  const deposit = Math.round((total * DEPOSIT_PERCENTAGE) / 100);
  return [
    { kind: "deposit", amount: deposit, dueDate: depositDue },
    { kind: "balance", amount: total - deposit, dueDate: balanceDue },
  ];
}

/** "DE89370400440532013000" or "de89 3704 …" → "DE89 3704 0044 0532 0130 00". */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, "$1 ");
}
