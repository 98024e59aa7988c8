/**
 * /admin (issue 13 part 2): every number from SQL over hand-made data, on a database of this
 * file's own (nothing else is in it), with "today" fixed at 2026-11-24 (Europe/Berlin).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  keyFigureReport,
  monthlySeries,
  pendingPayments,
  statCards,
  upcoming,
} from "~/features/admin-dashboard/dashboard.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

const TODAY = "2026-11-24";
let handle: DatabaseHandle;
let propertyA: string;
let propertyB: string;
let guestIds: string[];

/** Noon in Berlin on `day` (winter time: 11:00 UTC). */
const at = (day: string, hourUtc = 11) =>
  new Date(`${day}T${String(hourUtc).padStart(2, "0")}:00:00Z`);

beforeAll(async () => {
  handle = await openTestDatabase();
  // Users: two registered last month before the 24th, three this month.
  const users = [];
  for (const created of ["2026-10-05", "2026-10-20", "2026-11-02", "2026-11-10", "2026-11-23"]) {
    const user = await createUser();
    await db()
      .update(schema.user)
      .set({ createdAt: at(created) })
      .where(eq(schema.user.id, user.id));
    users.push(user.id);
  }
  guestIds = users;
  propertyA = (await createProperty({ title: "A", createdAt: at("2026-01-01") })).id;
  propertyB = (await createProperty({ title: "B", createdAt: at("2026-11-05") })).id;
  await createProperty({ title: "Entwurf", status: "draft" });

  const stay = (
    userIndex: number,
    propertyId: string,
    checkIn: string,
    checkOut: string,
    createdDay: string,
    extra: Omit<Partial<typeof schema.booking.$inferInsert>, "userId" | "propertyId"> = {},
  ) => {
    const nights = (Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000;
    return createBooking({
      userId: guestIds[userIndex],
      propertyId,
      checkIn,
      checkOut,
      nightlyPrice: 10_000,
      cleaningFee: 5_000,
      serviceFee: 0,
      totalPrice: 10_000 * nights + 5_000,
      createdAt: at(createdDay),
      ...extra,
    });
  };
  // October (made in October): a stay across the month end on A, 28.10.–03.11.
  await stay(0, propertyA, "2026-10-28", "2026-11-03", "2026-10-10", { status: "completed" });
  // November: A 10.–15.11. (made 20.10.), B 20.–22.11. (made 18.11.), a cancelled one on B.
  await stay(1, propertyA, "2026-11-10", "2026-11-15", "2026-10-20", { status: "completed" });
  await stay(2, propertyB, "2026-11-20", "2026-11-22", "2026-11-18", { status: "confirmed" });
  await stay(3, propertyB, "2026-11-25", "2026-11-28", "2026-11-21", { status: "cancelled" });
  // Upcoming: arrival 26.11. on A, pending and unpaid, made 21.11.; departure 27.11.
  await stay(4, propertyA, "2026-11-26", "2026-11-27", "2026-11-21", { status: "pending" });
});
afterAll(() => handle.close());

describe(`dashboard figures (${databaseKind()})`, () => {
  it("counts the cards month to date against the same days of last month", async () => {
    const cards = await statCards(TODAY);
    expect(cards.users).toEqual({ value: 5, previous: 2, change: 150 });
    expect(cards.properties).toEqual({ value: 2, previous: 1, change: 100 });
    // Made 1.–24.11.: three (18.11. and twice 21.11.); 1.–24.10.: two (10.10. and 20.10.).
    expect(cards.bookings).toEqual({ value: 3, previous: 2, change: 50 });
    // Revenue without the cancelled one: 25,000 + 15,000; before: 65,000 + 55,000.
    expect(cards.revenue).toEqual({ value: 40_000, previous: 120_000, change: -66.7 });
  });

  it("gives twelve months of bookings and revenue by the month they were made", async () => {
    const series = await monthlySeries(TODAY);
    expect(series).toHaveLength(12);
    expect(series[0].month).toBe("2025-12");
    expect(series.at(-2)).toEqual({ month: "2026-10", bookings: 2, revenue: 120_000 });
    expect(series.at(-1)).toEqual({ month: "2026-11", bookings: 3, revenue: 40_000 });
    expect(series.slice(0, 10).every((m) => m.bookings === 0 && m.revenue === 0)).toBe(true);
  });

  it("computes the key figures for this month, spreading the stay across the month end", async () => {
    const { span, figures } = await keyFigureReport("this-month", null, TODAY);
    expect(span).toEqual({ start: "2026-11-01", end: "2026-12-01" });
    const value = (name: string) => figures.find((f) => f.name === name)!.value;
    // Booked nights in November: 2 (28.10.–03.11.) + 5 + 2 + 1 = 10; two properties × 30.
    expect(value("occupancy")).toBeCloseTo(10 / 60);
    expect(value("adr")).toBe(10_000);
    expect(value("revpar")).toBe(Math.round(100_000 / 60));
    // Arrivals in November (not cancelled): 10.11. (5), 20.11. (2), 26.11. (1).
    expect(value("averageStay")).toBeCloseTo(8 / 3);
    // Lead: 21 + 2 + 5 days.
    expect(value("averageLeadTime")).toBeCloseTo(28 / 3);
    // One of four arrivals in November was cancelled.
    expect(value("cancellationRate")).toBeCloseTo(1 / 4);
    // October: the 4 October nights of the stay across the month end. Bookable nights count the
    // properties published today (the status history is not stored): 2 × 31.
    const october = await keyFigureReport("last-month", null, TODAY);
    expect(october.figures.find((f) => f.name === "adr")!.value).toBe(10_000);
    const occupancy = figures.find((f) => f.name === "occupancy")!;
    expect(occupancy.previous).toBeCloseTo(4 / 62);
    expect(occupancy.change).toBe(Math.round(((10 / 60 - 4 / 62) / (4 / 62)) * 1000) / 10);
  });

  it("filters by one property and ignores a forged property id", async () => {
    const b = await keyFigureReport("this-month", propertyB, TODAY);
    const value = (name: string) => b.figures.find((f) => f.name === name)!.value;
    expect(value("occupancy")).toBeCloseTo(2 / 30);
    expect(value("cancellationRate")).toBeCloseTo(1 / 2);
    const forged = await keyFigureReport("this-month", "' or 1=1 --", TODAY);
    expect(forged.figures.find((f) => f.name === "occupancy")!.value).toBeCloseTo(10 / 60);
  });

  it("lists the next seven days and the bookings waiting for money", async () => {
    const next = await upcoming(TODAY);
    expect(next.arrivals.map((a) => a.day)).toEqual(["2026-11-26"]);
    expect(next.departures.map((d) => d.day)).toEqual(["2026-11-27"]);
    const pending = await pendingPayments(TODAY);
    expect(pending).toHaveLength(1);
    // Booked 21.11. for 26.11.: the whole 15,000 within 7 days, at the latest 25.11.
    expect(pending[0]).toMatchObject({ daysWaiting: 3, due: 15_000, dueDate: "2026-11-25" });
  });
  // Last in this file: its bookings lie far after TODAY and do not touch the figures above.
  it("shows the first 50 arrivals of a changeover day by number, cancelled ones left out", async () => {
    const day = "2027-06-05";
    const count = 55;
    const guests = Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Wechselgast ${i}`,
      email: `wechselgast-${i}@example.com`,
      emailVerified: true,
    }));
    await db().insert(schema.user).values(guests);
    const made = [];
    for (const [i, guest] of guests.entries()) {
      const property = await createProperty({ title: `Wechselhaus ${i}` });
      made.push(
        await createBooking({
          userId: guest.id,
          propertyId: property.id,
          checkIn: day,
          checkOut: "2027-06-19",
          // Every third one cancelled, among them the first: it must not take a place.
          status: i % 3 === 0 ? "cancelled" : "confirmed",
        }),
      );
    }
    const active = made
      .filter((b) => b.status !== "cancelled")
      .map((b) => b.number)
      .sort();
    expect(active.length).toBeGreaterThan(0);
    const next = await upcoming(day);
    expect(next.arrivals.map((a) => a.number)).toEqual(active.slice(0, 50));
    expect(next.arrivals.every((a) => a.day === day)).toBe(true);
    expect(next.departures).toEqual([]);
  });
});
