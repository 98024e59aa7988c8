/**
 * The dashboard's day sums (booking_day_stat, migration 0008) are kept by a trigger on booking:
 * after any mix of new, cancelled, reopened, moved, repriced and deleted bookings (and payments,
 * which must not count) they equal the sums recomputed here from the stored bookings.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayInBerlin } from "~/domain/calendar-day";
import { accommodationRevenue, revenueOfNights } from "~/domain/key-figures";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

type Sums = {
  bookingsMade: number;
  revenueMade: number;
  bookedNights: number;
  nightRevenue: number;
  arrivalsAll: number;
  arrivals: number;
  arrivalNights: number;
  leadDays: number;
  cancelledArrivals: number;
};
const zero = (): Sums => ({
  bookingsMade: 0,
  revenueMade: 0,
  bookedNights: 0,
  nightRevenue: 0,
  arrivalsAll: 0,
  arrivals: 0,
  arrivalNights: 0,
  leadDays: 0,
  cancelledArrivals: 0,
});
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The sums by day, from the bookings themselves (the definitions of spec 06, in TypeScript). */
async function recomputed() {
  const byDay = new Map<string, Sums>();
  const at = (day: string) => {
    if (!byDay.has(day)) byDay.set(day, zero());
    return byDay.get(day)!;
  };
  for (const b of await db().select().from(schema.booking)) {
    const made = dayInBerlin(b.createdAt);
    const isCancelled = b.status === "cancelled";
    at(made).bookingsMade += 1;
    if (!isCancelled) at(made).revenueMade += b.totalPrice;
    at(b.checkIn).arrivalsAll += 1;
    if (isCancelled) {
      at(b.checkIn).cancelledArrivals += 1;
      continue;
    }
    at(b.checkIn).arrivals += 1;
    at(b.checkIn).arrivalNights += b.nights;
    at(b.checkIn).leadDays += daysBetween(made, b.checkIn);
    // The accommodation revenue (total less both fees) spread over the nights to the cent.
    const nights = daysBetween(b.checkIn, b.checkOut);
    for (let i = 0; i < nights; i++) {
      const night = addDays(b.checkIn, i);
      at(night).bookedNights += 1;
      at(night).nightRevenue += revenueOfNights(accommodationRevenue(b), nights, i, i + 1);
    }
  }
  return Object.fromEntries([...byDay].sort(([a], [b]) => a.localeCompare(b)));
}

/** The trigger's table, without the rows that went back to zero. */
async function stored() {
  const found = await db().select().from(schema.bookingDayStat).orderBy(schema.bookingDayStat.day);
  return Object.fromEntries(
    found
      .filter(({ day: _day, ...sums }) => Object.values(sums).some((v) => v !== 0))
      .map(({ day, ...sums }) => [day, sums]),
  );
}

