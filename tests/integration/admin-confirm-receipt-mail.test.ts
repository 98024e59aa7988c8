/**
 * "Zahlung erfassen" with "zugleich bestätigen" (decision 104): the guest's "Buchung bestätigt"
 * carries the receipt the online path sends – what was received and when, what is still open
 * and by when – not only the total. Through the app's own path: the admin records the transfer,
 * the outbox sends to a real SMTP receiver.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordPayment } from "~/features/booking/admin-bookings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser } from "../helpers/factories";
import { smtpReceiverForFile } from "../helpers/smtp-env";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { pendingBooking } from "../helpers/pending-booking";

let handle: DatabaseHandle;
const smtp = smtpReceiverForFile();
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  adminId = (await createUser({ role: "admin" })).id;
});
afterAll(async () => {
  await handle.close();
});

const NOW = new Date("2026-11-24T10:00:00Z");

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
  const mails = await deliverQueuedMail(smtp.receiver);
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, booking.id));
  const mail = mails.find((m) => m.to === row.guestEmail && m.subject.includes(row.number));
  expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
  return mail!;
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
    expect(mail.html).toContain(money(54_720));
    expect(mail.html).toContain("Zahlungsbeleg");
  });

  it("the whole amount: paid in full, nothing open", async () => {
    const mail = await recordAndConfirm(68_400);
    expect(mail.text).toContain(`Bezahlt: ${formatMoney(68_400, "de")}`);
    expect(mail.text).toContain("Die Buchung ist vollständig bezahlt.");
    expect(mail.text).not.toContain("Noch offen");
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
