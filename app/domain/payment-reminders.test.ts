import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-day";
import { bookingPaymentProgress } from "./payment-schedule";
import {
  daysOverdue,
  FINAL_NOTICE_DAYS,
  finalNoticeDeadline,
  isDepositOverdueForCancellation,
  remindersDue,
  type DueReminder,
} from "./payment-reminders";

// Booked 1 March for 1 June: deposit 200 € due 8 March, balance 800 € due 2 May.
const booking = {
  totalPrice: 100_000,
  bookingDay: "2026-03-01",
  checkIn: "2026-06-01",
  depositPercentage: 20,
  balanceDueDays: 30,
};
const due = (today: string, amountPaid = 0, afterDays: number | null = null) =>
  remindersDue({
    progress: bookingPaymentProgress({ ...booking, amountPaid }, today),
    bookingDay: booking.bookingDay,
    today,
    cancellation: { checkIn: booking.checkIn, afterDays },
  });

describe("remindersDue", () => {
  it("asks 3 days before each due date and on the day after it was missed", () => {
    expect(due("2026-03-04")).toEqual([]);
    expect(due("2026-03-05")).toEqual([
      { kind: "upcoming", instalment: "deposit", dueDate: "2026-03-08", open: 20_000 },
    ]);
    // Still "upcoming" on the due day itself (today is not overdue yet).
    expect(due("2026-03-08").map((r) => r.kind)).toEqual(["upcoming"]);
    expect(due("2026-03-09")).toEqual([
      { kind: "overdue", instalment: "deposit", dueDate: "2026-03-08", open: 20_000 },
    ]);
    // Deposit paid: nothing until 3 days before the balance date.
    expect(due("2026-04-28", 20_000)).toEqual([]);
    expect(due("2026-04-29", 20_000)).toEqual([
      { kind: "upcoming", instalment: "balance", dueDate: "2026-05-02", open: 80_000 },
    ]);
    expect(due("2026-05-03", 20_000)).toEqual([
      { kind: "overdue", instalment: "balance", dueDate: "2026-05-02", open: 80_000 },
    ]);
  });

  it("catches up after downtime: a missed reminder day still gets the overdue reminder, never a late 'upcoming'", () => {
    // The job did not run from 4 March to 20 March: on the 20th only "overdue" is due.
    expect(due("2026-03-20").map((r) => r.kind)).toEqual(["overdue"]);
    // Weeks later with nothing paid: the deposit overdue, the balance in its reminder window.
    expect(due("2026-04-30")).toEqual([
      { kind: "overdue", instalment: "deposit", dueDate: "2026-03-08", open: 20_000 },
      { kind: "upcoming", instalment: "balance", dueDate: "2026-05-02", open: 80_000 },
    ]);
    expect(due("2026-05-10").map((r) => `${r.kind} ${r.instalment}`)).toEqual([
      "overdue deposit",
      "overdue balance",
    ]);
  });

  it("asks only for what is still open of an item, and nothing once it is paid", () => {
    expect(due("2026-03-09", 5_000)).toEqual([
      { kind: "overdue", instalment: "deposit", dueDate: "2026-03-08", open: 15_000 },
    ]);
    expect(due("2026-03-09", 20_000)).toEqual([]);
    expect(due("2026-05-20", 100_000)).toEqual([]);
  });

  it("sends no 'upcoming' reminder for a booking made inside the 3 days (the booking e-mail has the details)", () => {
    // Booked 30 May for 1 June: everything is due on 31 May (the day before arrival).
    const late = { ...booking, bookingDay: "2026-05-30" };
    const progress = (today: string) => bookingPaymentProgress({ ...late, amountPaid: 0 }, today);
    expect(late.bookingDay < "2026-05-31").toBe(true);
    expect(
      remindersDue({
        progress: progress("2026-05-30"),
        bookingDay: late.bookingDay,
        today: "2026-05-30",
        cancellation: { checkIn: booking.checkIn, afterDays: 1 },
      }),
    ).toEqual([]);
    expect(
      remindersDue({
        progress: progress("2026-06-01"),
        bookingDay: late.bookingDay,
        today: "2026-06-01",
        cancellation: { checkIn: booking.checkIn, afterDays: 1 },
      }),
    ).toEqual([{ kind: "overdue", instalment: "full", dueDate: "2026-05-31", open: 100_000 }]);
  });

  it("never sends an 'upcoming' reminder after its due date, and at most one reminder per item and kind on any day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 90 })),
        (offset, amountPaid, afterDays) => {
          const today = addDays(booking.bookingDay, offset);
          const reminders: DueReminder[] = due(today, amountPaid, afterDays);
          for (const reminder of reminders) {
            if (reminder.kind === "upcoming") expect(today <= reminder.dueDate).toBe(true);
            else expect(today > reminder.dueDate).toBe(true);
            expect(reminder.open).toBeGreaterThan(0);
            // A final notice only while the cancellation is on, and it leaves the guest time.
            if (reminder.kind === "final") {
              expect(afterDays).not.toBeNull();
              expect(reminder.deadline! >= addDays(today, FINAL_NOTICE_DAYS)).toBe(true);
              expect(addDays(reminder.deadline!, 1) < booking.checkIn).toBe(true);
            } else {
              expect(reminder.deadline).toBeUndefined();
            }
          }
          const keys = reminders.map((r) => `${r.dueDate} ${r.kind}`);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
    );
  });
});

