/**
 * The cancellation terms are the booking's (decision 080): the guest was shown them before
 * booking and AGB § 4 says they apply to the respective booking. A later change of the settings
 * ("Kostenlose Stornierung bis", "Stornogebühr") moves no fee of a booking already made: not the
 * dialog's quote, not the guest's cancellation, not the admin's. Migration 0041 gives existing
 * bookings the terms the settings held, which their fees were computed from until then.
 *
 * "Buchung bestätigt" carries the contract's content (§ 312f Abs. 2 BGB): this booking's
 * cancellation terms in the booking page's words, the missing right of withdrawal
 * (§ 312g Abs. 2 Nr. 9 BGB) and the property's Kurtaxe note, in German and English, sent
 * through a real SMTP receiver.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { berlinMidnight } from "~/domain/cancellation";
import {
  changeBookingStatus,
  getAdminBooking,
  recordPayment,
} from "~/features/booking/admin-bookings.server";
import { cancelBooking } from "~/features/booking/cancellation.server";
import { ensureSettingsRow, saveSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { loader as myBookingsLoader } from "~/routes/dashboard/bookings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBankAccount, createBooking, createProperty, createUser } from "../helpers/factories";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";
import { bookOnline } from "../helpers/online-booking";
import { deliverQueuedMail } from "../helpers/outbox-delivery";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
let receiver: SmtpReceiver;
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  receiver = await startSmtpReceiver();
  await ensureSettingsRow();
  await createBankAccount();
  adminId = (await createUser({ role: "admin" })).id;
});
afterAll(async () => {
  await receiver.close();
  await handle.close();
});
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  receiver.messages.length = 0;
  process.env.SMTP_URL = receiver.url;
  resetEnvCache();
  // The terms a guest books under in these tests: not the columns' defaults (48 h, 50 %), so a
  // booking that did not store the settings' values would show.
  await setTerms(72, 30);
});
afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const setTerms = (hours: number, percentage: number) =>
  saveSettings({ freeCancellationHours: hours, cancellationFeePercentage: percentage }, adminId);

/** The terms an operator switches to after the booking: 50 days free, then 90 %. */
const raiseTerms = () => setTerms(1200, 90);

const HOUR = 3_600_000;

/**
 * Days from today to a check-in whose three days before pass no clock change, so that "72 hours
 * before arrival" is 00:00 three days earlier and the page says "bis" the day before that.
 */
function inDaysWithoutClockChange(from: number) {
  for (let inDays = from; ; inDays++) {
    const checkIn = addDays(todayInBerlin(), inDays);
    const span = berlinMidnight(checkIn).getTime() - berlinMidnight(addDays(checkIn, -3)).getTime();
    if (span === 72 * HOUR) return inDays;
  }
}

/** One day before arrival (00:00 Berlin): inside the 72 hours, so a fee is due. */
const dayBefore = (checkIn: string) => new Date(berlinMidnight(checkIn).getTime() - 24 * HOUR);

/** A guest's booking by bank transfer through the booking route, as the page posts it. */
async function bookByTransfer(options: { propertyId?: string; english?: boolean } = {}) {
  const booked = await bookOnline({
    inDays: inDaysWithoutClockChange(40),
    nights: 3,
    method: "bank-transfer",
    propertyId: options.propertyId,
  });
  expect(booked.answer.status).toBe(302);
  if (options.english) {
    await db()
      .update(schema.profile)
      .set({ language: "en" })
      .where(eq(schema.profile.id, booked.guest.id));
  }
  return booked;
}

const stored = async (id: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, id)))[0];

