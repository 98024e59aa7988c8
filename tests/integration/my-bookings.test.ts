import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelBooking, getCancellationPreview } from "~/features/booking/cancellation.server";
import {
  getDashboardOverview,
  getDashboardStats,
  getMyBookingDetail,
  listMyBookings,
} from "~/features/booking/my-bookings.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { action, loader } from "~/routes/dashboard/bookings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow(); // 48 free hours, then 50 %
});
afterAll(() => handle.close());

beforeEach(async () => {
  await db().delete(schema.review);
  await db().delete(schema.booking);
  await db().delete(schema.emailOutbox);
  await db().delete(schema.auditLog);
});

const addDays = (day: string, amount: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + amount * 86_400_000).toISOString().slice(0, 10);

// A fixed moment: Sunday 22 November 2026, 11:00 in Berlin.
const now = new Date("2026-11-22T10:00:00Z");
const today = dayInBerlin(now);

async function storedBooking(id: string) {
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, id));
  return row;
}

describe(`dashboard stats and lists (${databaseKind()})`, () => {
  it("computes the stat cards from the guest's own rows", async () => {
    const guest = await createUser();
    const other = await createUser();
    const property = await createProperty();
    const done = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2026-08-01",
      checkOut: "2026-08-05",
      status: "completed",
      totalPrice: 100_000,
    });
    const reviewed = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2026-09-01",
      checkOut: "2026-09-03",
      status: "completed",
      totalPrice: 50_000,
    });
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2026-12-20",
      checkOut: "2026-12-24",
      status: "cancelled",
      totalPrice: 200_000,
    });
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2026-12-01",
      checkOut: "2026-12-05",
      status: "confirmed",
      totalPrice: 300_000,
    });
    // Check-out today: still active (spec: "check-out today or later").
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: addDays(today, -3),
      checkOut: today,
      status: "confirmed",
      totalPrice: 4_000,
    });
    // Someone else's booking never counts.
    await createBooking({
      userId: other.id,
      propertyId: property.id,
      checkIn: "2027-01-10",
      checkOut: "2027-01-12",
      totalPrice: 999_999,
    });
    await db()
      .insert(schema.review)
      .values([
        {
          bookingId: done.id,
          propertyId: property.id,
          userId: guest.id,
          rating: 4,
          text: "x".repeat(20),
        },
        {
          bookingId: reviewed.id,
          propertyId: property.id,
          userId: guest.id,
          rating: 5,
          text: "y".repeat(20),
        },
      ]);

    expect(await getDashboardStats(guest.id, today)).toEqual({
      activeBookings: 2,
      totalBookings: 5,
      totalSpent: 100_000 + 50_000 + 300_000 + 4_000,
      reviewCount: 2,
      ratingAverage: 4.5,
    });
    expect(await getDashboardStats(other.id, today)).toEqual({
      activeBookings: 1,
      totalBookings: 1,
      totalSpent: 999_999,
      reviewCount: 0,
      ratingAverage: null,
    });
  });

  it("lists the three most recently made bookings and flags an incomplete profile", async () => {
    const guest = await createUser({ name: "Erika Musterfrau" });
    const property = await createProperty();
    const made = ["2026-01-01", "2026-03-01", "2026-02-01", "2026-04-01"];
    const ids: string[] = [];
    for (const [i, day] of made.entries()) {
      const booking = await createBooking({
        userId: guest.id,
        propertyId: property.id,
        checkIn: addDays("2027-02-01", i * 10),
        checkOut: addDays("2027-02-03", i * 10),
        createdAt: new Date(`${day}T12:00:00Z`),
      });
      ids.push(booking.id);
    }
    const overview = await getDashboardOverview(guest.id, today);
    expect(overview.recentBookings.map((b) => b.id)).toEqual([ids[3], ids[1], ids[2]]);
    expect(overview.profile).toMatchObject({
      fullName: "Erika Musterfrau",
      email: guest.email,
      phone: null,
      isIncomplete: true,
    });
    await db()
      .update(schema.profile)
      .set({ phone: "+49 30 1234567" })
      .where(eq(schema.profile.id, guest.id));
    expect((await getDashboardOverview(guest.id, today)).profile.isIncomplete).toBe(false);
  });

  it("puts the next trip and the next payment due first, from the stored amounts", async () => {
    const guest = await createUser();
    const property = await createProperty();
    expect(await getDashboardOverview(guest.id, today)).toMatchObject({
      nextTrip: null,
      nextPayment: null,
    });
    // Booked today (22.11.2026) for February: 20 % deposit within 7 days, the balance 30 days
    // before arrival. The deposit is paid, so the balance is next.
    const february = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-02-10",
      checkOut: "2027-02-14",
      status: "confirmed",
      totalPrice: 100_000,
      amountPaid: 20_000,
      depositPercentage: 20,
      balanceDueDays: 30,
      createdAt: now,
    });
    // Later arrival, but its deposit (booked 20.11.) is due sooner: 27.11.2026.
    const march = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-03-01",
      checkOut: "2027-03-05",
      status: "pending",
      totalPrice: 55_555,
      amountPaid: 0,
      depositPercentage: 20,
      balanceDueDays: 30,
      createdAt: new Date("2026-11-20T12:00:00Z"),
    });
    // Cancelled and sooner: neither the next trip nor anything to pay.
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2026-12-01",
      checkOut: "2026-12-03",
      status: "cancelled",
      amountPaid: 0,
      createdAt: now,
    });
    const overview = await getDashboardOverview(guest.id, today);
    expect(overview.nextTrip?.id).toBe(february.id);
    expect(overview.nextTrip?.number).toBe(february.number);
    expect(overview.nextPayment).toEqual({
      bookingId: march.id,
      bookingNumber: march.number,
      propertyTitle: property.title,
      kind: "deposit",
      amount: 11_111,
      dueDate: "2026-11-27",
      isOverdue: false,
      isDebitProcessing: false,
    });
    // Once the March deposit is in, February's balance (due 11.01.2027) comes first.
    await db()
      .update(schema.booking)
      .set({ amountPaid: 11_111 })
      .where(eq(schema.booking.id, march.id));
    expect((await getDashboardOverview(guest.id, today)).nextPayment).toMatchObject({
      bookingId: february.id,
      kind: "balance",
      amount: 80_000,
      dueDate: "2027-01-11",
    });
  });

  it("splits the tabs as the spec defines them, searches and filters, only own bookings", async () => {
    const guest = await createUser();
    const other = await createUser();
    const sea = await createProperty({ title: "Strandhaus Kampen", location: "Sylt, Deutschland" });
    const city = await createProperty({ title: "Altbau am Ring", location: "Köln, Deutschland" });
    const make = (values: Parameters<typeof createBooking>[0]) => createBooking(values);
    const endsToday = await make({
      userId: guest.id,
      propertyId: sea.id,
      checkIn: addDays(today, -2),
      checkOut: today,
      status: "confirmed",
    });
    const future = await make({
      userId: guest.id,
      propertyId: city.id,
      checkIn: addDays(today, 10),
      checkOut: addDays(today, 12),
      status: "pending",
    });
    const cancelledFuture = await make({
      userId: guest.id,
      propertyId: sea.id,
      checkIn: addDays(today, 20),
      checkOut: addDays(today, 22),
      status: "cancelled",
    });
    const endedBefore = await make({
      userId: guest.id,
      propertyId: city.id,
      checkIn: addDays(today, -6),
      checkOut: addDays(today, -2),
      status: "completed",
    });
    await make({
      userId: other.id,
      propertyId: city.id,
      checkIn: addDays(today, 30),
      checkOut: addDays(today, 32),
    });
    await db().insert(schema.review).values({
      bookingId: endedBefore.id,
      propertyId: city.id,
      userId: guest.id,
      rating: 5,
      title: "Toll",
      text: "Sehr schöne Wohnung, gerne wieder.",
    });

    const list = (tab: "upcoming" | "past" | "cancelled", q = "", status = "all" as const) =>
      listMyBookings({ userId: guest.id, today, tab, q, status });
    const ids = async (promise: ReturnType<typeof list>) => (await promise).map((b) => b.id);

    expect(await ids(list("upcoming"))).toEqual([endsToday.id, future.id]);
    // A cancelled stay of the future is neither upcoming nor past (issue 16, decision 039).
    expect(await ids(list("past"))).toEqual([endedBefore.id]);
    expect(await ids(list("cancelled"))).toEqual([cancelledFuture.id]);
    // Accent- and case-insensitive search by title or location.
    expect(await ids(list("upcoming", "koln"))).toEqual([future.id]);
    expect(await ids(list("cancelled", "STRANDHAUS"))).toEqual([cancelledFuture.id]);
    expect(await ids(list("past", "100%_"))).toEqual([]);
    // Fullwidth ％ and ＿ fold into % and _ but stay literal characters, not wildcards.
    expect(await ids(list("past", "％"))).toEqual([]);
    expect(await ids(list("upcoming", "＿"))).toEqual([]);
    expect(
      (
        await listMyBookings({ userId: guest.id, today, tab: "past", q: "", status: "completed" })
      ).map((b) => b.id),
    ).toEqual([endedBefore.id]);

    const past = await list("past");
    expect(past.find((b) => b.id === endedBefore.id)?.review).toMatchObject({
      rating: 5,
      title: "Toll",
    });
    expect((await list("cancelled")).find((b) => b.id === cancelledFuture.id)).toMatchObject({
      review: null,
      isCancellable: false,
      status: "cancelled",
    });
    const upcoming = await list("upcoming");
    expect(upcoming.map((b) => b.isCancellable)).toEqual([false, true]);

    // The detail of someone else's booking is not found.
    expect(await getMyBookingDetail(other.id, future.id, today)).toBeNull();
    expect((await getMyBookingDetail(guest.id, future.id, today))?.number).toBe(future.number);
  });
});

