import { and, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { PropertyImage } from "../../../db/schema";
import { todayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { db, schema, type Database } from "~/lib/db.server";
import { countUpTo, pageCountOf } from "~/lib/count-up-to.server";
import { editVersionOf, isEditVersion, nextUpdatedAt } from "~/lib/edit-version";
import { logger } from "~/lib/logger.server";
import { foldedContains } from "~/lib/search-text.server";
import {
  ADMIN_PROPERTIES_PAGE_SIZE,
  CITY_SUGGESTIONS,
  COUNTRIES,
  DEFAULT_CLEANING_FEE_CENTS,
  parseCount,
  parseEuroCents,
  readDraft,
  type AdminPropertyFilter,
  type PropertyFormValues,
  type PropertyInput,
  type PropertyStatus,
} from "./admin-property.schema";
import { draftUploadRefs, imageRef, submittedImagesSchema } from "./property-images";
import {
  HOUSE_RULES_MAX,
  normalizeClockTime,
  normalizeFactText,
  TOURIST_TAX_NOTE_MAX,
} from "~/domain/property-facts";
import { touristTaxModeOf } from "~/domain/tourist-tax";
import {
  deleteImageFiles,
  draftImagesText,
  resolveSubmittedImages,
  SAVE_MESSAGES,
} from "./property-images.server";

/**
 * /admin/properties and its form (spec 06-admin, issue 14): the list, create/update/publish,
 * autosaved drafts, and delete-or-archive. Every change writes its audit entry in the same
 * transaction; image files are removed only after the commit.
 */

const p = schema.property;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Actor = { id: string };
export type PropertyRow = typeof schema.property.$inferSelect;

export async function listAdminProperties(filter: AdminPropertyFilter) {
  const conditions: SQL[] = [];
  // property_admin_text_trgm_idx covers exactly this expression (migration 0008).
  if (filter.q) {
    conditions.push(
      sql`search_fold(${p.title} || ' ' || ${p.description}) like ${foldedContains(filter.q)}`,
    );
  }
  // property_admin_location_trgm_idx (all statuses) over the stored folded location.
  if (filter.location)
    conditions.push(sql`${p.locationFold} like ${foldedContains(filter.location)}`);
  if (filter.status !== "alle") conditions.push(eq(p.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, { total, isCapped }] = await Promise.all([
    db()
      .select({
        id: p.id,
        title: p.title,
        location: p.location,
        maxGuests: p.maxGuests,
        pricePerNight: p.pricePerNight,
        status: p.status,
        images: p.images,
        ratingAverage: p.ratingAverage,
        reviewCount: p.reviewCount,
        createdAt: p.createdAt,
        hasDraft: sql<boolean>`${p.draft} is not null`,
      })
      .from(p)
      .where(where)
      // "nulls last" as in property_created_idx / property_status_created_idx.
      .orderBy(sql`${p.createdAt} desc nulls last`, sql`${p.id} desc nulls last`)
      .limit(ADMIN_PROPERTIES_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_PROPERTIES_PAGE_SIZE),
    countUpTo(
      db()
        .select({ one: sql`1` })
        .from(p)
        .where(where)
        .$dynamic(),
    ),
  ]);
  return {
    properties: rows.map((row) => ({
      id: row.id,
      title: row.title,
      location: row.location,
      maxGuests: row.maxGuests,
      pricePerNight: row.pricePerNight,
      status: row.status as PropertyStatus,
      mainImage: (row.images ?? [])[0] ?? null,
      rating: row.reviewCount > 0 && row.ratingAverage !== null ? row.ratingAverage : null,
      reviewCount: row.reviewCount,
      createdAt: row.createdAt.toISOString(),
      hasDraft: row.hasDraft,
    })),
    total,
    isCapped,
    pageCount: pageCountOf(total, isCapped, ADMIN_PROPERTIES_PAGE_SIZE),
  };
}

export async function getAdminProperty(id: string): Promise<PropertyRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(p).where(eq(p.id, id.toLowerCase()));
  return row ?? null;
}

/** What the audit log keeps of a property (old → new); long text is cut by the log's view. */
function auditValues(row: PropertyRow | null) {
  return (
    row && {
      status: row.status,
      title: row.title,
      description: row.description,
      pricePerNight: row.pricePerNight,
      cleaningFee: row.cleaningFee,
      location: row.location,
      bedrooms: row.bedrooms,
      bathrooms: row.bathrooms,
      maxGuests: row.maxGuests,
      amenities: row.amenities,
      isSpecialOffer: row.isSpecialOffer,
      specialOfferPrice: row.specialOfferPrice,
      specialOfferEndDate: row.specialOfferEndDate,
      houseRules: row.houseRules,
      checkInFrom: row.checkInFrom,
      checkOutUntil: row.checkOutUntil,
      touristTaxMode: row.touristTaxMode,
      touristTaxNote: row.touristTaxNote,
      images: row.images.map(
        (image) => `${imageRef(image)}${image.category ? ` (${image.category})` : ""}`,
      ),
    }
  );
}

async function audit(
  tx: Tx,
  input: { actor: Actor; id: string; action: string; before: unknown; after: unknown },
) {
  await tx.insert(schema.auditLog).values({
    actorId: input.actor.id,
    entity: "property",
    entityId: input.id,
    action: input.action,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}

/** "stale": the property changed since the form was loaded (decision 073); nothing was saved. */
export type SavePropertyError = "notFound" | "invalidImage" | "stale" | "failed";
export type SavePropertyResult =
  { ok: true; id: string } | { ok: false; error: SavePropertyError; message?: string };

class Refused extends Error {
  constructor(
    readonly reason: SavePropertyError | DeletePropertyError,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/**
 * "Speichern" / "Veröffentlichen": a validated form into the public columns. A new property is
 * created with `status` (the add page publishes); an existing one keeps its status unless
 * `publish`. Either way an autosaved draft is applied by this and cleared. Bookings keep their
 * stored breakdown: nothing here touches them.
 *
 * An existing property is saved only when it is still at `version`, the version the form was
 * loaded with (or its own last autosave answered); otherwise "stale" and nothing changes, no
 * upload is claimed and no file is deleted (decision 073). So the images removed are always
 * images the form showed and the admin took out, never ones added since.
 */
export async function saveProperty(input: {
  actor: Actor;
  id: string | null;
  /**
   * The form's version (editVersionOf); needed for an existing property (without it the save
   * is refused as stale), unused for a new one.
   */
  version?: string | null;
  values: PropertyInput;
  publish: boolean;
}): Promise<SavePropertyResult> {
  const { actor, values } = input;
  const submitted = submittedImagesSchema.safeParse(values.images);
  if (!submitted.success) {
    const isTooMany = submitted.error.issues.some((issue) => issue.message === "tooManyImages");
    return {
      ok: false,
      error: "invalidImage",
      message: isTooMany ? SAVE_MESSAGES.tooManyImages : "Ungültiges Bild",
    };
  }
  if (input.id !== null && !isUuid(input.id)) return { ok: false, error: "notFound" };
  let removed: PropertyImage[] = [];
  try {
    const id = await db().transaction(async (tx) => {
      const [before] = input.id
        ? await tx.select().from(p).where(eq(p.id, input.id.toLowerCase())).for("update")
        : [null];
      if (input.id && !before) throw new Refused("notFound");
      // Checked on the locked row, before anything is claimed or written.
      if (before && !isEditVersion(before.updatedAt, input.version ?? null)) {
        throw new Refused("stale");
      }
      const images = await resolveSubmittedImages(tx, {
        current: before?.images ?? [],
        submitted: submitted.data,
        adminId: actor.id,
        // Uploads the autosaved draft holds may be older than 24 hours (decision 067).
        held: before ? draftUploadRefs(readDraft(before.draft)?.images, before.images) : [],
      });
      if (!images.ok) throw new Refused("invalidImage", images.message);
      removed = images.removed;
      const columns = {
        title: values.title,
        description: values.description,
        pricePerNight: values.pricePerNight,
        cleaningFee: values.cleaningFee,
        country: values.country,
        city: values.city,
        location: values.location,
        bedrooms: values.bedrooms,
        bathrooms: values.bathrooms,
        maxGuests: values.maxGuests,
        amenities: values.amenities,
        images: images.images,
        isSpecialOffer: values.isSpecialOffer,
        specialOfferPrice: values.specialOfferPrice,
        specialOfferEndDate: values.specialOfferEndDate,
        houseRules: values.houseRules,
        checkInFrom: values.checkInFrom,
        checkOutUntil: values.checkOutUntil,
        touristTaxMode: values.touristTaxMode,
        touristTaxNote: values.touristTaxNote,
        draft: null,
        draftSavedAt: null,
      };
      let after: PropertyRow;
      if (before) {
        [after] = await tx
          .update(p)
          .set({
            ...columns,
            status: input.publish ? "published" : before.status,
            updatedAt: nextUpdatedAt(before.updatedAt),
          })
          .where(eq(p.id, before.id))
          .returning();
      } else {
        [after] = await tx
          .insert(p)
          .values({ ...columns, ownerId: actor.id, status: input.publish ? "published" : "draft" })
          .returning();
      }
      const action = !before
        ? "create"
        : input.publish && before.status !== "published"
          ? "publish"
          : "update";
      await audit(tx, {
        actor,
        id: after.id,
        action,
        before: auditValues(before),
        after: auditValues(after),
      });
      return after.id;
    });
    await deleteImageFiles(removed);
    return { ok: true, id };
  } catch (error) {
    if (error instanceof Refused) {
      return { ok: false, error: error.reason as SavePropertyError, message: error.detail };
    }
    logger.error({ err: error }, "saving a property failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * The lenient columns of a property that is itself a draft (never public): whatever of the
 * typed input already parses, defaults for the rest, so the list shows the draft's title.
 */
function draftColumns(values: PropertyFormValues) {
  const country = (values.country ?? "").trim();
  const city = (values.city ?? "").trim();
  const isListed = values.locationMode === "custom" || COUNTRIES.includes(country);
  const cityOk = !CITY_SUGGESTIONS[country] || CITY_SUGGESTIONS[country].includes(city);
  const place = isListed && cityOk ? { country, city } : { country: "", city: "" };
  return {
    title: (values.title ?? "").trim(),
    description: (values.description ?? "").trim(),
    pricePerNight: parseEuroCents(values.pricePerNight ?? "") ?? 0,
    cleaningFee: parseEuroCents(values.cleaningFee ?? "") ?? DEFAULT_CLEANING_FEE_CENTS,
    ...place,
    location: place.city && place.country ? `${place.city}, ${place.country}` : "",
    bedrooms: parseCount(values.bedrooms ?? "") ?? 1,
    bathrooms: parseCount(values.bathrooms ?? "") ?? 1,
    maxGuests: parseCount(values.maxGuests ?? "") ?? 1,
    amenities: values.amenities ?? [],
    houseRules: normalizeFactText(values.houseRules ?? "").slice(0, HOUSE_RULES_MAX),
    checkInFrom: normalizeClockTime(values.checkInFrom ?? "") ?? "",
    checkOutUntil: normalizeClockTime(values.checkOutUntil ?? "") ?? "",
    ...draftTouristTax(values),
  };
}

/** A draft property's Kurtaxe choice as far as it is valid; the own text only with 'own'. */
function draftTouristTax(values: PropertyFormValues) {
  const note = normalizeFactText(values.touristTaxNote ?? "").slice(0, TOURIST_TAX_NOTE_MAX);
  const mode = touristTaxModeOf(values.touristTaxMode, note) ?? "default";
  return { touristTaxMode: mode, touristTaxNote: mode === "own" ? note : "" };
}

/** `version`: the property's version after the autosave, for the form's next write. */
export type SaveDraftResult =
  | { ok: true; id: string; savedAt: string; version: string }
  | { ok: false; error: "notFound" | "stale" | "failed" };

/**
 * Autosave (every 45 s while title and description are filled): the input as typed goes to
 * `property.draft`. A new property becomes a row with status `draft` (not public); a draft
 * property's columns follow leniently; a published or archived one keeps every public column
 * until "Speichern". The draft keeps the form's image list with only images a save could take
 * (draftImagesText, decision 067), so uploads survive a reload and are held until the draft is
 * saved or discarded.
 *
 * An existing property's draft is written only at the form's `version`, like a save (decision
 * 073): a stale tab's draft would otherwise be what the next admin opens and saves. The answer
 * carries the new version: the form does not load again after an autosave, so it keeps the
 * version itself and its next save is not taken for stale.
 */
export async function saveDraft(input: {
  actor: Actor;
  id: string | null;
  /** The form's version; null when it sent none (a new property needs none). */
  version: string | null;
  values: PropertyFormValues;
}): Promise<SaveDraftResult> {
  const { actor } = input;
  if (input.id !== null && !isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    return await db().transaction(async (tx) => {
      const savedAt = new Date();
      if (input.id === null) {
        const images = await draftImagesText(tx, {
          current: [],
          imagesJson: input.values.images,
          held: [],
          adminId: actor.id,
        });
        const values = { ...input.values, images };
        const [row] = await tx
          .insert(p)
          .values({
            ...draftColumns(values),
            ownerId: actor.id,
            status: "draft",
            draft: values,
            draftSavedAt: savedAt,
          })
          .returning();
        await audit(tx, {
          actor,
          id: row.id,
          action: "draft-created",
          before: null,
          after: { status: "draft", ...values },
        });
        return {
          ok: true,
          id: row.id,
          savedAt: savedAt.toISOString(),
          version: editVersionOf(row.updatedAt),
        } as const;
      }
      const [before] = await tx
        .select()
        .from(p)
        .where(eq(p.id, input.id.toLowerCase()))
        .for("update");
      if (!before) return { ok: false, error: "notFound" } as const;
      if (!isEditVersion(before.updatedAt, input.version)) {
        return { ok: false, error: "stale" } as const;
      }
      const images = await draftImagesText(tx, {
        current: before.images,
        imagesJson: input.values.images,
        held: draftUploadRefs(readDraft(before.draft)?.images, before.images),
        adminId: actor.id,
      });
      const values = { ...input.values, images };
      const updatedAt = nextUpdatedAt(before.updatedAt);
      await tx
        .update(p)
        .set({
          ...(before.status === "draft" ? draftColumns(values) : {}),
          draft: values,
          draftSavedAt: savedAt,
          updatedAt,
        })
        .where(eq(p.id, before.id));
      await audit(tx, {
        actor,
        id: before.id,
        action: "autosave",
        before: readDraft(before.draft) ?? {},
        after: values,
      });
      return {
        ok: true,
        id: before.id,
        savedAt: savedAt.toISOString(),
        version: editVersionOf(updatedAt),
      } as const;
    });
  } catch (error) {
    logger.error({ err: error }, "autosaving a property failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * "Entwurf verwerfen": back to the saved values. Only at the form's `version` (decision 073):
 * a page loaded before another tab autosaved must not throw that newer draft away.
 */
export async function discardDraft(input: {
  actor: Actor;
  id: string;
  version: string | null;
}): Promise<{ ok: true } | { ok: false; error: "notFound" | "stale" | "failed" }> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(p)
        .where(eq(p.id, input.id.toLowerCase()))
        .for("update");
      if (!before) return { ok: false, error: "notFound" } as const;
      if (!isEditVersion(before.updatedAt, input.version)) {
        return { ok: false, error: "stale" } as const;
      }
      if (before.draft === null) return { ok: true } as const;
      await tx
        .update(p)
        .set({ draft: null, draftSavedAt: null, updatedAt: nextUpdatedAt(before.updatedAt) })
        .where(eq(p.id, before.id));
      await audit(tx, {
        actor: input.actor,
        id: before.id,
        action: "draft-discarded",
        before: readDraft(before.draft),
        after: null,
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error }, "discarding a property draft failed");
    return { ok: false, error: "failed" };
  }
}

export type DeletePropertyError = "notFound" | "upcoming" | "failed";
export type DeletePropertyResult =
  { ok: true; outcome: "deleted" | "archived" } | { ok: false; error: DeletePropertyError };

/**
 * "Löschen" (spec 06-admin): a property without bookings is deleted with its image files; one
 * with bookings is archived (hidden from the site, its bookings keep it); one with an upcoming
 * or current non-cancelled stay is refused. The row is locked FOR UPDATE first: a booking being
 * made at this moment holds a key-share lock on it (its foreign key, and the published-check in
 * booking.server.ts), so either that booking commits first and is seen here, or it waits and
 * then finds the property gone or no longer published.
 */
export async function deleteProperty(input: {
  actor: Actor;
  id: string;
}): Promise<DeletePropertyResult> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  const today = todayInBerlin();
  let removedImages: PropertyImage[] = [];
  try {
    const outcome = await db().transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(p)
        .where(eq(p.id, input.id.toLowerCase()))
        .for("update");
      if (!before) throw new Refused("notFound");
      const b = schema.booking;
      const [upcoming] = await tx
        .select({ id: b.id })
        .from(b)
        .where(and(eq(b.propertyId, before.id), ne(b.status, "cancelled"), gt(b.checkOut, today)))
        .limit(1);
      if (upcoming) throw new Refused("upcoming");
      const [anyBooking] = await tx
        .select({ id: b.id })
        .from(b)
        .where(eq(b.propertyId, before.id))
        .limit(1);
      if (anyBooking) {
        const [after] = await tx
          .update(p)
          .set({ status: "archived" })
          .where(eq(p.id, before.id))
          .returning();
        await audit(tx, {
          actor: input.actor,
          id: before.id,
          action: "archive",
          before: auditValues(before),
          after: auditValues(after),
        });
        return "archived" as const;
      }
      await tx.delete(p).where(eq(p.id, before.id));
      await audit(tx, {
        actor: input.actor,
        id: before.id,
        action: "delete",
        before: auditValues(before),
        after: null,
      });
      removedImages = before.images;
      return "deleted" as const;
    });
    await deleteImageFiles(removedImages);
    return { ok: true, outcome };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason as DeletePropertyError };
    logger.error({ err: error }, "deleting a property failed");
    return { ok: false, error: "failed" };
  }
}
