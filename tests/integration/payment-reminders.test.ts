/**
 * Bank-transfer reminders and the optional cancellation of unpaid deposits (issue 17 points 4
 * and 5, decision 047): the job as the server runs it, called with a given "now".
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/domain/calendar-day";
import { overduePayments } from "~/features/admin-dashboard/dashboard.server";
import { runPaymentReminders } from "~/features/booking/payment-reminders.server";
import { renderEmail } from "~/features/email/templates";
import { saveSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { demoEmailCompany } from "../helpers/email-fixtures";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  adminId = (await createUser({ role: "admin", name: "Anton Admin" })).id;
  await db().insert(schema.bankAccount).values({
    accountHolder: "Ferienhof Küstenglück",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    bankName: "Commerzbank",
    isActive: true,
    isDefault: true,
  });
});
afterAll(() => handle.close());
beforeEach(async () => {
  // Each test looks at its own bookings only; earlier tests' open bookings are closed.
  await db()
    .update(schema.booking)
    .set({ status: "completed" })
    .where(inArray(schema.booking.status, ["pending", "confirmed"]));
  await db().delete(schema.emailOutbox);
  await saveSettings({ autoCancelOverdueDays: null }, adminId);
});

/** 10:00 Berlin on `day` (winter time). */
const at = (day: string) => new Date(`${day}T09:00:00Z`);

/**
 * Booked 1 March for 1 June, 1.000 €: deposit 200 € due 8 March, balance 800 € due 2 May.
 */
async function openBooking(
  overrides: Omit<Partial<typeof schema.booking.$inferInsert>, "userId" | "propertyId"> = {},
  language: "de" | "en" = "de",
) {
  const guest = await createUser({ name: "Greta Gast" });
  if (language === "en") {
    await db()
      .update(schema.profile)
      .set({ language: "en" })
      .where(eq(schema.profile.id, guest.id));
  }
  const property = await createProperty({ title: `Haus ${crypto.randomUUID().slice(0, 6)}` });
  return createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn: "2026-06-01",
    checkOut: "2026-06-05",
    guestName: "Greta Gast",
    guestEmail: guest.email,
    totalPrice: 100_000,
    createdAt: new Date("2026-03-01T09:00:00Z"),
    ...overrides,
  });
}

const render = async (mail: typeof schema.emailOutbox.$inferSelect) => {
  const rendered = await renderEmail(mail.template, mail.data, {
    baseUrl: "https://ferien.example.com",
    platformName: "TraumUrlaub",
    company: demoEmailCompany,
  });
  return { ...rendered, text: rendered.text.replace(/\u00a0/g, " ") };
};

const reminderMails = (bookingId: string) =>
  db()
    .select()
    .from(schema.emailOutbox)
    .where(
      and(
        eq(schema.emailOutbox.bookingId, bookingId),
        eq(schema.emailOutbox.template, "payment-reminder"),
      ),
    )
    .orderBy(asc(schema.emailOutbox.createdAt));
const stored = async (bookingId: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId)))[0];
const pay = (bookingId: string, amount: number, receivedOn = "2026-03-02") =>
  db().insert(schema.payment).values({ bookingId, amount, receivedOn });

