/**
 * "Zahlung erfassen" with "zugleich bestätigen" (decision 104): the guest's "Buchung bestätigt"
 * carries the receipt the online path sends – what was received and when, what is still open
 * and by when – not only the total; asked to transfer the rest, the guest gets the account and
 * the reference with it (decision 107). "Bestätigen" in the status menu (decision 107): the same
 * receipt when money was received before, else what is due by when and where to transfer it.
 * Through the app's own path: the admin acts, the outbox sends to a real SMTP receiver.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, recordPayment } from "~/features/booking/admin-bookings.server";
import { formatIban } from "~/domain/payment-schedule";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBankAccount, createUser } from "../helpers/factories";
import { smtpReceiverForFile } from "../helpers/smtp-env";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { pendingBooking } from "../helpers/pending-booking";

let handle: DatabaseHandle;
const smtp = smtpReceiverForFile();
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  adminId = (await createUser({ role: "admin" })).id;
  // The operator's default account, which the guest is told to transfer to.
  await createBankAccount({ accountHolder: "Ferienwohnungen Alpenblick", iban: IBAN });
});
afterAll(async () => {
  await handle.close();
});

const NOW = new Date("2026-11-24T10:00:00Z");
const IBAN = "DE02120300000000202051";

/** The guest's "Buchung bestätigt" of the booking, as it arrived. */
async function confirmedMail(bookingId: string) {
  const mails = await deliverQueuedMail(smtp.receiver);
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId));
  const mail = mails.find((m) => m.to === row.guestEmail && m.subject.includes(row.number));
  expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
  return { mail: mail!, number: row.number };
}

/** "Bestätigen" in the booking's status menu, without recording a payment. */
async function confirmInStatusMenu(bookingId: string) {
  expect(
    await changeBookingStatus({
      bookingId,
      status: "confirmed",
      seenStatus: "pending",
      actorId: adminId,
      now: NOW,
    }),
  ).toEqual({ ok: true });
}

/** Greta's booking of 684,00 € (20 % deposit, balance 30 days before 10.03.2027). */
async function recordAndConfirm(amount: number, language: "de" | "en" = "de") {
  const { booking, guest } = await pendingBooking({ totalPrice: 68_400 });
  // The language the guest uses the site in: the e-mail follows it.
  await db().update(schema.profile).set({ language }).where(eq(schema.profile.id, guest.id));
  const result = await recordPayment({
    bookingId: booking.id,
    seenStatus: "pending",
    seenAmountPaid: 0,
    amount,
    receivedOn: "2026-11-23",
    note: "Überweisung",
    confirm: true,
    actorId: adminId,
    now: NOW,
  });
  expect(result).toMatchObject({ ok: true, confirmed: true });
  return (await confirmedMail(booking.id)).mail;
}

/**
 * The booking's history entries "Zahlungsdaten gesendet" (spec README principle 2: every time
 * payment details are sent it is recorded on the booking), as { account, to, reason }.
 */
async function paymentDetailsSent(bookingId: string) {
  const rows = await db()
    .select({ actorId: schema.auditLog.actorId, after: schema.auditLog.after })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.entityId, bookingId),
        eq(schema.auditLog.action, "payment-details-sent"),
      ),
    );
  return rows.map((row) => ({ actorId: row.actorId, ...(row.after as Record<string, unknown>) }));
}

/** The account rows and the reference, as "Buchung eingegangen" shows them. */
function expectTransferDetails(text: string, number: string) {
  expect(text).toContain("Zahlungsinformationen:");
  expect(text).toContain("Kontoinhaber: Ferienwohnungen Alpenblick");
  expect(text).toContain(`IBAN: ${formatIban(IBAN)}`);
  expect(text).toContain(`Verwendungszweck: ${number}`);
}

describe(`the confirmation after a recorded payment carries the receipt (${databaseKind()})`, () => {
  it("the deposit: received, on which day, what is open and by when", async () => {
    const mail = await recordAndConfirm(13_680);
    const money = (cents: number) => formatMoney(cents, "de");
    expect(mail.subject).toMatch(/^Buchung bestätigt: /);
    expect(mail.text).toContain("vielen Dank für Ihre Zahlung: Ihre Buchung ist bestätigt.");
    expect(mail.text).toContain(`Gesamt: ${money(68_400)}`);
    expect(mail.text).toContain("Zahlungsbeleg:");
    expect(mail.text).toContain(`Bezahlt: ${money(13_680)}`);
    expect(mail.text).toContain(`Bezahlt am: ${formatDate("2026-11-23", "de")}`);
    expect(mail.text).toContain(`Noch offen: ${money(54_720)}`);
    expect(mail.text).toContain(`Fällig bis: ${formatDate("2027-02-08", "de")}`);
    expect(mail.text).toContain(
      `Den Restbetrag von ${money(54_720)} überweisen Sie bitte bis zum ${formatDate("2027-02-08", "de")} unter Angabe Ihrer Buchungsnummer.`,
    );
    // Never the card text of the online path: nothing is charged automatically here.
    expect(mail.text).not.toContain("buchen wir am");
    // Asked to transfer: where to (decision 107).
    expectTransferDetails(mail.text, mail.subject.replace("Buchung bestätigt: ", ""));
    expect(mail.html).toContain(formatIban(IBAN));
    expect(mail.html).toContain(money(54_720));
    expect(mail.html).toContain("Zahlungsbeleg");
  });

  it("the whole amount: paid in full, nothing open", async () => {
    const mail = await recordAndConfirm(68_400);
    expect(mail.text).toContain(`Bezahlt: ${formatMoney(68_400, "de")}`);
    expect(mail.text).toContain("Die Buchung ist vollständig bezahlt.");
    expect(mail.text).not.toContain("Noch offen");
    // Nothing left to transfer: no account, and no payment details recorded as sent.
    expect(mail.text).not.toContain("IBAN");
    const [row] = await db()
      .select({ id: schema.booking.id })
      .from(schema.booking)
      .where(eq(schema.booking.guestEmail, mail.to));
    expect(await paymentDetailsSent(row.id)).toEqual([]);
  });

  it("in English for a booking made in English", async () => {
    const mail = await recordAndConfirm(13_680, "en");
    const money = (cents: number) => formatMoney(cents, "en");
    expect(mail.subject).toMatch(/^Booking confirmed: /);
    expect(mail.text).toContain(`Paid: ${money(13_680)}`);
    expect(mail.text).toContain(`Still open: ${money(54_720)}`);
    expect(mail.text).toContain(
      `Please transfer the balance of ${money(54_720)} by ${formatDate("2027-02-08", "en")}, quoting your booking number.`,
    );
  });
});

