import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { getSettingsStrict, SettingsUnavailableError } from "~/features/settings/settings.server";
import type { SiteSettings } from "~/features/settings/settings";
import { dayInBerlin } from "~/domain/calendar-day";
import { CANCELLABLE_STATUSES } from "~/domain/cancellation";
import {
  isDepositOverdueForCancellation,
  remindersDue,
  type DueReminder,
  type SentFinalNotice,
} from "~/domain/payment-reminders";
import { bookingPaymentProgress, type PaymentProgress } from "~/domain/payment-schedule";
import { db, schema, type Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { periodicJob } from "~/lib/periodic-job.server";
import { lockBooking, stayMail, transferAccountOf } from "./locked-booking.server";
import { cancellationRefundMail, openRefundForCancellation } from "./refunds.server";

/**
 * The bank-transfer reminder job (spec/09-payments.md "Balance, reminders, releasing unpaid
 * holds", decision 047): for every non-cancelled bank-transfer booking that still owes money,
 * the reminders `remindersDue` names for today, and – when the setting is on – the automatic
 * cancellation of a booking whose deposit is N days overdue and whose final notice's deadline
 * has passed (decision 084).
 *
 * Safe with several app processes and after downtime:
 * - what is due is computed from the stored booking and today, never from the last run;
 * - each reminder is claimed by inserting its `payment_reminder` row (primary key booking, due
 *   date, kind) in the same transaction as the queued e-mail and the history entry, with the
 *   booking row locked; a second process (or a repeated run) finds the row and sends nothing;
 * - the cancellation is a conditional update under the same lock, so it happens once.
 */

const b = schema.booking;
const reminder = schema.paymentReminder;

export type PaymentReminderRun = { sent: number; cancelled: number; skipped: number };

/** One run of the job for `now` (tests call it with any instant; the server with the clock). */
export async function runPaymentReminders(now: Date): Promise<PaymentReminderRun> {
  const today = dayInBerlin(now);
  // The cancellation of overdue deposits follows these; a failed read throws before anything is
  // sent or cancelled (decision 078): the run is skipped, the next one reads again.
  const settings = await getSettingsStrict();
  const run: PaymentReminderRun = { sent: 0, cancelled: 0, skipped: 0 };

  // The bookings that still owe money by bank transfer (booking_open_bank_transfer_idx).
  const candidates = await db()
    .select({
      id: b.id,
      totalPrice: b.totalPrice,
      amountPaid: b.amountPaid,
      checkIn: b.checkIn,
      createdAt: b.createdAt,
      depositPercentage: b.depositPercentage,
      balanceDueDays: b.balanceDueDays,
    })
    .from(b)
    .where(openBankTransfer())
    .orderBy(asc(b.checkIn));
  if (candidates.length === 0) return run;

  const sentBefore = await alreadySent(candidates.map((row) => row.id));
  for (const candidate of candidates) {
    const bookingDay = dayInBerlin(candidate.createdAt);
    const progress = bookingPaymentProgress({ ...candidate, bookingDay }, today);
    const cancellation = { checkIn: candidate.checkIn, afterDays: settings.autoCancelOverdueDays };
    const sentNotice = finalNoticeOf(sentBefore, candidate.id, progress);
    const noticeDeadline = sentNotice?.deadline ?? null;
    try {
      if (isDepositOverdueForCancellation({ progress, today, ...cancellation, noticeDeadline })) {
        if (await cancelUnpaidBooking({ bookingId: candidate.id, now, settings })) run.cancelled++;
        continue;
      }
      const due = remindersDue({ progress, bookingDay, today, cancellation, sentNotice }).filter(
        (item) => !isCovered(sentBefore, candidate.id, item),
      );
      for (const item of due) {
        const outcome = await sendReminder({ bookingId: candidate.id, item, now, settings });
        run[outcome]++;
      }
    } catch (error) {
      // One broken booking must not stop the others; the next run tries it again.
      logger.error({ err: error, bookingId: candidate.id }, "payment reminder failed");
      run.skipped++;
    }
  }
  return run;
}

const openBankTransfer = () =>
  and(
    inArray(b.status, [...CANCELLABLE_STATUSES]),
    eq(b.paymentMethod, "bank-transfer"),
    lt(b.amountPaid, b.totalPrice),
  );

const reminderKey = (bookingId: string, item: Pick<DueReminder, "dueDate" | "kind">) =>
  `${bookingId} ${item.dueDate} ${item.kind}`;

type SentReminder = {
  /** the day of the run that sent it (Europe/Berlin) */
  sentOn: string;
  /** the deadline a final notice named; null for the other kinds */
  deadline: string | null;
};

/**
 * The reminders already sent for these bookings (to skip their transactions; under a booking's
 * lock with its `tx`), by `reminderKey`.
 */
async function alreadySent(bookingIds: string[], executor: Pick<Database, "select"> = db()) {
  const sent = new Map<string, SentReminder>();
  // Chunks keep the parameter list small for many open bookings.
  for (let start = 0; start < bookingIds.length; start += 500) {
    const rows = await executor
      .select({
        bookingId: reminder.bookingId,
        dueDate: reminder.dueDate,
        kind: reminder.kind,
        deadline: reminder.deadline,
        createdAt: reminder.createdAt,
      })
      .from(reminder)
      .where(inArray(reminder.bookingId, bookingIds.slice(start, start + 500)));
    for (const row of rows) {
      sent.set(reminderKey(row.bookingId, { ...row, kind: row.kind as "overdue" }), {
        sentOn: dayInBerlin(row.createdAt),
        deadline: row.deadline,
      });
    }
  }
  return sent;
}

/** The final notice sent for the booking's first item (its day and deadline); null when none was. */
function finalNoticeOf(
  sent: Map<string, SentReminder>,
  bookingId: string,
  progress: PaymentProgress,
): SentFinalNotice | null {
  const first = progress.items[0];
  if (!first) return null;
  const row = sent.get(reminderKey(bookingId, { dueDate: first.dueDate, kind: "final" }));
  return row?.deadline ? { sentOn: row.sentOn, deadline: row.deadline } : null;
}

/**
 * Whether this reminder went out already: the same kind for the same due date, or – for
 * "overdue" – the final notice, which said more (once the check-in comes too close for a
 * cancellation, "overdue" would be due again for an item whose final notice was sent).
 */
const isCovered = (sent: Map<string, unknown>, bookingId: string, item: DueReminder) =>
  sent.has(reminderKey(bookingId, item)) ||
  (item.kind === "overdue" && sent.has(reminderKey(bookingId, { ...item, kind: "final" })));

/**
 * What a reminder asks for: everything due by its due date that is still open, and at least
 * what is overdue today, so the guest who pays it is up to date on that day.
 */
function reminderAmount(progress: PaymentProgress, dueDate: string) {
  const byDueDate = progress.items
    .filter((item) => item.dueDate <= dueDate)
    .reduce((sum, item) => sum + item.open, 0);
  return Math.max(byDueDate, progress.dueNow);
}

async function sendReminder({
  bookingId,
  item,
  now,
  settings,
}: {
  bookingId: string;
  item: DueReminder;
  now: Date;
  settings: SiteSettings;
}): Promise<"sent" | "skipped"> {
  const today = dayInBerlin(now);
  return db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, openBankTransfer());
    if (!booking) return "skipped";
    // Again under the lock: a payment recorded or a cancellation since the list was read.
    const bookingDay = dayInBerlin(booking.createdAt);
    const progress = bookingPaymentProgress({ ...booking, bookingDay }, today);
    const cancellation = { checkIn: booking.checkIn, afterDays: settings.autoCancelOverdueDays };
    // The rows under the lock: a final notice another process sent meanwhile silences the
    // items it asked for (decision 112), and an "overdue" after it is only seen here.
    const sent = await alreadySent([booking.id], tx);
    const sentNotice = finalNoticeOf(sent, booking.id, progress);
    const stillDue = remindersDue({ progress, bookingDay, today, cancellation, sentNotice }).find(
      (due) => due.dueDate === item.dueDate && due.kind === item.kind,
    );
    if (!stillDue) return "skipped";
    // The same kind again is refused by the row's primary key below.
    if (stillDue.kind === "overdue" && isCovered(sent, booking.id, stillDue)) return "skipped";
    const account = await transferAccountOf(tx, booking.bankAccountId);
    if (!account) {
      // Nothing to tell the guest where to pay; no row, so the next run tries again.
      logger.warn({ bookingId }, "payment reminder not sent: no active bank account");
      return "skipped";
    }
    const amountDue = reminderAmount(progress, stillDue.dueDate);
    const [claimed] = await tx
      .insert(reminder)
      .values({
        bookingId: booking.id,
        dueDate: stillDue.dueDate,
        kind: stillDue.kind,
        instalment: stillDue.instalment,
        amount: amountDue,
        deadline: stillDue.deadline ?? null,
        // The run's instant, not the database clock: its day is the one the amount was computed
        // for, which says which later items a final notice asked for (a run that starts just
        // before midnight would otherwise get the next day).
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ bookingId: reminder.bookingId });
    if (!claimed) return "skipped";
    const emailId = await enqueueEmail(tx, {
      to: booking.guestEmail,
      template: "payment-reminder",
      bookingId: booking.id,
      data: {
        ...stayMail(booking, settings),
        account: {
          accountHolder: account.accountHolder,
          iban: account.iban,
          bic: account.bic,
          bankName: account.bankName,
        },
        amountDue,
        // The row shown: when the money must arrive at the latest.
        dueDate: stillDue.deadline ?? stillDue.dueDate,
        openTotal: progress.open,
        reminder: stillDue.kind,
        reminderDueDate: stillDue.dueDate,
        ...(stillDue.deadline ? { deadline: stillDue.deadline } : {}),
      },
    });
    await tx
      .update(reminder)
      .set({ emailId })
      .where(
        and(
          eq(reminder.bookingId, booking.id),
          eq(reminder.dueDate, stillDue.dueDate),
          eq(reminder.kind, stillDue.kind),
        ),
      );
    // The booking's history (the account named keeps it from being deleted, decision 018).
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "payment-reminder-sent",
      after: {
        reminder: stillDue.kind,
        instalment: stillDue.instalment,
        dueDate: stillDue.dueDate,
        ...(stillDue.deadline ? { deadline: stillDue.deadline } : {}),
        amountDue,
        bankAccountId: account.id,
        to: booking.guestEmail,
      },
    });
    return "sent";
  });
}

