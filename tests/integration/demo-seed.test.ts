import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { uploadsDir } from "~/lib/storage.server";
import { OTHER_GUESTS, PROPERTIES, REVIEW_AMENITY } from "../../db/seed-data";
import { seedDemoData } from "../../db/seed.server";
import { databaseKind, openTestDatabase } from "../helpers/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

type Table = (typeof schema)["user" | "property" | "bankAccount" | "booking" | "propertySeason"];
async function count(table: Table) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(table);
  return row.n;
}

describe(`demo seed (${databaseKind()})`, () => {
  // On PostgreSQL nothing in this process orders the two calls: they meet only at the advisory
  // lock in the database, as two app processes starting at once would. Without it both find
  // the database empty, and the second fails on the demo admin's e-mail half-way through.
  it(
    "two seeds started at once on an empty database seed exactly once",
    { timeout: 300_000 },
    async () => {
      const results = await Promise.all([
        seedDemoData({ uploadsDir: uploadsDir() }),
        seedDemoData({ uploadsDir: uploadsDir() }),
      ]);
      expect(results.sort()).toEqual([false, true]);

      // The admin, the demo guest and the other guests, once each.
      expect(await count(schema.user)).toBe(2 + OTHER_GUESTS.length);
      expect(await count(schema.property)).toBe(PROPERTIES.length);
      expect(await count(schema.bankAccount)).toBe(1);

      // Every seeded row is marked as demo data (decision 033), so "Demodaten entfernen" finds
      // them all and nothing else.
      const { rows: marks } = (await db().execute(sql`
        select
          (select count(*)::int from "user" u where not exists (select 1 from demo_record d where d.entity = 'user' and d.entity_id = u.id))
          + (select count(*)::int from property p where not exists (select 1 from demo_record d where d.entity = 'property' and d.entity_id = p.id))
          + (select count(*)::int from booking b where not exists (select 1 from demo_record d where d.entity = 'booking' and d.entity_id = b.id))
          + (select count(*)::int from bank_account a where not exists (select 1 from demo_record d where d.entity = 'bank_account' and d.entity_id = a.id))
          as unmarked,
          (select count(*)::int from demo_record) as marked`)) as unknown as {
        rows: { unmarked: number; marked: number }[];
      };
      expect(marks[0].unmarked).toBe(0);
      expect(marks[0].marked).toBeGreaterThan(PROPERTIES.length);

      // A later start finds the data and leaves it alone.
      const bookings = await count(schema.booking);
      expect(bookings).toBeGreaterThan(0);
      expect(await seedDemoData({ uploadsDir: uploadsDir() })).toBe(false);
      expect(await count(schema.booking)).toBe(bookings);

      // Every demo booking carries the breakdown the app's one price function gives
      // (app/domain/price.ts), and every kept cancellation fee is the settings' percentage.
      const { rows } = (await db().execute(sql`
        select count(*)::int as wrong from booking b join property p on p.id = b.property_id
        where b.price_details is null
           or b.total_price <> (select sum((l->>'nights')::int * (l->>'price')::int)
                                from jsonb_array_elements(b.price_details->'lines') l)
                              - (b.price_details->>'discount')::int + b.cleaning_fee + b.service_fee
           or b.nights <> (select sum((l->>'nights')::int)
                           from jsonb_array_elements(b.price_details->'lines') l)
           -- every night at the base, offer or one of the property's season prices
           or exists (select 1 from jsonb_array_elements(b.price_details->'lines') l
                      where (l->>'price')::int not in (p.price_per_night, coalesce(p.special_offer_price, -1))
                        and (l->>'price')::int not in (select s.price_per_night from property_season s
                                                       where s.property_id = p.id))
           or b.cleaning_fee <> p.cleaning_fee
           or (b.cancellation_fee > 0 and b.cancellation_fee <> round(b.total_price * 0.5))`)) as unknown as {
        rows: { wrong: number }[];
      };
      expect(rows[0].wrong).toBe(0);
      // Some demo listings have seasons (issue 18), with their price in some demo bookings' lines.
      expect(await count(schema.propertySeason)).toBeGreaterThan(0);

      // A late cancellation was paid, kept its fee and paid the rest back (decision 047):
      // paid = total, refunded = total − fee, nothing left open.
      const refunds = (await db().execute(sql`
        select count(*)::int as refunded,
               count(*) filter (where b.amount_paid <> b.total_price
                 or b.amount_refunded <> b.total_price - b.cancellation_fee
                 or exists (select 1 from refund r where r.booking_id = b.id and r.status = 'open'))::int
                 as wrong
        from booking b where b.payment_status = 'refunded'`)) as unknown as {
        rows: { refunded: number; wrong: number }[];
      };
      expect(refunds.rows[0].refunded).toBeGreaterThan(0);
      expect(refunds.rows[0].wrong).toBe(0);

      // The reviews read as written for their property (issue 15): no sentence of one appears
      // on another property, and an amenity they praise is one the property has.
      const reviews = await db()
        .select({
          propertyId: schema.booking.propertyId,
          text: schema.review.text,
          amenities: schema.property.amenities,
        })
        .from(schema.review)
        .innerJoin(schema.booking, eq(schema.booking.id, schema.review.bookingId))
        .innerJoin(schema.property, eq(schema.property.id, schema.booking.propertyId));
      expect(reviews.length).toBeGreaterThan(10);
      const propertyOf = new Map<string, string>();
      for (const review of reviews) {
        for (const sentence of review.text.split(/(?<=[.!?])\s+/)) {
          expect(propertyOf.get(sentence) ?? review.propertyId, sentence).toBe(review.propertyId);
          propertyOf.set(sentence, review.propertyId);
        }
        for (const [amenity, remarks] of Object.entries(REVIEW_AMENITY)) {
          if (remarks.some((remark) => review.text.includes(remark))) {
            expect(review.amenities, review.text).toContain(amenity);
          }
        }
      }
    },
  );
});
