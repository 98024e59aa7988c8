import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "~/domain/calendar-day";
import { createBooking } from "~/features/booking/booking.server";
import { computePrice } from "~/domain/price";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { emitSettingsChanged } from "~/features/settings/settings-events.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";
import { createBankAccount, createProperty, createUser } from "../helpers/factories";

const today = "2026-11-22";
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await createBankAccount();
});
afterAll(() => handle.close());

function form(overrides: Record<string, unknown> = {}) {
  return {
    checkIn: "2026-12-10",
    checkOut: "2026-12-14",
    guests: "2",
    guestName: "Erika Musterfrau",
    guestEmail: "erika@example.com",
    guestPhone: "+49 30 1234567",
    specialRequests: "",
    paymentMethod: "bank-transfer",
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

/** A client address of its own per call (198.18.0.0/15 is the benchmark range), unless given. */
const someClient = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

async function book(
  userId: string,
  propertyId: string,
  overrides: Record<string, unknown> = {},
  clientIp = someClient(),
) {
  return createBooking({
    userId,
    propertyId,
    form: form(overrides),
    today,
    language: "de",
    clientIp,
  });
}

/** Runs `fn` with some settings changed, then restores the defaults. */
async function withSettings(
  values: Partial<typeof schema.settings.$inferInsert>,
  fn: () => Promise<void>,
) {
  await db().update(schema.settings).set(values);
  emitSettingsChanged();
  try {
    await fn();
  } finally {
    const defaults = Object.fromEntries(
      Object.keys(values).map((key) => [
        key,
        DEFAULT_SETTINGS[key as keyof typeof DEFAULT_SETTINGS],
      ]),
    );
    await db().update(schema.settings).set(defaults);
    emitSettingsChanged();
  }
}

async function storedBooking(id: string) {
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, id));
  return row;
}