/**
 * The optional automatic cancellation (settings › Buchungen, decision 047): no fee is charged –
 * the operator cancels because the guest did not pay – so whatever part of the deposit arrived
 * becomes an open refund item. Conditional on the booking still being open and its deposit
 * still overdue under the lock, so two processes cancel it once.
 */
async function cancelUnpaidBooking({
  bookingId,
  now,
  settings,
}: {
  bookingId: string;
  now: Date;
  settings: SiteSettings;
}): Promise<boolean> {
  const today = dayInBerlin(now);
  return db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, openBankTransfer());
    if (!booking) return false;
    const bookingDay = dayInBerlin(booking.createdAt);
    const progress = bookingPaymentProgress({ ...booking, bookingDay }, today);
    const afterDays = settings.autoCancelOverdueDays;
    const checkIn = booking.checkIn;
    const noticeDeadline =
      finalNoticeOf(await alreadySent([booking.id], tx), booking.id, progress)?.deadline ?? null;
    const cancellation = { checkIn, afterDays, noticeDeadline };
    if (!isDepositOverdueForCancellation({ progress, today, ...cancellation })) return false;
    const cancellationFee = 0;
    await tx
      .update(b)
      .set({ status: "cancelled", cancellationFee })
      .where(and(eq(b.id, booking.id), inArray(b.status, [...CANCELLABLE_STATUSES])));
    const refund = await openRefundForCancellation(tx, {
      bookingId: booking.id,
      amountPaid: booking.amountPaid,
      cancellationFee,
      method: "bank-transfer",
      actorId: null,
      now,
    });
    const missed = progress.items[0]!.dueDate;
    await tx.insert(schema.auditLog).values({
      actorId: null,
      entity: "booking",
      entityId: booking.id,
      action: "cancelled-unpaid",
      before: { status: booking.status, paymentStatus: booking.paymentStatus },
      after: {
        status: "cancelled",
        cancellationFee,
        refundDue: refund?.amount ?? 0,
        dueDate: missed,
        afterDays,
        noticeDeadline,
      },
    });
    await enqueueEmail(tx, {
      to: booking.guestEmail,
      template: "booking-cancelled",
      bookingId: booking.id,
      data: {
        ...stayMail(booking, settings),
        cancellationFee,
        wasPaid: booking.amountPaid > 0,
        ...cancellationRefundMail("bank-transfer", booking.amountPaid, refund),
        reason: "unpaid",
        unpaidDueDate: missed,
        noticeDeadline,
      },
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Running in the server

async function runOnce() {
  const now = new Date();
  try {
    const result = await runPaymentReminders(now);
    const isQuiet = result.sent + result.cancelled + result.skipped === 0;
    logger[isQuiet ? "debug" : "info"](result, "payment reminders");
  } catch (error) {
    if (error instanceof SettingsUnavailableError) {
      logger.error({ err: error.cause }, "payment reminders: settings unreadable, run skipped");
    } else {
      logger.error({ err: error }, "payment reminder run failed");
    }
  }
}

/** A run every hour, and within a minute after midnight in Berlin (a new day's reminders). */
const job = periodicJob("payment-reminders", { everyMs: 60 * 60 * 1000, run: runOnce });
export const startPaymentRemindersJob = job.start;
export const stopPaymentRemindersJob = job.stop;