describe(`cancelling (${databaseKind()})`, () => {
  async function setUp(
    checkIn: string,
    overrides: Partial<Omit<typeof schema.booking.$inferInsert, "userId">> = {},
  ) {
    const guest = await createUser();
    const property = await createProperty();
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      status: "confirmed",
      totalPrice: 126_249,
      guestEmail: "reisende@example.com",
      ...overrides,
    });
    return { guest, property, booking };
  }

  it("cancels for free well before arrival: one audit row, both e-mails, dates free again", async () => {
    const { guest, property, booking } = await setUp("2026-12-20");
    const preview = await getCancellationPreview({ userId: guest.id, bookingId: booking.id, now });
    expect(preview?.quote).toMatchObject({ fee: 0, isFree: true });
    // 48 h before 00:00 CET on 20 Dec = 18 Dec 00:00 CET.
    expect(preview?.quote?.freeUntil).toBe("2026-12-17T23:00:00.000Z");

    const result = await cancelBooking({
      userId: guest.id,
      bookingId: booking.id,
      quotedFee: 0,
      now,
      language: "de",
    });
    expect(result).toEqual({ ok: true, fee: 0 });
    expect(await storedBooking(booking.id)).toMatchObject({
      status: "cancelled",
      cancellationFee: 0,
      paymentStatus: "unpaid",
    });

    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, booking.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: guest.id,
      action: "cancelled-by-guest",
      before: { status: "confirmed", paymentStatus: "unpaid" },
      after: { status: "cancelled", cancellationFee: 0 },
    });

    const mails = await db().select().from(schema.emailOutbox);
    expect(mails.map((m) => [m.template, m.to]).sort()).toEqual([
      ["booking-cancelled", "reisende@example.com"],
      ["booking-cancelled-operator", "info@traumurlaub.example.com"],
    ]);
    expect(mails.find((m) => m.template === "booking-cancelled")?.data).toMatchObject({
      bookingNumber: booking.number,
      cancellationFee: 0,
      totalPrice: 126_249,
      company: {
        name: "TraumUrlaub Reisen GmbH",
        registerCourt: "Amtsgericht Berlin-Charlottenburg",
      },
    });

    // The nights are bookable again: another guest's booking of the same dates is accepted.
    const next = await createUser();
    await expect(
      createBooking({
        userId: next.id,
        propertyId: property.id,
        checkIn: "2026-12-20",
        checkOut: "2026-12-23",
      }),
    ).resolves.toMatchObject({ status: "pending" });
  });

  it("charges the percentage inside the free period, never more than the guest confirmed", async () => {
    // Check-in tomorrow: inside the 48 hours.
    const { guest, booking } = await setUp(addDays(today, 1), {
      paymentStatus: "paid",
      amountPaid: 126_249,
    });
    const preview = await getCancellationPreview({ userId: guest.id, bookingId: booking.id, now });
    expect(preview?.quote).toMatchObject({ fee: 63_125, isFree: false });

    // The dialog showed "kostenlos" (the period ended meanwhile): nothing changes.
    const stale = await cancelBooking({
      userId: guest.id,
      bookingId: booking.id,
      quotedFee: 0,
      now,
      language: "de",
    });
    expect(stale).toEqual({ ok: false, error: "feeChanged", fee: 63_125 });
    expect(await storedBooking(booking.id)).toMatchObject({ status: "confirmed" });
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);

    const result = await cancelBooking({
      userId: guest.id,
      bookingId: booking.id,
      quotedFee: 63_125,
      now,
      language: "en",
    });
    expect(result).toEqual({ ok: true, fee: 63_125 });
    expect(await storedBooking(booking.id)).toMatchObject({
      status: "cancelled",
      cancellationFee: 63_125,
      // Paid back only once the operator has transferred it (decision 047): an open refund.
      paymentStatus: "paid",
    });
    expect(
      await db().select().from(schema.refund).where(eq(schema.refund.bookingId, booking.id)),
    ).toEqual([expect.objectContaining({ amount: 126_249 - 63_125, status: "open" })]);
    const mails = await db().select().from(schema.emailOutbox);
    expect(mails.find((m) => m.template === "booking-cancelled")?.data).toMatchObject({
      cancellationFee: 63_125,
      wasPaid: true,
      language: "en",
    });
    expect(mails.find((m) => m.template === "booking-cancelled-operator")?.data).toMatchObject({
      language: "de",
      guestEmail: "reisende@example.com",
    });
  });

  it("someone else's booking is not found and stays unchanged", async () => {
    const { booking } = await setUp("2026-12-20");
    const stranger = await createUser();
    const result = await cancelBooking({
      userId: stranger.id,
      bookingId: booking.id,
      quotedFee: 1_000_000,
      now,
      language: "de",
    });
    expect(result).toEqual({ ok: false, error: "notFound" });
    expect(await storedBooking(booking.id)).toMatchObject({
      status: "confirmed",
      cancellationFee: null,
    });
    expect(
      await getCancellationPreview({ userId: stranger.id, bookingId: booking.id, now }),
    ).toBeNull();
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
    expect(await db().select().from(schema.auditLog)).toHaveLength(0);
  });

  it("a second cancel does nothing twice", async () => {
    const { guest, booking } = await setUp("2026-12-20", { status: "pending" });
    const once = () =>
      cancelBooking({ userId: guest.id, bookingId: booking.id, quotedFee: 0, now, language: "de" });
    const results = await Promise.all([once(), once()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "notCancellable" }]);
    expect(await once()).toEqual({ ok: false, error: "notCancellable" });
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(2);
    expect(await db().select().from(schema.auditLog)).toHaveLength(1);
  });

  it("a stay that starts today or is over, or a completed one, cannot be cancelled", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const startsToday = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: today,
      checkOut: addDays(today, 2),
      status: "confirmed",
    });
    const over = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: addDays(today, -10),
      checkOut: addDays(today, -7),
      status: "completed",
    });
    for (const booking of [startsToday, over]) {
      expect(
        await cancelBooking({
          userId: guest.id,
          bookingId: booking.id,
          quotedFee: 1_000_000,
          now,
          language: "de",
        }),
      ).toEqual({ ok: false, error: "notCancellable" });
      expect((await storedBooking(booking.id)).status).toBe(booking.status);
      expect(
        (await getCancellationPreview({ userId: guest.id, bookingId: booking.id, now }))?.quote,
      ).toBeNull();
    }
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });
});

