/**
 * Decision 088: a booking is made under the cancellation and payment terms the booking page
 * stated next to the button. The page sends them back (`shownTerms`); terms an admin changed
 * since the page was loaded are refused with a message, nothing is stored, and the reloaded page
 * states the new ones. The page's title and its note for browsers without JavaScript come
 * worded from the server (de/booking-page.ts), so the page's scripts do not carry them.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { ensureSettingsRow, saveSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { action as bookAction, loader as bookLoader } from "~/routes/public/book";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBankAccount, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await createBankAccount();
  adminId = (await createUser({ role: "admin" })).id;
});
afterAll(() => handle.close());
const TERMS = {
  freeCancellationHours: 48,
  cancellationFeePercentage: 50,
  depositPercentage: 20,
  balanceDueDays: 30,
};
beforeEach(() => saveSettings(TERMS, adminId));

type PageData = Awaited<ReturnType<typeof bookLoader>>;
type Answer = { error?: string; message?: string };

const checkIn = addDays(todayInBerlin(), 40);
const checkOut = addDays(checkIn, 4);
const bookUrl = (id: string) => `/properties/${id}/book?checkIn=${checkIn}&checkOut=${checkOut}`;

async function onBookingPage() {
  const guest = await createUser({ name: "Bea Bedingung" });
  const cookie = await sessionCookie(guest.email);
  const home = await createProperty({ title: "Haus Dünenblick" });
  const params = { id: home.id };
  const page = async (language?: "en") =>
    (
      await callRoute<PageData>(bookLoader, {
        url: bookUrl(home.id),
        cookie: language ? `${cookie}; lang=${language}` : cookie,
        params,
      })
    ).data!;
  const submit = (fields: Record<string, string>, language?: "en") =>
    callRoute<Answer>(bookAction, {
      url: bookUrl(home.id),
      cookie: language ? `${cookie}; lang=${language}` : cookie,
      params,
      form: {
        checkIn,
        checkOut,
        guests: "2",
        guestName: "Bea Bedingung",
        guestPhone: "+49 30 1234567",
        specialRequests: "",
        paymentMethod: "bank-transfer",
        idempotencyKey: crypto.randomUUID(),
        ...fields,
      },
    });
  const bookings = () =>
    db()
      .select({
        freeCancellationHours: schema.booking.freeCancellationHours,
        cancellationFeePercentage: schema.booking.cancellationFeePercentage,
        depositPercentage: schema.booking.depositPercentage,
      })
      .from(schema.booking)
      .where(eq(schema.booking.userId, guest.id));
  return { page, submit, bookings };
}

describe(`the terms the booking page stated (${databaseKind()})`, () => {
  it("refuses terms changed since the page was loaded, stores nothing, and books under the new ones once shown", async () => {
    const { page, submit, bookings } = await onBookingPage();
    const seen = (await page()).shownTerms;
    expect(seen).toBe("48-50-20-30");

    // The operator shortens free cancellation and raises the fee while the guest fills in the form.
    await saveSettings({ freeCancellationHours: 24, cancellationFeePercentage: 90 }, adminId);
    const refused = await submit({ shownTerms: seen });
    expect(refused.status).toBe(409);
    expect(refused.data?.error).toBe("termsChanged");
    expect(refused.data?.message).toBe(
      "Die Stornierungs- oder Zahlungsbedingungen haben sich inzwischen geändert. Es wurde nichts gebucht. Bitte prüfen Sie die aktualisierten Bedingungen und buchen Sie erneut.",
    );
    expect(await bookings()).toEqual([]);

    // The reloaded page states the new terms; the guest books under them.
    const now = await page();
    expect(now.shownTerms).toBe("24-90-20-30");
    expect(now.cancellation).toMatchObject({
      freeCancellationHours: 24,
      cancellationFeePercentage: 90,
    });
    const booked = await submit({ shownTerms: now.shownTerms });
    expect(booked.status).toBe(302);
    expect(await bookings()).toEqual([
      { freeCancellationHours: 24, cancellationFeePercentage: 90, depositPercentage: 20 },
    ]);
  });

  it("a better term is new terms too, and the payment schedule counts", async () => {
    const { page, submit, bookings } = await onBookingPage();
    const seen = (await page()).shownTerms;
    await saveSettings({ depositPercentage: 10 }, adminId);
    const refused = await submit({ shownTerms: seen }, "en");
    expect(refused.status).toBe(409);
    expect(refused.data?.message).toBe(
      "The cancellation or payment terms have changed in the meantime. Nothing was booked. Please check the updated terms and book again.",
    );
    await saveSettings({ depositPercentage: 20, balanceDueDays: 14 }, adminId);
    expect((await submit({ shownTerms: seen })).status).toBe(409);
    expect(await bookings()).toEqual([]);
  });

  it("refuses forged terms with a German message and stores nothing; none sent is booked as before", async () => {
    const { submit, bookings } = await onBookingPage();
    for (const forged of [
      "48-50-20",
      "48-50-20-30-1",
      "a-b-c-d",
      "48-50-20-30 ",
      "-48-50-20-30",
      "1234567-1-1-1",
      "\u0000",
    ]) {
      const answer = await submit({ shownTerms: forged });
      expect(answer.status, forged).toBe(400);
      expect(answer.data?.message).toBe("Bitte überprüfen Sie Ihre Eingaben.");
    }
    expect(await bookings()).toEqual([]);
    expect((await submit({ shownTerms: "" })).status).toBe(302);
    expect(await bookings()).toHaveLength(1);
  });

  it("the title and the no-JavaScript note come worded from the server, in the page's language", async () => {
    const { page } = await onBookingPage();
    const de = await page();
    expect(de.metaTitle).toBe("Buchen: Haus Dünenblick");
    expect(de.noScriptNote).toMatch(/^Ohne JavaScript werden Preis und Verfügbarkeit/);
    const en = await page("en");
    expect(en.metaTitle).toBe("Book: Haus Dünenblick");
    expect(en.noScriptNote).toMatch(/^Without JavaScript, price and availability/);
  });
});
