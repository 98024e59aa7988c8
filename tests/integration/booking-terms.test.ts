/**
 * The AGB go with the booking (decision 087; § 312f Abs. 2 BGB: the confirmation on a durable
 * medium carries the contract's content, the AGB included). Each booking made through the
 * booking page keeps the AGB as /agb showed them then, in the guest's language, with the
 * booking's own terms filled in; "Buchung bestätigt" carries exactly that text, whatever the
 * operator edits in the content editor afterwards, and the admin's booking detail names and
 * shows it. Bookings from before keep "not recorded": no text is guessed for them. Sent through
 * a real SMTP receiver, on PGlite and PostgreSQL.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeBookingStatus, getAdminBooking } from "~/features/booking/admin-bookings.server";
import { defaultContent, saveContent } from "~/features/content/content.server";
import type { LegalContent } from "~/features/content/content-types";
import { saveSettings } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { loader as adminBookingLoader } from "~/routes/admin/booking-detail";
import { databaseKind } from "../helpers/database";
import {
  createBankAccount,
  createBooking,
  createProperty,
  createUser,
  sessionCookie,
} from "../helpers/factories";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";
import { bookingRow, bookOnline, payCheckout } from "../helpers/online-booking";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { callRoute } from "../helpers/route-call";
import { fakeStripeForFile } from "../helpers/stripe-test-env";

const stripe = fakeStripeForFile("terms");

let receiver: SmtpReceiver;
let adminId: string;
let adminCookie: string;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
  await createBankAccount();
  const admin = await createUser({ role: "admin" });
  adminId = admin.id;
  adminCookie = await sessionCookie(admin.email);
  // The operator's payment terms: the AGB's § 3 states them, filled in from the settings.
  await saveSettings(
    {
      depositPercentage: 40,
      balanceDueDays: 14,
      allowedPaymentMethods: ["bank-transfer", "credit-card"],
    },
    adminId,
  );
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

/**
 * The operator saves their own AGB in the content editor: the shipped text with `sentence` as
 * the first paragraph. Returns the new version's number.
 */
async function saveTerms(language: "de" | "en", sentence: string) {
  const body = structuredClone(defaultContent("terms", language)) as unknown as LegalContent;
  body.intro = [sentence, ...body.intro];
  const result = await saveContent({
    actor: { id: adminId },
    page: "terms",
    language,
    body: body as never,
    basedOn: null,
  });
  if (!result.ok) throw new Error(`saving the AGB failed: ${result.error}`);
  return result.version;
}

const snapshotOf = async (id: string | null) => {
  expect(id).not.toBeNull();
  const [row] = await db()
    .select()
    .from(schema.termsSnapshot)
    .where(eq(schema.termsSnapshot.id, id!));
  return row;
};

const confirmByAdmin = (bookingId: string) =>
  changeBookingStatus({
    bookingId,
    status: "confirmed",
    seenStatus: "pending",
    actorId: adminId,
    now: new Date(),
  });