describe(`/dashboard/bookings route (${databaseKind()})`, () => {
  type LoaderArgs = Parameters<typeof loader>[0];
  type ActionArgs = Parameters<typeof action>[0];
  const realToday = dayInBerlin(new Date());

  async function status(promise: Promise<unknown>) {
    try {
      await promise;
      return 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      const data = thrown as { init?: { status?: number } };
      if (data?.init?.status) return data.init.status;
      throw thrown;
    }
  }

  it("answers 404 to someone else's booking in the URL and in a cancel POST, changing nothing", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const property = await createProperty();
    const booking = await createBooking({
      userId: owner.id,
      propertyId: property.id,
      checkIn: addDays(realToday, 60),
      checkOut: addDays(realToday, 63),
      status: "pending",
    });
    const cookie = await sessionCookie(stranger.email);
    const get = (search: string) =>
      loader({
        request: new Request(`http://localhost:3000/dashboard/bookings${search}`, {
          headers: { cookie },
        }),
        params: {},
        context: {},
      } as unknown as LoaderArgs);
    expect(await status(get(`?booking=${booking.id}`))).toBe(404);
    expect(await status(get(`?cancel=${booking.id}`))).toBe(404);
    expect(await status(get(`?booking=1%20or%201=1`))).toBe(404);
    const page = (await get("?tab=upcoming")) as Awaited<ReturnType<typeof loader>>;
    expect(page.bookings).toEqual([]);

    const post = await status(
      action({
        request: new Request("http://localhost:3000/dashboard/bookings", {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams({ intent: "cancel", bookingId: booking.id, quotedFee: "0" }),
        }),
        params: {},
        context: {},
      } as unknown as ActionArgs),
    );
    expect(post).toBe(404);
    expect(await storedBooking(booking.id)).toMatchObject({
      status: "pending",
      cancellationFee: null,
    });

    // The owner cancels through the same action and is sent to "Vergangen".
    const ownerCookie = await sessionCookie(owner.email);
    let location = "";
    try {
      await action({
        request: new Request("http://localhost:3000/dashboard/bookings", {
          method: "POST",
          headers: { cookie: ownerCookie },
          body: new URLSearchParams({ intent: "cancel", bookingId: booking.id, quotedFee: "0" }),
        }),
        params: {},
        context: {},
      } as unknown as ActionArgs);
    } catch (thrown) {
      location = (thrown as Response).headers.get("location") ?? "";
    }
    expect(location).toBe(`/dashboard/bookings?tab=cancelled&cancelled=${booking.id}`);
    expect(await storedBooking(booking.id)).toMatchObject({
      status: "cancelled",
      cancellationFee: 0,
    });
  });
});

