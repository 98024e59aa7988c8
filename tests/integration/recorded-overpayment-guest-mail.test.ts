/**
 * A surplus the admin records by hand (decision 097) is owed back by transfer; the guest now
 * hears of it (decision 104) with the same e-mail as an online overpayment (decision 076):
 * the transfer received, the surplus refunded, that it goes back by transfer. Through the app's
 * own path ("Zahlung erfassen" with the surplus confirmed); the outbox sends to a real SMTP
 * receiver.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, recordPayment } from "~/features/booking/admin-bookings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { formatMoney } from "~/lib/i18n";
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

/** 549,00 € open; the admin records `amount`, confirming the surplus the server names. */
async function recordTransfer(amount: number, language: "de" | "en" = "de") {
  const { booking, guest } = await pendingBooking({ totalPrice: 54_900 });
  await db().update(schema.profile).set({ language }).where(eq(schema.profile.id, guest.id));
  const surplus = Math.max(0, amount - 54_900);
  expect(
    await recordPayment({
      bookingId: booking.id,
      seenStatus: "pending",
      seenAmountPaid: 0,
      amount,
      receivedOn: "2026-11-24",
      note: "",
      confirm: false,
      acceptSurplus: surplus > 0 ? surplus : null,
      actorId: adminId,
      now: NOW,
    }),
  ).toMatchObject({ ok: true });
  const mails = await deliverQueuedMail(smtp.receiver);
  return { booking, guest, mails: mails.filter((m) => m.to === guest.email) };
}

describe(`the guest hears of a surplus recorded by hand (${databaseKind()})`, () => {
  it("in German: received, the surplus, back by transfer, the booking paid in full", async () => {
    const { booking, mails } = await recordTransfer(100_000);
    const money = (cents: number) => formatMoney(cents, "de");
    const mail = mails.find(
      (m) => m.subject === `Zu viel gezahlt – wir erstatten den Betrag: ${booking.number}`,
    );
    expect(mail, mails.map((m) => m.subject).join("\n")).toBeDefined();
    expect(mail!.text).toMatch(/^Hallo Greta Gast,/);
    expect(mail!.text).toContain(
      `vielen Dank für Ihre Überweisung von ${money(100_000)}. Das ist ${money(45_100)} mehr, als für Ihre Buchung noch offen war. Den zu viel gezahlten Betrag von ${money(45_100)} überweisen wir Ihnen zurück, auf das Konto, von dem Ihre Zahlung kam.`,
    );
    expect(mail!.text).toContain(`Eingegangen: ${money(100_000)}`);
    expect(mail!.text).toContain(`Erstattungsbetrag: ${money(45_100)}`);
    expect(mail!.text).toContain("Erstattung per: Überweisung");
    expect(mail!.text).toContain("ist vollständig bezahlt");
    // Not the Stripe wording: nothing goes back "automatisch" to a card.
    expect(mail!.text).not.toContain("automatisch");
    expect(mail!.html).toContain(money(45_100));
  });

  it("in English for a guest who uses the site in English", async () => {
    const { booking, mails } = await recordTransfer(60_000, "en");
    const money = (cents: number) => formatMoney(cents, "en");
    const mail = mails.find(
      (m) => m.subject === `Paid too much – we are refunding the amount: ${booking.number}`,
    );
    expect(mail, mails.map((m) => m.subject).join("\n")).toBeDefined();
    expect(mail!.text).toContain(`thank you for your transfer of ${money(60_000)}.`);
    expect(mail!.text).toContain(`Amount refunded: ${money(5_100)}`);
    expect(mail!.text).toContain("Refunded by: Bank transfer");
  });

  it("a transfer recorded on a booking already cancelled: all of it goes back, and the guest hears so (decision 105)", async () => {
    const { booking, guest } = await pendingBooking({ totalPrice: 54_900 });
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        seenStatus: "pending",
        fee: "none",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    await deliverQueuedMail(smtp.receiver);
    expect(
      await recordPayment({
        bookingId: booking.id,
        seenStatus: "cancelled",
        seenAmountPaid: 0,
        amount: 10_980,
        receivedOn: "2026-11-24",
        note: "",
        confirm: false,
        acceptSurplus: null,
        actorId: adminId,
        now: NOW,
      }),
    ).toMatchObject({ ok: true });
    const mails = (await deliverQueuedMail(smtp.receiver)).filter((m) => m.to === guest.email);
    const money = (cents: number) => formatMoney(cents, "de");
    const mail = mails.find(
      (m) =>
        m.subject === `Zahlung nach der Stornierung – wir erstatten den Betrag: ${booking.number}`,
    );
    expect(mail, mails.map((m) => m.subject).join("\n")).toBeDefined();
    expect(mail!.text).toContain(
      `vielen Dank für Ihre Überweisung von ${money(10_980)}. Ihre Buchung war zu diesem Zeitpunkt bereits storniert. Den Betrag von ${money(10_980)} überweisen wir Ihnen vollständig zurück`,
    );
    expect(mail!.text).toContain(`Erstattungsbetrag: ${money(10_980)}`);
    expect(mail!.text).toContain("Erstattung per: Überweisung");
    // Not the wording of a booking that stays.
    expect(mail!.text).not.toContain("vollständig bezahlt");
  });

  it("no such e-mail when the transfer is exactly what was open", async () => {
    const { booking } = await recordTransfer(54_900);
    const queued = await db()
      .select({ id: schema.emailOutbox.id })
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.bookingId, booking.id),
          eq(schema.emailOutbox.template, "overpayment-refunded"),
        ),
      );
    expect(queued).toEqual([]);
  });
});
