/**
 * The guest's cancellation e-mail states the money (decision 104): what was paid, the fee, the
 * refund the server computed for this cancellation and how it is paid back – not only "Bereits
 * geleistete Zahlungen erstatten wir … abzüglich der Stornierungsgebühr". Nothing paid: nothing
 * to refund; a payment the fee keeps: no refund promised. The operator's "Stornierung durch den
 * Gast" states the same amounts and who sends the refund – Stripe, or the operator by transfer,
 * with the link to the booking where it is marked refunded (decision 107). Through the app's
 * own paths (the guest's cancellation, the admin's), the outbox sends to a real SMTP receiver.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, recordPayment } from "~/features/booking/admin-bookings.server";
import { cancelBooking } from "~/features/booking/cancellation.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
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
const money = (cents: number) => formatMoney(cents, "de");
/** Terms under which a cancellation now costs 50 % (the free period ends long before). */
const WITH_FEE = { freeCancellationHours: 10_000, cancellationFeePercentage: 50 };

async function recordTransfer(bookingId: string, amount: number) {
  expect(
    await recordPayment({
      bookingId,
      seenStatus: "pending",
      seenAmountPaid: 0,
      amount,
      receivedOn: "2026-11-23",
      note: "Überweisung",
      confirm: true,
      actorId: adminId,
      now: NOW,
    }),
  ).toMatchObject({ ok: true });
}

/** Greta's confirmed card booking of 500 €, of which 100 € came through Stripe. */
async function cardPaidBooking(tag: string) {
  const paid = await pendingBooking({
    totalPrice: 50_000,
    paymentMethod: "credit-card",
    status: "confirmed",
  });
  await db()
    .insert(schema.payment)
    .values({
      bookingId: paid.booking.id,
      method: "credit-card",
      amount: 10_000,
      receivedOn: "2026-11-20",
      note: `Stripe pi_mail_${tag}`,
      stripePaymentIntentId: `pi_mail_${tag}_${paid.booking.id.slice(0, 8)}`,
    });
  return paid;
}

/** The guest cancels on the dashboard, quoted the fee the server then charges. */
async function guestCancels(bookingId: string, userId: string, fee: number) {
  expect(
    await cancelBooking({ userId, bookingId, quotedFee: fee, now: NOW, language: "de" }),
  ).toEqual({ ok: true, fee });
}

/** The guest's "Buchung storniert" e-mail of the booking. */
async function cancelledMail(bookingId: string) {
  const mails = await deliverQueuedMail(smtp.receiver);
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId));
  const mail = mails.find(
    (m) => m.to === row.guestEmail && m.subject === `Buchung storniert: ${row.number}`,
  );
  expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
  return mail!;
}

describe(`the cancellation e-mail states the refund (${databaseKind()})`, () => {
  it("the guest cancels a transfer-paid stay with a fee: paid, fee, refund, back by transfer", async () => {
    const { booking, guest } = await pendingBooking({ totalPrice: 26_800, ...WITH_FEE });
    await recordTransfer(booking.id, 26_800);
    await deliverQueuedMail(smtp.receiver);
    await guestCancels(booking.id, guest.id, 13_400);
    const mail = await cancelledMail(booking.id);
    expect(mail.text).toContain(`Bereits bezahlt: ${money(26_800)}`);
    expect(mail.text).toContain(`Stornierungsgebühr: ${money(13_400)}`);
    expect(mail.text).toContain(`Erstattungsbetrag: ${money(13_400)}`);
    expect(mail.text).toContain(
      `Wir überweisen Ihnen ${money(13_400)} zurück, auf das Konto, von dem Ihre Zahlung kam.`,
    );
    expect(mail.text).not.toContain("Bereits geleistete Zahlungen");
    expect(mail.html).toContain(`Wir überweisen Ihnen ${money(13_400)} zurück`);
  });

  it("a card payment goes back to the card: the amount and the method", async () => {
    const { booking, guest } = await cardPaidBooking("104");
    await guestCancels(booking.id, guest.id, 0);
    const mail = await cancelledMail(booking.id);
    expect(mail.text).toContain(`Erstattungsbetrag: ${money(10_000)}`);
    expect(mail.text).toContain(
      `Wir erstatten Ihnen ${money(10_000)} automatisch auf die Zahlungsart, mit der Sie bezahlt haben (Kreditkarte).`,
    );
  });

  it("nothing paid, no fee: nothing to refund and nothing owed, no refund promised", async () => {
    const { booking } = await pendingBooking({ totalPrice: 40_000 });
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
    const mail = await cancelledMail(booking.id);
    expect(mail.text).toContain(`Bereits bezahlt: ${money(0)}`);
    expect(mail.text).toContain(
      "Für diese Buchung ist noch keine Zahlung bei uns eingegangen. Es gibt daher nichts zu erstatten, und Sie müssen nichts bezahlen.",
    );
    expect(mail.text).not.toContain("erstatten wir");
    expect(mail.text).not.toContain("Erstattungsbetrag");
  });

  it("a deposit the fee keeps: no refund promised, the rest of the fee named", async () => {
    const { booking } = await pendingBooking({ totalPrice: 68_400, ...WITH_FEE });
    await recordTransfer(booking.id, 13_680);
    await deliverQueuedMail(smtp.receiver);
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        seenStatus: "confirmed",
        fee: "guest-terms",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    const mail = await cancelledMail(booking.id);
    expect(mail.text).toContain(`Stornierungsgebühr: ${money(34_200)}`);
    expect(mail.text).toContain(
      `Ihre Zahlung von ${money(13_680)} verrechnen wir mit der Stornierungsgebühr; es gibt daher nichts zu erstatten.`,
    );
    expect(mail.text).toContain(
      `Über die Zahlung der restlichen Stornierungsgebühr von ${money(20_520)} informieren wir Sie gesondert.`,
    );
    expect(mail.text).not.toContain("erstatten wir");
    expect(mail.text).not.toContain("Erstattungsbetrag");
  });
});

