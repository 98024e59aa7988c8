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
  type SentFinalNotice,
} from "./payment-reminders";

// Booked 1 March for 1 June: deposit 200 € due 8 March, balance 800 € due 2 May.
const booking = {
  totalPrice: 100_000,
  bookingDay: "2026-03-01",
  checkIn: "2026-06-01",
  depositPercentage: 20,
  balanceDueDays: 30,
};
const due = (
  today: string,
  amountPaid = 0,
  afterDays: number | null = null,
  sentNotice: SentFinalNotice | null = null,
  terms: Partial<typeof booking> = {},
) =>
  remindersDue({
    progress: bookingPaymentProgress({ ...booking, ...terms, amountPaid }, today),
    bookingDay: booking.bookingDay,
    today,
    cancellation: { checkIn: terms.checkIn ?? booking.checkIn, afterDays },
    sentNotice,
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
        sentNotice: null,
      }),
    ).toEqual([]);
    expect(
      remindersDue({
        progress: progress("2026-06-01"),
        bookingDay: late.bookingDay,
        today: "2026-06-01",
        cancellation: { checkIn: booking.checkIn, afterDays: 1 },
        sentNotice: null,
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

describe("no second payment demand beside a running final notice (decision 112)", () => {
  // Booked 1 March for 8 April: deposit 200 € due 8 March, balance 800 € due 9 March. With the
  // cancellation after 3 days the final notice goes out on 9 March (deadline 16 March) and asks
  // for both: everything due by its day.
  const close = { checkIn: "2026-04-08" };
  const notice = { sentOn: "2026-03-09", deadline: "2026-03-16" };
  const kinds = (reminders: DueReminder[]) => reminders.map((r) => `${r.kind} ${r.instalment}`);

  it("sends only the notice on its day, not the balance's own reminder beside it", () => {
    expect(due("2026-03-09", 0, 3, null, close)).toEqual([
      expect.objectContaining({ kind: "final", instalment: "deposit", deadline: "2026-03-16" }),
    ]);
    // The same on the notice's day after it went out (a second run that day).
    expect(kinds(due("2026-03-09", 0, 3, notice, close))).toEqual(["final deposit"]);
    // Without the cancellation, both items get their plain reminders as before.
    expect(kinds(due("2026-03-09", 0, null, null, close))).toEqual([
      "overdue deposit",
      "upcoming balance",
    ]);
  });

  // Once sent, the notice is still named as due each day (the job finds its row and skips it);
  // what matters here is the balance.
  const balance = (reminders: DueReminder[]) =>
    kinds(reminders.filter((r) => r.instalment === "balance"));

  it("keeps the balance quiet until the deadline has passed, also when the deposit was paid meanwhile", () => {
    for (const today of ["2026-03-10", "2026-03-12", "2026-03-16"]) {
      expect(balance(due(today, 0, 3, notice, close))).toEqual([]);
      expect(kinds(due(today, 20_000, 3, notice, close))).toEqual([]);
    }
    // The deadline has passed and the booking was not cancelled (the deposit arrived): the
    // balance's overdue reminder resumes.
    expect(kinds(due("2026-03-17", 20_000, 3, notice, close))).toEqual(["overdue balance"]);
    // The operator switched the cancellation off meanwhile: the deadline the guest was told
    // still holds, and the plain reminders resume after it (the deposit's "overdue" counts as
    // sent with the notice, in the job).
    expect(kinds(due("2026-03-12", 0, null, notice, close))).toEqual(["overdue deposit"]);
    expect(kinds(due("2026-03-17", 0, null, notice, close))).toEqual([
      "overdue deposit",
      "overdue balance",
    ]);
  });

  it("a balance that falls due only after the notice's day gets its normal reminders", () => {
    // Booked 1 March for 12 April: the balance is due on 13 March, after the notice of 9 March,
    // whose amount is the deposit only.
    const later = { checkIn: "2026-04-12" };
    expect(kinds(due("2026-03-09", 0, 3, null, later))).toEqual(["final deposit"]);
    expect(balance(due("2026-03-10", 0, 3, notice, later))).toEqual(["upcoming balance"]);
    expect(balance(due("2026-03-14", 0, 3, notice, later))).toEqual(["overdue balance"]);
  });

  it("never leaves a later item due by the notice's day with its own reminder while the deadline runs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 35, max: 60 }),
        (offset, amountPaid, afterDays, daysToArrival) => {
          const terms = { checkIn: addDays(booking.bookingDay, daysToArrival) };
          // The notice as the job would have sent it on the first day it was due.
          let sentNotice: SentFinalNotice | null = null;
          for (let day = 0; day <= offset && !sentNotice; day++) {
            const on = addDays(booking.bookingDay, day);
            const final = due(on, 0, afterDays, null, terms).find((r) => r.kind === "final");
            if (final) sentNotice = { sentOn: on, deadline: final.deadline! };
          }
          const today = addDays(booking.bookingDay, offset);
          for (const reminder of due(today, amountPaid, afterDays, sentNotice, terms)) {
            if (reminder.kind === "final" || !sentNotice || today > sentNotice.deadline) continue;
            if (reminder.instalment === "balance") {
              expect(reminder.dueDate > sentNotice.sentOn).toBe(true);
            }
          }
        },
      ),
    );
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