describe(`bank-transfer payment reminders (${databaseKind()})`, () => {
  it("sends the reminder 3 days before the due date once, even when the job runs twice or at the same time", async () => {
    const booking = await openBooking();
    expect(await runPaymentReminders(at("2026-03-04"))).toMatchObject({ sent: 0 });

    const [first, second, third] = await Promise.all([
      runPaymentReminders(at("2026-03-05")),
      runPaymentReminders(at("2026-03-05")),
      runPaymentReminders(at("2026-03-05")),
    ]);
    expect(first.sent + second.sent + third.sent).toBe(1);
    expect(await runPaymentReminders(at("2026-03-06"))).toMatchObject({ sent: 0 });

    const mails = await reminderMails(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: booking.guestEmail });
    expect(mails[0].data).toMatchObject({
      language: "de",
      reminder: "upcoming",
      reminderDueDate: "2026-03-08",
      amountDue: 20_000,
      openTotal: 100_000,
      bookingNumber: booking.number,
      account: { iban: "DE89370400440532013000", accountHolder: "Ferienhof Küstenglück" },
    });
    // In the booking's history, with the row that makes it "once".
    const history = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.entityId, booking.id),
          eq(schema.auditLog.action, "payment-reminder-sent"),
        ),
      );
    expect(history).toHaveLength(1);
    expect(history[0].after).toMatchObject({ reminder: "upcoming", amountDue: 20_000 });
    const rows = await db()
      .select()
      .from(schema.paymentReminder)
      .where(eq(schema.paymentReminder.bookingId, booking.id));
    expect(rows).toEqual([
      expect.objectContaining({
        dueDate: "2026-03-08",
        kind: "upcoming",
        instalment: "deposit",
        emailId: mails[0].id,
      }),
    ]);

    // The day after the missed due date: the overdue reminder, once.
    const overdue = await Promise.all([
      runPaymentReminders(at("2026-03-09")),
      runPaymentReminders(at("2026-03-09")),
    ]);
    expect(overdue[0].sent + overdue[1].sent).toBe(1);
    expect(await runPaymentReminders(at("2026-03-10"))).toMatchObject({ sent: 0 });
    expect((await reminderMails(booking.id)).map((m) => m.data)).toEqual([
      expect.objectContaining({ reminder: "upcoming" }),
      expect.objectContaining({ reminder: "overdue", dueDate: "2026-03-08", amountDue: 20_000 }),
    ]);
  });

  it("the database refuses a second reminder of one due date and kind", async () => {
    const booking = await openBooking();
    const row = {
      bookingId: booking.id,
      dueDate: "2026-03-08",
      kind: "overdue",
      instalment: "deposit",
      amount: 20_000,
    };
    await db().insert(schema.paymentReminder).values(row);
    await expect(db().insert(schema.paymentReminder).values(row)).rejects.toThrow();
  });

  it("reminds no paid, cancelled or online-paid booking, and asks only for what is still open", async () => {
    const open = await openBooking();
    const partly = await openBooking();
    await pay(partly.id, 5_000);
    const depositPaid = await openBooking();
    await pay(depositPaid.id, 20_000);
    const paid = await openBooking();
    await pay(paid.id, 100_000);
    const cancelled = await openBooking({ status: "cancelled" });
    const card = await openBooking({ paymentMethod: "credit-card" });
    const paypal = await openBooking({ paymentMethod: "paypal" });
    const confirmed = await openBooking({ status: "confirmed" });

    await runPaymentReminders(at("2026-03-09"));
    const sent = async (id: string) => (await reminderMails(id)).map((m) => m.data);
    expect(await sent(open.id)).toEqual([expect.objectContaining({ amountDue: 20_000 })]);
    expect(await sent(partly.id)).toEqual([expect.objectContaining({ amountDue: 15_000 })]);
    expect(await sent(confirmed.id)).toHaveLength(1);
    for (const quiet of [depositPaid, paid, cancelled, card, paypal]) {
      expect(await sent(quiet.id)).toEqual([]);
    }
    // The balance of the booking whose deposit is paid: 3 days before 2 May.
    await runPaymentReminders(at("2026-04-29"));
    expect(await sent(depositPaid.id)).toEqual([
      expect.objectContaining({ reminder: "upcoming", amountDue: 80_000, dueDate: "2026-05-02" }),
    ]);
    expect(await sent(paid.id)).toEqual([]);
  });

  it("catches up after downtime: the overdue reminder once, never a late 'due soon'", async () => {
    const booking = await openBooking();
    // Nothing ran between 1 and 20 March.
    expect(await runPaymentReminders(at("2026-03-20"))).toMatchObject({ sent: 1 });
    expect((await reminderMails(booking.id)).map((m) => m.data)).toEqual([
      expect.objectContaining({ reminder: "overdue", reminderDueDate: "2026-03-08" }),
    ]);
    // Down again until just before the balance date: the balance's reminder, and the deposit
    // is not reminded of a second time.
    expect(await runPaymentReminders(at("2026-05-01"))).toMatchObject({ sent: 1 });
    expect((await reminderMails(booking.id)).map((m) => m.data)).toEqual([
      expect.objectContaining({ reminder: "overdue", reminderDueDate: "2026-03-08" }),
      expect.objectContaining({
        reminder: "upcoming",
        reminderDueDate: "2026-05-02",
        // Everything due by then: the overdue deposit and the balance.
        amountDue: 100_000,
      }),
    ]);
  });

  it("writes in the guest's language", async () => {
    const booking = await openBooking({}, "en");
    await runPaymentReminders(at("2026-03-05"));
    expect((await reminderMails(booking.id))[0].data).toMatchObject({ language: "en" });
  });
});