describe(`dashboard day sums (${databaseKind()})`, () => {
  it("follow every kind of booking change and ignore payments", async () => {
    const guest = await createUser();
    const other = await createUser();
    const [p1, p2] = [await createProperty(), await createProperty()];
    const stay = (propertyId: string, checkIn: string, checkOut: string, userId = guest.id) =>
      createBooking({ userId, propertyId, checkIn, checkOut });

    // A stay across a month end, one made late in the evening (a Berlin day after UTC's).
    const acrossMonths = await stay(p1.id, "2026-11-28", "2026-12-03");
    const late = await stay(p2.id, "2026-12-10", "2026-12-12", other.id);
    await db()
      .update(schema.booking)
      .set({ createdAt: new Date("2026-11-20T23:30:00Z") })
      .where(eq(schema.booking.id, late.id));
    const toCancel = await stay(p2.id, "2026-12-20", "2026-12-27");
    const toMove = await stay(p1.id, "2027-01-05", "2027-01-08", other.id);
    const toDelete = await stay(p1.id, "2027-02-01", "2027-02-04");
    expect(await stored()).toEqual(await recomputed());

    // Cancel, then reopen; confirm and complete (which change nothing in the sums).
    const setStatus = (id: string, status: string) =>
      db().update(schema.booking).set({ status }).where(eq(schema.booking.id, id));
    await setStatus(toCancel.id, "cancelled");
    expect(await stored()).toEqual(await recomputed());
    await setStatus(toCancel.id, "confirmed");
    await setStatus(acrossMonths.id, "completed");
    expect(await stored()).toEqual(await recomputed());
    await setStatus(toCancel.id, "cancelled");

    // Move and reprice a stay; a payment updates amount_paid through its own trigger.
    await db()
      .update(schema.booking)
      .set({ checkIn: "2027-01-10", checkOut: "2027-01-14", nights: 4, nightlyPrice: 12000 })
      .where(eq(schema.booking.id, toMove.id));
    await db()
      .insert(schema.payment)
      .values({ bookingId: late.id, amount: 5000, receivedOn: "2026-11-22" });
    expect(await stored()).toEqual(await recomputed());

    // A fee changed with the total kept moves the nights' revenue (migration 0033): 5 nights of
    // 9,500 and 7,500 + 2,900 in fees; 1,001 cents more cleaning are 1,001 less for the nights.
    await db()
      .update(schema.booking)
      .set({ cleaningFee: 8_501 })
      .where(eq(schema.booking.id, acrossMonths.id));
    expect(await stored()).toEqual(await recomputed());
    await db()
      .update(schema.booking)
      .set({ serviceFee: 1_900, totalPrice: 9_500 * 5 + 8_501 + 1_900 + 1 })
      .where(eq(schema.booking.id, acrossMonths.id));
    const afterFees = await stored();
    expect(afterFees).toEqual(await recomputed());
    // 47,501 cents over 5 nights: 9,501 on the first night, 9,500 on each other one.
    expect(afterFees["2026-11-28"].nightRevenue).toBe(9_501);
    expect(afterFees["2026-12-02"].nightRevenue).toBe(9_500);

    await db().delete(schema.booking).where(eq(schema.booking.id, toDelete.id));
    const sums = await stored();
    expect(sums).toEqual(await recomputed());
    // Spot checks in plain numbers: the late booking counts on the Berlin day 21 November.
    expect(sums["2026-11-21"].bookingsMade).toBe(1);
    expect(sums["2026-11-30"].bookedNights).toBe(1);
    expect(sums["2026-12-20"]).toMatchObject({ arrivalsAll: 1, cancelledArrivals: 1, arrivals: 0 });
    expect(sums["2027-02-01"]).toBeUndefined();
  });

  it("apply concurrent bookings on the same days without losing a count", async () => {
    const properties = await Promise.all(Array.from({ length: 8 }, () => createProperty()));
    const guests = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    await Promise.all(
      properties.map((p, i) =>
        createBooking({
          userId: guests[i].id,
          propertyId: p.id,
          checkIn: "2027-03-01",
          checkOut: addDays("2027-03-01", 2 + i),
        }),
      ),
    );
    const [row] = await db()
      .select()
      .from(schema.bookingDayStat)
      .where(sql`${schema.bookingDayStat.day} = '2027-03-01'`);
    expect(row).toMatchObject({ arrivals: 8, bookedNights: 8 });
    expect(await stored()).toEqual(await recomputed());
  });

  it("count a bulk insert and a bulk cancellation once per booking (one statement each)", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const stays = Array.from({ length: 30 }, (_, i) => {
      const checkIn = addDays("2027-06-01", i * 3);
      return {
        number: `FW-BULK-${String(i).padStart(4, "0")}`,
        userId: guest.id,
        propertyId: property.id,
        checkIn,
        checkOut: addDays(checkIn, 2),
        nights: 2,
        guests: 2,
        guestName: "Gruppe",
        guestEmail: "gruppe@example.com",
        nightlyPrice: 8000,
        cleaningFee: 0,
        serviceFee: 0,
        totalPrice: 16000,
        paymentMethod: "bank-transfer",
      };
    });
    await db().insert(schema.booking).values(stays);
    expect(await stored()).toEqual(await recomputed());
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(sql`${schema.booking.number} like 'FW-BULK-000%'`);
    const sums = await stored();
    expect(sums).toEqual(await recomputed());
    expect(sums["2027-06-01"]).toMatchObject({ arrivalsAll: 1, cancelledArrivals: 1 });
    expect(sums["2027-06-31"]).toBeUndefined();
    expect(sums["2027-07-01"]).toMatchObject({ arrivals: 1, bookedNights: 1 });
  });
});

