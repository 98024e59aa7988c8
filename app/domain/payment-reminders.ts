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
 * - "final": only while the automatic cancellation is switched on, and only for the first item
 *   (the deposit, or the whole amount): the last demand before it, naming the day by which the
 *   money must arrive (decision 084). It takes the place of "overdue" from
 *   `FINAL_NOTICE_DAYS` before the setting's day on – on the first overdue day itself when the
 *   setting's days are few – so the guest is never cancelled without a deadline (AGB § 7: "trotz
 *   Mahnung mit angemessener Fristsetzung"). No notice where the cancellation could only fall
 *   on or after the check-in day, when the job never cancels: it threatens nothing it won't do.
 * - While a final notice is due today or its deadline is still running, a later item (the
 *   balance) that was already due on the notice's day gets no reminder of its own: the notice
 *   asked for it (its amount is everything due by then), and a second e-mail with another
 *   amount and another date would contradict it (decision 112). A later item that falls due
 *   only after the notice was sent is not in its amount and gets its normal reminders; once the
 *   deadline has passed without a cancellation, they resume for every item.
 *
 * The caller sends each (booking, due date, kind) at most once (a unique row in the database);
 * this function only says what would be due.
 */
export const REMINDER_DAYS_BEFORE = 3;

/**
 * The least time between the final notice and the last day to pay: the notice's day plus 7
 * days, so a guest who reads it a few days late can still transfer (a SEPA transfer takes up
 * to a business day, two over a weekend).
 */
export const FINAL_NOTICE_DAYS = 7;

export type ReminderKind = "upcoming" | "overdue" | "final";

export type DueReminder = {
  kind: ReminderKind;
  instalment: PaymentKind;
  dueDate: string;
  /** cents still open of this item */
  open: number;
  /** "final" only: the last day to pay; the booking is cancelled from the day after it on */
  deadline?: string;
};

/** The optional automatic cancellation as the settings have it (days overdue, null: off). */
type AutoCancellation = { checkIn: string; afterDays: number | null };

/** The final notice sent for the first item (its `payment_reminder` row): its day and deadline. */
export type SentFinalNotice = { sentOn: string; deadline: string };

export function remindersDue({
  progress,
  bookingDay,
  today,
  cancellation,
  sentNotice,
}: {
  progress: PaymentProgress;
  /** the day the booking was made (Europe/Berlin) */
  bookingDay: string;
  /** Europe/Berlin "YYYY-MM-DD" */
  today: string;
  cancellation: AutoCancellation;
  /** the final notice already sent for the first item; null when none was */
  sentNotice: SentFinalNotice | null;
}): DueReminder[] {
  const due: DueReminder[] = [];
  const finalDeadline = finalNoticeDeadline({ progress, today, ...cancellation });
  // The notice that speaks for the later items: the one sent (a deadline computed again on a
  // later day is not a new notice), else the one due today. Its amount holds every item due by
  // its day, so those items stay quiet until its deadline has passed.
  const notice = sentNotice ?? (finalDeadline ? { sentOn: today, deadline: finalDeadline } : null);
  const coveredUpTo = notice && today <= notice.deadline ? notice.sentOn : null;
  for (const [index, item] of progress.items.entries()) {
    if (item.open <= 0) continue;
    if (index > 0 && coveredUpTo !== null && item.dueDate <= coveredUpTo) continue;
    const reminderDay = addDays(item.dueDate, -REMINDER_DAYS_BEFORE);
    const base = { instalment: item.kind, dueDate: item.dueDate, open: item.open };
    const deadline = index === 0 ? finalDeadline : null;
    if (deadline) {
      due.push({ kind: "final", ...base, deadline });
    } else if (today > item.dueDate) {
      due.push({ kind: "overdue", ...base });
    } else if (today >= reminderDay && bookingDay < reminderDay) {
      due.push({ kind: "upcoming", ...base });
    }
  }
  return due;
}

/**
 * The last day to pay that a final notice sent `today` names, or null when no final notice is
 * due today. The setting's day: the booking counts as cancellable once the first item is
 * `afterDays` overdue, so its last day to pay is the due date plus `afterDays - 1`. The notice
 * goes out `FINAL_NOTICE_DAYS` before that day (at the earliest the day after the due date)
 * and its deadline is never less than `FINAL_NOTICE_DAYS` after the day it is sent – a job
 * that catches up after downtime gives the full time too.
 */
export function finalNoticeDeadline({
  progress,
  today,
  checkIn,
  afterDays,
}: {
  progress: PaymentProgress;
  today: string;
} & AutoCancellation): string | null {
  if (afterDays === null || afterDays < 1) return null;
  const first = progress.items[0];
  if (!first || first.open <= 0 || today <= first.dueDate) return null;
  const lastDayBySetting = addDays(first.dueDate, afterDays - 1);
  if (today < addDays(lastDayBySetting, -FINAL_NOTICE_DAYS)) return null;
  const earliest = addDays(today, FINAL_NOTICE_DAYS);
  const deadline = lastDayBySetting > earliest ? lastDayBySetting : earliest;
  // The cancellation comes the day after the deadline and never from the check-in day on.
  return addDays(deadline, 1) < checkIn ? deadline : null;
}

/** How many days an open item is overdue (1 on the day after its due date; 0 when not). */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

/**
 * Whether the optional automatic cancellation applies (settings › Buchungen, default off): the
 * first item of the schedule (the deposit, or the whole amount when it is due at once) is still
 * not fully paid `afterDays` or more days after its due date, AND the guest was sent the final
 * notice for it and its deadline has passed (`noticeDeadline`, the deadline it named; null: no
 * notice sent). `afterDays` null: off. Never from the check-in day on: a guest who has arrived
 * is the operator's matter, not a job's.
 */
export function isDepositOverdueForCancellation({
  progress,
  today,
  checkIn,
  afterDays,
  noticeDeadline,
}: {
  progress: PaymentProgress;
  today: string;
  noticeDeadline: string | null;
} & AutoCancellation): boolean {
  if (afterDays === null || afterDays < 1 || today >= checkIn) return false;
  if (noticeDeadline === null || today <= noticeDeadline) return false;
  const first = progress.items[0];
  if (!first || first.open <= 0) return false;
  return daysOverdue(first.dueDate, today) >= afterDays;
}