describe(`cancelling bookings whose deposit stays unpaid (${databaseKind()})`, () => {
  it("does nothing while the setting is off (the default)", async () => {
    const booking = await openBooking();
    expect(await runPaymentReminders(at("2026-04-20"))).toMatchObject({ cancelled: 0 });
    expect((await stored(booking.id)).status).toBe("pending");
  });

  it("cancels once the deposit is N days overdue and the final notice's deadline has passed, once, with an e-mail and a refund of what arrived", async () => {
    await saveSettings({ autoCancelOverdueDays: 7 }, adminId);
    const unpaid = await openBooking();
    const partly = await openBooking({ status: "confirmed" });
    await pay(partly.id, 5_000);
    const depositPaid = await openBooking();
    await pay(depositPaid.id, 20_000);

    // The day after the missed deposit: the final notice with 7 days to pay, instead of the
    // plain overdue reminder (decision 084).
    expect(await runPaymentReminders(at("2026-03-09"))).toMatchObject({ sent: 2, cancelled: 0 });
    const [notice] = await reminderMails(unpaid.id);
    expect(notice.data).toMatchObject({
      reminder: "final",
      reminderDueDate: "2026-03-08",
      deadline: "2026-03-16",
      dueDate: "2026-03-16",
    });
    const rendered = await render(notice);
    expect(rendered.subject).toBe(`Letzte Zahlungsaufforderung: Ihre Buchung ${unpaid.number}`);
    expect(rendered.text).toContain("spätestens am 16.03.2026 auf unserem Konto eingeht");
    expect(rendered.text).toContain("stornieren wir Ihre Buchung");
    expect(rendered.text).toMatch(/Eingang spätestens am: 16\.03\.2026/);
    expect(await reminderMails(depositPaid.id)).toEqual([]);

    // 7 days overdue, as the setting says, but the deadline runs to the end of the 16th.
    expect(await runPaymentReminders(at("2026-03-15"))).toMatchObject({ sent: 0, cancelled: 0 });
    expect(await runPaymentReminders(at("2026-03-16"))).toMatchObject({ sent: 0, cancelled: 0 });
    const [a, b] = await Promise.all([
      runPaymentReminders(at("2026-03-17")),
      runPaymentReminders(at("2026-03-17")),
    ]);
    expect(a.cancelled + b.cancelled).toBe(2);

    expect(await stored(unpaid.id)).toMatchObject({ status: "cancelled", cancellationFee: 0 });
    expect(await stored(partly.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "partially-paid",
    });
    expect((await stored(depositPaid.id)).status).toBe("pending");

    const mails = await db()
      .select()
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.bookingId, unpaid.id),
          eq(schema.emailOutbox.template, "booking-cancelled"),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].data).toMatchObject({
      reason: "unpaid",
      unpaidDueDate: "2026-03-08",
      noticeDeadline: "2026-03-16",
    });
    expect((await render(mails[0])).text).toContain(
      "auch bis zum Ende der Frist aus unserer letzten Zahlungsaufforderung (16.03.2026)",
    );
    const refunds = await db()
      .select()
      .from(schema.refund)
      .where(eq(schema.refund.bookingId, partly.id));
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 5_000, status: "open", method: "bank-transfer" }),
    ]);
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.entityId, unpaid.id),
          eq(schema.auditLog.action, "cancelled-unpaid"),
        ),
      );
    expect(entry).toMatchObject({ actorId: null });
    expect(entry.after).toMatchObject({
      status: "cancelled",
      dueDate: "2026-03-08",
      noticeDeadline: "2026-03-16",
    });

    // No further reminders for the cancelled bookings.
    await db().delete(schema.emailOutbox);
    await runPaymentReminders(at("2026-04-29"));
    expect(await reminderMails(unpaid.id)).toEqual([]);
    expect(await reminderMails(depositPaid.id)).toHaveLength(1);
  });

  it("switched on late, it sends the final notice first and never cancels on the spot", async () => {
    const booking = await openBooking();
    expect(await runPaymentReminders(at("2026-03-09"))).toMatchObject({ sent: 1 });
    // Three weeks overdue when the operator switches it on: the notice, not the cancellation.
    await saveSettings({ autoCancelOverdueDays: 3 }, adminId);
    expect(await runPaymentReminders(at("2026-03-30"))).toMatchObject({ sent: 1, cancelled: 0 });
    expect((await reminderMails(booking.id)).map((m) => m.data)).toEqual([
      expect.objectContaining({ reminder: "overdue" }),
      expect.objectContaining({ reminder: "final", deadline: "2026-04-06" }),
    ]);
    // The dashboard's overdue list tells the operator what is coming.
    expect((await overduePayments("2026-03-31")).bookings).toEqual([
      expect.objectContaining({ id: booking.id, noticeDeadline: "2026-04-06" }),
    ]);
    expect(await runPaymentReminders(at("2026-04-06"))).toMatchObject({ cancelled: 0 });
    expect(await runPaymentReminders(at("2026-04-07"))).toMatchObject({ cancelled: 1 });
    expect((await stored(booking.id)).status).toBe("cancelled");
  });

  it("after a final notice no plain overdue reminder follows, and paying in time keeps the booking", async () => {
    await saveSettings({ autoCancelOverdueDays: 3 }, adminId);
    const paysInTime = await openBooking();
    const switchedOff = await openBooking();
    await runPaymentReminders(at("2026-03-09"));
    await pay(paysInTime.id, 20_000, "2026-03-15");
    // The operator switches it off again: the notice said more than "overdue" already.
    await saveSettings({ autoCancelOverdueDays: null }, adminId);
    expect(await runPaymentReminders(at("2026-03-10"))).toMatchObject({ sent: 0 });
    expect((await reminderMails(switchedOff.id)).map((m) => m.data)).toEqual([
      expect.objectContaining({ reminder: "final" }),
    ]);
    await saveSettings({ autoCancelOverdueDays: 3 }, adminId);
    expect(await runPaymentReminders(at("2026-03-17"))).toMatchObject({ cancelled: 1 });
    expect((await stored(paysInTime.id)).status).toBe("pending");
    expect((await stored(switchedOff.id)).status).toBe("cancelled");
  });

  it("the database keeps a deadline with the final notice and with no other reminder", async () => {
    const booking = await openBooking();
    const row = { bookingId: booking.id, dueDate: "2026-03-08", instalment: "deposit", amount: 1 };
    await expect(
      db()
        .insert(schema.paymentReminder)
        .values({ ...row, kind: "final" }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(schema.paymentReminder)
        .values({ ...row, kind: "overdue", deadline: "2026-03-16" }),
    ).rejects.toThrow();
  });
});