describe(`"Bestätigen" in the status menu states the money (${databaseKind()})`, () => {
  it("after a deposit recorded without confirming: the receipt, the rest and where to transfer it", async () => {
    const { booking } = await pendingBooking({ totalPrice: 68_400 });
    expect(
      await recordPayment({
        bookingId: booking.id,
        seenStatus: "pending",
        seenAmountPaid: 0,
        amount: 13_680,
        receivedOn: "2026-11-22",
        note: "Überweisung",
        confirm: false,
        actorId: adminId,
        now: NOW,
      }),
    ).toMatchObject({ ok: true, confirmed: false });
    await deliverQueuedMail(smtp.receiver);
    await confirmInStatusMenu(booking.id);
    const { mail, number } = await confirmedMail(booking.id);
    const money = (cents: number) => formatMoney(cents, "de");
    expect(mail.text).toContain("vielen Dank für Ihre Zahlung: Ihre Buchung ist bestätigt.");
    expect(mail.text).toContain("Zahlungsbeleg:");
    expect(mail.text).toContain(`Bezahlt: ${money(13_680)}`);
    expect(mail.text).toContain(`Bezahlt am: ${formatDate("2026-11-22", "de")}`);
    expect(mail.text).toContain(`Noch offen: ${money(54_720)}`);
    expect(mail.text).toContain(
      `Den Restbetrag von ${money(54_720)} überweisen Sie bitte bis zum ${formatDate("2027-02-08", "de")} unter Angabe Ihrer Buchungsnummer.`,
    );
    expectTransferDetails(mail.text, number);
    expect(mail.html).toContain("Zahlungsbeleg");
  });

  it("with nothing received: each payment due with its date, and where to transfer it", async () => {
    const { booking } = await pendingBooking({ totalPrice: 68_400 });
    await confirmInStatusMenu(booking.id);
    const { mail, number } = await confirmedMail(booking.id);
    const money = (cents: number) => formatMoney(cents, "de");
    expect(mail.text).toContain("gute Nachrichten: Ihre Buchung ist bestätigt.");
    // No receipt for money that never came.
    expect(mail.text).not.toContain("Zahlungsbeleg");
    expect(mail.text).toContain(
      "Für diese Buchung ist noch keine Zahlung bei uns eingegangen. Bitte überweisen Sie die folgenden Beträge bis zu den genannten Daten:",
    );
    // Booked on 20.11.2026: the deposit within 7 days, the balance 30 days before arrival.
    expect(mail.text).toContain(
      `Anzahlung (20 %): ${money(13_680)}, fällig bis ${formatDate("2026-11-27", "de")}`,
    );
    expect(mail.text).toContain(
      `Restbetrag: ${money(54_720)}, fällig bis ${formatDate("2027-02-08", "de")}`,
    );
    expectTransferDetails(mail.text, number);
    expect(mail.html).toContain("Zahlungsplan");
    // The account went to the guest: the booking's history says so, naming the admin.
    const [account] = await db()
      .select({ id: schema.bankAccount.id })
      .from(schema.bankAccount)
      .where(eq(schema.bankAccount.isDefault, true));
    expect(await paymentDetailsSent(booking.id)).toEqual([
      {
        actorId: adminId,
        bankAccountId: account.id,
        to: mail.to,
        reason: "booking-confirmed",
      },
    ]);
  });

  it("in English, with nothing received", async () => {
    const { booking, guest } = await pendingBooking({ totalPrice: 68_400 });
    await db()
      .update(schema.profile)
      .set({ language: "en" })
      .where(eq(schema.profile.id, guest.id));
    await confirmInStatusMenu(booking.id);
    const { mail } = await confirmedMail(booking.id);
    expect(mail.text).toContain(
      "No payment for this booking has reached us yet. Please transfer the following amounts by the dates given:",
    );
    expect(mail.text).toContain(`IBAN: ${formatIban(IBAN)}`);
  });
});
