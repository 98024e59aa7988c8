import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBookingConfirmation } from "~/features/booking/booking-confirmation.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { bookOnline } from "../helpers/online-booking";
import { createBankAccount, createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** A guest's pending bank-transfer booking of a property with a photo. */
async function bookedStay() {
  const guest = await createUser();
  const property = await createProperty({
    title: "Strandhaus Kampen",
    location: "Sylt, Deutschland",
    pricePerNight: 12_000,
    cleaningFee: 8_000,
    images: [{ key: "demo/strandhaus-1", widths: [400, 800, 1600], category: "Außen" }],
  });
  const booking = await createBooking({
    userId: guest.id,
    propertyId: property.id,
    checkIn: "2031-07-01",
    checkOut: "2031-07-05",
    guests: 3,
    guestEmail: guest.email,
    nightlyPrice: 12_000,
    cleaningFee: 8_000,
    serviceFee: 2_900,
    totalPrice: 12_000 * 4 + 8_000 + 2_900,
  });
  return { guest, property, booking };
}

describe(`booking confirmation (${databaseKind()})`, () => {
  it("shows the guest their own booking with the stored breakdown and the bank account", async () => {
    await createBankAccount();
    await createBankAccount({ isDefault: false, iban: "DE02120300000000202051", bankName: "DKB" });
    const { guest, property, booking } = await bookedStay();

    const confirmation = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(confirmation).toEqual({
      id: booking.id,
      number: booking.number,
      status: "pending",
      property: {
        id: property.id,
        title: "Strandhaus Kampen",
        location: "Sylt, Deutschland",
        image: { key: "demo/strandhaus-1", widths: [400, 800, 1600], category: "Außen" },
      },
      checkIn: "2031-07-01",
      checkOut: "2031-07-05",
      nights: 4,
      guests: 3,
      price: {
        nightlyPrice: 12_000,
        nights: 4,
        cleaningFee: 8_000,
        serviceFee: 2_900,
        totalPrice: 58_900,
        // Made without stored lines (as before decision 046): shown as nights × nightly price.
        priceDetails: null,
      },
      paymentMethod: "bank-transfer",
      guestEmail: guest.email,
      bookingDay: dayInBerlin(booking.createdAt),
      paymentTerms: { depositPercentage: 20, balanceDueDays: 30 },
      bankAccount: {
        accountHolder: "TraumUrlaub Reisen GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        bankName: "Commerzbank",
      },
      // The deposit (20 % of 589 €) is what to pay next.
      paymentQr: {
        dataUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        amount: 11_780,
      },
      // Issue 16: no own times, so the settings' defaults; the host from the settings.
      arrival: {
        address: "Sylt, Deutschland",
        checkInFrom: "15:00",
        checkOutUntil: "10:00",
        host: expect.objectContaining({ email: expect.any(String) }),
      },
      specialRequests: null,
    });
    // The code a banking app reads: the same transfer the "Zahlungsdaten" e-mail carries.
    expect(await decodeQrDataUrl(confirmation!.paymentQr!.dataUrl)).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        "TraumUrlaub Reisen GmbH",
        "DE89370400440532013000",
        "EUR117.80",
        "",
        "",
        booking.number,
      ].join("\n"),
    );
  });

  it("keeps the account and terms stored with the booking when the default and settings change", async () => {
    await db().delete(schema.bankAccount);
    const first = await createBankAccount();
    const { guest, booking } = await bookedStay();
    await db()
      .update(schema.booking)
      .set({ bankAccountId: first.id, depositPercentage: 35, balanceDueDays: 14 })
      .where(eq(schema.booking.id, booking.id));
    // The operator makes another account the default afterwards.
    const second = await createBankAccount({ isDefault: false, iban: "DE02120300000000202051" });
    await db().transaction(async (tx) => {
      await tx
        .update(schema.bankAccount)
        .set({ isDefault: false })
        .where(eq(schema.bankAccount.id, first.id));
      await tx
        .update(schema.bankAccount)
        .set({ isDefault: true })
        .where(eq(schema.bankAccount.id, second.id));
    });

    const kept = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(kept?.bankAccount?.iban).toBe("DE89370400440532013000");
    expect(kept?.paymentTerms).toEqual({ depositPercentage: 35, balanceDueDays: 14 });

    // A deactivated account is no place to pay to: the guest sees today's default instead.
    await db()
      .update(schema.bankAccount)
      .set({ isActive: false })
      .where(eq(schema.bankAccount.id, first.id));
    const moved = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(moved?.bankAccount?.iban).toBe("DE02120300000000202051");
  });

  it("gives another guest nothing, exactly as for an unknown booking", async () => {
    const { booking } = await bookedStay();
    const stranger = await createUser();
    expect(await getBookingConfirmation(booking.id, { id: stranger.id, role: "user" })).toBeNull();
    expect(
      await getBookingConfirmation(crypto.randomUUID(), { id: stranger.id, role: "user" }),
    ).toBeNull();
    // A role that merely resembles "admin" is a user.
    expect(await getBookingConfirmation(booking.id, { id: stranger.id, role: "Admin" })).toBeNull();
  });

  it("lets an admin open any booking", async () => {
    const { booking } = await bookedStay();
    const admin = await createUser({ role: "admin" });
    const confirmation = await getBookingConfirmation(booking.id, { id: admin.id, role: "admin" });
    expect(confirmation?.number).toBe(booking.number);
  });

  it("answers malformed ids with null instead of a database error", async () => {
    const { guest, booking } = await bookedStay();
    const viewer = { id: guest.id, role: "user" };
    for (const id of ["", "abc", "1 or 1=1", `${booking.id}x`, "'; drop table booking; --"]) {
      expect(await getBookingConfirmation(id, viewer)).toBeNull();
    }
    // The same id in capitals is the same booking.
    expect((await getBookingConfirmation(booking.id.toUpperCase(), viewer))?.id).toBe(booking.id);
  });

  it("keeps the stored prices after the property's prices changed", async () => {
    const { guest, property, booking } = await bookedStay();
    await db()
      .update(schema.property)
      .set({ pricePerNight: 99_900, cleaningFee: 20_000 })
      .where(eq(schema.property.id, property.id));
    const confirmation = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(confirmation?.price).toEqual({
      nightlyPrice: 12_000,
      nights: 4,
      cleaningFee: 8_000,
      serviceFee: 2_900,
      totalPrice: 58_900,
      priceDetails: null,
    });
  });

  it("names no bank account for card payments, nor when no active default account exists", async () => {
    const { guest, property } = await bookedStay();
    const card = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2031-08-01",
      checkOut: "2031-08-03",
      paymentMethod: "credit-card",
    });
    const viewer = { id: guest.id, role: "user" };
    const cardConfirmation = await getBookingConfirmation(card.id, viewer);
    expect(cardConfirmation?.paymentMethod).toBe("credit-card");
    expect(cardConfirmation?.bankAccount).toBeNull();

    const transfer = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2031-09-01",
      checkOut: "2031-09-03",
    });
    await db().update(schema.bankAccount).set({ isActive: false, isDefault: false });
    expect((await getBookingConfirmation(transfer.id, viewer))?.bankAccount).toBeNull();
    // Back as before: both accounts active, the first one the default (one transaction: the
    // database checks "one active account is the default" at commit).
    await db().transaction(async (tx) => {
      await tx.update(schema.bankAccount).set({ isActive: true });
      await tx
        .update(schema.bankAccount)
        .set({ isDefault: true })
        .where(eq(schema.bankAccount.iban, "DE89370400440532013000"));
    });
  });

  it("names the host the property page names (the owner's profile name) beside the company's contact", async () => {
    const owner = await createUser({ name: "Julia Hoffmann" });
    const { guest, booking, property } = await bookedStay();
    await db()
      .update(schema.property)
      .set({ ownerId: owner.id })
      .where(eq(schema.property.id, property.id));
    const confirmation = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(confirmation?.arrival.host).toMatchObject({
      person: "Julia Hoffmann",
      name: expect.any(String),
    });
    // Without an owner the company alone, as before.
    await db()
      .update(schema.property)
      .set({ ownerId: null })
      .where(eq(schema.property.id, property.id));
    const without = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(without?.arrival.host.person).toBeNull();
  });

  it('the "Buchung eingegangen" e-mail names the same host as the page', async () => {
    await ensureSettingsRow();
    // A default account to pay to (the first test may have made it already: only one can be).
    const defaults = await db()
      .select({ id: schema.bankAccount.id })
      .from(schema.bankAccount)
      .where(eq(schema.bankAccount.isDefault, true));
    if (defaults.length === 0) await createBankAccount();
    const owner = await createUser({ name: "Jonas Gastgeber" });
    const property = await createProperty({ ownerId: owner.id });
    const booked = await bookOnline({
      inDays: 60,
      nights: 2,
      method: "bank-transfer",
      propertyId: property.id,
    });
    expect(booked.answer.status).toBe(302);
    const [mail] = await db()
      .select({ data: schema.emailOutbox.data })
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.template, "booking-received"),
          eq(schema.emailOutbox.bookingId, booked.booking.id),
        ),
      );
    expect(mail.data).toMatchObject({ arrival: { hostName: "Jonas Gastgeber" } });
  });

  it("dates the booking by its day in Berlin, not in UTC", async () => {
    const { guest, booking } = await bookedStay();
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time).
    await db()
      .update(schema.booking)
      .set({ createdAt: new Date("2031-03-31T23:30:00Z") })
      .where(eq(schema.booking.id, booking.id));
    const confirmation = await getBookingConfirmation(booking.id, { id: guest.id, role: "user" });
    expect(confirmation?.bookingDay).toBe("2031-04-01");
  });
});

/** Reads the QR code of an SVG data URL as a scanner would: rasterised, then jsQR. */
async function decodeQrDataUrl(dataUrl: string) {
  const { default: sharp } = await import("sharp");
  const { default: jsQR } = await import("jsqr");
  const svg = Buffer.from(dataUrl.split(",")[1], "base64");
  const { data, info } = await sharp(svg, { density: 300 })
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