describe("the final notice before the automatic cancellation (decision 084)", () => {
  it("takes the place of the overdue reminder with a deadline of at least 7 days", () => {
    // Cancel after 3 days: the notice goes out on the first overdue day, the deadline is 7 days on.
    expect(due("2026-03-09", 0, 3)).toEqual([
      {
        kind: "final",
        instalment: "deposit",
        dueDate: "2026-03-08",
        open: 20_000,
        deadline: "2026-03-16",
      },
    ]);
    // Switched off: the plain overdue reminder.
    expect(due("2026-03-09", 0, null).map((r) => r.kind)).toEqual(["overdue"]);
  });

  it("with many days, the overdue reminder first and the notice 7 days before the setting's day", () => {
    // Cancel after 30 days: last day to pay by the setting 6 April, the notice from 30 March.
    expect(due("2026-03-09", 0, 30).map((r) => r.kind)).toEqual(["overdue"]);
    expect(due("2026-03-29", 0, 30).map((r) => r.kind)).toEqual(["overdue"]);
    expect(due("2026-03-30", 0, 30)).toEqual([
      expect.objectContaining({ kind: "final", deadline: "2026-04-06" }),
    ]);
    // A job that catches up late still gives the full 7 days.
    expect(due("2026-04-05", 0, 30)).toEqual([
      expect.objectContaining({ kind: "final", deadline: "2026-04-12" }),
    ]);
  });

  it("is never about the balance, and threatens nothing the job would not do", () => {
    // The deposit paid: the overdue balance gets the plain reminder.
    expect(due("2026-05-03", 20_000, 3).map((r) => r.kind)).toEqual(["overdue"]);
    const progress = bookingPaymentProgress({ ...booking, amountPaid: 0 }, "2026-05-20");
    const deadline = (today: string) =>
      finalNoticeDeadline({ progress, today, checkIn: booking.checkIn, afterDays: 3 });
    // The cancellation comes the day after the deadline; 31 May is the last day it can.
    expect(deadline("2026-05-23")).toBe("2026-05-30");
    expect(deadline("2026-05-24")).toBeNull();
    expect(due("2026-05-24", 0, 3).map((r) => r.kind)).toEqual(["overdue", "overdue"]);
  });
});

describe("automatic cancellation of an overdue deposit", () => {
  const progress = (today: string, amountPaid = 0) =>
    bookingPaymentProgress({ ...booking, amountPaid }, today);

  it("applies only when switched on, the deposit is at least N days overdue and the notice's deadline has passed", () => {
    expect(daysOverdue("2026-03-08", "2026-03-09")).toBe(1);
    expect(daysOverdue("2026-03-08", "2026-03-08")).toBe(0);
    const check = (
      today: string,
      afterDays: number | null,
      amountPaid = 0,
      noticeDeadline: string | null = "2026-03-13",
    ) =>
      isDepositOverdueForCancellation({
        progress: progress(today, amountPaid),
        today,
        checkIn: booking.checkIn,
        afterDays,
        noticeDeadline,
      });
    expect(check("2026-03-20", null)).toBe(false);
    expect(check("2026-03-14", 7)).toBe(false);
    expect(check("2026-03-15", 7)).toBe(true);
    // Never without a final notice, and never on or before the deadline it named.
    expect(check("2026-04-20", 7, 0, null)).toBe(false);
    expect(check("2026-03-21", 7, 0, "2026-03-21")).toBe(false);
    expect(check("2026-03-22", 7, 0, "2026-03-21")).toBe(true);
    // A partly paid deposit is still overdue; a paid deposit never cancels, however late the balance.
    expect(check("2026-03-15", 7, 10_000)).toBe(true);
    expect(check("2026-03-15", 7, 20_000)).toBe(false);
    expect(check("2026-05-20", 7, 20_000)).toBe(false);
    // From the check-in day on, never (the guest may be in the house).
    expect(check("2026-05-31", 7)).toBe(true);
    expect(check("2026-06-01", 7)).toBe(false);
  });
});