describe(`the detail's payment state (${databaseKind()}, decision 053)`, () => {
  it("shows the one schedule filled with what was received: open, overdue, paid in full", async () => {
    const guest = await createUser();
    const property = await createProperty();
    // Booked on 1 November for 10 January: 20 % by 8 November, the rest 30 days before arrival.
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-01-10",
      checkOut: "2027-01-13",
      status: "confirmed",
      paymentMethod: "credit-card",
      totalPrice: 50_000,
      createdAt: new Date("2026-11-01T12:00:00+01:00"),
    });
    const pay = (amount: number, receivedOn: string) =>
      db()
        .insert(schema.payment)
        .values({ bookingId: booking.id, method: "credit-card", amount, receivedOn });
    const payments = async (today: string) =>
      (await getMyBookingDetail(guest.id, booking.id, today))!.payments;

    await pay(10_000, "2026-11-01");
    const beforeBalance = await payments("2026-12-05");
    expect(beforeBalance.items).toEqual([
      expect.objectContaining({ kind: "deposit", amount: 10_000, dueDate: "2026-11-08", open: 0 }),
      expect.objectContaining({
        kind: "balance",
        amount: 40_000,
        dueDate: "2026-12-11",
        open: 40_000,
        isOverdue: false,
      }),
    ]);
    expect(beforeBalance).toMatchObject({ received: 10_000, open: 40_000 });
    // The day after the balance date it is overdue; once paid, nothing is open.
    expect((await payments("2026-12-12")).items[1].isOverdue).toBe(true);
    await pay(40_000, "2026-12-12");
    expect(await payments("2026-12-12")).toMatchObject({ received: 50_000, open: 0, next: null });
  });
});