describe(`migration 0033 (${databaseKind()})`, () => {
  it("rebuilds every day sum from the stored bookings, the nights' revenue spread to the cent", async () => {
    const guest = await createUser();
    const property = await createProperty();
    // 7 nights, 4 × 100 € and 3 × 140 € less 10 %: 738 €; first night 100 € (the old rule's
    // 700 €). Across a month end, and a cancelled one beside it.
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2028-01-28",
      checkOut: "2028-02-04",
      nightlyPrice: 10_000,
      cleaningFee: 5_000,
      serviceFee: 2_900,
      totalPrice: 73_800 + 5_000 + 2_900,
    });
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2028-02-10",
      checkOut: "2028-02-12",
      status: "cancelled",
    });
    // A cache gone wrong (as 0008's rule left it, and worse): the migration starts from scratch.
    await db().execute(sql`update booking_day_stat set night_revenue = 10000, bookings_made = 7`);
    await db().execute(sql`insert into booking_day_stat (day, arrivals) values ('2028-03-01', 3)`);

    const text = readFileSync(
      fileURLToPath(
        new URL("../../db/migrations/0033_key_figures_revenue_spread.sql", import.meta.url),
      ),
      "utf8",
    );
    const rebuild = text
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => /^(LOCK TABLE|DELETE FROM|INSERT INTO) /m.test(statement));
    expect(rebuild).toHaveLength(3);
    await db().transaction(async (tx) => {
      for (const statement of rebuild) await tx.execute(sql.raw(statement));
    });

    const sums = await stored();
    expect(sums).toEqual(await recomputed());
    // 73,800 over 7 nights: 10,543 on the first 6 nights (73,800 mod 7 = 6), 10,542 on the last.
    expect(sums["2028-01-28"].nightRevenue).toBe(10_543);
    expect(sums["2028-02-03"].nightRevenue).toBe(10_542);
    expect(sums["2028-02-10"]).toMatchObject({ cancelledArrivals: 1, nightRevenue: 0 });
    expect(sums["2028-03-01"]).toBeUndefined();
  });
});

describe("the account day sums (user_day_stat, migration 0012)", () => {
  /** Accounts per Berlin day, counted from the stored accounts. */
  async function accountsByDay() {
    const byDay: Record<string, number> = {};
    for (const u of await db().select({ createdAt: schema.user.createdAt }).from(schema.user)) {
      const day = dayInBerlin(u.createdAt);
      byDay[day] = (byDay[day] ?? 0) + 1;
    }
    return byDay;
  }
  async function storedAccounts() {
    const byDay: Record<string, number> = {};
    for (const row of await db().select().from(schema.userDayStat)) {
      if (row.accountsCreated !== 0) byDay[row.day] = row.accountsCreated;
    }
    return byDay;
  }

  it("follow sign-ups, bulk inserts, a moved creation time and deletions", async () => {
    const first = await createUser();
    await createUser();
    expect(await storedAccounts()).toEqual(await accountsByDay());

    // A bulk insert over two Berlin days: 23:30 UTC on 31 Jan is already 1 Feb in Berlin.
    await db()
      .insert(schema.user)
      .values([
        { name: "A", email: "a-bulk@example.com", createdAt: new Date("2026-01-31T22:30:00Z") },
        { name: "B", email: "b-bulk@example.com", createdAt: new Date("2026-01-31T23:30:00Z") },
        { name: "C", email: "c-bulk@example.com", createdAt: new Date("2026-02-01T10:00:00Z") },
      ]);
    const sums = await storedAccounts();
    expect(sums).toEqual(await accountsByDay());
    expect(sums["2026-01-31"]).toBe(1);
    expect(sums["2026-02-01"]).toBe(2);

    await db()
      .update(schema.user)
      .set({ createdAt: new Date("2025-06-15T12:00:00Z") })
      .where(eq(schema.user.id, first.id));
    await db()
      .update(schema.user)
      .set({ name: "Nur der Name" })
      .where(eq(schema.user.id, first.id));
    expect(await storedAccounts()).toEqual(await accountsByDay());
    expect((await storedAccounts())["2025-06-15"]).toBe(1);

    await db()
      .delete(schema.user)
      .where(sql`${schema.user.email} like '%-bulk@example.com'`);
    expect(await storedAccounts()).toEqual(await accountsByDay());
    expect((await storedAccounts())["2026-02-01"]).toBeUndefined();
  });
});