describe(`each booking keeps the AGB it was made under (${databaseKind()})`, () => {
  it("stores the AGB /agb showed, in the guest's language, with the booking's terms filled in", async () => {
    const version = await saveTerms("de", "Fassung Alpha der AGB.");
    const german = await bookOnline({ inDays: 60, method: "bank-transfer" });
    expect(german.answer.status).toBe(302);
    const snapshot = await snapshotOf(german.booking.termsSnapshotId);
    expect(snapshot).toMatchObject({ language: "de", contentVersion: version });
    const text = snapshot.body as LegalContent;
    expect(text.title).toBe("Allgemeine Geschäftsbedingungen (AGB)");
    expect(text.intro[0]).toBe("Fassung Alpha der AGB.");
    const all = JSON.stringify(text);
    // The settings of the booking, not the placeholders or the defaults (20 %, 30 days).
    expect(all).toContain("Anzahlung in Höhe von 40 % des Reisepreises");
    expect(all).toContain("spätestens 14 Tage vor der Anreise");
    expect(all).not.toContain("{depositPercentage}");
    // Card payment is offered, so its paragraph of § 3 was on the page.
    expect(all).toContain("Bei Zahlung mit Kreditkarte");

    // An English guest read the English page: the shipped English text (no operator version).
    const english = await bookOnline({ inDays: 61, method: "bank-transfer", language: "en" });
    const englishSnapshot = await snapshotOf(english.booking.termsSnapshotId);
    expect(englishSnapshot).toMatchObject({ language: "en", contentVersion: null });
    expect((englishSnapshot.body as LegalContent).title).toBe("Terms and conditions");
    expect(JSON.stringify(englishSnapshot.body)).toContain("40 %");

    // A second booking under the same AGB shares the stored text.
    const again = await bookOnline({ inDays: 62, method: "bank-transfer" });
    expect(again.booking.termsSnapshotId).toBe(german.booking.termsSnapshotId);
  });

  it("an AGB edit after the booking changes neither the confirmation nor the admin's detail", async () => {
    const alpha = await saveTerms("de", "Fassung Alpha der AGB.");
    const { booking } = await bookOnline({ inDays: 63, method: "bank-transfer" });
    await saveTerms("de", "Fassung Beta der AGB.");
    await db().delete(schema.emailOutbox);

    expect(await confirmByAdmin(booking.id)).toEqual({ ok: true });
    const [mail] = await deliverQueuedMail(receiver);
    expect(mail.subject).toBe(`Buchung bestätigt: ${booking.number}`);
    expect(mail.text).toContain(
      "Unsere AGB für diese Buchung\nFür Ihre Buchung gelten diese Allgemeinen Geschäftsbedingungen in der Fassung, die bei Ihrer Buchung auf unserer Website stand. Bitte bewahren Sie diese E-Mail auf.\n\nAllgemeine Geschäftsbedingungen (AGB)\nStand: März 2024\n\nFassung Alpha der AGB.",
    );
    expect(mail.text).toContain(
      "§ 1 Vertragsschluss\nDie Darstellung der Unterkünfte auf der Website ist kein verbindliches Angebot",
    );
    expect(mail.text).toContain("Anzahlung in Höhe von 40 % des Reisepreises");
    expect(mail.text).toContain(
      "§ 6 Pflichten des Kunden\n- Die Unterkunft darf nur mit der gebuchten Anzahl von Personen belegt werden.",
    );
    for (const part of [
      "Unsere AGB für diese Buchung",
      "Fassung Alpha der AGB.",
      "§ 9 Schlussbestimmungen",
    ]) {
      expect(mail.html).toContain(part);
    }
    for (const body of [mail.text, mail.html]) expect(body).not.toContain("Fassung Beta");

    // The admin's detail names the version and shows its text.
    const page = await callRoute<{
      terms: {
        language: string;
        contentVersion: number | null;
        savedAt: string | null;
        text: LegalContent;
      } | null;
    }>(adminBookingLoader, {
      url: `/admin/bookings/${booking.id}`,
      cookie: adminCookie,
      params: { id: booking.id },
    });
    expect(page.status).toBe(200);
    expect(page.data?.terms).toMatchObject({ language: "de", contentVersion: alpha });
    expect(page.data?.terms?.savedAt).toEqual(expect.any(String));
    expect(page.data?.terms?.text.intro[0]).toBe("Fassung Alpha der AGB.");
  });

  it("the online payment's confirmation carries the English AGB the guest booked under", async () => {
    await saveTerms("en", "Version Gamma of the terms.");
    const { booking } = await bookOnline({ inDays: 64, method: "credit-card", language: "en" });
    await saveTerms("en", "Version Delta of the terms.");
    await db().delete(schema.emailOutbox);

    await payCheckout(stripe, booking.stripeCheckoutSessionId!);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed" });
    const mails = await deliverQueuedMail(receiver);
    const confirmed = mails.find((mail) => mail.subject === `Booking confirmed: ${booking.number}`);
    expect(confirmed?.text).toContain(
      "Our terms and conditions for this booking\nYour booking is subject to these terms and conditions as they stood on our website when you booked. Please keep this e-mail.\n\nTerms and conditions\nLast updated: March 2024\n\nVersion Gamma of the terms.",
    );
    expect(confirmed?.html).toContain("Version Gamma of the terms.");
    for (const body of [confirmed?.text, confirmed?.html]) {
      expect(body).not.toContain("Version Delta");
    }
  });

  it("a booking from before the AGB were recorded: no text is put in their place", async () => {
    await saveTerms("de", "Fassung Epsilon der AGB.");
    const guest = await createUser();
    const property = await createProperty();
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-07-05",
      checkOut: "2027-07-09",
    });
    expect((await bookingRow(booking.id)).termsSnapshotId).toBeNull();

    expect(await confirmByAdmin(booking.id)).toEqual({ ok: true });
    const [mail] = await deliverQueuedMail(receiver);
    expect(mail.subject).toBe(`Buchung bestätigt: ${booking.number}`);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("Unsere AGB für diese Buchung");
      expect(body).not.toContain("Fassung Epsilon");
      expect(body).not.toContain("§ 1 Vertragsschluss");
    }
    const detail = await getAdminBooking(booking.id, new Date());
    expect(detail?.terms).toBeNull();
  });

  it("migration 0044 leaves existing bookings without an AGB record", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-08-02",
      checkOut: "2027-08-05",
    });
    const migration = readFileSync(
      fileURLToPath(new URL("../../db/migrations/0044_terms_snapshot.sql", import.meta.url)),
      "utf8",
    ).split("--> statement-breakpoint");
    // The tables as they were before 0044, then the migration as it runs on an upgrade.
    await db().execute(sql`alter table booking drop column terms_snapshot_id`);
    await db().execute(sql`drop table terms_snapshot`);
    for (const statement of migration) await db().execute(sql.raw(statement));
    expect((await bookingRow(booking.id)).termsSnapshotId).toBeNull();
    // And a booking made afterwards records its AGB again.
    const { booking: later } = await bookOnline({ inDays: 65, method: "bank-transfer" });
    expect(later.termsSnapshotId).not.toBeNull();
  });
});