describe(`no second payment demand beside a running final notice (${databaseKind()})`, () => {
  /**
   * Runs the job once a day from `from` to `to` (with `before(day)` first, e.g. a payment) and
   * returns what each booking was sent, day by day: "9 Mar final 1000.00 until 2026-03-16".
   */
  async function mailsDayByDay(
    bookings: Record<string, string>,
    from: string,
    to: string,
    before: (day: string) => Promise<unknown> = async () => {},
  ) {
    const log: Record<string, string[]> = Object.fromEntries(
      Object.keys(bookings).map((name) => [name, []]),
    );
    const seen = new Set<string>();
    for (let day = from; day <= to; day = addDays(day, 1)) {
      await before(day);
      await runPaymentReminders(at(day));
      for (const [name, id] of Object.entries(bookings)) {
        const mails = await db()
          .select()
          .from(schema.emailOutbox)
          .where(eq(schema.emailOutbox.bookingId, id))
          .orderBy(asc(schema.emailOutbox.createdAt));
        for (const mail of mails.filter((m) => !seen.has(m.id))) {
          seen.add(mail.id);
          const data = mail.data as Record<string, unknown>;
          const what =
            mail.template === "payment-reminder"
              ? `${String(data.reminder)} ${(Number(data.amountDue) / 100).toFixed(2)} by ${String(data.dueDate)}`
              : mail.template;
          log[name].push(`${day} ${what}`);
        }
      }
    }
    return log;
  }

  it("after the final notice, the balance it already asked for gets no reminder of its own until the deadline has passed", async () => {
    await saveSettings({ autoCancelOverdueDays: 3 }, adminId);
    // Booked 1 March for 8 April: deposit 200 € due 8 March, balance 800 € due 9 March – the
    // day the final notice goes out, so the notice asks for the whole 1.000 €.
    const stay = { checkIn: "2026-04-08", checkOut: "2026-04-12" };
    const unpaid = await openBooking(stay);
    const paysDeposit = await openBooking(stay);
    const log = await mailsDayByDay(
      { unpaid: unpaid.id, paysDeposit: paysDeposit.id },
      "2026-03-01",
      "2026-03-20",
      async (day) => {
        if (day === "2026-03-12") await pay(paysDeposit.id, 20_000, day);
      },
    );
    const untilTheNotice = [
      "2026-03-05 upcoming 200.00 by 2026-03-08",
      "2026-03-06 upcoming 1000.00 by 2026-03-09",
      "2026-03-09 final 1000.00 by 2026-03-16",
    ];
    // No "Zahlung überfällig" for the balance while the deadline runs; then the cancellation.
    expect(log.unpaid).toEqual([...untilTheNotice, "2026-03-17 booking-cancelled"]);
    // The deposit arrived, the balance did not: after the deadline the balance is reminded of.
    expect(log.paysDeposit).toEqual([...untilTheNotice, "2026-03-17 overdue 800.00 by 2026-03-09"]);
    expect((await stored(paysDeposit.id)).status).toBe("pending");
  });

  it("a run that sends the final notice sends nothing else for the balance it includes", async () => {
    // The job was down (or the setting switched on) until the notice's day.
    const booking = await openBooking({ checkIn: "2026-04-08", checkOut: "2026-04-12" });
    await saveSettings({ autoCancelOverdueDays: 3 }, adminId);
    const [a, b] = await Promise.all([
      runPaymentReminders(at("2026-03-09")),
      runPaymentReminders(at("2026-03-09")),
    ]);
    expect(a.sent + b.sent).toBe(1);
    expect((await reminderMails(booking.id)).map((m) => m.data)).toEqual([
      expect.objectContaining({ reminder: "final", amountDue: 100_000, deadline: "2026-03-16" }),
    ]);
  });

  it("a balance that falls due after the notice was sent gets its normal reminders (the notice did not ask for it)", async () => {
    await saveSettings({ autoCancelOverdueDays: 3 }, adminId);
    // Booked 1 March for 12 April: balance due 13 March, after the notice of 9 March.
    const booking = await openBooking({ checkIn: "2026-04-12", checkOut: "2026-04-15" });
    const log = await mailsDayByDay({ booking: booking.id }, "2026-03-01", "2026-03-15");
    expect(log.booking).toEqual([
      "2026-03-05 upcoming 200.00 by 2026-03-08",
      "2026-03-09 final 200.00 by 2026-03-16",
      "2026-03-10 upcoming 1000.00 by 2026-03-13",
      "2026-03-14 overdue 1000.00 by 2026-03-13",
    ]);
  });
});