describe(`the fee follows the booking's terms, not today's settings (${databaseKind()})`, () => {
  it("the booking stores the terms it was made under; the guest's dialog and cancellation use them", async () => {
    const { booking, cookie, checkIn } = await bookByTransfer();
    expect(booking).toMatchObject({ freeCancellationHours: 72, cancellationFeePercentage: 30 });
    await raiseTerms();

    // The dialog, today (weeks before arrival): free, until 72 hours before arrival, with the
    // booked percentage; by today's settings it would cost 90 % already.
    const page = await callRoute<{
      cancel: {
        quote: { fee: number; isFree: boolean; freeUntil: string };
        booking: { cancellationTerms: unknown };
      };
    }>(myBookingsLoader, { url: `/dashboard/bookings?cancel=${booking.id}`, cookie });
    expect(page.status).toBe(200);
    expect(page.data?.cancel.quote).toEqual({
      fee: 0,
      isFree: true,
      freeUntil: berlinMidnight(addDays(checkIn, -3)).toISOString(),
    });
    expect(page.data?.cancel.booking.cancellationTerms).toEqual({
      freeCancellationHours: 72,
      cancellationFeePercentage: 30,
    });

    // The day before arrival: 30 % of the total, what the guest confirms and is charged.
    const fee = Math.round((booking.totalPrice * 30) / 100);
    const result = await cancelBooking({
      userId: booking.userId!,
      bookingId: booking.id,
      quotedFee: fee,
      now: dayBefore(checkIn),
      language: "de",
    });
    expect(result).toEqual({ ok: true, fee });
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", cancellationFee: fee });
  });

  it("the admin's cancellation with the guest's fee charges the booked percentage", async () => {
    const { booking, checkIn } = await bookByTransfer();
    await raiseTerms();
    const now = dayBefore(checkIn);
    const fee = Math.round((booking.totalPrice * 30) / 100);

    const detail = await getAdminBooking(booking.id, now);
    expect(detail?.guestCancellationFee).toBe(fee);
    // The dialog states the booked terms.
    expect(detail?.booking).toMatchObject({
      freeCancellationHours: 72,
      cancellationFeePercentage: 30,
    });

    const result = await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      seenStatus: "pending",
      fee: "guest-terms",
      actorId: adminId,
      now,
    });
    expect(result).toEqual({ ok: true });
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", cancellationFee: fee });
    const [mail] = await db()
      .select({ data: schema.emailOutbox.data })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "booking-cancelled"));
    expect(mail.data).toMatchObject({ cancellationFee: fee, reason: "operator" });
  });

  it("migration 0041 gives existing bookings the settings' terms, the defaults without settings", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-05-03",
      checkOut: "2027-05-06",
    });
    const migration = readFileSync(
      fileURLToPath(new URL("../../db/migrations/0041_cancellation_terms.sql", import.meta.url)),
      "utf8",
    ).split("--> statement-breakpoint");
    const migrate = async () => {
      // The table as it was before 0041, then the migration as it runs on an upgrade.
      await db().execute(
        sql`alter table booking drop column free_cancellation_hours, drop column cancellation_fee_percentage`,
      );
      for (const statement of migration) await db().execute(sql.raw(statement));
      const row = await stored(booking.id);
      return [row.freeCancellationHours, row.cancellationFeePercentage];
    };

    await setTerms(96, 40);
    expect(await migrate()).toEqual([96, 40]);

    const [settingsRow] = await db().select().from(schema.settings);
    await db().delete(schema.settings);
    try {
      expect(await migrate()).toEqual([48, 50]);
    } finally {
      await db().insert(schema.settings).values(settingsRow);
    }
  });
});

