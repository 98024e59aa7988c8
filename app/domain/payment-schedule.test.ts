import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-day";
import {
  amountToPayNext,
  bookingPaymentProgress,
  formatIban,
  paymentProgress,
  paymentSchedule,
} from "./payment-schedule";

const terms = { depositPercentage: 20, balanceDueDays: 30 };

describe("paymentSchedule", () => {
  it("follows the stored terms: another percentage and other balance days", () => {
    expect(
      paymentSchedule({
        total: 100_000,
        bookingDay: "2026-03-01",
        checkIn: "2026-06-01",
        depositPercentage: 35,
        balanceDueDays: 14,
      }),
    ).toEqual([
      { kind: "deposit", amount: 35_000, dueDate: "2026-03-08" },
      { kind: "balance", amount: 65_000, dueDate: "2026-05-18" },
    ]);
  });

  it("asks for one payment with 0 % (on the balance date) and with 100 % (at once)", () => {
    const base = { total: 80_000, bookingDay: "2026-03-01", checkIn: "2026-06-01" };
    expect(paymentSchedule({ ...base, depositPercentage: 0, balanceDueDays: 30 })).toEqual([
      { kind: "full", amount: 80_000, dueDate: "2026-05-02" },
    ]);
    expect(paymentSchedule({ ...base, depositPercentage: 100, balanceDueDays: 30 })).toEqual([
      { kind: "full", amount: 80_000, dueDate: "2026-03-08" },
    ]);
  });

  it("refuses terms outside the settings' range", () => {
    const base = { total: 80_000, bookingDay: "2026-03-01", checkIn: "2026-06-01" };
    expect(() =>
      paymentSchedule({ ...base, depositPercentage: 101, balanceDueDays: 30 }),
    ).toThrow();
    expect(() => paymentSchedule({ ...base, depositPercentage: 20, balanceDueDays: -1 })).toThrow();
  });

  it("splits into a 20 % deposit within 7 days and the balance 30 days before arrival", () => {
    expect(
      paymentSchedule({
        ...terms,
        total: 123_450,
        bookingDay: "2026-03-01",
        checkIn: "2026-06-01",
      }),
    ).toEqual([
      { kind: "deposit", amount: 24_690, dueDate: "2026-03-08" },
      { kind: "balance", amount: 98_760, dueDate: "2026-05-02" },
    ]);
  });

  it("rounds the deposit to whole cents and gives the rest to the balance", () => {
    const [deposit, balance] = paymentSchedule({
      ...terms,
      total: 46_403,
      bookingDay: "2026-01-10",
      checkIn: "2026-04-01",
    });
    expect(deposit.amount).toBe(9_281); // 9,280.6 rounded
    expect(balance.amount).toBe(46_403 - 9_281);
  });

  it("asks for the whole amount within 7 days when the balance would not be due later", () => {
    // Balance date 2026-03-08 = deposit date: one payment.
    expect(
      paymentSchedule({ ...terms, total: 50_000, bookingDay: "2026-03-01", checkIn: "2026-04-07" }),
    ).toEqual([{ kind: "full", amount: 50_000, dueDate: "2026-03-08" }]);
    // One day later the balance is due after the deposit: two payments.
    expect(
      paymentSchedule({
        ...terms,
        total: 50_000,
        bookingDay: "2026-03-01",
        checkIn: "2026-04-08",
      }).map((p) => [p.kind, p.dueDate]),
    ).toEqual([
      ["deposit", "2026-03-08"],
      ["balance", "2026-03-09"],
    ]);
  });

  it("makes a short-notice booking due the day before arrival at the latest", () => {
    expect(
      paymentSchedule({ ...terms, total: 30_000, bookingDay: "2026-03-01", checkIn: "2026-03-05" }),
    ).toEqual([{ kind: "full", amount: 30_000, dueDate: "2026-03-04" }]);
    expect(
      paymentSchedule({ ...terms, total: 30_000, bookingDay: "2026-03-01", checkIn: "2026-03-02" }),
    ).toEqual([{ kind: "full", amount: 30_000, dueDate: "2026-03-01" }]);
  });

  it("never dates a payment before the booking day, even for arrival on the same day", () => {
    expect(
      paymentSchedule({ ...terms, total: 30_000, bookingDay: "2026-03-01", checkIn: "2026-03-01" }),
    ).toEqual([{ kind: "full", amount: 30_000, dueDate: "2026-03-01" }]);
  });

  it("works across month and year ends and leap days", () => {
    expect(
      paymentSchedule({ ...terms, total: 10_000, bookingDay: "2027-12-28", checkIn: "2028-03-30" }),
    ).toEqual([
      { kind: "deposit", amount: 2_000, dueDate: "2028-01-04" },
      { kind: "balance", amount: 8_000, dueDate: "2028-02-29" },
    ]);
  });

  it("refuses totals that are not whole, non-negative cents", () => {
    for (const total of [-1, 12.5, Number.NaN]) {
      expect(() =>
        paymentSchedule({ ...terms, total, bookingDay: "2026-03-01", checkIn: "2026-05-01" }),
      ).toThrow(RangeError);
    }
  });

  const day = fc.integer({ min: 0, max: 3_650 }).map((offset) => addDays("2025-01-01", offset));
  const stay = fc.record({
    total: fc.integer({ min: 0, max: 100_000_000 }),
    bookingDay: day,
    daysAhead: fc.integer({ min: 1, max: 800 }),
    depositPercentage: fc.integer({ min: 0, max: 100 }),
    balanceDueDays: fc.integer({ min: 0, max: 365 }),
  });

  it("always adds up to the total, with due dates between booking day and the day before arrival", () => {
    fc.assert(
      fc.property(stay, ({ total, bookingDay, daysAhead, depositPercentage, balanceDueDays }) => {
        const checkIn = addDays(bookingDay, daysAhead);
        const schedule = paymentSchedule({
          total,
          bookingDay,
          checkIn,
          depositPercentage,
          balanceDueDays,
        });
        expect(schedule.reduce((sum, p) => sum + p.amount, 0)).toBe(total);
        for (const payment of schedule) {
          expect(Number.isInteger(payment.amount)).toBe(true);
          expect(payment.amount).toBeGreaterThanOrEqual(0);
          expect(payment.dueDate >= bookingDay).toBe(true);
          expect(payment.dueDate <= addDays(checkIn, -1)).toBe(true);
        }
      }),
    );
  });

  it("has either one full payment or a deposit strictly before the balance", () => {
    fc.assert(
      fc.property(stay, ({ total, bookingDay, daysAhead }) => {
        const checkIn = addDays(bookingDay, daysAhead);
        const schedule = paymentSchedule({ ...terms, total, bookingDay, checkIn });
        if (schedule.length === 1) {
          expect(schedule[0].kind).toBe("full");
          // Only when the balance date would not fall after the deposit date.
          expect(addDays(checkIn, -30) <= addDays(bookingDay, 7)).toBe(true);
        } else {
          const [deposit, balance] = schedule;
          expect([deposit.kind, balance.kind]).toEqual(["deposit", "balance"]);
          expect(deposit.dueDate < balance.dueDate).toBe(true);
          expect(deposit.dueDate).toBe(addDays(bookingDay, 7));
          expect(balance.dueDate).toBe(addDays(checkIn, -30));
          expect(deposit.amount).toBe(Math.round(total * 0.2));
        }
      }),
    );
  });
});

