/**
 * An admin records a payment on a card booking and confirms it (decision 107): the receipt's
 * note about the rest says what really happens to it, and the balance job is run on the due
 * date to show that it does. A card saved at an earlier checkout: the job charges it – the
 * e-mail says so, never "überweisen Sie bitte". No card saved (the booking was never paid
 * online): the job charges nothing and no reminder comes – the e-mail asks for a transfer and
 * names the account and the reference. Against the local fake Stripe, through a real SMTP
 * receiver.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { formatIban } from "~/domain/payment-schedule";
import { changeBookingStatus, recordPayment } from "~/features/booking/admin-bookings.server";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { runPaymentReminders } from "~/features/booking/payment-reminders.server";
import { db, schema } from "~/lib/db.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { databaseKind } from "../helpers/database";
import { createBankAccount, createUser } from "../helpers/factories";
import { bookingRow, depositPaid } from "../helpers/online-booking";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { pendingBooking } from "../helpers/pending-booking";
import { smtpReceiverForFile } from "../helpers/smtp-env";
import { fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("confirm-rest");
const smtp = smtpReceiverForFile();
const IBAN = "DE02120300000000202051";
let adminId: string;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).id;
  await createBankAccount({ accountHolder: "Ferienwohnungen Alpenblick", iban: IBAN });
});

const money = (cents: number) => formatMoney(cents, "de");
const day = (value: string) => formatDate(value, "de");
const at = (value: string) => new Date(`${value}T12:00:00+01:00`);

/** The admin records a transfer received today and confirms the booking with it. */
async function transferConfirmed(bookingId: string, seenAmountPaid: number, amount: number) {
  expect(
    await recordPayment({
      bookingId,
      seenStatus: "pending",
      seenAmountPaid,
      amount,
      receivedOn: todayInBerlin(),
      note: "Überweisung",
      confirm: true,
      actorId: adminId,
      now: new Date(),
    }),
  ).toMatchObject({ ok: true, confirmed: true });
}

/** The guest's "Buchung bestätigt" of the booking, as it arrived. */
async function confirmedMail(bookingId: string) {
  const mails = await deliverQueuedMail(smtp.receiver);
  const row = await bookingRow(bookingId);
  const mail = mails.find(
    (m) => m.to === row.guestEmail && m.subject === `Buchung bestätigt: ${row.number}`,
  );
  expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
  return mail!;
}

const queuedFor = (bookingId: string) =>
  db()
    .select({ template: schema.emailOutbox.template })
    .from(schema.emailOutbox)
    .where(
      and(eq(schema.emailOutbox.bookingId, bookingId), eq(schema.emailOutbox.status, "pending")),
    );

describe(`the rest of a card booking an admin confirmed (${databaseKind()})`, () => {
  it("a card saved at the checkout: the e-mail says it is charged, and the job charges it", async () => {
    const { booking, deposit, balance, customer } = await depositPaid(stripe, {
      inDays: 90,
      guestName: "Clara Card",
    });
    await deliverQueuedMail(smtp.receiver);
    // Back to "ausstehend", then a transfer arrives and the admin confirms with it.
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "pending",
        seenStatus: "confirmed",
        actorId: adminId,
        now: new Date(),
      }),
    ).toEqual({ ok: true });
    await transferConfirmed(booking.id, deposit.amount, 10_000);
    const rest = booking.totalPrice - deposit.amount - 10_000;
    const mail = await confirmedMail(booking.id);
    expect(mail.text).toContain(`Bezahlt: ${money(deposit.amount + 10_000)}`);
    expect(mail.text).toContain(`Noch offen: ${money(rest)}`);
    expect(mail.text).toContain(
      `Den Restbetrag von ${money(rest)} buchen wir am ${day(balance.dueDate)} von der Zahlungsart ab, die Sie bei Ihrer Online-Zahlung für diese Buchung hinterlegt haben (Kreditkarte). Gelingt das nicht, senden wir Ihnen einen Zahlungslink per E-Mail.`,
    );
    // Not asked to transfer what the card pays.
    expect(mail.text).not.toContain("überweisen Sie bitte");
    expect(mail.text).not.toContain("IBAN");

    // What really happens on the due date: the saved card is charged exactly that rest.
    await chargeDueBalances(at(balance.dueDate));
    const charges = stripe.charges.filter((c) => c.params.customer === customer);
    expect(charges.map((c) => c.params.amount)).toEqual([String(rest)]);
    expect(await bookingRow(booking.id)).toMatchObject({ amountPaid: booking.totalPrice });
  });

  it("never paid online: the e-mail asks for a transfer with the account, and nothing else asks", async () => {
    // A card booking whose checkout was never paid (the guest transferred instead).
    const { booking } = await pendingBooking({
      totalPrice: 68_400,
      paymentMethod: "credit-card",
      createdAt: new Date(`${addDays(todayInBerlin(), -1)}T09:00:00Z`),
      checkIn: addDays(todayInBerlin(), 90),
      checkOut: addDays(todayInBerlin(), 94),
    });
    await transferConfirmed(booking.id, 0, 13_680);
    const balanceDue = addDays(booking.checkIn, -30);
    const mail = await confirmedMail(booking.id);
    expect(mail.text).toContain(
      `Den Restbetrag von ${money(54_720)} überweisen Sie bitte bis zum ${day(balanceDue)} unter Angabe Ihrer Buchungsnummer.`,
    );
    expect(mail.text).toContain("Kontoinhaber: Ferienwohnungen Alpenblick");
    expect(mail.text).toContain(`IBAN: ${formatIban(IBAN)}`);
    expect(mail.text).toContain(`Verwendungszweck: ${booking.number}`);
    expect(mail.html).toContain(formatIban(IBAN));
    expect(mail.text).not.toContain("buchen wir am");

    // What really happens: on the due date and after it, no charge, no link, no reminder.
    for (const when of [balanceDue, addDays(balanceDue, 3)]) {
      await chargeDueBalances(at(when));
      await runPaymentReminders(at(when));
    }
    expect(stripe.charges.filter((c) => c.params.description === booking.number)).toEqual([]);
    expect(await queuedFor(booking.id)).toEqual([]);
    expect(await bookingRow(booking.id)).toMatchObject({ amountPaid: 13_680 });
  });
});
