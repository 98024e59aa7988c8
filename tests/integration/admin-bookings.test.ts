/**
 * /admin/bookings (issue 13 part 3): the list with search and filters, status changes with the
 * availability rule and the guest's e-mails, recorded payments, "Zahlungsdaten senden".
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  adminBookingFilter,
} from "~/features/booking/admin-bookings.schema";
import {
  changeBookingStatus,
  getAdminBooking,
  listAdminBookings,
  recordPayment,
  SEARCH_COUNT_CAP,
  sendPaymentDetails,
} from "~/features/booking/admin-bookings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";
import { pendingBooking } from "../helpers/pending-booking";

let handle: DatabaseHandle;
let adminId: string;
let accountId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  adminId = (await createUser({ role: "admin", name: "Anton Admin" })).id;
  const [account] = await db()
    .insert(schema.bankAccount)
    .values({
      accountHolder: "Ferienhof Küstenglück",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: "Commerzbank",
      isActive: true,
      isDefault: true,
    })
    .returning();
  accountId = account.id;
});
afterAll(() => handle.close());
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
});

const NOW = new Date("2026-11-24T10:00:00Z");

const mails = (bookingId: string) =>
  db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.bookingId, bookingId));
const audit = (bookingId: string) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, bookingId)));
const stored = async (bookingId: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId)))[0];

describe(`admin bookings (${databaseKind()})`, () => {
  it("lists newest first and finds by number, guest, e-mail and property title", async () => {
    const first = await pendingBooking({
      guestName: "Jürgen Übermut",
      createdAt: new Date("2026-11-20T08:00:00Z"),
    });
    const second = await pendingBooking({ createdAt: new Date("2026-11-21T08:00:00Z") });
    const filter = (query: string) => adminBookingFilter(new URLSearchParams(query));

    const all = await listAdminBookings(filter(""));
    const ids = all.bookings.map((row) => row.id);
    expect(ids.indexOf(second.booking.id)).toBeLessThan(ids.indexOf(first.booking.id));

    for (const q of [
      first.booking.number,
      "jurgen uber", // accents and case folded
      first.guest.email.toUpperCase(),
      first.property.title.toLowerCase(),
    ]) {
      const found = await listAdminBookings(filter(`q=${encodeURIComponent(q)}`));
      expect(
        found.bookings.map((row) => row.id),
        q,
      ).toEqual([first.booking.id]);
    }
    // Wildcards typed by someone are literal characters.
    expect((await listAdminBookings(filter("q=%25"))).bookings).toEqual([]);
  });

  it("finds a complete booking number exactly, the beginning of one by prefix, in any case", async () => {
    const filter = (query: string) => adminBookingFilter(new URLSearchParams(query));
    // Real numbers (the factory's are FW-TEST-…): a complete one is read from the number's
    // unique index, not from the trigram search (decision 040).
    const wanted = await pendingBooking({ number: "FW-2031-004711" });
    const neighbour = await pendingBooking({ number: "FW-2031-004712" });
    for (const q of ["FW-2031-004711", "fw-2031-004711", " Fw-2031-004711 "]) {
      const found = await listAdminBookings(filter(`q=${encodeURIComponent(q)}`));
      expect(
        found.bookings.map((row) => row.id),
        q,
      ).toEqual([wanted.booking.id]);
      expect(found.total, q).toBe(1);
    }
    // An unknown complete number finds nothing (no near miss).
    expect((await listAdminBookings(filter("q=FW-2031-004713"))).bookings).toEqual([]);
    // The beginning of a number finds the numbers that start with it (booking_number_prefix_idx).
    const other = await pendingBooking({ number: "FW-2031-004799" });
    for (const q of ["FW-2031-00471", "fw-2031-00471"]) {
      const prefix = await listAdminBookings(filter(`q=${encodeURIComponent(q)}`));
      expect(prefix.bookings.map((row) => row.id).sort(), q).toEqual(
        [wanted.booking.id, neighbour.booking.id].sort(),
      );
    }
    expect(
      (await listAdminBookings(filter("q=FW-2031-0047"))).bookings.map((row) => row.id).sort(),
    ).toEqual([wanted.booking.id, neighbour.booking.id, other.booking.id].sort());
    // Any other part of a number is still a substring search over number, guest and e-mail.
    const part = await listAdminBookings(filter("q=2031-00471"));
    expect(part.bookings.map((row) => row.id).sort()).toEqual(
      [wanted.booking.id, neighbour.booking.id].sort(),
    );
  });

  it("filters by status, arrival range and account, and pages", async () => {
    const { guest, booking } = await pendingBooking({
      checkIn: "2028-01-10",
      checkOut: "2028-01-12",
    });
    const filter = (query: string) => adminBookingFilter(new URLSearchParams(query));
    const inRange = await listAdminBookings(filter("from=2028-01-01&to=2028-01-31"));
    expect(inRange.bookings.map((row) => row.id)).toEqual([booking.id]);
    // A later booking in the window comes first, in a short window (read from the arrival
    // index and sorted) as in a long one (read from the newest-first index).
    const later = await pendingBooking({
      checkIn: "2028-01-20",
      checkOut: "2028-01-22",
      createdAt: new Date("2026-11-22T09:00:00Z"),
    });
    for (const window of ["from=2028-01-01&to=2028-01-31", "from=2028-01-01&to=2029-12-31"]) {
      expect(
        (await listAdminBookings(filter(window))).bookings.map((row) => row.id),
        window,
      ).toEqual([later.booking.id, booking.id]);
    }
    expect((await listAdminBookings(filter("from=2028-01-11&to=2028-01-19"))).bookings).toEqual([]);
    const mine = await listAdminBookings(filter(`user=${guest.id}`));
    expect(mine.bookings.map((row) => row.id)).toEqual([booking.id]);
    expect(mine.user).toMatchObject({ email: guest.email });
    expect(
      (await listAdminBookings(filter("status=cancelled"))).bookings.every(
        (row) => row.status === "cancelled",
      ),
    ).toBe(true);
    // The pages continue one another, newest first, with no booking twice or left out.
    for (let i = 0; i < ADMIN_BOOKINGS_PAGE_SIZE; i++) {
      await pendingBooking({ createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)) });
    }
    const page1 = await listAdminBookings(filter("page=1"));
    const page2 = await listAdminBookings(filter("page=2"));
    const listed = [...page1.bookings, ...page2.bookings];
    const newest = await db()
      .select({ id: schema.booking.id })
      .from(schema.booking)
      .orderBy(desc(schema.booking.createdAt), desc(schema.booking.id))
      .limit(listed.length);
    expect(listed.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    expect(page2.bookings.length).toBeGreaterThan(0);
    // Malformed filters are not applied rather than failing.
    expect(filter("status=<x>&from=gestern&user=1 or 1=1&page=-3")).toMatchObject({
      status: "alle",
      from: null,
      user: null,
      page: 1,
    });
  });

  it("counts a text search up to 200 matches and a plain list further, offering the next page", async () => {
    const guest = await createUser({ name: "Viele Buchungen" });
    const property = await createProperty({ title: "Strandvilla Zählwerk" });
    // 201 stays of two nights, one after another, all matching the property title.
    await db()
      .insert(schema.booking)
      .values(
        Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => {
          const day = (offset: number) =>
            new Date(Date.UTC(2030, 0, 1 + i * 2 + offset)).toISOString().slice(0, 10);
          return {
            number: sql`'FW-TEST-' || lpad(nextval('booking_number_seq')::text, 6, '0')`,
            userId: guest.id,
            propertyId: property.id,
            checkIn: day(0),
            checkOut: day(2),
            guests: 2,
            guestName: "Viele Buchungen",
            guestEmail: guest.email,
            nightlyPrice: 9500,
            nights: 2,
            cleaningFee: 0,
            serviceFee: 0,
            totalPrice: 19_000,
            paymentMethod: "bank-transfer",
          };
        }),
      );
    const filter = (query: string) => adminBookingFilter(new URLSearchParams(query));
    const search = await listAdminBookings(filter("q=Zählwerk"));
    expect(search).toMatchObject({ total: SEARCH_COUNT_CAP, isCapped: true });
    expect(search.pageCount).toBe(SEARCH_COUNT_CAP / ADMIN_BOOKINGS_PAGE_SIZE + 1);
    // The last counted page and the one after it are real pages of the search.
    const beyond = await listAdminBookings(
      filter(`q=Zählwerk&page=${SEARCH_COUNT_CAP / ADMIN_BOOKINGS_PAGE_SIZE + 1}`),
    );
    expect(beyond.bookings).toHaveLength(1);
    // Without a search text the same bookings are counted exactly (the cap there is 1,000).
    const mine = await listAdminBookings(filter(`user=${guest.id}`));
    expect(mine).toMatchObject({ total: SEARCH_COUNT_CAP + 1, isCapped: false });
  });

  it("confirms a pending booking: status, audit entry and the guest's e-mail", async () => {
    const { guest, booking } = await pendingBooking();
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "confirmed",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    expect((await stored(booking.id)).status).toBe("confirmed");
    expect((await mails(booking.id)).map((m) => [m.template, m.to])).toEqual([
      ["booking-confirmed", guest.email],
    ]);
    expect((await audit(booking.id)).map((a) => [a.action, a.actorId, a.after])).toEqual([
      [
        "status-change",
        adminId,
        expect.objectContaining({ status: "confirmed", paymentStatus: "unpaid" }),
      ],
      // Nothing paid yet: the confirmation names the account to transfer to (decision 107),
      // and sending payment details is recorded on the booking (principle 2).
      [
        "payment-details-sent",
        adminId,
        expect.objectContaining({ to: guest.email, reason: "booking-confirmed" }),
      ],
    ]);
    // The same status again changes nothing.
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "confirmed",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "unchanged" });
  });

  it("cancels with the guest's fee or without one, and e-mails the guest", async () => {
    // Arrival tomorrow: inside the free period's end, so the guest's terms charge 50 %.
    const late = await pendingBooking({ checkIn: "2026-11-25", checkOut: "2026-11-27" });
    await changeBookingStatus({
      bookingId: late.booking.id,
      status: "cancelled",
      fee: "guest-terms",
      actorId: adminId,
      now: NOW,
    });
    expect(await stored(late.booking.id)).toMatchObject({
      status: "cancelled",
      cancellationFee: 50_000,
    });
    const [mail] = await mails(late.booking.id);
    expect(mail).toMatchObject({ template: "booking-cancelled", to: late.guest.email });
    expect(mail.data).toMatchObject({ cancellationFee: 50_000, reason: "operator" });

    const waived = await pendingBooking({ checkIn: "2026-11-25", checkOut: "2026-11-27" });
    await changeBookingStatus({
      bookingId: waived.booking.id,
      status: "cancelled",
      fee: "none",
      actorId: adminId,
      now: NOW,
    });
    expect((await stored(waived.booking.id)).cancellationFee).toBe(0);
  });

  it("reopens a cancelled booking only while its nights are free", async () => {
    const { property, booking } = await pendingBooking();
    await changeBookingStatus({
      bookingId: booking.id,
      status: "cancelled",
      fee: "none",
      actorId: adminId,
      now: NOW,
    });
    // Someone else books the same nights meanwhile.
    const other = await createUser();
    await createBooking({
      userId: other.id,
      propertyId: property.id,
      checkIn: "2027-03-12",
      checkOut: "2027-03-15",
    });
    const auditBefore = (await audit(booking.id)).length;
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "confirmed",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "datesTaken" });
    expect((await stored(booking.id)).status).toBe("cancelled");
    expect(await audit(booking.id)).toHaveLength(auditBefore);

    // A free reopening works and clears the fee.
    const free = await pendingBooking();
    await changeBookingStatus({
      bookingId: free.booking.id,
      status: "cancelled",
      fee: "none",
      actorId: adminId,
      now: NOW,
    });
    expect(
      await changeBookingStatus({
        bookingId: free.booking.id,
        status: "pending",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    expect(await stored(free.booking.id)).toMatchObject({
      status: "pending",
      cancellationFee: null,
    });
  });

  it("records payments: partially paid, then paid, each in the history", async () => {
    const { booking } = await pendingBooking();
    const deposit = await recordPayment({
      bookingId: booking.id,
      seenStatus: "pending",
      seenAmountPaid: 0,
      amount: 20_000,
      receivedOn: "2026-11-23",
      note: "Anzahlung",
      confirm: false,
      actorId: adminId,
      now: NOW,
    });
    expect(deposit).toEqual({
      ok: true,
      paymentStatus: "partially-paid",
      confirmed: false,
      refundDue: false,
    });
    expect(await stored(booking.id)).toMatchObject({
      amountPaid: 20_000,
      paymentStatus: "partially-paid",
      status: "pending",
    });
    const rest = await recordPayment({
      bookingId: booking.id,
      seenStatus: "pending",
      seenAmountPaid: 20_000,
      amount: 80_000,
      receivedOn: "2026-11-24",
      note: "",
      confirm: true,
      actorId: adminId,
      now: NOW,
    });
    expect(rest).toEqual({ ok: true, paymentStatus: "paid", confirmed: true, refundDue: false });
    expect(await stored(booking.id)).toMatchObject({ paymentStatus: "paid", status: "confirmed" });
    expect((await audit(booking.id)).map((a) => a.action).sort()).toEqual([
      "payment-recorded",
      "payment-recorded",
      "status-change",
    ]);
    const detail = await getAdminBooking(booking.id, NOW);
    expect(detail?.payments.map((payment) => payment.amount)).toEqual([20_000, 80_000]);
    expect(detail?.booking.progress).toMatchObject({ received: 100_000, open: 0 });
    expect(detail?.history.some((entry) => entry.kind === "email")).toBe(true);
  });

  it("does not confirm with a payment that does not cover the deposit", async () => {
    const { booking } = await pendingBooking();
    const result = await recordPayment({
      bookingId: booking.id,
      seenStatus: "pending",
      seenAmountPaid: 0,
      amount: 5_000,
      receivedOn: "2026-11-24",
      note: "",
      confirm: true,
      actorId: adminId,
      now: NOW,
    });
    expect(result).toEqual({
      ok: true,
      paymentStatus: "partially-paid",
      confirmed: false,
      refundDue: false,
    });
    expect((await stored(booking.id)).status).toBe("pending");
  });

  it("refuses a payment dated in the future and unknown bookings, changing nothing", async () => {
    const { booking } = await pendingBooking();
    expect(
      await recordPayment({
        bookingId: booking.id,
        seenStatus: "pending",
        seenAmountPaid: 0,
        amount: 100,
        receivedOn: "2026-11-25",
        note: "",
        confirm: false,
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "dateInFuture" });
    for (const id of [crypto.randomUUID(), "nicht-da", "' or 1=1 --"]) {
      expect(
        await recordPayment({
          bookingId: id,
          seenStatus: "pending",
          seenAmountPaid: 0,
          amount: 100,
          receivedOn: "2026-11-24",
          note: "",
          confirm: false,
          actorId: adminId,
          now: NOW,
        }),
      ).toEqual({ ok: false, error: "notFound" });
    }
    expect((await stored(booking.id)).amountPaid).toBe(0);
  });

  it("sends payment details: the e-mail with the amount due next, the account kept, the audit entry", async () => {
    const { guest, booking } = await pendingBooking({ bankAccountId: null });
    expect(
      await sendPaymentDetails({
        bookingId: booking.id,
        bankAccountId: accountId,
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    const [mail] = await mails(booking.id);
    expect(mail).toMatchObject({ template: "payment-details", to: guest.email });
    // Deposit 20 % of 1.000 €, due 7 days after the booking day (2026-11-20).
    expect(mail.data).toMatchObject({
      amountDue: 20_000,
      dueDate: "2026-11-27",
      openTotal: 100_000,
      account: { iban: "DE89370400440532013000" },
    });
    expect((await stored(booking.id)).bankAccountId).toBe(accountId);
    const [entry] = await audit(booking.id);
    expect(entry).toMatchObject({
      action: "payment-details-sent",
      actorId: adminId,
      after: { bankAccountId: accountId, to: guest.email, amountDue: 20_000 },
    });
  });

  it("sends no payment details for an inactive account, a paid or a cancelled booking", async () => {
    const { booking } = await pendingBooking();
    const [inactive] = await db()
      .insert(schema.bankAccount)
      .values({
        accountHolder: "Alt",
        iban: "DE02120300000000202051",
        bic: "BYLADEM1001",
        bankName: "DKB",
        isActive: false,
      })
      .returning();
    const send = (bookingId: string, bankAccountId: string) =>
      sendPaymentDetails({ bookingId, bankAccountId, actorId: adminId, now: NOW });
    expect(await send(booking.id, inactive.id)).toEqual({ ok: false, error: "noAccount" });
    expect(await send(booking.id, "kein-konto")).toEqual({ ok: false, error: "noAccount" });

    await recordPayment({
      bookingId: booking.id,
      seenStatus: "pending",
      seenAmountPaid: 0,
      amount: 100_000,
      receivedOn: "2026-11-24",
      note: "",
      confirm: false,
      actorId: adminId,
      now: NOW,
    });
    expect(await send(booking.id, accountId)).toEqual({ ok: false, error: "nothingDue" });
    expect(await mails(booking.id)).toEqual([]);
  });
});