describe("paymentProgress (property-based)", () => {
  const day = fc.integer({ min: 0, max: 3_650 }).map((offset) => addDays("2025-01-01", offset));
  const booking = fc.record({
    total: fc.integer({ min: 0, max: 100_000_000 }),
    bookingDay: day,
    daysAhead: fc.integer({ min: 1, max: 800 }),
    depositPercentage: fc.integer({ min: 0, max: 100 }),
    balanceDueDays: fc.integer({ min: 0, max: 365 }),
    /** received as a share of the total, up to an overpayment */
    receivedShare: fc.double({ min: 0, max: 1.5, noNaN: true }),
    todayOffset: fc.integer({ min: -10, max: 900 }),
  });

  it("fills the items in order: paid + open = each amount, never negative, what is due ≤ what is open", () => {
    fc.assert(
      fc.property(booking, (b) => {
        const checkIn = addDays(b.bookingDay, b.daysAhead);
        const schedule = paymentSchedule({ ...b, checkIn });
        const received = Math.floor(b.total * b.receivedShare);
        const today = addDays(b.bookingDay, b.todayOffset);
        const progress = paymentProgress(schedule, { received, today });
        for (const item of progress.items) {
          expect(item.paid + item.open).toBe(item.amount);
          expect(item.paid).toBeGreaterThanOrEqual(0);
          expect(item.open).toBeGreaterThanOrEqual(0);
        }
        expect(progress.open).toBe(Math.max(0, b.total - received));
        expect(progress.dueNow).toBeLessThanOrEqual(progress.open);
        expect(progress.next).toEqual(progress.items.find((item) => item.open > 0) ?? null);
        // An item is only "paid" in part when everything before it is paid in full.
        const firstOpen = progress.items.findIndex((item) => item.open > 0);
        if (firstOpen >= 0) {
          for (const later of progress.items.slice(firstOpen + 1)) expect(later.paid).toBe(0);
        }
      }),
    );
  });

  it("after the online checkout paid the first item, exactly the balance is left, due on its date", () => {
    // What the Stripe checkout charges (the first item) and what the success page and the
    // receipt then name as open (decision 044) come from this one schedule.
    fc.assert(
      fc.property(booking, (b) => {
        const checkIn = addDays(b.bookingDay, b.daysAhead);
        const schedule = paymentSchedule({ ...b, checkIn });
        const progress = paymentProgress(schedule, {
          received: schedule[0].amount,
          today: b.bookingDay,
        });
        expect(schedule[0].amount + (schedule[1]?.amount ?? 0)).toBe(b.total);
        expect(progress.open).toBe(schedule[1]?.amount ?? 0);
        if (schedule[1] && schedule[1].amount > 0) {
          expect(progress.next).toMatchObject({ kind: "balance", dueDate: schedule[1].dueDate });
          // Never after arrival: the balance is due before the guest comes.
          expect(schedule[1].dueDate < checkIn).toBe(true);
        }
      }),
    );
  });
});

