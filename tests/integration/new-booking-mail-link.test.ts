/**
 * The operator's "Neue Buchung" e-mail links to the booking's own admin page (decision 104), an
 * absolute address from BASE_URL like every link in an e-mail, not to /admin, where the operator
 * would have to look for it. Through the app's own path: "Zahlungspflichtig buchen" on the book
 * page, the outbox sends to a real SMTP receiver.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as bookAction } from "~/routes/public/book";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBankAccount, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { smtpReceiverForFile } from "../helpers/smtp-env";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
const smtp = smtpReceiverForFile();
beforeAll(async () => {
  handle = await openTestDatabase();
  await createBankAccount();
});
afterAll(async () => {
  await handle.close();
});

describe(`the operator's new-booking e-mail (${databaseKind()})`, () => {
  it("links to the booking's admin page", async () => {
    const guest = await createUser({ name: "Nora Neu" });
    const property = await createProperty();
    const checkIn = addDays(todayInBerlin(), 60);
    const answer = await callRoute(bookAction, {
      url: `/properties/${property.id}/book`,
      cookie: await sessionCookie(guest.email),
      params: { id: property.id },
      form: {
        checkIn,
        checkOut: addDays(checkIn, 3),
        guests: "2",
        guestName: "Nora Neu",
        guestPhone: "+49 30 1234567",
        specialRequests: "",
        paymentMethod: "bank-transfer",
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(answer.status).toBe(302);
    const bookingId = new URL(answer.location!, "http://x").searchParams.get("booking")!;
    const [booking] = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.id, bookingId));

    const mails = await deliverQueuedMail(smtp.receiver);
    const settings = await getSettings();
    const mail = mails.find(
      (m) => m.to === settings.companyEmail && m.subject === `Neue Buchung: ${booking.number}`,
    );
    expect(mail, mails.map((m) => `${m.to}: ${m.subject}`).join("\n")).toBeDefined();
    const link = `${getEnv().BASE_URL}/admin/bookings/${booking.id}`;
    expect(link).toMatch(/^https?:\/\//);
    expect(mail!.text).toContain(`\n${link}\n`);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain("Zur Buchung");
  });
});
