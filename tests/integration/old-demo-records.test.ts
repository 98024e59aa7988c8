/**
 * A database seeded before `demo_record` existed (decision 041): migration 0017 marked only its
 * demo accounts and the demo bank account; migration 0019 marks the seed's properties and
 * bookings by what only the seed produces, and never the operator's own rows, even those made
 * while signed in as the demo admin. The old state is made for real: the current seed, then
 * every marker removed and 0017's backfill run again, plus the operator's own data.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countDemoData, removeDemoData } from "~/features/go-live/demo-data.server";
import { saveProperty } from "~/features/properties/admin-properties.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { uploadsDir } from "~/lib/storage.server";
import { PROPERTIES } from "../../db/seed-data";
import { seedDemoData } from "../../db/seed.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** The data statements of a migration file, as the migrator runs them. */
function statementsOf(file: string, keep: (statement: string) => boolean) {
  const text = readFileSync(
    fileURLToPath(new URL(`../../db/migrations/${file}`, import.meta.url)),
    "utf8",
  );
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(keep);
}

async function marked(entity: string) {
  const rows = await db()
    .select({ id: schema.demoRecord.entityId })
    .from(schema.demoRecord)
    .where(eq(schema.demoRecord.entity, entity));
  return new Set(rows.map((row) => row.id));
}

describe(`demo data of a database seeded before demo_record (${databaseKind()})`, () => {
  it(
    "marks exactly the seed's properties and bookings; the operator's rows stay and survive the removal",
    { timeout: 300_000 },
    async () => {
      expect(await seedDemoData({ uploadsDir: uploadsDir() })).toBe(true);
      const seedProperties = await marked("property");
      const seedBookings = await marked("booking");
      expect(seedProperties.size).toBe(PROPERTIES.length);
      expect(seedBookings.size).toBeGreaterThan(0);
      const [demoAdmin] = await db()
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, "admin@demo.traumurlaub.de"));
      const [demoGuest] = await db()
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, "gast@demo.traumurlaub.de"));

      // The operator worked signed in as the demo admin: a property of their own that happens
      // to carry a seed property's exact title and place (made through the admin form, so
      // created now), and a demo apartment they renamed and now consider theirs.
      const seedTwin = PROPERTIES[1];
      const saved = await saveProperty({
        actor: { id: demoAdmin.id },
        id: null,
        publish: true,
        values: {
          title: seedTwin.title,
          description: "Unser eigenes Haus, gleicher Name wie im Demo.",
          pricePerNight: 11_000,
          cleaningFee: 6000,
          country: seedTwin.country,
          city: seedTwin.city,
          location: `${seedTwin.city}, ${seedTwin.country}`,
          bedrooms: 2,
          bathrooms: 1,
          maxGuests: 4,
          amenities: [],
          isSpecialOffer: false,
          specialOfferPrice: null,
          specialOfferEndDate: null,
          images: "[]",
          houseRules: "",
          checkInFrom: "",
          checkOutUntil: "",
          touristTaxMode: "default",
          touristTaxNote: "",
        },
      });
      expect(saved.ok).toBe(true);
      const ownTwinId = saved.ok ? saved.id : "";
      const [renamed] = await db()
        .update(schema.property)
        .set({ title: "Unsere Wohnung am Hafen" })
        .where(eq(schema.property.id, [...seedProperties][0]))
        .returning();
      // A real guest booked the operator's own property; so did the demo guest (trying it out).
      const realGuest = await createUser({ name: "Echte Gästin" });
      const realBooking = await createBooking({
        userId: realGuest.id,
        propertyId: ownTwinId,
        checkIn: "2027-08-02",
        checkOut: "2027-08-06",
        status: "confirmed",
      });
      const demoOnOwn = await createBooking({
        userId: demoGuest.id,
        propertyId: ownTwinId,
        checkIn: "2027-09-06",
        checkOut: "2027-09-09",
      });

      // The old state: the markers the old seed never wrote are gone; 0017's backfill has run.
      await db().delete(schema.demoRecord);
      for (const statement of statementsOf("0017_property_facts_go_live.sql", (s) =>
        s.includes("INSERT INTO"),
      )) {
        await db().execute(sql.raw(statement));
      }
      expect((await marked("property")).size).toBe(0);
      expect((await marked("user")).size).toBeGreaterThan(2);

      for (const statement of statementsOf("0019_old_demo_records.sql", (s) => s.length > 0)) {
        await db().execute(sql.raw(statement));
      }

      // Every unedited seed property, none of the operator's.
      const properties = await marked("property");
      expect(properties).toEqual(new Set([...seedProperties].filter((id) => id !== renamed.id)));
      expect(properties.has(ownTwinId)).toBe(false);
      // The seed's bookings: on the renamed apartment (now the operator's) those paid to the demo
      // bank account; never a real guest's booking or the demo guest's on the operator's own.
      const bookings = await marked("booking");
      const onRenamedUnpaid = await db()
        .select({ id: schema.booking.id })
        .from(schema.booking)
        .where(
          and(eq(schema.booking.propertyId, renamed.id), isNull(schema.booking.bankAccountId)),
        );
      const unpaidIds = new Set(onRenamedUnpaid.map((row) => row.id));
      expect(bookings).toEqual(new Set([...seedBookings].filter((id) => !unpaidIds.has(id))));
      expect(bookings.has(realBooking.id)).toBe(false);
      expect(bookings.has(demoOnOwn.id)).toBe(false);
      // Running it again (another start) changes nothing.
      for (const statement of statementsOf("0019_old_demo_records.sql", (s) => s.length > 0)) {
        await db().execute(sql.raw(statement));
      }
      expect((await marked("property")).size).toBe(properties.size);

      // "Demodaten entfernen", signed in as the operator's own admin.
      const owner = await createUser({ role: "admin", name: "Inke Petersen" });
      const result = await removeDemoData({ id: owner.id });
      expect(result).toMatchObject({
        ok: true,
        removed: { properties: PROPERTIES.length - 1, bankAccounts: 1 },
      });
      expect(await countDemoData()).toEqual({
        users: 0,
        properties: 0,
        bookings: 0,
        bankAccounts: 0,
      });
      const left = await db()
        .select({ id: schema.property.id })
        .from(schema.property)
        .where(inArray(schema.property.id, [ownTwinId, renamed.id]));
      expect(left).toHaveLength(2);
      const [kept] = await db()
        .select()
        .from(schema.booking)
        .where(and(eq(schema.booking.id, realBooking.id), eq(schema.booking.status, "confirmed")));
      expect(kept?.userId).toBe(realGuest.id);
      // The demo guest's booking on the operator's property stays, without its deleted account.
      const [anonymised] = await db()
        .select({ userId: schema.booking.userId })
        .from(schema.booking)
        .where(eq(schema.booking.id, demoOnOwn.id));
      expect(anonymised).toEqual({ userId: null });
    },
  );
});
