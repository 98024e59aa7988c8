import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getAuth } from "~/lib/auth.server";
import { db, schema } from "~/lib/db.server";

export const TEST_PASSWORD = "Richtig-Geheim-123";

/** A real account through Better Auth (hashed password, profile row), optionally an admin. */
export async function createUser(
  options: { role?: "user" | "admin"; email?: string; name?: string } = {},
) {
  const email = options.email ?? `gast-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const result = await getAuth().api.signUpEmail({
    body: { email, password: TEST_PASSWORD, name: options.name ?? "Erika Musterfrau" },
  });
  if (options.role === "admin") {
    await db()
      .update(schema.profile)
      .set({ role: "admin" })
      .where(eq(schema.profile.id, result.user.id));
  }
  return { id: result.user.id, email };
}

/** A Cookie header for a signed-in session of `email`, as a browser would send it. */
export async function sessionCookie(email: string, password = TEST_PASSWORD) {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function createProperty(overrides: Partial<typeof schema.property.$inferInsert> = {}) {
  const [row] = await db()
    .insert(schema.property)
    .values({
      title: "Ferienwohnung am Deich",
      description: "Hell, ruhig, mit Blick aufs Wasser.",
      pricePerNight: 9500,
      cleaningFee: 7500,
      country: "Deutschland",
      city: "Sylt",
      location: "Sylt, Deutschland",
      maxGuests: 4,
      status: "published",
      ...overrides,
    })
    .returning();
  return row;
}

export async function createBooking(
  values: { userId: string; propertyId: string; checkIn: string; checkOut: string } & Partial<
    typeof schema.booking.$inferInsert
  >,
) {
  const nights = Math.round(
    (Date.parse(values.checkOut) - Date.parse(values.checkIn)) / 86_400_000,
  );
  const [row] = await db()
    .insert(schema.booking)
    .values({
      number: sql`'FW-TEST-' || lpad(nextval('booking_number_seq')::text, 6, '0')`,
      guests: 2,
      guestName: "Erika Musterfrau",
      guestEmail: "erika@example.com",
      nightlyPrice: 9500,
      nights,
      cleaningFee: 7500,
      serviceFee: 2900,
      totalPrice: 9500 * nights + 7500 + 2900,
      paymentMethod: "bank-transfer",
      ...values,
    })
    .returning();
  return row;
}

/** An Airbnb feed of the property (not fetched; tests write its events and log directly). */
export async function createFeed(propertyId: string) {
  const [feed] = await db()
    .insert(schema.icalFeed)
    .values({
      propertyId,
      name: "Airbnb",
      url: "https://www.airbnb.de/calendar/ical/1.ics",
      channel: "airbnb",
    })
    .returning();
  return feed;
}

/** A season of a property (decision 046): a nightly price and stay rules for its dates. */
export async function createSeason(
  propertyId: string,
  values: Pick<typeof schema.propertySeason.$inferInsert, "startDate" | "endDate"> &
    Partial<typeof schema.propertySeason.$inferInsert>,
) {
  const [season] = await db()
    .insert(schema.propertySeason)
    .values({ name: "Hauptsaison", pricePerNight: 15_000, propertyId, ...values })
    .returning();
  return season;
}

/** The operator's bank account bank-transfer bookings are paid to: active and the default. */
export async function createBankAccount(
  values: Partial<typeof schema.bankAccount.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(schema.bankAccount)
    .values({
      accountHolder: "TraumUrlaub Reisen GmbH",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: "Commerzbank",
      isActive: true,
      isDefault: true,
      ...values,
    })
    .returning();
  return row;
}
