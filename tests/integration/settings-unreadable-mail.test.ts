/**
 * No e-mail goes out with the demo company's data when the settings cannot be read (decision
 * 087, after decision 078 did so for money). The defaults name "TraumUrlaub Reisen GmbH" with its
 * address and send the operator's mail to the demo's address. So: Stripe's webhook answers 503
 * and applies the event in full, once, when Stripe sends it again; the contact form answers a
 * German 503 and stores nothing; the admin's reply to a message is refused; the balance job
 * charges nothing; the outbox postpones an e-mail whose footer or platform name comes from the
 * settings. On PGlite and PostgreSQL.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chargeDueBalances } from "~/features/booking/balance-charges.server";
import { replyToContactMessage } from "~/features/contact/inbox.server";
import { enqueueEmail, processEmailOutboxOnce } from "~/features/email/outbox.server";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { saveSettings } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { translate } from "~/lib/i18n";
import { action as contactAction } from "~/routes/public/contact";
import { databaseKind } from "../helpers/database";
import { createUser } from "../helpers/factories";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";
import { bookingRow, bookOnline, depositPaid } from "../helpers/online-booking";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { callRoute } from "../helpers/route-call";
import { whileSettingsUnreadable } from "../helpers/settings-unreadable";
import { deliverWebhook, fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("unreadable-mail");

/** The operator's company: none of it is the demo's. */
const OPERATOR = {
  platformName: "Küstenglück Ferienwohnungen",
  companyName: "Ferienhof Küstenglück GmbH",
  companyEmail: "buchung@kuestenglueck.example",
};

let receiver: SmtpReceiver;
let adminId: string;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
  adminId = (await createUser({ role: "admin" })).id;
  await saveSettings(OPERATOR, adminId);
  expect(DEFAULT_SETTINGS.companyName).toBe("TraumUrlaub Reisen GmbH");
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  receiver.messages.length = 0;
  process.env.SMTP_URL = receiver.url;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const outboxRows = () => db().select().from(schema.emailOutbox);
const mailsOf = (bookingId: string) =>
  db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.bookingId, bookingId));
const chargesOf = (customer: string) =>
  stripe.charges.filter((charge) => charge.params.customer === customer);

