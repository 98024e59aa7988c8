import { addDays } from "./calendar-day";

/**
 * When a booking is paid: the one payment schedule of spec/09-payments.md, used by the booking
 * page, the success page, the e-mails, the guest dashboard and the admin detail:
 *
 * - a deposit (the settings' percentage, default 20 %), due within 7 days of the booking day;
 * - the balance, due N days before arrival (settings, default 30);
 * - when that balance date is not later than the deposit date, the whole amount is due at once
 *   within 7 days of the booking day;
 * - in every case no later than the day before arrival, and never before the booking day.
 *
 * Amounts are integer cents: deposit = round(total × percentage / 100), balance = total −
 * deposit, so the parts always add up to the total exactly. A booking stores the percentage and
 * the days of its booking day (booking.deposit_percentage, balance_due_days), so a later
 * settings change does not move what a guest already owes. A 0 % deposit means one payment,
 * the whole amount, on the balance date; 100 % means the whole amount at once. Days are "YYYY-MM-DD" calendar days; the booking
 * day is the day the booking was made in Europe/Berlin.
 */
export const DEFAULT_DEPOSIT_PERCENTAGE = 20;

/**
 * SEPA Direct Debit only for arrivals at least this many days away (spec 09, decision 049): the
 * bank confirms a debit only after days, and the money must be in before the guest arrives.
 */
export const SEPA_MIN_DAYS = 14;

/** Whether `method` cannot pay a stay from `checkIn` booked on `bookingDay` (SEPA too late). */
export const isTooLateFor = (method: string, bookingDay: string, checkIn: string) =>
  method === "sepa-debit" && checkIn < addDays(bookingDay, SEPA_MIN_DAYS);
export const DEPOSIT_DUE_DAYS = 7;
export const DEFAULT_BALANCE_DUE_DAYS = 30;

export type PaymentTerms = {
  /** 0–100 */
  depositPercentage: number;
  /** days before arrival, ≥ 0 */
  balanceDueDays: number;
};

/**
 * The numbers the texts about the schedule name ("{{percentage}} % deposit … {{days}} days
 * before arrival; for a booking {{threshold}} days or less before arrival the full amount"):
 * the whole amount is due at once when arrival is at most balance days + 7 days away.
 */
export const paymentTermsText = (terms: PaymentTerms) => ({
  percentage: terms.depositPercentage,
  days: terms.balanceDueDays,
  threshold: terms.balanceDueDays + DEPOSIT_DUE_DAYS,
});

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
  depositPercentage,
  balanceDueDays,
}: {
  /** cents, the stored total of the booking */
  total: number;
  bookingDay: string;
  checkIn: string;
} & PaymentTerms): ScheduledPayment[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`invalid total: ${total}`);
  if (!Number.isInteger(depositPercentage) || depositPercentage < 0 || depositPercentage > 100) {
    throw new RangeError(`invalid deposit percentage: ${depositPercentage}`);
  }
  if (!Number.isInteger(balanceDueDays) || balanceDueDays < 0) {
    throw new RangeError(`invalid balance days: ${balanceDueDays}`);
  }
  const latest = addDays(checkIn, -1);
  // Not after the day before arrival; the booking day wins for a stay that starts today.
  const bounded = (day: string) => {
    const capped = day > latest ? latest : day;
    return capped < bookingDay ? bookingDay : capped;
  };
  const depositDue = bounded(addDays(bookingDay, DEPOSIT_DUE_DAYS));
  const balanceDue = bounded(addDays(checkIn, -balanceDueDays));
  if (balanceDue <= depositDue || depositPercentage === 100) {
    return [{ kind: "full", amount: total, dueDate: depositDue }];
  }
  if (depositPercentage === 0) return [{ kind: "full", amount: total, dueDate: balanceDue }];
  const deposit = Math.round((total * depositPercentage) / 100);
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

export type PaymentProgressItem = ScheduledPayment & {
  /** cents of this item covered by what was received (payments fill the items in order) */
  paid: number;
  /** cents still open of this item */
  open: number;
  /** open and its due date has passed (today is not overdue yet) */
  isOverdue: boolean;
};

export type PaymentProgress = {
  items: PaymentProgressItem[];
  /** cents received so far (booking.amount_paid) */
  received: number;
  /** cents still open of the whole total (never negative; an overpayment leaves 0) */
  open: number;
  /** cents open of items due today or earlier: what the guest should have paid by now */
  dueNow: number;
  /** the first item not fully paid: what to ask for next; null when everything is paid */
  next: PaymentProgressItem | null;
};

/**
 * What is due, received and open for a booking: the schedule's items filled in order with the
 * amount received. One function for the admin detail, the dashboard's pending list and (later)
 * the reminders, so they never disagree about what a guest owes.
 */
export function paymentProgress(
  schedule: ScheduledPayment[],
  { received, today }: { received: number; today: string },
): PaymentProgress {
  if (!Number.isSafeInteger(received) || received < 0) {
    throw new RangeError(`invalid amount received: ${received}`);
  }
  let left = received;
  const items = schedule.map((item) => {
    const paid = Math.min(item.amount, left);
    left -= paid;
    const open = item.amount - paid;
    return { ...item, paid, open, isOverdue: open > 0 && item.dueDate < today };
  });
  const open = items.reduce((sum, item) => sum + item.open, 0);
  const dueNow = items
    .filter((item) => item.dueDate <= today)
    .reduce((sum, item) => sum + item.open, 0);
  return { items, received, open, dueNow, next: items.find((item) => item.open > 0) ?? null };
}

/** A stored booking as the schedule needs it (the terms of its booking day). */
export type ScheduledBooking = {
  /** cents */
  totalPrice: number;
  /** the booking day in Europe/Berlin */
  bookingDay: string;
  checkIn: string;
  /** cents received so far */
  amountPaid: number;
} & PaymentTerms;

/** The schedule of a stored booking, filled with what it received (as of `today`). */
export function bookingPaymentProgress(booking: ScheduledBooking, today: string): PaymentProgress {
  return paymentProgress(
    paymentSchedule({
      total: booking.totalPrice,
      bookingDay: booking.bookingDay,
      checkIn: booking.checkIn,
      depositPercentage: booking.depositPercentage,
      balanceDueDays: booking.balanceDueDays,
    }),
    { received: booking.amountPaid, today },
  );
}

/**
 * What to ask the guest to transfer now: everything due by today (overdue parts included),
 * else the next open part; 0 when nothing is open. The "Zahlungsdaten" e-mail, the guest's
 * GiroCode and the dashboard's pending list use it.
 */
export function amountToPayNext(progress: PaymentProgress): number {
  return Math.max(progress.dueNow, progress.next?.open ?? 0);
}
