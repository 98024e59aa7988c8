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
import { computePrice } from "~/domain/price";
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
    // Booked nights in November: 2 (28.10.–03.11.) + 5 + 2 + 1 = 10; bookable: A's 30 nights
    // and B's 26 from its creation on 05.11. (decision 102).
    expect(value("occupancy")).toBeCloseTo(10 / 56);
    expect(value("adr")).toBe(10_000);
    expect(value("revpar")).toBe(Math.round(100_000 / 56));
    // Arrivals in November (not cancelled): 10.11. (5), 20.11. (2), 26.11. (1).
    expect(value("averageStay")).toBeCloseTo(8 / 3);
    // Lead: 21 + 2 + 5 days.
    expect(value("averageLeadTime")).toBeCloseTo(28 / 3);
    // One of four arrivals in November was cancelled.
    expect(value("cancellationRate")).toBeCloseTo(1 / 4);
    // October: the 4 October nights of the stay across the month end. B, created in November,
    // was not on offer in October: only A's 31 nights are bookable (audit 23, decision 102).
    const october = await keyFigureReport("last-month", null, TODAY);
    expect(october.figures.find((f) => f.name === "adr")!.value).toBe(10_000);
    const occupancy = figures.find((f) => f.name === "occupancy")!;
    expect(occupancy.previous).toBeCloseTo(4 / 31);
    expect(occupancy.change).toBe(Math.round(((10 / 56 - 4 / 31) / (4 / 31)) * 1000) / 10);
  });

  it("filters by one property and ignores a forged property id", async () => {
    const b = await keyFigureReport("this-month", propertyB, TODAY);
    const value = (name: string) => b.figures.find((f) => f.name === name)!.value;
    // B exists from 05.11.: 26 November nights.
    expect(value("occupancy")).toBeCloseTo(2 / 26);
    expect(value("cancellationRate")).toBeCloseTo(1 / 2);
    const forged = await keyFigureReport("this-month", "' or 1=1 --", TODAY);
    expect(forged.figures.find((f) => f.name === "occupancy")!.value).toBeCloseTo(10 / 56);
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
  // Spring 2027, far from the stays above: seasons, a long-stay discount, a stay across a month
  // end, a cancelled stay, a block and imported nights (decision 065). "Today" 10.03.2027.
  describe("with seasons, a discount, blocks and imported nights", () => {
    const SPRING = "2027-03-10";
    let seasonal: string;
    let imported: string;
    /** The stay 01.–08.03. on `seasonal`, priced as the booking flow prices it. */
    const price = computePrice({
      property: {
        pricePerNight: 10_000,
        cleaningFee: 5_000,
        isSpecialOffer: false,
        specialOfferPrice: null,
        specialOfferEndDate: null,
        weeklyDiscountPercent: 10,
      },
      nights: 7,
      checkIn: "2027-03-01",
      // The high season starts on the fifth night: 4 × 100 € + 3 × 140 €.
      seasons: [{ startDate: "2027-03-05", endDate: "2027-03-31", pricePerNight: 14_000 }],
      serviceFee: 2_900,
      today: "2027-01-15",
    });

    beforeAll(async () => {
      seasonal = (await createProperty({ title: "Saison", createdAt: at("2026-06-01") })).id;
      imported = (await createProperty({ title: "Import", createdAt: at("2026-06-01") })).id;
      const draft = (await createProperty({ title: "Entwurf mit Sperre", status: "draft" })).id;
      expect(price).toMatchObject({ nightlyPrice: 10_000, subtotal: 82_000, discount: 8_200 });
      await createBooking({
        userId: guestIds[0],
        propertyId: seasonal,
        checkIn: "2027-03-01",
        checkOut: "2027-03-08",
        nightlyPrice: price.nightlyPrice,
        cleaningFee: price.cleaningFee,
        serviceFee: price.serviceFee,
        totalPrice: price.total,
        priceDetails: { lines: price.lines, discountPercent: 10, discount: price.discount },
        createdAt: at("2027-01-15"),
      });
      // Across February's end: 4 nights for 400.02 € (90 € + 3 × 103.34 €), spread as 100.01 €
      // on each of the first two nights and 100.00 € on the others.
      await createBooking({
        userId: guestIds[1],
        propertyId: imported,
        checkIn: "2027-02-26",
        checkOut: "2027-03-02",
        // The first night in the low season: the stored nightly price is only that night's.
        nightlyPrice: 9_000,
        priceDetails: {
          lines: [
            { nights: 1, price: 9_000, regularPrice: 9_000 },
            { nights: 3, price: 10_334, regularPrice: 10_334 },
          ],
          discountPercent: 0,
          discount: 0,
        },
        cleaningFee: 5_000,
        serviceFee: 2_900,
        totalPrice: 40_002 + 5_000 + 2_900,
        createdAt: at("2027-02-01"),
      });
      // April 05.–07.: the only April stay (the figures of April below).
      await createBooking({
        userId: guestIds[3],
        propertyId: imported,
        checkIn: "2027-04-05",
        checkOut: "2027-04-07",
        createdAt: at("2027-02-03"),
      });
      // Cancelled: neither nights nor revenue, only the cancellation rate.
      await createBooking({
        userId: guestIds[2],
        propertyId: imported,
        checkIn: "2027-03-20",
        checkOut: "2027-03-25",
        nightlyPrice: 20_000,
        totalPrice: 99_999,
        status: "cancelled",
        createdAt: at("2027-02-02"),
      });
      // The operator's own use of `seasonal` 20.–25.03. (5 nights); a block on a draft does not
      // count (the draft has no bookable nights to lose).
      await db()
        .insert(schema.propertyBlock)
        .values([
          {
            propertyId: seasonal,
            checkIn: "2027-03-20",
            checkOut: "2027-03-25",
            reason: "own-use",
          },
          {
            propertyId: draft,
            checkIn: "2027-03-01",
            checkOut: "2027-03-31",
            reason: "maintenance",
          },
        ]);
      // Two stays sold on Airbnb for `imported`: 10.–14.03. (4 nights) and 29.03.–03.04. (3 in
      // March, 2 in April).
      const [feed] = await db()
        .insert(schema.icalFeed)
        .values({
          propertyId: imported,
          name: "Airbnb",
          url: "https://example.com/airbnb.ics",
          channel: "airbnb",
        })
        .returning();
      const events = await db()
        .insert(schema.externalEvent)
        .values([
          {
            feedId: feed.id,
            propertyId: imported,
            uid: "a-1",
            checkIn: "2027-03-10",
            checkOut: "2027-03-14",
            kind: "booking",
          },
          {
            feedId: feed.id,
            propertyId: imported,
            uid: "a-2",
            checkIn: "2027-03-29",
            checkOut: "2027-04-03",
            kind: "booking",
          },
        ])
        .returning();
      expect(events.map((e) => e.status)).toEqual(["active", "active"]);
    });

    const figure = (report: Awaited<ReturnType<typeof keyFigureReport>>, name: string) =>
      report.figures.find((f) => f.name === name)!;

    it("earns a seasonal, discounted stay its real nights' prices, not the first night's", async () => {
      const march = await keyFigureReport("this-month", seasonal, SPRING);
      expect(march.span).toEqual({ start: "2027-03-01", end: "2027-04-01" });
      // 820 € − 10 % = 738 € for 7 nights (the first night's 100 € × 7 would be 700 €).
      expect(figure(march, "adr").value).toBe(Math.round(73_800 / 7));
      // 31 nights less the 5 of the block.
      expect(figure(march, "occupancy").value).toBeCloseTo(7 / 26);
      expect(figure(march, "revpar").value).toBe(Math.round(73_800 / 26));
    });

    it("takes blocked and imported nights off the bookable nights and splits a stay by month", async () => {
      const march = await keyFigureReport("this-month", imported, SPRING);
      // March: the last night of the stay from February (100.00 €); the cancelled stay nothing.
      expect(figure(march, "adr").value).toBe(10_000);
      // 31 nights less 4 + 3 imported ones.
      expect(figure(march, "occupancy").value).toBeCloseTo(1 / 24);
      expect(figure(march, "revpar").value).toBe(Math.round(10_000 / 24));
      expect(figure(march, "cancellationRate").value).toBe(1);
      // February: 100.01 + 100.01 + 100.00 €; with the March night exactly the 400.02 €.
      expect(figure(march, "adr").previous).toBe(Math.round(30_002 / 3));
      expect(figure(march, "revpar").previous).toBe(Math.round(30_002 / 28));
      expect(figure(march, "occupancy").previous).toBeCloseTo(3 / 28);
    });

    it("gives the same sums over all properties from the day sums", async () => {
      const march = await keyFigureReport("this-month", null, SPRING);
      // Published: A, B, Saison, Import. 4 × 31 nights less 5 blocked and 7 imported; the
      // draft's block does not count.
      const bookable = 4 * 31 - 5 - 7;
      expect(figure(march, "occupancy").value).toBeCloseTo(8 / bookable);
      expect(figure(march, "adr").value).toBe(Math.round((73_800 + 10_000) / 8));
      expect(figure(march, "revpar").value).toBe(Math.round((73_800 + 10_000) / bookable));
      expect(figure(march, "adr").previous).toBe(Math.round(30_002 / 3));
      expect(figure(march, "occupancy").previous).toBeCloseTo(3 / (4 * 28));
      // April: the stay sold on Airbnb from 29.03. takes its 2 April nights, no more.
      const april = await keyFigureReport("this-month", imported, "2027-04-15");
      expect(figure(april, "occupancy").value).toBeCloseTo(2 / 28);
    });
  });

  it("counts a property's nights only while it was on offer: from its creation, up to its archiving (decision 102)", async () => {
    // August 2027, after every span above. A, B, Saison and Import are on offer all month;
    // "Verkauft" from 01.07. until it was archived on 10.08. (its audit entry), "Neu" from 21.08.
    const sold = await createProperty({ title: "Verkauft", createdAt: at("2027-07-01") });
    await createBooking({
      userId: guestIds[0],
      propertyId: sold.id,
      checkIn: "2027-08-02",
      checkOut: "2027-08-05",
      nightlyPrice: 10_000,
      cleaningFee: 0,
      serviceFee: 0,
      totalPrice: 30_000,
      status: "completed",
      createdAt: at("2027-06-01"),
    });
    await db()
      .update(schema.property)
      .set({ status: "archived" })
      .where(eq(schema.property.id, sold.id));
    await db()
      .insert(schema.auditLog)
      .values({
        entity: "property",
        entityId: sold.id,
        action: "archive",
        before: { status: "published" },
        after: { status: "archived" },
        createdAt: at("2027-08-10"),
      });
    await createProperty({ title: "Neu", createdAt: at("2027-08-21") });
    const occupancy = async (propertyId: string | null) =>
      (await keyFigureReport("last-month", propertyId, "2027-09-15")).figures.find(
        (f) => f.name === "occupancy",
      )!.value;
    // 3 booked nights; 4 × 31 + 9 (01.–09.08.) + 11 (21.–31.08.) bookable.
    expect(await occupancy(null)).toBeCloseTo(3 / 144);
    expect(await occupancy(sold.id)).toBeCloseTo(3 / 9);
  });

  it("counts a property only while it was published: a draft from its publication, an archived one again from its republication (decision 108)", async () => {
    // October 2027, after every span above: A, B, Saison, Import and Neu on offer all month,
    // "Verkauft" archived since August.
    const entry = (propertyId: string, action: string, day: string, status: string) =>
      db()
        .insert(schema.auditLog)
        .values({
          entity: "property",
          entityId: propertyId,
          action,
          after: { status },
          createdAt: at(day),
        });
    // A draft from 01.09., published on 11.10.
    const late = await createProperty({ title: "Spät", createdAt: at("2027-09-01") });
    await entry(late.id, "draft-created", "2027-09-01", "draft");
    await entry(late.id, "publish", "2027-10-11", "published");
    // Created published on 01.09., archived on 05.10., published again on 20.10.
    const pause = await createProperty({ title: "Pause", createdAt: at("2027-09-01") });
    await entry(pause.id, "create", "2027-09-01", "published");
    await entry(pause.id, "archive", "2027-10-05", "archived");
    await entry(pause.id, "publish", "2027-10-20", "published");
    await createBooking({
      userId: guestIds[1],
      propertyId: pause.id,
      checkIn: "2027-10-02",
      checkOut: "2027-10-04",
      nightlyPrice: 10_000,
      cleaningFee: 0,
      serviceFee: 0,
      totalPrice: 20_000,
      status: "completed",
      createdAt: at("2027-08-01"),
    });
    const occupancy = async (propertyId: string | null) =>
      (await keyFigureReport("last-month", propertyId, "2027-11-15")).figures.find(
        (f) => f.name === "occupancy",
      )!.value;
    // 2 booked nights; 5 × 31 + 21 (11.–31.10.) + 4 (01.–04.10.) + 12 (20.–31.10.) bookable.
    expect(await occupancy(pause.id)).toBeCloseTo(2 / 16);
    expect(await occupancy(late.id)).toBe(0);
    expect(await occupancy(null)).toBeCloseTo(2 / 192);
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
