/**
 * Decision 074: the admin's booking page acts on the status it showed. A page loaded while the
 * booking was pending, whose guest cancelled before the admin clicked, must not confirm the
 * booking again (withdrawing the refund, blocking the nights, "Buchung bestätigt" after
 * "Stornierung"), and a payment dialog opened before the cancellation must not record money on
 * it unseen. Money that really arrived for a cancelled booking is still recorded when the admin
 * records it on the cancelled booking, and is then owed back in full.
 *
 * Decision 076: the payment dialog also acts on the amount received it showed. Recording a
 * transfer mostly leaves the status as it is, so two admins recording the same transfer from
 * two dialogs are told apart by what they saw received: the second is refused (409, what
 * changed named), and saving again from the reloaded page records a genuine second transfer.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBerlin } from "~/domain/calendar-day";
import { changeBookingStatus, recordPayment } from "~/features/booking/admin-bookings.server";
import { cancelBooking } from "~/features/booking/cancellation.server";
import { markRefunded } from "~/features/booking/refunds.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getTranslator } from "~/lib/i18n";
import { action } from "~/routes/admin/booking-detail";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";
import { pendingBooking } from "../helpers/pending-booking";

let handle: DatabaseHandle;
let adminId: string;
let adminCookie: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  const admin = await createUser({ role: "admin", name: "Anton Admin" });
  adminId = admin.id;
  adminCookie = await sessionCookie(admin.email);
});
afterAll(() => handle.close());

/** The guest cancels four months before arrival: free, everything paid is owed back. */
const NOW = new Date("2026-11-24T10:00:00Z");

const guestCancels = async (guestId: string, bookingId: string) =>
  expect(
    await cancelBooking({ userId: guestId, bookingId, quotedFee: 0, now: NOW, language: "de" }),
  ).toMatchObject({ ok: true });

/**
 * The deposit arrived and the admin recorded it (the page, loaded then, showed the booking
 * "Ausstehend"); then the guest cancelled: cancelled, the deposit owed back.
 */
async function depositThenGuestCancels() {
  const { guest, booking } = await pendingBooking();
  await recordPayment({
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
  await guestCancels(guest.id, booking.id);
  return { booking };
}

const stored = async (bookingId: string) =>
  (await db().select().from(schema.booking).where(eq(schema.booking.id, bookingId)))[0];
const refunds = (bookingId: string) =>
  db().select().from(schema.refund).where(eq(schema.refund.bookingId, bookingId));
const payments = (bookingId: string) =>
  db().select().from(schema.payment).where(eq(schema.payment.bookingId, bookingId));
const mailTemplates = async (bookingId: string) =>
  (
    await db()
      .select({ template: schema.emailOutbox.template })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.bookingId, bookingId))
  ).map((mail) => mail.template);
const audit = (bookingId: string) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, "booking"), eq(schema.auditLog.entityId, bookingId)));

/** Everything a stale click could have changed. */
const snapshot = async (bookingId: string) => ({
  booking: await stored(bookingId),
  refunds: await refunds(bookingId),
  payments: await payments(bookingId),
  mails: await mailTemplates(bookingId),
  audit: (await audit(bookingId)).length,
});

const { t } = getTranslator("de");

