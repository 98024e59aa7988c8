import { addDays, daysBetween } from "./calendar-day";
import type { PaymentKind, PaymentProgress } from "./payment-schedule";

/**
 * Which bank-transfer payment reminders are due on a given day (spec/09-payments.md "Balance,
 * reminders, releasing unpaid holds", decision 047), computed from the booking's one payment
 * schedule filled with what it received – never from "what happened since the last run", so a
 * run after downtime finds exactly what is still owed:
 *
 * - "upcoming": from 3 days before an item's due date up to and including the due date, while
 *   the item is open. After the due date has passed it is never sent (too late to be a
 *   friendly "due soon"); a booking made inside the 3 days gets none (the guest has just
 *   received the payment details with the booking e-mail).
 * - "overdue": from the day after a missed due date on, while the item is open.
 *
 * The caller sends each (booking, due date, kind) at most once (a unique row in the database);
 * this function only says what would be due.
 */
export const REMINDER_DAYS_BEFORE = 3;

export type ReminderKind = "upcoming" | "overdue";

export type DueReminder = {
  kind: ReminderKind;
  instalment: PaymentKind;
  dueDate: string;
  /** cents still open of this item */
  open: number;
};

export function remindersDue({
  progress,
  bookingDay,
  today,
}: {
  progress: PaymentProgress;
  /** the day the booking was made (Europe/Berlin) */
  bookingDay: string;
  /** Europe/Berlin "YYYY-MM-DD" */
  today: string;
}): DueReminder[] {
  const due: DueReminder[] = [];
  for (const item of progress.items) {
    if (item.open <= 0) continue;
    const reminderDay = addDays(item.dueDate, -REMINDER_DAYS_BEFORE);
    const base = { instalment: item.kind, dueDate: item.dueDate, open: item.open };
    if (today > item.dueDate) {
      due.push({ kind: "overdue", ...base });
    } else if (today >= reminderDay && bookingDay < reminderDay) {
      due.push({ kind: "upcoming", ...base });
    }
  }
  return due;
}

/** How many days an open item is overdue (1 on the day after its due date; 0 when not). */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

/**
 * Whether the optional automatic cancellation applies (settings › Buchungen, default off): the
 * first item of the schedule (the deposit, or the whole amount when it is due at once) is still
 * not fully paid `afterDays` or more days after its due date. `afterDays` null: off. Never from
 * the check-in day on: a guest who has arrived is the operator's matter, not a job's.
 */
export function isDepositOverdueForCancellation({
  progress,
  today,
  checkIn,
  afterDays,
}: {
  progress: PaymentProgress;
  today: string;
  checkIn: string;
  afterDays: number | null;
}): boolean {
  if (afterDays === null || afterDays < 1 || today >= checkIn) return false;
  const first = progress.items[0];
  if (!first || first.open <= 0) return false;
  return daysOverdue(first.dueDate, today) >= afterDays;
}
