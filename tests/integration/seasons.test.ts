import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { weekdayMask } from "~/domain/seasons";
import { createBooking } from "~/features/booking/booking.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { translate } from "~/lib/i18n";
import { db, pgErrorCode, schema, type DatabaseHandle } from "~/lib/db.server";
import { openTestDatabase } from "../helpers/database";
import { createBankAccount, createProperty, createUser } from "../helpers/factories";

// Seasons and stay rules (issue 18 point 5, decision 046) as the booking action applies them.
const today = "2026-11-22";
const SATURDAY = 5;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
});
afterAll(() => handle.close());

beforeEach(async () => {
  await db().delete(schema.booking);
  await db().delete(schema.emailOutbox);
  await db().delete(schema.rateLimit);
});

/** A property at 120 €/night with a Hauptsaison July–August 2027 at 150 €, Saturday to Saturday, ≥ 7 nights. */
async function propertyWithSummer(overrides: Partial<typeof schema.property.$inferInsert> = {}) {
  const property = await createProperty({
    pricePerNight: 12_000,
    cleaningFee: 6_000,
    ...overrides,
  });
  await db()
    .insert(schema.propertySeason)
    .values({
      propertyId: property.id,
      name: "Hauptsaison",
      startDate: "2027-07-01",
      endDate: "2027-08-31",
      pricePerNight: 15_000,
      minStayNights: 7,
      arrivalWeekdays: weekdayMask([SATURDAY]),
      departureWeekdays: weekdayMask([SATURDAY]),
    });
  return property;
}

async function book(propertyId: string, checkIn: string, checkOut: string) {
  const guest = await createUser();
  return createBooking({
    userId: guest.id,
    propertyId,
    form: {
      checkIn,
      checkOut,
      guests: "2",
      guestName: "Erika Musterfrau",
      guestPhone: "+49 30 1234567",
      specialRequests: "",
      paymentMethod: "bank-transfer",
      idempotencyKey: crypto.randomUUID(),
    },
    today,
    language: "de",
    clientIp: `198.18.${crypto.randomInt(256)}.${crypto.randomInt(256)}`,
  });
}

async function ensureBankAccount() {
  const [existing] = await db().select().from(schema.bankAccount).limit(1);
  if (existing) return;
  await createBankAccount();
}

describe("season stay rules in the booking action", () => {
  beforeAll(ensureBankAccount);

  it("refuses an arrival on a weekday the season does not allow, with the spec's message key", async () => {
    const property = await propertyWithSummer();
    // Monday 5 July 2027, 7 nights: arrival day not allowed.
    const result = await book(property.id, "2027-07-05", "2027-07-12");
    expect(result).toEqual({ ok: false, error: "arrivalDay" });
    expect(translate("de", "booking.errors.arrivalDay")).toBe(
      "An diesem Tag ist keine Anreise möglich.",
    );
    const stored = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.propertyId, property.id));
    expect(stored).toHaveLength(0);
  });

  it("refuses a stay shorter than the arrival season's minimum stay", async () => {
    const property = await propertyWithSummer();
    // Saturday to Wednesday: 4 nights < 7.
    expect(await book(property.id, "2027-07-03", "2027-07-07")).toEqual({
      ok: false,
      error: "seasonMinStay",
    });
    expect(translate("de", "booking.errors.seasonMinStay", { count: 7 })).toBe(
      "Der Mindestaufenthalt in diesem Zeitraum beträgt 7 Nächte.",
    );
  });

  it("refuses a departure on a weekday the last night's season does not allow", async () => {
    const property = await propertyWithSummer();
    // Saturday to the Monday 9 nights later.
    expect(await book(property.id, "2027-07-03", "2027-07-12")).toEqual({
      ok: false,
      error: "departureDay",
    });
    expect(translate("de", "booking.errors.departureDay")).toBe(
      "An diesem Tag ist keine Abreise möglich.",
    );
  });

  it("outside the season keeps the settings' rules: any weekday, 1 night", async () => {
    const property = await propertyWithSummer();
    const result = await book(property.id, "2027-06-14", "2027-06-15");
    expect(result.ok).toBe(true);
  });

  it("stores the night-by-night breakdown and the long-stay discount with the booking", async () => {
    const property = await propertyWithSummer({ weeklyDiscountPercent: 10 });
    // Monday 28 June (outside, any arrival day) to Saturday 10 July: 3 nights at 120 €,
    // 7 at 150 € (last night 9 July in the season, departure Saturday).
    const result = await book(property.id, "2027-06-28", "2027-07-10");
    expect(result.ok).toBe(true);
    const [booking] = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.id, (result as { bookingId: string }).bookingId));
    const nightsTotal = 3 * 12_000 + 9 * 15_000;
    const discount = Math.round(nightsTotal * 0.1);
    expect(booking.priceDetails).toEqual({
      lines: [
        { nights: 3, price: 12_000, regularPrice: 12_000 },
        { nights: 9, price: 15_000, regularPrice: 15_000 },
      ],
      discountPercent: 10,
      discount,
    });
    expect(booking.nights).toBe(12);
    expect(booking.totalPrice).toBe(nightsTotal - discount + 6_000 + 2_900);
    // The guest's e-mail states the same lines and total.
    const [mail] = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "booking-received"));
    expect(mail.data).toMatchObject({
      totalPrice: booking.totalPrice,
      priceLines: booking.priceDetails!.lines,
      discount,
      discountPercent: 10,
    });
  });
});

describe("season storage", () => {
  it("refuses two seasons of one property that share a night (database constraint)", async () => {
    const property = await propertyWithSummer();
    const overlapping = db().insert(schema.propertySeason).values({
      propertyId: property.id,
      name: "Spätsommer",
      startDate: "2027-08-31",
      endDate: "2027-09-15",
      pricePerNight: 13_000,
    });
    const error = await overlapping.then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(error)).toBe("23P01");
    // The day after the last night is free.
    await db().insert(schema.propertySeason).values({
      propertyId: property.id,
      name: "Spätsommer",
      startDate: "2027-09-01",
      endDate: "2027-09-15",
      pricePerNight: 13_000,
    });
    // Another property may use the same dates.
    const other = await propertyWithSummer();
    expect(other.id).not.toBe(property.id);
  });
});