describe("formatIban", () => {
  it("groups in fours, upper case, whatever spacing was stored", () => {
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban(" de89 3704004405 32013000 ")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban("NL91ABNA0417164300")).toBe("NL91 ABNA 0417 1643 00");
    expect(formatIban("AT611904300234573201")).toBe("AT61 1904 3002 3457 3201");
  });
});

describe("paymentProgress", () => {
  const schedule = paymentSchedule({
    ...terms,
    total: 100_000,
    bookingDay: "2026-03-01",
    checkIn: "2026-06-01",
  }); // deposit 20,000 due 2026-03-08, balance 80,000 due 2026-05-02

  it("fills the deposit first, then the balance", () => {
    const progress = paymentProgress(schedule, { received: 30_000, today: "2026-03-10" });
    expect(progress.items.map((i) => [i.kind, i.paid, i.open, i.isOverdue])).toEqual([
      ["deposit", 20_000, 0, false],
      ["balance", 10_000, 70_000, false],
    ]);
    expect(progress).toMatchObject({ received: 30_000, open: 70_000, dueNow: 0 });
    expect(progress.next?.kind).toBe("balance");
  });

  it("counts an unpaid deposit as due on its day and overdue the day after", () => {
    expect(paymentProgress(schedule, { received: 0, today: "2026-03-08" })).toMatchObject({
      dueNow: 20_000,
      items: [{ isOverdue: false }, { isOverdue: false }],
    });
    expect(paymentProgress(schedule, { received: 5_000, today: "2026-03-09" })).toMatchObject({
      dueNow: 15_000,
      open: 95_000,
      items: [{ isOverdue: true, open: 15_000 }, { isOverdue: false }],
    });
  });

  it("has nothing open or next once the total is received, also when more came in", () => {
    for (const received of [100_000, 120_000]) {
      const progress = paymentProgress(schedule, { received, today: "2026-05-20" });
      expect(progress).toMatchObject({ open: 0, dueNow: 0, next: null });
    }
  });

  it("always splits what was received and what is open into the total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (received) => {
        const progress = paymentProgress(schedule, { received, today: "2026-04-01" });
        const paid = progress.items.reduce((sum, i) => sum + i.paid, 0);
        expect(paid).toBe(Math.min(received, 100_000));
        expect(paid + progress.open).toBe(100_000);
      }),
    );
  });
});

describe("amountToPayNext", () => {
  const booking = {
    totalPrice: 100_000,
    bookingDay: "2026-03-01",
    checkIn: "2026-06-01",
    depositPercentage: 20,
    balanceDueDays: 30,
    amountPaid: 0,
  };

  it("asks for the deposit first, then the rest of the balance", () => {
    expect(amountToPayNext(bookingPaymentProgress(booking, "2026-03-02"))).toBe(20_000);
    expect(
      amountToPayNext(bookingPaymentProgress({ ...booking, amountPaid: 25_000 }, "2026-03-10")),
    ).toBe(75_000);
  });

  it("asks for everything due by today once both dates have passed", () => {
    expect(
      amountToPayNext(bookingPaymentProgress({ ...booking, amountPaid: 5_000 }, "2026-05-10")),
    ).toBe(95_000);
  });

  it("asks for nothing once the total is received", () => {
    expect(
      amountToPayNext(bookingPaymentProgress({ ...booking, amountPaid: 100_000 }, "2026-05-10")),
    ).toBe(0);
  });
});
