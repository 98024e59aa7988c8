import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { parseCsvFile, type CsvFileError, type RowError } from "./csv-file.server";
import { wakeImageImportWorker } from "./image-import.server";

/**
 * Stores the good rows of a CSV file of properties (spec 06 "CSV import"); reading and checking
 * is `parseCsvFile`. Good rows are inserted in batches (one multi-row insert per 2,000) in ONE transaction
 * together with the audit entry and the image jobs: an import lands whole or not at all, and
 * the audit log never claims rows that are not there.
 */

const BATCH_SIZE = 2000;

export type ImportResult =
  | { ok: true; imported: number; failed: number; errors: RowError[] }
  | { ok: false; error: CsvFileError };

/**
 * Parses, checks and stores one file for an admin: good rows become published properties owned
 * by the admin, each image URL a pending job for the background fetch.
 */
export async function importPropertiesCsv(input: {
  actorId: string;
  fileName: string;
  bytes: Uint8Array;
  today: string;
}): Promise<ImportResult> {
  const parsed = await parseCsvFile(input.bytes, input.today);
  if (!parsed.ok) return parsed;
  const { properties, errors } = parsed;
  await db().transaction(async (tx) => {
    for (let at = 0; at < properties.length; at += BATCH_SIZE) {
      // One statement per batch with the rows as ONE json parameter: drizzle's multi-row
      // VALUES with 18 parameters per row spent more time building the query than PostgreSQL
      // spent inserting (bench/csv-import.ts, docs/BENCHMARKS.md).
      const batch = properties.slice(at, at + BATCH_SIZE).map((p) => ({
        // Made here, so each image job names its property without relying on RETURNING's order.
        id: crypto.randomUUID(),
        title: p.title,
        description: p.description,
        price_per_night: p.pricePerNight,
        cleaning_fee: p.cleaningFee,
        country: p.country,
        city: p.city,
        location: p.location,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        max_guests: p.maxGuests,
        amenities: p.amenities,
        // Pending until fetched: `{ url }` entries, shown as a placeholder (decision 028).
        images: p.images.map((image) => ({ url: image.url, category: image.category })),
        is_special_offer: p.isSpecialOffer,
        special_offer_price: p.specialOfferPrice,
        special_offer_end_date: p.specialOfferEndDate,
      }));
      const rows = JSON.stringify(batch);
      await tx.execute(sql`
        insert into property (id, owner_id, status, title, description, price_per_night,
          cleaning_fee, country, city, location, bedrooms, bathrooms, max_guests, amenities,
          images, is_special_offer, special_offer_price, special_offer_end_date)
        select x.id, ${input.actorId}::uuid, 'published', x.title, x.description,
          x.price_per_night, x.cleaning_fee, x.country, x.city, x.location, x.bedrooms,
          x.bathrooms, x.max_guests, array(select jsonb_array_elements_text(x.amenities)),
          x.images, x.is_special_offer, x.special_offer_price, x.special_offer_end_date
        from jsonb_to_recordset(${rows}::jsonb) as x(id uuid, title text, description text,
          price_per_night integer, cleaning_fee integer, country text, city text,
          location text, bedrooms integer, bathrooms integer, max_guests integer,
          amenities jsonb, images jsonb, is_special_offer boolean,
          special_offer_price integer, special_offer_end_date date)`);
      // One job per image, numbered in the file's order.
      await tx.execute(sql`
        insert into property_image_import (property_id, position, url)
        select x.id, image.ordinality - 1, image.value ->> 'url'
        from jsonb_to_recordset(${rows}::jsonb) as x(id uuid, images jsonb),
          jsonb_array_elements(x.images) with ordinality as image(value, ordinality)`);
    }
    await tx.insert(schema.auditLog).values({
      actorId: input.actorId,
      entity: "property",
      entityId: null,
      action: "csv-import",
      before: null,
      after: {
        fileName: input.fileName.slice(0, 200),
        imported: properties.length,
        failed: errors.length,
      },
    });
  });
  if (properties.length > 0) wakeImageImportWorker();
  return { ok: true, imported: properties.length, failed: errors.length, errors };
}