describe("createBooking", () => {
  beforeEach(async () => {
    await db().delete(schema.booking);
    await db().delete(schema.emailOutbox);
    await db().delete(schema.rateLimit);
  });

  it("stores a pending booking with its number and the price of the one price function", async () => {
    const guest = await createUser();
    const property = await createProperty({
      pricePerNight: 12_000,
      cleaningFee: 6_000,
      isSpecialOffer: true,
      specialOfferPrice: 9_900,
      specialOfferEndDate: today,
    });
    const result = await book(guest.id, property.id, { specialRequests: "Späte Anreise" });
    expect(result.ok).toBe(true);
    const booking = await storedBooking((result as { bookingId: string }).bookingId);
    const price = computePrice({ property, nights: 4, serviceFee: 2_900, today });
    expect(booking).toMatchObject({
      userId: guest.id,
      propertyId: property.id,
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "bank-transfer",
      checkIn: "2026-12-10",
      checkOut: "2026-12-14",
      nights: 4,
      nightlyPrice: 9_900,
      cleaningFee: 6_000,
      serviceFee: 2_900,
      totalPrice: price.total,
      specialRequests: "Späte Anreise",
    });
    expect(price.total).toBe(9_900 * 4 + 6_000 + 2_900);
    expect(booking.number).toMatch(/^FW-2026-\d{6}$/);
  });

  it("ignores a total, price or status sent by the browser", async () => {
    const guest = await createUser();
    const property = await createProperty({ pricePerNight: 10_000, cleaningFee: 5_000 });
    const result = await book(guest.id, property.id, {
      totalPrice: "1",
      nightlyPrice: "1",
      status: "confirmed",
      paymentStatus: "paid",
      userId: crypto.randomUUID(),
    });
    const booking = await storedBooking((result as { bookingId: string }).bookingId);
    expect(booking).toMatchObject({
      totalPrice: 10_000 * 4 + 5_000 + 2_900,
      nightlyPrice: 10_000,
      status: "pending",
      paymentStatus: "unpaid",
      userId: guest.id,
    });
  });

  it("queues the guest's and the operator's e-mail in the same transaction, and records the bank details sent", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const result = await book(guest.id, property.id);
    const mails = await db().select().from(schema.emailOutbox);
    expect(mails.map((m) => [m.template, m.to]).sort()).toEqual([
      ["booking-new", "info@traumurlaub.example.com"],
      ["booking-received", guest.email],
    ]);
    const guestMail = mails.find((m) => m.template === "booking-received")!;
    const booking = await storedBooking((result as { bookingId: string }).bookingId);
    expect(guestMail.data).toMatchObject({
      bookingNumber: booking.number,
      totalPrice: booking.totalPrice,
      bankAccount: { iban: "DE89370400440532013000" },
    });
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, booking.id)));
    expect(audit.map((a) => a.action)).toEqual(["payment-details-sent"]);
    // Both e-mails belong to the booking's history, and the booking keeps the account and the
    // payment terms of its day.
    expect(mails.every((m) => m.bookingId === booking.id)).toBe(true);
    const [account] = await db().select().from(schema.bankAccount);
    expect(booking).toMatchObject({
      bankAccountId: account.id,
      depositPercentage: 20,
      balanceDueDays: 30,
    });
    expect(guestMail.data).toMatchObject({ depositPercentage: 20, balanceDueDays: 30 });
  });

  it("stores the deposit share and balance days of the settings with the next booking", async () => {
    const guest = await createUser();
    const property = await createProperty();
    await withSettings({ depositPercentage: 35, balanceDueDays: 14 }, async () => {
      const result = await book(guest.id, property.id);
      const booking = await storedBooking((result as { bookingId: string }).bookingId);
      expect(booking).toMatchObject({ depositPercentage: 35, balanceDueDays: 14 });
      const [mail] = await db()
        .select()
        .from(schema.emailOutbox)
        .where(eq(schema.emailOutbox.template, "booking-received"));
      expect(mail.data).toMatchObject({ depositPercentage: 35, balanceDueDays: 14 });
    });
  });

  it("fills the profile's missing name and phone, but keeps existing ones", async () => {
    const guest = await createUser();
    await db()
      .update(schema.profile)
      .set({ fullName: "", phone: null })
      .where(eq(schema.profile.id, guest.id));
    const property = await createProperty();
    await book(guest.id, property.id, { guestName: "Max Mustermann", guestPhone: "0171 2345678" });
    let [profile] = await db().select().from(schema.profile).where(eq(schema.profile.id, guest.id));
    expect(profile).toMatchObject({ fullName: "Max Mustermann", phone: "0171 2345678" });

    await book(guest.id, property.id, {
      checkIn: "2027-01-10",
      checkOut: "2027-01-12",
      guestName: "Anderer Name",
      guestPhone: "0999 999999",
    });
    [profile] = await db().select().from(schema.profile).where(eq(schema.profile.id, guest.id));
    expect(profile).toMatchObject({ fullName: "Max Mustermann", phone: "0171 2345678" });
  });

  it("a repeated submit with the same form key returns the same booking", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const idempotencyKey = crypto.randomUUID();
    const first = await book(guest.id, property.id, { idempotencyKey });
    const retry = await book(guest.id, property.id, { idempotencyKey });
    expect(retry).toEqual(first);
    // A double click: both requests at once.
    const key2 = crypto.randomUUID();
    const twins = await Promise.all([
      book(guest.id, property.id, {
        idempotencyKey: key2,
        checkIn: "2027-02-01",
        checkOut: "2027-02-03",
      }),
      book(guest.id, property.id, {
        idempotencyKey: key2,
        checkIn: "2027-02-01",
        checkOut: "2027-02-03",
      }),
    ]);
    expect(twins[0]).toEqual(twins[1]);
    expect(twins[0].ok).toBe(true);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.booking);
    expect(count[0].n).toBe(2);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(4);
  });

  // The rare failure on PostgreSQL: one twin's insert deadlocked (40P01) on the constraints
  // against the other's and answered "failed". Many double clicks in a row, each must agree.
  it("simultaneous twins always get the same booking", async () => {
    const guest = await createUser();
    const property = await createProperty();
    // Both twins count as attempts; 40 double clicks are far more than an hour allows.
    await withSettings({ bookingAttemptsPerAccount: 1_000 }, async () => {
      for (let round = 0; round < 40; round++) {
        const checkIn = addDays("2027-04-01", round * 2);
        const twin = {
          idempotencyKey: crypto.randomUUID(),
          checkIn,
          checkOut: addDays(checkIn, 1),
        };
        const [a, b] = await Promise.all([
          book(guest.id, property.id, twin),
          book(guest.id, property.id, twin),
        ]);
        expect(a.ok).toBe(true);
        expect(b).toEqual(a);
        // Unpaid bookings are capped per account; the guest pays each one.
        await db()
          .update(schema.booking)
          .set({ paymentStatus: "paid", status: "confirmed" })
          .where(eq(schema.booking.userId, guest.id));
      }
    });
    expect(await db().select().from(schema.booking)).toHaveLength(40);
  });

  it("runs the transaction again after a deadlock or serialization failure", async () => {
    const guest = await createUser();
    const property = await createProperty();
    for (const code of ["40P01", "40001"]) {
      await db().delete(schema.booking);
      const transaction = vi
        .spyOn(db(), "transaction")
        .mockRejectedValueOnce(new Error("Failed query", { cause: { code } }));
      try {
        const result = await book(guest.id, property.id);
        expect(result.ok).toBe(true);
        expect(transaction).toHaveBeenCalledTimes(2);
      } finally {
        transaction.mockRestore();
      }
      expect(await db().select().from(schema.booking)).toHaveLength(1);
    }
  });

  it("maps overlaps to the spec's messages; the check-out day stays bookable", async () => {
    const first = await createUser();
    const second = await createUser();
    const property = await createProperty();
    const other = await createProperty();
    expect((await book(first.id, property.id)).ok).toBe(true);

    expect(
      await book(second.id, property.id, { checkIn: "2026-12-13", checkOut: "2026-12-16" }),
    ).toEqual({
      ok: false,
      error: "datesTaken",
    });
    expect(
      await book(first.id, other.id, { checkIn: "2026-12-12", checkOut: "2026-12-13" }),
    ).toEqual({
      ok: false,
      error: "ownOverlap",
    });
    // Half-open stays: arriving on the day the first guest leaves is fine.
    expect(
      (await book(second.id, property.id, { checkIn: "2026-12-14", checkOut: "2026-12-16" })).ok,
    ).toBe(true);
    // Nothing was stored for the refused requests.
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.booking);
    expect(count[0].n).toBe(2);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(4);
  });

  it("checks dates, stay limits, guests, the payment method and the property on the server", async () => {
    const guest = await createUser();
    const property = await createProperty({ maxGuests: 4 });
    const draft = await createProperty({ status: "draft" });
    expect(
      await book(guest.id, property.id, { checkIn: "2026-11-21", checkOut: "2026-11-24" }),
    ).toEqual({
      ok: false,
      error: "checkInPast",
    });
    expect(
      await book(guest.id, property.id, { checkIn: "2026-12-10", checkOut: "2026-12-10" }),
    ).toEqual({
      ok: false,
      error: "dates",
    });
    expect(
      await book(guest.id, property.id, { checkIn: "2026-12-01", checkOut: "2027-01-15" }),
    ).toEqual({
      ok: false,
      error: "maxStay",
    });
    expect(await book(guest.id, property.id, { guests: "5" })).toEqual({
      ok: false,
      error: "guests",
    });
    expect(await book(guest.id, property.id, { paymentMethod: "credit-card" })).toEqual({
      ok: false,
      error: "paymentUnavailable",
    });
    expect(await book(guest.id, draft.id)).toEqual({ ok: false, error: "propertyNotFound" });
    expect(await book(guest.id, "not-a-uuid")).toEqual({ ok: false, error: "propertyNotFound" });

    const invalid = await book(guest.id, property.id, {
      guestName: "",
      guestPhone: "12",
      specialRequests: "x".repeat(2001),
      paymentMethod: "bitcoin",
    });
    expect(invalid).toEqual({
      ok: false,
      error: "invalid",
      fieldErrors: {
        guestName: "booking.errors.nameRequired",
        guestPhone: "booking.errors.phoneInvalid",
        specialRequests: "booking.errors.specialRequestsTooLong",
        paymentMethod: "booking.errors.paymentMethodRequired",
      },
    });

    // Minimum stay from the settings.
    await db().update(schema.settings).set({ minStayDays: 3 });
    emitSettingsChanged();
    try {
      expect(
        await book(guest.id, property.id, { checkIn: "2026-12-10", checkOut: "2026-12-12" }),
      ).toEqual({
        ok: false,
        error: "minStay",
      });
    } finally {
      await db().update(schema.settings).set({ minStayDays: 1 });
      emitSettingsChanged();
    }
    expect(await db().select().from(schema.booking)).toHaveLength(0);
  });

  it("does not offer bank transfer without a default account", async () => {
    const guest = await createUser();
    const property = await createProperty();
    // No default means no active account (the database keeps one active account the default).
    await db().update(schema.bankAccount).set({ isDefault: false, isActive: false });
    try {
      expect(await book(guest.id, property.id)).toEqual({ ok: false, error: "paymentUnavailable" });
    } finally {
      await db().update(schema.bankAccount).set({ isActive: true, isDefault: true });
    }
  });

  // On PostgreSQL the requests really run in parallel (pool of connections); PGlite serialises
  // them, which still checks that every loser gets the right answer.
  it("under 200 concurrent requests for overlapping stays of one property, exactly one booking wins", async () => {
    const property = await createProperty();
    // Guests as plain rows: 200 password hashes would only slow the test down.
    const guests = Array.from({ length: 200 }, () => crypto.randomUUID());
    await db()
      .insert(schema.user)
      .values(
        guests.map((id, i) => ({ id, name: `Gast ${i}`, email: `race-${i}-${id}@example.com` })),
      );
    await db()
      .insert(schema.profile)
      .values(guests.map((id) => ({ id })));
    const results = await Promise.all(
      guests.map((id, i) =>
        book(id, property.id, {
          // Every stay overlaps every other one (all contain the night of 2027-03-10).
          checkIn: `2027-03-${String(1 + (i % 10)).padStart(2, "0")}`,
          checkOut: `2027-03-${String(11 + (i % 7)).padStart(2, "0")}`,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === "datesTaken")).toBe(true);
    const overlaps = await db().execute(sql`
        select count(*)::int as n from booking a join booking b
          on a.property_id = b.property_id and a.id < b.id
         and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
        where a.status <> 'cancelled' and b.status <> 'cancelled'`);
    expect((overlaps as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  }, 60_000);
});

describe("limits against inventory hoarding (decision 012)", () => {
  beforeEach(async () => {
    await db().delete(schema.booking);
    await db().delete(schema.emailOutbox);
    await db().delete(schema.rateLimit);
  });

  const countBookings = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.booking)
    )[0].n;

  it("refuses an arrival beyond the booking horizon (24 months by default, from the settings)", async () => {
    const guest = await createUser();
    const property = await createProperty();
    // today is 2026-11-22: the last possible arrival is 2028-11-22.
    expect(
      await book(guest.id, property.id, { checkIn: "2028-11-23", checkOut: "2028-11-25" }),
    ).toEqual({ ok: false, error: "tooFarAhead" });
    expect(
      await book(guest.id, property.id, { checkIn: "9999-12-01", checkOut: "9999-12-31" }),
    ).toEqual({ ok: false, error: "tooFarAhead" });
    expect(await countBookings()).toBe(0);
    expect(
      (await book(guest.id, property.id, { checkIn: "2028-11-22", checkOut: "2028-11-25" })).ok,
    ).toBe(true);

    await withSettings({ bookingHorizonMonths: 6 }, async () => {
      expect(
        await book(guest.id, property.id, { checkIn: "2027-05-23", checkOut: "2027-05-25" }),
      ).toEqual({ ok: false, error: "tooFarAhead" });
      expect(
        (await book(guest.id, property.id, { checkIn: "2027-05-22", checkOut: "2027-05-25" })).ok,
      ).toBe(true);
    });
  });

  it("allows at most 3 pending unpaid bookings per account; paid and cancelled ones do not count", async () => {
    const guest = await createUser();
    const other = await createUser();
    const property = await createProperty();
    const stay = (n: number) => ({
      checkIn: addDays("2027-01-04", n * 3),
      checkOut: addDays("2027-01-04", n * 3 + 2),
    });
    const results = [];
    for (let n = 0; n < 3; n++) results.push(await book(guest.id, property.id, stay(n)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await book(guest.id, property.id, stay(3))).toEqual({
      ok: false,
      error: "pendingLimit",
    });
    expect(await countBookings()).toBe(3);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(6);
    // Another account is not affected.
    expect((await book(other.id, property.id, stay(4))).ok).toBe(true);

    // Paying for one (the admin confirms the transfer) frees a place ...
    const [first, second] = results.map((r) => (r as { bookingId: string }).bookingId);
    await db()
      .update(schema.booking)
      .set({ paymentStatus: "paid", status: "confirmed" })
      .where(eq(schema.booking.id, first));
    expect((await book(guest.id, property.id, stay(5))).ok).toBe(true);
    expect((await book(guest.id, property.id, stay(6))).ok).toBe(false);
    // ... and so does cancelling one.
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, second));
    expect((await book(guest.id, property.id, stay(6))).ok).toBe(true);

    await withSettings({ maxPendingBookings: 1 }, async () => {
      const fresh = await createUser();
      expect((await book(fresh.id, property.id, stay(7))).ok).toBe(true);
      expect(await book(fresh.id, property.id, stay(8))).toEqual({
        ok: false,
        error: "pendingLimit",
      });
    });
  });

  // On PostgreSQL the submits really run in parallel; the guest's lock makes them wait in turn.
  it("parallel submits at the cap: exactly as many pass as places are left", async () => {
    const guest = await createUser();
    const property = await createProperty();
    expect(
      (await book(guest.id, property.id, { checkIn: "2027-06-01", checkOut: "2027-06-03" })).ok,
    ).toBe(true);
    expect(
      (await book(guest.id, property.id, { checkIn: "2027-06-05", checkOut: "2027-06-07" })).ok,
    ).toBe(true);
    // One place left, two submits at once (different forms, different dates).
    const pair = await Promise.all([
      book(guest.id, property.id, { checkIn: "2027-07-01", checkOut: "2027-07-03" }),
      book(guest.id, property.id, { checkIn: "2027-08-01", checkOut: "2027-08-03" }),
    ]);
    expect(pair.filter((r) => r.ok)).toHaveLength(1);
    expect(pair.filter((r) => !r.ok)).toEqual([{ ok: false, error: "pendingLimit" }]);

    // From none: eight at once, exactly three pass.
    const fresh = await createUser();
    const eight = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        book(fresh.id, property.id, {
          checkIn: addDays("2027-09-01", i * 3),
          checkOut: addDays("2027-09-01", i * 3 + 2),
        }),
      ),
    );
    expect(eight.filter((r) => r.ok)).toHaveLength(3);
    expect(eight.filter((r) => !r.ok).every((r) => !r.ok && r.error === "pendingLimit")).toBe(true);
    const stored = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.booking)
      .where(eq(schema.booking.userId, fresh.id));
    expect(stored[0].n).toBe(3);
  });

  it("limits booking attempts per account (20 an hour by default); a retry of a stored booking is free", async () => {
    const guest = await createUser();
    const other = await createUser();
    const property = await createProperty();
    const key = crypto.randomUUID();
    const stored = await book(guest.id, property.id, { idempotencyKey: key });
    expect(stored.ok).toBe(true);
    // Refused attempts count too (here: dates in the past), each from another address.
    for (let i = 1; i < DEFAULT_SETTINGS.bookingAttemptsPerAccount; i++) {
      expect(
        await book(guest.id, property.id, { checkIn: "2026-01-01", checkOut: "2026-01-03" }),
      ).toEqual({ ok: false, error: "checkInPast" });
    }
    expect(
      await book(guest.id, property.id, { checkIn: "2027-03-01", checkOut: "2027-03-03" }),
    ).toEqual({ ok: false, error: "tooManyAttempts" });
    // The double click's retry still finds its booking; other accounts book as usual.
    expect(await book(guest.id, property.id, { idempotencyKey: key })).toEqual(stored);
    expect(
      (await book(other.id, property.id, { checkIn: "2027-03-01", checkOut: "2027-03-03" })).ok,
    ).toBe(true);
    expect(await countBookings()).toBe(2);
  });

  it("limits booking attempts per client address (from the settings)", async () => {
    const property = await createProperty();
    const guests = [await createUser(), await createUser(), await createUser()];
    const stay = (n: number) => ({
      checkIn: addDays("2027-10-01", n * 3),
      checkOut: addDays("2027-10-01", n * 3 + 2),
    });
    await withSettings({ bookingAttemptsPerClient: 2 }, async () => {
      expect((await book(guests[0].id, property.id, stay(0), "203.0.113.7")).ok).toBe(true);
      expect((await book(guests[1].id, property.id, stay(1), "203.0.113.7")).ok).toBe(true);
      expect(await book(guests[2].id, property.id, stay(2), "203.0.113.7")).toEqual({
        ok: false,
        error: "tooManyAttempts",
      });
      // Another address is another client.
      expect((await book(guests[2].id, property.id, stay(2), "203.0.113.8")).ok).toBe(true);
    });
    expect(await countBookings()).toBe(3);
  });

  it("stores the account's e-mail and sends to it; an address typed into the form is ignored", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const result = await book(guest.id, property.id, { guestEmail: "fremde@example.com" });
    expect(result.ok).toBe(true);
    const booking = await storedBooking((result as { bookingId: string }).bookingId);
    expect(booking.guestEmail).toBe(guest.email);
    const mails = await db().select().from(schema.emailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [guest.email, "info@traumurlaub.example.com"].sort(),
    );
    expect(JSON.stringify(mails)).not.toContain("fremde@example.com");
    const operatorMail = mails.find((m) => m.template === "booking-new")!;
    expect(operatorMail.data).toMatchObject({ guestEmail: guest.email });
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, booking.id)));
    expect(audit.after).toMatchObject({ to: guest.email });
    // Without any e-mail in the form the booking works just as well.
    const { guestEmail: _omitted, ...withoutEmail } = form({
      checkIn: "2027-02-10",
      checkOut: "2027-02-12",
    });
    const second = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      form: withoutEmail,
      today,
      language: "de",
      clientIp: someClient(),
    });
    expect(second.ok).toBe(true);
  });
});