describe(`no e-mail with the demo company's data when the settings cannot be read (${databaseKind()})`, () => {
  it("Stripe's webhook answers 503 and applies nothing; Stripe's next delivery confirms once, with the operator's data", async () => {
    const { booking } = await bookOnline({ inDays: 45 });
    const sessionId = booking.stripeCheckoutSessionId!;
    stripe.settle(sessionId, "paid");
    const event = stripe.signedEvent("checkout.session.completed", sessionId);
    await db().delete(schema.emailOutbox);

    expect(await whileSettingsUnreadable(() => deliverWebhook(event))).toBe(503);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending", amountPaid: 0 });
    expect(await outboxRows()).toEqual([]);
    const [stored] = await db()
      .select()
      .from(schema.stripeEvent)
      .where(eq(schema.stripeEvent.id, event.eventId));
    expect(stored.processedAt).toBeNull();

    // Stripe sends the same event again later.
    expect(await deliverWebhook(event)).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed" });
    const mails = await outboxRows();
    expect(mails.map((mail) => [mail.template, mail.to]).sort()).toEqual(
      [
        ["booking-confirmed", booking.guestEmail],
        ["booking-new", OPERATOR.companyEmail],
      ].sort(),
    );
    const confirmed = mails.find((mail) => mail.template === "booking-confirmed")!;
    expect(confirmed.data).toMatchObject({ company: { name: OPERATOR.companyName } });

    // A third delivery is a duplicate: nothing more is sent.
    expect(await deliverWebhook(event)).toBe(200);
    expect(await outboxRows()).toHaveLength(2);
  });

  it("the balance job charges nothing while the settings cannot be read; the next run charges, with the operator's receipt", async () => {
    const { booking, balance, customer } = await depositPaid(stripe, { inDays: 60 });
    await db().delete(schema.emailOutbox);
    const due = new Date(`${balance!.dueDate}T12:00:00+01:00`);

    await whileSettingsUnreadable(() => chargeDueBalances(due));
    expect(chargesOf(customer)).toEqual([]);
    expect(await mailsOf(booking.id)).toEqual([]);

    await chargeDueBalances(due);
    expect(chargesOf(customer)).toHaveLength(1);
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: "paid" });
    const [receipt] = await mailsOf(booking.id);
    expect(receipt).toMatchObject({ template: "balance-paid", to: booking.guestEmail });
    expect(receipt.data).toMatchObject({ company: { name: OPERATOR.companyName } });
  });

  it("a balance paid through the payment link: 503 while the settings cannot be read, recorded once when Stripe sends it again", async () => {
    const { booking, balance } = await depositPaid(stripe, { inDays: 70 });
    stripe.failNextCharges(1, "card_declined");
    await chargeDueBalances(new Date(`${balance!.dueDate}T12:00:00+01:00`));
    const [link] = (await mailsOf(booking.id)).filter(
      (mail) => mail.template === "balance-payment-link",
    );
    const url = (link.data as { paymentUrl: string }).paymentUrl;
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    stripe.settle(session.id, "paid");
    const paid = stripe.signedEvent("checkout.session.completed", session.id);
    await db().delete(schema.emailOutbox);

    expect(await whileSettingsUnreadable(() => deliverWebhook(paid))).toBe(503);
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: "partially-paid" });
    expect(await mailsOf(booking.id)).toEqual([]);

    expect(await deliverWebhook(paid)).toBe(200);
    expect(await deliverWebhook(paid)).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      paymentStatus: "paid",
      amountPaid: booking.totalPrice,
    });
    const receipts = await mailsOf(booking.id);
    expect(receipts.map((mail) => mail.template)).toEqual(["balance-paid"]);
    expect(receipts[0].data).toMatchObject({ company: { name: OPERATOR.companyName } });
  });

  it("the contact form answers a German 503 and stores nothing; then the message reaches the operator", async () => {
    const subject = `Anfrage ${crypto.randomUUID()}`;
    const post = () =>
      callRoute<{ status: string }>(contactAction, {
        url: "/kontakt",
        form: {
          firstName: "Erika",
          lastName: "Musterfrau",
          email: "erika@example.com",
          subject,
          message: "Ist die Wohnung im Mai frei?",
        },
      });
    const messages = () =>
      db().select().from(schema.contactMessage).where(eq(schema.contactMessage.subject, subject));

    const refused = await whileSettingsUnreadable(post);
    expect(refused.status).toBe(503);
    expect(refused.data).toMatchObject({ status: "unavailable" });
    // What the form shows for it.
    expect(translate("de", "contact.unavailable")).toBe(
      "Ihre Nachricht konnte gerade nicht gesendet werden. Es wurde nichts gespeichert. Bitte versuchen Sie es in einigen Minuten erneut.",
    );
    expect(await messages()).toEqual([]);
    expect(await outboxRows()).toEqual([]);

    const sent = await post();
    expect(sent.data).toMatchObject({ status: "sent" });
    expect(await messages()).toHaveLength(1);
    expect((await outboxRows()).map((mail) => mail.to)).toEqual([OPERATOR.companyEmail]);
  });

  it("the admin's reply to a message is refused and nothing is stored; then it carries the operator's Impressum", async () => {
    const [message] = await db()
      .insert(schema.contactMessage)
      .values({
        firstName: "Erika",
        lastName: "Musterfrau",
        email: "erika@example.com",
        subject: "Frage zur Anreise",
        message: "Wann kann ich anreisen?",
      })
      .returning();
    const reply = () =>
      replyToContactMessage({ actor: { id: adminId }, id: message.id, reply: "Ab 15 Uhr." });
    const replies = () =>
      db().select().from(schema.contactReply).where(eq(schema.contactReply.messageId, message.id));

    expect(await whileSettingsUnreadable(reply)).toEqual({ ok: false, error: "failed" });
    expect(await replies()).toEqual([]);
    expect(await outboxRows()).toEqual([]);

    expect(await reply()).toEqual({ ok: true });
    expect(await replies()).toHaveLength(1);
    const [mail] = await outboxRows();
    expect(mail.data).toMatchObject({ company: { name: OPERATOR.companyName } });
  });

  it("the outbox postpones an e-mail whose footer comes from the settings, without using up an attempt", async () => {
    await enqueueEmail(db(), {
      to: "neu@example.com",
      template: "newsletter-confirm",
      data: { token: "a".repeat(43) },
    });

    const run = await whileSettingsUnreadable(() => processEmailOutboxOnce());
    expect(run).toMatchObject({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    expect(receiver.messages).toHaveLength(0);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "pending", attempts: 0 });

    // Due again (a minute later): sent, with the operator's company.
    await db().update(schema.emailOutbox).set({ nextAttemptAt: new Date() });
    const [mail] = await deliverQueuedMail(receiver);
    expect(mail.text).toContain(OPERATOR.companyName);
    expect(mail.text).not.toContain(DEFAULT_SETTINGS.companyName);
  });
});
