/**
 * Money beyond what a booking still owed goes back automatically (decision 072); the guest now
 * hears of it too (decision 076), not only the admins. Through the app's own paths: a card
 * balance charge fails, the guest transfers the balance (an admin records it) and then pays the
 * payment link as well; the outbox sends to a real SMTP receiver. The e-mail is in the guest's
 * language, names the booking number and the amount refunded, says where the money goes, and
 * carries the company's Impressum.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayInBerlin } from "~/domain/calendar-day";
import { recordPayment } from "~/features/booking/admin-bookings.server";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { bookingRefunds } from "~/features/booking/refunds.server";
import { getSettings } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { formatMoney } from "~/lib/i18n";
import { databaseKind } from "../helpers/database";
import { createUser } from "../helpers/factories";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";
import { bookingRow, depositPaid } from "../helpers/online-booking";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("overpaid-mail");

let receiver: SmtpReceiver;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  process.env.SMTP_URL = receiver.url;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

/** A moment of a day in Berlin (winter or summer: the Berlin day is that day). */
const moment = (day: string) => new Date(`${day}T12:00:00+01:00`);

/**
 * The guest pays the balance twice: the card charge fails and the payment link is e-mailed; the
 * guest transfers the balance (the admin records it), then pays the link as well.
 */
async function balancePaidTwice(guestName: string, inDays: number, language: "de" | "en") {
  const admin = await createUser({ role: "admin" });
  const { booking, deposit, balance } = await depositPaid(stripe, { inDays, guestName });
  // The language the guest uses the site in (the language switch writes it, decision 066).
  await db().update(schema.profile).set({ language }).where(eq(schema.profile.id, booking.userId!));
  stripe.failNextCharges(1, "card_declined");
  await chargeDueBalances(moment(balance.dueDate));
  const [linkMail] = await db()
    .select({ data: schema.emailOutbox.data })
    .from(schema.emailOutbox)
    .where(
      and(
        eq(schema.emailOutbox.bookingId, booking.id),
        eq(schema.emailOutbox.template, "balance-payment-link"),
      ),
    );
  const url = (linkMail.data as { paymentUrl: string }).paymentUrl;
  const link = [...stripe.sessions.values()].find((s) => s.url === url)!;
  expect(
    await recordPayment({
      bookingId: booking.id,
      seenStatus: "confirmed",
      seenAmountPaid: deposit.amount,
      amount: balance.amount,
      receivedOn: todayInBerlin(),
      note: "Überweisung",
      confirm: false,
      actorId: admin.id,
      now: new Date(),
    }),
  ).toMatchObject({ ok: true, paymentStatus: "paid" });
  stripe.settle(link.id, "paid");
  expect(await deliverWebhook(stripe.signedEvent("checkout.session.completed", link.id))).toBe(200);
  return { booking, balance, link };
}

describe(`the guest is told about money paid twice (${databaseKind()})`, () => {
  it("in German: the amount going back to the card, the booking number, the Impressum", async () => {
    const { booking, balance, link } = await balancePaidTwice("Doris Doppelt", 90, "de");
    // The whole link payment goes back (nothing was owed any more), at Stripe.
    expect(await bookingRefunds(booking.id)).toMatchObject([
      { method: "credit-card", amount: balance.amount, status: "pending" },
    ]);
    const mails = await deliverQueuedMail(receiver);
    const guestEmail = (await bookingRow(booking.id)).guestEmail;
    const mail = mails.find(
      (m) =>
        m.to === guestEmail &&
        m.subject === `Zu viel gezahlt – wir erstatten den Betrag: ${booking.number}`,
    );
    expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
    const amount = formatMoney(balance.amount, "de");
    expect(mail!.text).toMatch(/^Hallo Doris Doppelt,/);
    expect(mail!.text).toContain(
      `Den zu viel gezahlten Betrag von ${amount} erstatten wir Ihnen automatisch auf dieselbe Zahlungsart, mit der er bezahlt wurde.`,
    );
    expect(mail!.text).toContain(`Buchungsnummer: ${booking.number}`);
    expect(mail!.text).toContain(`Erstattungsbetrag: ${amount}`);
    expect(mail!.text).toContain("Erstattung auf: Kreditkarte");
    expect(mail!.text).toContain("Ihre Buchung bleibt unverändert bestehen");
    const settings = await getSettings();
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(settings.companyName);
      expect(part).toContain(settings.companyAddress);
    }
    expect(mail!.text).toContain(`Registergericht: ${settings.companyRegisterCourt}`);
    // One such e-mail, however often Stripe tells us about the payment.
    expect(await deliverWebhook(stripe.signedEvent("checkout.session.completed", link.id))).toBe(
      200,
    );
    const queued = await db()
      .select({ id: schema.emailOutbox.id })
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.bookingId, booking.id),
          eq(schema.emailOutbox.template, "overpayment-refunded"),
        ),
      );
    expect(queued).toHaveLength(1);
  });

  it("in English for a guest who uses the site in English", async () => {
    const { booking, balance } = await balancePaidTwice("Emma Twice", 95, "en");
    const mails = await deliverQueuedMail(receiver);
    const guestEmail = (await bookingRow(booking.id)).guestEmail;
    const mail = mails.find(
      (m) =>
        m.to === guestEmail &&
        m.subject === `Paid too much – we are refunding the amount: ${booking.number}`,
    );
    expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
    const amount = formatMoney(balance.amount, "en");
    expect(mail!.text).toMatch(/^Hello Emma Twice,/);
    expect(mail!.text).toContain(`We are refunding the excess of ${amount} to you automatically`);
    expect(mail!.text).toContain(`Booking number: ${booking.number}`);
    expect(mail!.text).toContain("Refunded to: Credit card");
    const settings = await getSettings();
    expect(mail!.text).toContain(`Register court: ${settings.companyRegisterCourt}`);
  });
});
