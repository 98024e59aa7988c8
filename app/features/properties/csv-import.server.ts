import crypto from "node:crypto";
import { db, schema } from "~/lib/db.server";
import { parseCsvFile, type CsvFileError, type RowError } from "./csv-file.server";
import { wakeImageImportWorker } from "./image-import.server";

/**
 * Stores the good rows of a CSV file of properties (spec 06 "CSV import"); reading and checking
 * is `parseCsvFile`. Good rows are inserted in batches (multi-row insert) in ONE transaction
 * together with the audit entry and the image jobs: an import lands whole or not at all, and
 * the audit log never claims rows that are not there.
 */

const BATCH_SIZE = 500;

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
      const batch = properties.slice(at, at + BATCH_SIZE);
      // Ids made here, so each image job names its property without relying on the order
      // of RETURNING.
      const ids = batch.map(() => crypto.randomUUID());
      await tx.insert(schema.property).values(
        batch.map((p, i) => ({
          id: ids[i],
          ownerId: input.actorId,
          status: "published",
          title: p.title,
          description: p.description,
          pricePerNight: p.pricePerNight,
          cleaningFee: p.cleaningFee,
          country: p.country,
          city: p.city,
          location: p.location,
          bedrooms: p.bedrooms,
          bathrooms: p.bathrooms,
          maxGuests: p.maxGuests,
          amenities: p.amenities,
          // Pending until fetched: `{ url }` entries, shown as a placeholder (decision 028).
          images: p.images.map((image) => ({ url: image.url, category: image.category })),
          isSpecialOffer: p.isSpecialOffer,
          specialOfferPrice: p.specialOfferPrice,
          specialOfferEndDate: p.specialOfferEndDate,
        })),
      );
      const jobs = batch.flatMap((p, i) =>
        p.images.map((image, position) => ({
          propertyId: ids[i],
          position,
          url: image.url,
        })),
      );
      for (let j = 0; j < jobs.length; j += BATCH_SIZE * 4) {
        await tx.insert(schema.propertyImageImport).values(jobs.slice(j, j + BATCH_SIZE * 4));
      }
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