describe(`the dashboard's overdue list (${databaseKind()})`, () => {
  it("lists bank-transfer bookings with an overdue instalment: amount open, days overdue, most overdue first", async () => {
    const deposit = await openBooking();
    const partly = await openBooking({ createdAt: new Date("2026-02-20T09:00:00Z") });
    await pay(partly.id, 5_000);
    const balance = await openBooking();
    await pay(balance.id, 20_000);
    const paid = await openBooking();
    await pay(paid.id, 100_000);
    // Online bookings are listed too (tests/integration/online-payment-trouble.test.ts), but
    // not while their SEPA debit is processing.
    await openBooking({
      paymentMethod: "sepa-debit",
      stripePaymentProcessingSince: new Date("2026-03-02T09:00:00Z"),
    });
    await openBooking({ status: "cancelled" });
    // Booked today: nothing can be overdue yet.
    await openBooking({ createdAt: new Date("2026-03-15T09:00:00Z") });

    expect(await overduePayments("2026-02-27")).toEqual({ bookings: [], total: 0 });
    const list = await overduePayments("2026-03-15");
    expect(list.total).toBe(2);
    expect(list.bookings).toEqual([
      // Booked 20 Feb: deposit due 27 Feb, 16 days overdue, 150 € of 200 € open.
      expect.objectContaining({
        id: partly.id,
        amountOpen: 15_000,
        dueDate: "2026-02-27",
        daysOverdue: 16,
      }),
      expect.objectContaining({
        id: deposit.id,
        number: deposit.number,
        amountOpen: 20_000,
        dueDate: "2026-03-08",
        daysOverdue: 7,
      }),
    ]);
    // After the balance date: the deposit-paid booking owes its balance, the others everything.
    const later = await overduePayments("2026-05-04");
    expect(later.bookings.find((b) => b.id === balance.id)).toMatchObject({
      amountOpen: 80_000,
      dueDate: "2026-05-02",
      daysOverdue: 2,
    });
    expect(later.bookings.find((b) => b.id === deposit.id)).toMatchObject({
      amountOpen: 100_000,
      daysOverdue: 57,
    });
    expect(later.bookings.find((b) => b.id === paid.id)).toBeUndefined();
  });
});
