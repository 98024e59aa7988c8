/**
 * Decision 079: the guest is charged at most the total the booking page showed. The page posts
 * the total on screen (`shownTotal`); a stay that costs more by the time the button is pressed
 * (an admin's price change, an offer that ended at midnight) is refused with the new total, and
 * nothing is stored. A lower price is simply booked.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { computePrice, nightsBetween } from "~/domain/price";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { formatMoney } from "~/lib/i18n";
import { action as bookAction, loader as bookLoader } from "~/routes/public/book";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBankAccount, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await createBankAccount();
});
afterAll(() => handle.close());

type PageData = Awaited<ReturnType<typeof bookLoader>>;
type Answer = { error?: string; message?: string };

const checkIn = addDays(todayInBerlin(), 40);
const checkOut = addDays(checkIn, 4);
const bookUrl = (id: string) => `/properties/${id}/book?checkIn=${checkIn}&checkOut=${checkOut}`;

/** A guest on the booking page of a new property: what the page shows, and how to submit it. */
async function onBookingPage(property: Partial<typeof schema.property.$inferInsert> = {}) {
  const guest = await createUser({ name: "Paula Preisbewusst" });
  const cookie = await sessionCookie(guest.email);
  const home = await createProperty(property);
  const params = { id: home.id };
  /** The total the page computes from its loader data, as the booking form does. */
  const shownTotal = async () => {
    const page = (await callRoute<PageData>(bookLoader, { url: bookUrl(home.id), cookie, params }))
      .data!;
    return computePrice({
      property: page.property,
      nights: nightsBetween(checkIn, checkOut),
      checkIn,
      seasons: page.stayRules.seasons,
      serviceFee: page.stayRules.serviceFee,
      today: page.today,
    }).total;
  };
  const submit = (fields: Record<string, string>, language?: "en") =>
    callRoute<Answer>(bookAction, {
      url: bookUrl(home.id),
      cookie: language ? `${cookie}; lang=${language}` : cookie,
      params,
      form: {
        checkIn,
        checkOut,
        guests: "2",
        guestName: "Paula Preisbewusst",
        guestPhone: "+49 30 1234567",
        specialRequests: "",
        paymentMethod: "bank-transfer",
        idempotencyKey: crypto.randomUUID(),
        ...fields,
      },
    });
  const bookings = () =>
    db()
      .select({ totalPrice: schema.booking.totalPrice })
      .from(schema.booking)
      .where(eq(schema.booking.userId, guest.id));
  return { home, shownTotal, submit, bookings };
}

describe(`the total the booking page showed (${databaseKind()})`, () => {
  it("refuses a price raised since the page was loaded, names the new total, and books it once seen", async () => {
    const { home, shownTotal, submit, bookings } = await onBookingPage({ pricePerNight: 9500 });
    const seen = await shownTotal();

    // The operator raises the nightly price while the guest fills in the form.
    await db()
      .update(schema.property)
      .set({ pricePerNight: 11_000 })
      .where(eq(schema.property.id, home.id));
    const refused = await submit({ shownTotal: String(seen) });
    expect(refused.status).toBe(409);
    expect(refused.data?.error).toBe("priceChanged");
    const now = await shownTotal();
    expect(now).toBe(seen + 4 * 1500);
    expect(refused.data?.message).toBe(
      `Der Preis für diesen Aufenthalt hat sich inzwischen geändert: Er beträgt jetzt ${formatMoney(now, "de")}. Bitte prüfen Sie die Zusammenfassung und buchen Sie erneut.`,
    );
    expect(await bookings()).toEqual([]);

    // The reloaded page shows the new total; the guest books at it.
    const booked = await submit({ shownTotal: String(now) });
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/booking-success\?booking=/);
    expect(await bookings()).toEqual([{ totalPrice: now }]);
  });

  it("refuses an offer that ended after the page showed it", async () => {
    const today = todayInBerlin();
    const { home, shownTotal, submit, bookings } = await onBookingPage({
      pricePerNight: 9500,
      isSpecialOffer: true,
      specialOfferPrice: 7000,
      specialOfferEndDate: today,
    });
    const withOffer = await shownTotal();
    // Midnight passes: the offer's last day is now yesterday.
    await db()
      .update(schema.property)
      .set({ specialOfferEndDate: addDays(today, -1) })
      .where(eq(schema.property.id, home.id));
    const refused = await submit({ shownTotal: String(withOffer) });
    expect(refused.status).toBe(409);
    expect(refused.data?.message).toContain(formatMoney(await shownTotal(), "de"));
    expect(await bookings()).toEqual([]);
  });

  it("books a price lowered since at the lower total, never at the one sent", async () => {
    const { shownTotal, submit, bookings } = await onBookingPage();
    const total = await shownTotal();
    expect((await submit({ shownTotal: String(total + 50_000) })).status).toBe(302);
    expect(await bookings()).toEqual([{ totalPrice: total }]);
  });

  it("says it in English to an English page", async () => {
    const { home, shownTotal, submit } = await onBookingPage();
    const seen = await shownTotal();
    await db()
      .update(schema.property)
      .set({ cleaningFee: 9900 })
      .where(eq(schema.property.id, home.id));
    const refused = await submit({ shownTotal: String(seen) }, "en");
    expect(refused.status).toBe(409);
    expect(refused.data?.message).toBe(
      `The price of this stay has changed in the meantime: it is now ${formatMoney(await shownTotal(), "en")}. Please check the summary and book again.`,
    );
  });

  it("refuses a forged total with a German message and stores nothing; none sent is booked as before", async () => {
    const { shownTotal, submit, bookings } = await onBookingPage();
    const total = await shownTotal();
    for (const forged of ["12,50", "-100", "1e5", "0x10", " 100", "99999999999", "\u0000"]) {
      const answer = await submit({ shownTotal: forged });
      expect(answer.status, forged).toBe(400);
      expect(answer.data?.message).toBe("Bitte überprüfen Sie Ihre Eingaben.");
    }
    expect(await bookings()).toEqual([]);
    // Without JavaScript and without dates the page shows no total: it sends an empty field.
    expect((await submit({ shownTotal: "" })).status).toBe(302);
    expect(await bookings()).toEqual([{ totalPrice: total }]);
  });
});