/** The operator's "Stornierung durch den Gast" of the booking, as it arrived. */
async function operatorMail(bookingId: string) {
  const mails = await deliverQueuedMail(smtp.receiver);
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId));
  const mail = mails.find((m) => m.subject === `Stornierung durch den Gast: ${row.number}`);
  expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
  return mail!;
}

describe(`the operator's e-mail states the refund and who sends it (${databaseKind()})`, () => {
  it("paid by transfer: paid, fee, refund – the operator transfers it, with the booking's link", async () => {
    const { booking, guest } = await pendingBooking({ totalPrice: 26_800, ...WITH_FEE });
    await recordTransfer(booking.id, 20_000);
    await deliverQueuedMail(smtp.receiver);
    await guestCancels(booking.id, guest.id, 13_400);
    const mail = await operatorMail(booking.id);
    expect(mail.text).toContain(`Bereits bezahlt: ${money(20_000)}`);
    expect(mail.text).toContain(`Stornierungsgebühr: ${money(13_400)}`);
    expect(mail.text).toContain(`Erstattungsbetrag: ${money(6_600)}`);
    expect(mail.text).toContain(
      `Bitte überweisen Sie dem Gast ${money(6_600)} zurück, auf das Konto, von dem seine Zahlung kam, und markieren Sie die Erstattung danach in der Buchung als erstattet.`,
    );
    // Never the old estimate (total minus fee), which was wrong for a part payment.
    expect(mail.text).not.toContain("Zu erstatten (bezahlt, abzüglich Gebühr)");
    const link = `${getEnv().BASE_URL}/admin/bookings/${booking.id}`;
    expect(mail.text).toContain(`Zur Buchung: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Zur Buchung");
  });

  it("paid by card: Stripe pays it back, the operator transfers nothing", async () => {
    const { booking, guest } = await cardPaidBooking("107");
    await guestCancels(booking.id, guest.id, 0);
    const mail = await operatorMail(booking.id);
    expect(mail.text).toContain(`Bereits bezahlt: ${money(10_000)}`);
    expect(mail.text).toContain(`Erstattungsbetrag: ${money(10_000)}`);
    expect(mail.text).toContain(
      `Die Erstattung von ${money(10_000)} geht automatisch über Stripe an die Zahlungsart des Gastes zurück (Kreditkarte).`,
    );
    expect(mail.text).not.toContain("Bitte überweisen Sie");
  });

  it("a deposit the fee keeps: nothing to refund, the rest of the fee named", async () => {
    const { booking, guest } = await pendingBooking({ totalPrice: 68_400, ...WITH_FEE });
    await recordTransfer(booking.id, 13_680);
    await deliverQueuedMail(smtp.receiver);
    await guestCancels(booking.id, guest.id, 34_200);
    const mail = await operatorMail(booking.id);
    expect(mail.text).toContain(
      `Die Zahlung des Gastes von ${money(13_680)} wird mit der Stornierungsgebühr verrechnet; es gibt nichts zu erstatten.`,
    );
    expect(mail.text).toContain(`Von der Stornierungsgebühr sind noch ${money(20_520)} offen.`);
    expect(mail.text).not.toContain("Erstattungsbetrag");
  });
});