/** The detail page's action as the browser posts it, with the admin's session. */
async function post(bookingId: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost:3000/admin/bookings/${bookingId}`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", cookie: adminCookie },
    body: new URLSearchParams(fields),
  });
  const args = {
    request,
    params: { id: bookingId },
    context: { requestId: "test", clientIp: "192.0.2.10", nonce: "" },
  } as unknown as Parameters<typeof action>[0];
  try {
    const answer = (await action(args)) as unknown as {
      data: { error: string; current?: string; received?: number; seenReceived?: number };
      init: ResponseInit | null;
    };
    return { status: answer.init?.status ?? 200, data: answer.data, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, data: null, location: thrown.headers.get("location") };
  }
}

/**
 * On PostgreSQL, waits until another connection is blocked by a lock of this transaction, so the
 * commit really happens while the other side waits. PGlite has one connection: the other side
 * simply runs after this transaction's commit, which is the same order.
 */
async function untilSomeoneWaitsForALock() {
  if (databaseKind() !== "postgres") return;
  for (;;) {
    const { rows } = (await handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`the admin acts on the booking it saw (${databaseKind()})`, () => {
  it("a stale 'Bestätigen' after the guest cancelled changes nothing: still cancelled, refund open, no e-mail", async () => {
    const { booking } = await depositThenGuestCancels();
    const before = await snapshot(booking.id);
    expect(before.booking.status).toBe("cancelled");
    expect(before.refunds).toMatchObject([{ status: "open", amount: 20_000 }]);

    for (const status of ["confirmed", "completed"] as const) {
      expect(
        await changeBookingStatus({
          bookingId: booking.id,
          status,
          seenStatus: "pending",
          actorId: adminId,
          now: NOW,
        }),
        status,
      ).toEqual({ ok: false, error: "statusChanged", current: "cancelled" });
    }
    // A stale cancel dialog (the admin saw it pending) does not cancel a second time either.
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "cancelled",
        seenStatus: "pending",
        fee: "none",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "statusChanged", current: "cancelled" });
    expect(await snapshot(booking.id)).toEqual(before);
    expect(before.mails).not.toContain("booking-confirmed");

    // Having seen the cancellation, the admin may still reopen it on purpose.
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "pending",
        seenStatus: "cancelled",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true });
    expect(await stored(booking.id)).toMatchObject({ status: "pending" });
    expect(await refunds(booking.id)).toEqual([]);
  });

  it("a cancellation that commits while the stale click waits for the booking's row wins", async () => {
    for (const click of ["confirm", "payment"] as const) {
      const { booking } = await pendingBooking();
      let clicked: Promise<unknown> | undefined;
      await db().transaction(async (tx) => {
        // The guest's cancellation holds the row, as cancelBooking does.
        await tx
          .select({ id: schema.booking.id })
          .from(schema.booking)
          .where(eq(schema.booking.id, booking.id))
          .for("update");
        // The admin clicks on the page loaded before, which still says "Ausstehend".
        clicked =
          click === "confirm"
            ? changeBookingStatus({
                bookingId: booking.id,
                status: "confirmed",
                seenStatus: "pending",
                actorId: adminId,
                now: NOW,
              })
            : recordPayment({
                bookingId: booking.id,
                seenStatus: "pending",
                seenAmountPaid: 0,
                amount: 20_000,
                receivedOn: "2026-11-24",
                note: "",
                confirm: true,
                actorId: adminId,
                now: NOW,
              });
        await untilSomeoneWaitsForALock();
        await tx
          .update(schema.booking)
          .set({ status: "cancelled", cancellationFee: 0 })
          .where(eq(schema.booking.id, booking.id));
      });
      expect(await clicked, click).toEqual({
        ok: false,
        error: "statusChanged",
        current: "cancelled",
      });
      expect(await stored(booking.id), click).toMatchObject({ status: "cancelled", amountPaid: 0 });
      expect(await mailTemplates(booking.id), click).toEqual([]);
    }
  });

  it("a page that saw the booking confirmed does not complete it after the guest cancelled", async () => {
    const { guest, booking } = await pendingBooking({ status: "confirmed" });
    await guestCancels(guest.id, booking.id);
    const before = await snapshot(booking.id);
    expect(
      await changeBookingStatus({
        bookingId: booking.id,
        status: "completed",
        seenStatus: "confirmed",
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "statusChanged", current: "cancelled" });
    expect(await snapshot(booking.id)).toEqual(before);
  });

  it("a payment dialog opened before the guest cancelled records nothing", async () => {
    const { guest, booking } = await pendingBooking();
    await guestCancels(guest.id, booking.id);
    const before = await snapshot(booking.id);
    expect(
      await recordPayment({
        bookingId: booking.id,
        seenStatus: "pending",
        seenAmountPaid: 0,
        amount: 20_000,
        receivedOn: "2026-11-24",
        note: "Anzahlung",
        confirm: true,
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: "statusChanged", current: "cancelled" });
    expect(await snapshot(booking.id)).toEqual(before);
    expect(before.booking).toMatchObject({ status: "cancelled", amountPaid: 0 });
    expect(before.payments).toEqual([]);
  });

  it("money that did arrive for a cancelled booking is recorded on it and owed back in full", async () => {
    const { booking } = await depositThenGuestCancels();
    const mailsBefore = await mailTemplates(booking.id);

    // The guest's balance transfer was on its way; the admin records it on the cancelled booking.
    expect(
      await recordPayment({
        bookingId: booking.id,
        seenStatus: "cancelled",
        seenAmountPaid: 20_000,
        amount: 30_000,
        receivedOn: "2026-11-24",
        note: "Restzahlung Sparkasse",
        confirm: true,
        actorId: adminId,
        now: NOW,
      }),
    ).toEqual({ ok: true, paymentStatus: "partially-paid", confirmed: false, refundDue: true });
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", amountPaid: 50_000 });
    expect((await payments(booking.id)).map((p) => [p.amount, p.refundDue]).sort()).toEqual([
      [20_000, false],
      [30_000, true],
    ]);
    // One open item, to be transferred back by hand: the cancellation's 200 € and the 300 €.
    const [item] = await refunds(booking.id);
    expect(await refunds(booking.id)).toHaveLength(1);
    expect(item).toMatchObject({ status: "open", method: "bank-transfer", amount: 50_000 });
    const [entry] = (await audit(booking.id)).filter(
      (a) => a.action === "payment-recorded" && (a.after as { amount: number }).amount === 30_000,
    );
    expect(entry).toMatchObject({
      actorId: adminId,
      after: { amount: 30_000, refundDue: 30_000, amountPaid: 50_000 },
    });
    // Nothing is confirmed; the guest's only new mail says the money comes back (decision 105).
    expect((await mailTemplates(booking.id)).sort()).toEqual(
      [...mailsBefore, "overpayment-refunded"].sort(),
    );

    // Paid back: the books balance.
    expect(
      await markRefunded({
        bookingId: booking.id,
        refundId: item.id,
        refundedOn: "2026-11-24",
        note: "",
        actorId: adminId,
        now: NOW,
      }),
    ).toMatchObject({ ok: true });
    expect(await stored(booking.id)).toMatchObject({
      amountPaid: 50_000,
      amountRefunded: 50_000,
      paymentStatus: "refunded",
    });
  });

  it("a transfer for a cancelled unpaid booking opens its own refund item, whatever the fee", async () => {
    const { booking } = await pendingBooking({ status: "cancelled", cancellationFee: 50_000 });
    expect(await refunds(booking.id)).toEqual([]);
    expect(
      await recordPayment({
        bookingId: booking.id,
        seenStatus: "cancelled",
        seenAmountPaid: 0,
        amount: 20_000,
        receivedOn: "2026-11-24",
        note: "",
        confirm: false,
        actorId: adminId,
        now: NOW,
      }),
    ).toMatchObject({ ok: true, refundDue: true });
    expect(await refunds(booking.id)).toMatchObject([
      {
        status: "open",
        method: "bank-transfer",
        amount: 20_000,
        reason: "late-payment",
        createdBy: adminId,
      },
    ]);
  });

  it("a transfer on a cancelled card booking gets its own item beside the card refund, whatever its state", async () => {
    // Open (not yet accepted by Stripe) or pending (accepted, not confirmed): either way the
    // transfer must not end up in the Stripe refund, nor the card money in the transfer. Decision
    // 074 refused the transfer until the card refund was done; one open item per booking and
    // method (decision 086) keeps them apart.
    for (const status of ["open", "pending"] as const) {
      const { booking } = await pendingBooking({
        status: "cancelled",
        cancellationFee: 0,
        paymentMethod: "credit-card",
      });
      await db()
        .insert(schema.payment)
        .values({
          bookingId: booking.id,
          method: "credit-card",
          amount: 20_000,
          receivedOn: "2026-11-20",
          stripePaymentIntentId: `pi_${crypto.randomUUID()}`,
        });
      await db()
        .insert(schema.refund)
        .values({ bookingId: booking.id, method: "credit-card", amount: 20_000, status });
      const record = (amount: number, seenAmountPaid: number) =>
        recordPayment({
          bookingId: booking.id,
          seenStatus: "cancelled",
          seenAmountPaid,
          amount,
          receivedOn: "2026-11-24",
          note: "",
          confirm: false,
          actorId: adminId,
          now: NOW,
        });
      expect(await record(5_000, 20_000), status).toMatchObject({ ok: true, refundDue: true });
      // A second transfer joins the bank-transfer item, never the card one.
      expect(await record(1_000, 25_000), status).toMatchObject({ ok: true, refundDue: true });
      expect(
        (await refunds(booking.id)).map((item) => [item.method, item.status, item.amount]).sort(),
        status,
      ).toEqual([
        ["bank-transfer", "open", 6_000],
        ["credit-card", status, 20_000],
      ]);
      expect((await stored(booking.id)).amountPaid, status).toBe(26_000);
    }
  });

  it("the page's forms: a stale one gets 409 and a German message; a missing or garbled status 400", async () => {
    const { guest, booking } = await pendingBooking();
    await guestCancels(guest.id, booking.id);
    const before = await snapshot(booking.id);

    const stale: Record<string, string>[] = [
      { intent: "status", status: "confirmed", seenStatus: "pending" },
      { intent: "cancel", fee: "none", seenStatus: "confirmed" },
      {
        intent: "payment",
        amount: "200,00",
        receivedOn: "2026-11-20",
        seenStatus: "pending",
        seenAmountPaid: "0",
      },
    ];
    for (const fields of stale) {
      const answer = await post(booking.id, fields);
      expect(answer, fields.intent).toMatchObject({
        status: 409,
        data: { error: "statusChanged", current: "cancelled" },
      });
    }
    expect(
      t("adminBookings.errors.statusChanged", { status: t("adminBookings.statuses.cancelled") }),
    ).toBe(
      "Der Status dieser Buchung hat sich inzwischen geändert (jetzt: Storniert). Bitte prüfen Sie die Buchung erneut.",
    );

    const garbled = ["", "storniert", "CANCELLED", "' or 1=1 --", "x".repeat(5000)];
    const forms: Record<string, string>[] = [
      { intent: "status", status: "pending" },
      { intent: "cancel", fee: "none" },
      { intent: "payment", amount: "200,00", receivedOn: "2026-11-20", seenAmountPaid: "0" },
    ];
    for (const form of forms) {
      for (const seenStatus of [undefined, ...garbled]) {
        const fields: Record<string, string> =
          seenStatus === undefined ? form : { ...form, seenStatus };
        const answer = await post(booking.id, fields);
        expect(answer, `${form.intent} ${String(seenStatus).slice(0, 20)}`).toMatchObject({
          status: 400,
          data: { error: "staleForm" },
        });
      }
    }
    expect(t("adminBookings.errors.staleForm")).toMatch(/Bitte laden Sie die Seite neu/);
    expect(await snapshot(booking.id)).toEqual(before);

    // The form of a page that shows the cancellation works.
    expect(
      await post(booking.id, { intent: "status", status: "pending", seenStatus: "cancelled" }),
    ).toMatchObject({ status: 302, location: `/admin/bookings/${booking.id}?hinweis=status` });
    expect((await stored(booking.id)).status).toBe("pending");
  });
});

describe(`the payment dialog acts on the amount received it saw (${databaseKind()})`, () => {
  /** The payment dialog as the browser posts it: the page showed "Ausstehend", 0 € received. */
  const dialog = (seenAmountPaid: string) => ({
    intent: "payment",
    amount: "200,00",
    receivedOn: todayInBerlin(),
    note: "Überweisung Sparkasse",
    seenStatus: "pending",
    seenAmountPaid,
  });

  it("two dialogs that saw the same state record one transfer once; saving again records a second", async () => {
    const { booking } = await pendingBooking();
    // Two admins open "Zahlung erfassen" on the same page state and both save the transfer.
    expect(await post(booking.id, dialog("0"))).toMatchObject({
      status: 302,
      location: `/admin/bookings/${booking.id}?hinweis=payment`,
    });
    const afterFirst = await snapshot(booking.id);
    const second = await post(booking.id, dialog("0"));
    expect(second).toMatchObject({
      status: 409,
      data: { error: "paymentsChanged", received: 20_000, seenReceived: 0 },
    });
    // Nothing recorded twice: one payment, one history entry, the status unchanged.
    expect(await snapshot(booking.id)).toEqual(afterFirst);
    expect(afterFirst.payments.map((p) => p.amount)).toEqual([20_000]);
    expect(afterFirst.booking).toMatchObject({ amountPaid: 20_000, status: "pending" });
    expect(
      t("adminBookings.errors.paymentsChanged", { received: "200,00 €", seen: "0,00 €" }),
    ).toBe(
      "Seit dem Öffnen dieses Formulars ist für diese Buchung eine Zahlung eingegangen oder erfasst worden: Erhalten sind jetzt 200,00 € statt 0,00 €. Bitte prüfen Sie in der Liste der Zahlungen, ob diese Überweisung schon erfasst ist. Falls nicht, speichern Sie erneut.",
    );

    // The page reloads and shows 200 € received; a genuine second transfer is then recorded.
    expect(await post(booking.id, dialog("20000"))).toMatchObject({ status: 302 });
    expect((await payments(booking.id)).map((p) => p.amount)).toEqual([20_000, 20_000]);
    expect(await stored(booking.id)).toMatchObject({ amountPaid: 40_000 });
  });

  it("the second recording waits for the first one's commit and then finds the amount changed", async () => {
    const { booking } = await pendingBooking();
    let second: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      // The first admin's recording holds the booking's row and has inserted its payment.
      await tx
        .select({ id: schema.booking.id })
        .from(schema.booking)
        .where(eq(schema.booking.id, booking.id))
        .for("update");
      await tx.insert(schema.payment).values({
        bookingId: booking.id,
        amount: 20_000,
        receivedOn: "2026-11-24",
        recordedBy: adminId,
      });
      // The second admin saves the same transfer from a dialog that saw 0 € received.
      second = recordPayment({
        bookingId: booking.id,
        seenStatus: "pending",
        seenAmountPaid: 0,
        amount: 20_000,
        receivedOn: "2026-11-24",
        note: "",
        confirm: true,
        actorId: adminId,
        now: NOW,
      });
      await untilSomeoneWaitsForALock();
    });
    expect(await second).toEqual({
      ok: false,
      error: "paymentsChanged",
      received: 20_000,
      seenReceived: 0,
    });
    expect((await payments(booking.id)).map((p) => p.amount)).toEqual([20_000]);
    expect(await stored(booking.id)).toMatchObject({ amountPaid: 20_000, status: "pending" });
    expect(await mailTemplates(booking.id)).toEqual([]);
  });

  it("a missing or garbled amount seen is refused with 400 like a missing status, nothing recorded", async () => {
    const { booking } = await pendingBooking();
    const before = await snapshot(booking.id);
    const { seenAmountPaid: _seen, ...withoutIt } = dialog("0");
    expect(await post(booking.id, withoutIt)).toMatchObject({
      status: 400,
      data: { error: "staleForm" },
    });
    const garbled = [
      "",
      " 0",
      "-1",
      "0,00",
      "200.5",
      "1e3",
      "0x10",
      "12345678901",
      "' or 1=1 --",
      "x".repeat(5000),
    ];
    for (const seen of garbled) {
      expect(await post(booking.id, dialog(seen)), seen.slice(0, 20)).toMatchObject({
        status: 400,
        data: { error: "staleForm" },
      });
    }
    expect(await snapshot(booking.id)).toEqual(before);
  });
});