describe(`"Buchung bestätigt" states the contract's terms (${databaseKind()})`, () => {
  const noWithdrawal =
    "Kein Widerrufsrecht: Bei einer Unterkunft für feste Reisedaten besteht nach § 312g Abs. 2 Nr. 9 BGB kein gesetzliches Widerrufsrecht. Sie können nach den Stornierungsbedingungen oben stornieren.";
  const kurtaxe = "Kurtaxe: 2,80 € pro Person und Nacht, vor Ort zu zahlen.";

  it("in German: free until the booked deadline, the fee afterwards, no withdrawal, the Kurtaxe", async () => {
    const property = await createProperty({ touristTaxMode: "own", touristTaxNote: kurtaxe });
    const { booking, checkIn } = await bookByTransfer({ propertyId: property.id });
    await raiseTerms();
    await db().delete(schema.emailOutbox);

    const result = await changeBookingStatus({
      bookingId: booking.id,
      status: "confirmed",
      seenStatus: "pending",
      actorId: adminId,
      now: new Date(),
    });
    expect(result).toEqual({ ok: true });
    const [mail] = await deliverQueuedMail(receiver);
    expect(mail.subject).toBe(`Buchung bestätigt: ${booking.number}`);
    const fee = formatMoney(Math.round((booking.totalPrice * 30) / 100), "de");
    const free = `Kostenlos stornierbar bis ${formatDate(addDays(checkIn, -4), "de")}`;
    const after = `Danach Stornogebühr ${fee} (30 % des Gesamtpreises).`;
    expect(mail.text).toContain(`Stornierungsbedingungen\n${free}\n${after}\n\n${noWithdrawal}`);
    expect(mail.text).toContain(`Kurtaxe/Gästebeitrag\n${kurtaxe}`);
    for (const part of [free, after, noWithdrawal, kurtaxe, "Kurtaxe/Gästebeitrag"]) {
      expect(mail.html).toContain(part);
    }
    // Not the terms the settings hold now.
    expect(mail.text).not.toContain("90 %");
  });

  it("in English, confirmed with a recorded payment inside the free period: the fee due now, no Kurtaxe where the property has none", async () => {
    // The settings have a note; this property shows none (decision 041).
    await saveSettings({ touristTaxNote: "Gästebeitrag laut Ortssatzung" }, adminId);
    try {
      const property = await createProperty({ touristTaxMode: "none" });
      const { booking, checkIn } = await bookByTransfer({ propertyId: property.id, english: true });
      await raiseTerms();
      await db().delete(schema.emailOutbox);

      const result = await recordPayment({
        bookingId: booking.id,
        seenStatus: "pending",
        seenAmountPaid: 0,
        amount: booking.totalPrice,
        receivedOn: addDays(checkIn, -1),
        note: "",
        confirm: true,
        actorId: adminId,
        now: dayBefore(checkIn),
      });
      expect(result).toMatchObject({ ok: true, confirmed: true });
      const [mail] = await deliverQueuedMail(receiver);
      expect(mail.subject).toBe(`Booking confirmed: ${booking.number}`);
      const fee = formatMoney(Math.round((booking.totalPrice * 30) / 100), "en");
      expect(mail.text).toContain(
        `Cancellation policy\nNo free cancellation – cancellation fee ${fee}\n\nNo right of withdrawal: for accommodation booked for fixed dates there is no statutory right of withdrawal (Section 312g(2) no. 9 German Civil Code, BGB).`,
      );
      expect(mail.html).toContain(`No free cancellation – cancellation fee ${fee}`);
      expect(mail.text).not.toContain("Tourist tax");
      expect(mail.text).not.toContain("Gästebeitrag");
    } finally {
      await saveSettings({ touristTaxNote: "" }, adminId);
    }
  });

  it("an English guest confirmed weeks ahead reads until when it is free and the settings' Kurtaxe note", async () => {
    await saveSettings({ touristTaxNote: "Gästebeitrag laut Ortssatzung" }, adminId);
    try {
      const property = await createProperty({ touristTaxMode: "default" });
      const { booking, checkIn } = await bookByTransfer({ propertyId: property.id, english: true });
      await raiseTerms();
      await db().delete(schema.emailOutbox);
      await changeBookingStatus({
        bookingId: booking.id,
        status: "confirmed",
        actorId: adminId,
        now: new Date(),
      });
      const [mail] = await deliverQueuedMail(receiver);
      const fee = formatMoney(Math.round((booking.totalPrice * 30) / 100), "en");
      expect(mail.text).toContain(
        `Free cancellation until ${formatDate(addDays(checkIn, -4), "en")}\nAfter that the cancellation fee is ${fee} (30 % of the total price).`,
      );
      expect(mail.text).toContain("Tourist tax\nGästebeitrag laut Ortssatzung");
    } finally {
      await saveSettings({ touristTaxNote: "" }, adminId);
    }
  });
});
