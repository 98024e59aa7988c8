import {
  and,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import sharp from "sharp";
import type { PropertyImage } from "../../../db/schema";
import { db, schema, type Database } from "~/lib/db.server";
import {
  encodeImageVariants,
  IMAGE_WIDTHS,
  MAX_INPUT_PIXELS,
  storeEncodedImage,
  type StoredImage,
} from "~/lib/images.server";
import { logger } from "~/lib/logger.server";
import { deleteObject } from "~/lib/storage.server";
import { mediaKeyUrl } from "~/lib/media-url";
import {
  draftUploadRefs,
  imageRef,
  isImageCategory,
  keepDraftImages,
  MAX_IMAGE_BYTES,
  MAX_PROPERTY_IMAGES,
  readSubmittedImages,
  UPLOAD_REF_PREFIX,
  type SubmittedImage,
  type UploadedImage,
} from "./property-images";

/**
 * Property photos on the server (decision 027): one upload per request, stored re-encoded and
 * recorded in `property_image_upload`; a property save takes the uploads it names
 * (resolveSubmittedImages) and marks them attached; uploads never attached are deleted after
 * 24 hours by a job every process runs, unless an autosaved draft still names them (decision 067:
 * the draft holds them until it is saved or discarded).
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
const u = schema.propertyImageUpload;
const p = schema.property;

/** Where uploads are stored: `property-images/<uuid>-<width>.webp`. */
const UPLOAD_FOLDER = UPLOAD_REF_PREFIX.slice(0, -1);
/** Folders whose files belong to properties (demo images live under properties/<id>/). */
const OWN_FOLDERS = [`${UPLOAD_FOLDER}/`, "properties/"];
/**
 * An upload not attached to a property within this time is deleted (rows and files), unless an
 * autosaved draft holds it (decision 067).
 */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Uploads one admin may hold unattached at once: a guard against filling the disk, not the
 * per-property rule (30, checked when the property is saved). Generous, so an abandoned form
 * and a new one still fit.
 */
export const MAX_PENDING_UPLOADS_PER_ADMIN = 100;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export const UPLOAD_MESSAGES = {
  missing: "Bitte wählen Sie eine Bilddatei aus.",
  notImage: "Die Datei ist kein gültiges Bild (JPG, PNG oder WebP).",
  tooLarge: "Die Datei ist größer als 10 MB.",
  tooManyPixels: "Das Bild hat zu viele Pixel (höchstens 40 Megapixel).",
  tooManyPending:
    "Zu viele Bilder sind noch keiner Unterkunft zugeordnet. Bitte speichern Sie zuerst die Unterkunft.",
  failed: "Fehler beim Hochladen des Bildes",
} as const;
export type UploadError = keyof typeof UPLOAD_MESSAGES;

export const SAVE_MESSAGES = {
  tooManyImages: `Eine Unterkunft kann höchstens ${MAX_PROPERTY_IMAGES} Bilder haben.`,
  unknownImage: "Ein Bild ist nicht mehr verfügbar. Bitte laden Sie es erneut hoch.",
  invalidCategory: "Bitte wählen Sie für jedes Bild eine gültige Kategorie.",
} as const;

export type StoreUploadResult =
  { ok: true; image: UploadedImage } | { ok: false; error: UploadError; message: string };

const refuse = (error: UploadError): StoreUploadResult => ({
  ok: false,
  error,
  message: UPLOAD_MESSAGES[error],
});

/** What the file is, by its content: sharp reads the header (no decoding yet). */
async function inspect(bytes: Buffer): Promise<UploadError | null> {
  try {
    // No pixel limit here: the header alone says how big the picture would be, and a bomb gets
    // its own message instead of "not an image".
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return "notImage";
    }
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return "tooManyPixels";
    return null;
  } catch {
    return "notImage";
  }
}

/**
 * One uploaded file: checked by content (JPG, PNG or WebP; ≤ 10 MB; ≤ 40 megapixels), re-encoded
 * to WebP 400/800/1600 without metadata, stored, recorded and audited. The image belongs to no
 * property until a save names it.
 */
export async function storePropertyImageUpload(
  bytes: Buffer,
  adminId: string,
): Promise<StoreUploadResult> {
  if (bytes.byteLength === 0) return refuse("missing");
  if (bytes.byteLength > MAX_IMAGE_BYTES) return refuse("tooLarge");
  const problem = await inspect(bytes);
  if (problem) return refuse(problem);
  const [pending] = await db()
    .select({ n: count() })
    .from(u)
    .where(
      and(
        eq(u.uploadedBy, adminId),
        isNull(u.attachedAt),
        gt(u.createdAt, new Date(Date.now() - UPLOAD_TTL_MS)),
      ),
    );
  if ((pending?.n ?? 0) >= MAX_PENDING_UPLOADS_PER_ADMIN) return refuse("tooManyPending");

  let encoded;
  try {
    encoded = await encodeImageVariants(bytes);
  } catch (error) {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    logger.info({ err: error }, "property image could not be decoded");
    return refuse("notImage");
  }
  let stored: StoredImage | undefined;
  try {
    stored = await storeEncodedImage(encoded, UPLOAD_FOLDER);
    const image = stored;
    await db().transaction(async (tx) => {
      await tx.insert(u).values({
        key: image.key,
        widths: image.widths,
        width: image.width,
        height: image.height,
        uploadedBy: adminId,
      });
      await tx.insert(schema.auditLog).values({
        actorId: adminId,
        entity: "property",
        entityId: null,
        action: "image-uploaded",
        before: null,
        after: {
          key: image.key,
          width: image.width,
          height: image.height,
          bytes: bytes.byteLength,
        },
      });
    });
    return {
      ok: true,
      image: {
        ref: image.key,
        widths: image.widths,
        width: image.width,
        height: image.height,
        previewUrl: mediaKeyUrl(`${image.key}-${image.widths[0]}.webp`),
      },
    };
  } catch (error) {
    logger.error({ err: error }, "storing a property image failed");
    if (stored) await deleteImageFiles([stored]);
    return refuse("failed");
  }
}

export type ResolvedImages =
  { ok: true; images: PropertyImage[]; removed: PropertyImage[] } | { ok: false; message: string };

/**
 * The image list a property save stores, from the form's list (`submitted`, in order) and the
 * property's images before the save (`current`, empty for a new property). A ref is either one
 * of `current` or a fresh upload of any admin, not attached to any property and not expired;
 * sizes come from the stored record; an upload the property's autosaved draft holds (`held`,
 * decision 067) counts as fresh however old it is. Fresh uploads are marked attached inside `tx`, so a
 * rolled-back save leaves them free. Anything else (a forged key, another property's image, an
 * upload already used) refuses the whole save. Delete the files of `removed` after the commit.
 */
export async function resolveSubmittedImages(
  tx: Tx,
  input: {
    current: PropertyImage[];
    submitted: SubmittedImage[];
    adminId: string;
    held?: readonly string[];
  },
): Promise<ResolvedImages> {
  const { current, submitted } = input;
  if (submitted.length > MAX_PROPERTY_IMAGES) {
    return { ok: false, message: SAVE_MESSAGES.tooManyImages };
  }
  const refs = submitted.map((s) => s.ref);
  if (new Set(refs).size !== refs.length) return { ok: false, message: SAVE_MESSAGES.unknownImage };
  const currentByRef = new Map<string, PropertyImage>();
  for (const image of current) {
    const ref = imageRef(image);
    if (ref) currentByRef.set(ref, image);
  }
  const fresh = refs.filter((ref) => !currentByRef.has(ref));
  // Only keys we generate can be uploads; anything else is not worth a query.
  if (fresh.some((ref) => !ref.startsWith(`${UPLOAD_FOLDER}/`))) {
    return { ok: false, message: SAVE_MESSAGES.unknownImage };
  }
  // Categories first: a refusal must leave no upload claimed, whatever the caller does with tx.
  for (const { ref, category } of submitted) {
    // A known category, or the image's own stored one kept as it was (older data, "Terrasse").
    const own = currentByRef.get(ref)?.category;
    if (category !== null && !isImageCategory(category) && category !== own) {
      return { ok: false, message: SAVE_MESSAGES.invalidCategory };
    }
  }
  const uploads = new Map<string, PropertyImage>();
  if (fresh.length > 0) {
    // Claims the rows: a concurrent save naming the same upload waits for this transaction and
    // then finds it attached; the orphan job skips rows locked here.
    const claimed = await tx
      .update(u)
      .set({ attachedAt: sql`now()` })
      .where(
        and(inArray(u.key, fresh), isNull(u.attachedAt), or(isYoung(), heldBy(input.held ?? []))),
      )
      .returning();
    if (claimed.length !== fresh.length) {
      // Give back what was claimed, so a caller that commits anyway leaves the uploads free.
      if (claimed.length > 0) {
        await tx
          .update(u)
          .set({ attachedAt: null })
          .where(
            inArray(
              u.key,
              claimed.map((row) => row.key),
            ),
          );
      }
      return { ok: false, message: SAVE_MESSAGES.unknownImage };
    }
    for (const row of claimed) {
      uploads.set(row.key, {
        key: row.key,
        widths: row.widths,
        width: row.width,
        height: row.height,
      });
    }
  }
  const images = submitted.map(({ ref, category }): PropertyImage => {
    const { category: _old, ...rest } = currentByRef.get(ref) ?? uploads.get(ref)!;
    return category === null ? rest : { ...rest, category };
  });
  const kept = new Set(refs);
  const removed = current.filter((image) => {
    const ref = imageRef(image);
    return ref !== "" && !kept.has(ref);
  });
  return { ok: true, images, removed };
}

/** An upload younger than the 24 hours an unattached upload is kept on its own. */
const isYoung = () => gt(u.createdAt, sql`now() - make_interval(secs => ${UPLOAD_TTL_MS / 1000})`);
/** One of these uploads (no condition when there are none). */
const heldBy = (keys: readonly string[]) =>
  keys.length > 0 ? inArray(u.key, [...keys]) : sql`false`;

/**
 * The image list an autosave stores in the property's draft (decision 067), as the form's text:
 * the form's list with only what a save could take too: the property's own images, uploads the
 * draft already holds (`held`, however old), and fresh unattached uploads of this admin. Forged
 * or foreign keys, uploads that are used or gone, and URLs the property does not have are left
 * out, not refused: a draft keeps what it can. The uploads kept are locked until the commit, so
 * the orphan job (SKIP LOCKED) cannot delete one between this check and the draft that names it.
 */
export async function draftImagesText(
  tx: Tx,
  input: {
    current: PropertyImage[];
    imagesJson: string | undefined;
    held: readonly string[];
    adminId: string;
  },
): Promise<string> {
  const submitted = readSubmittedImages(input.imagesJson);
  const allowed = new Map<string, string | null | undefined>();
  for (const image of input.current) {
    const ref = imageRef(image);
    if (ref) allowed.set(ref, image.category);
  }
  const candidates = draftUploadRefs(input.imagesJson, input.current).slice(0, MAX_PROPERTY_IMAGES);
  if (candidates.length > 0) {
    const usable = await tx
      .select({ key: u.key })
      .from(u)
      .where(
        and(
          inArray(u.key, candidates),
          isNull(u.attachedAt),
          or(and(eq(u.uploadedBy, input.adminId), isYoung()), heldBy(input.held)),
        ),
      )
      .for("update");
    for (const row of usable) allowed.set(row.key, null);
  }
  return JSON.stringify(keepDraftImages(submitted, allowed));
}

/**
 * The uploads an autosaved draft names that are still there to show (decision 067): unattached,
 * with their sizes. A draft's uploads are not deleted while it holds them, so one is missing
 * only when another property took it or the draft is older than this rule.
 */
export async function draftUploads(refs: readonly string[]): Promise<PropertyImage[]> {
  if (refs.length === 0) return [];
  const rows = await db()
    .select()
    .from(u)
    .where(and(inArray(u.key, [...refs]), isNull(u.attachedAt)));
  return rows.map((row) => ({
    key: row.key,
    widths: row.widths,
    width: row.width,
    height: row.height,
  }));
}

/** Every stored variant of these images (after the commit that dropped them). Never throws. */
export async function deleteImageFiles(images: Pick<PropertyImage, "key" | "widths">[]) {
  for (const image of images) {
    const key = image.key;
    if (!key || !OWN_FOLDERS.some((folder) => key.startsWith(folder))) continue;
    const widths = new Set<number>([...(image.widths ?? []), ...IMAGE_WIDTHS]);
    for (const width of widths) {
      await deleteObject(`${key}-${width}.webp`).catch((error: unknown) =>
        logger.warn({ err: error, key }, "a property image file could not be removed"),
      );
    }
  }
}

const ORPHAN_BATCH = 500;

/**
 * Deletes uploads never attached to a property within 24 hours and named by no autosaved draft
 * (decision 067; a draft's image list is its own text, so "names" is a text search of it; keys
 * are unique UUIDs, so one key never matches another): rows first, then files. Safe
 * with several processes at once: each batch locks its rows with SKIP LOCKED, so two processes
 * never delete the same row, and a row a save is claiming right now is left alone.
 * Returns how many uploads were deleted.
 */
export async function deleteOrphanUploads(): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db()
      .select({ key: u.key })
      .from(u)
      .where(
        and(
          isNull(u.attachedAt),
          lt(u.createdAt, sql`now() - make_interval(secs => ${UPLOAD_TTL_MS / 1000})`),
          notExists(
            db()
              .select({ one: sql`1` })
              .from(p)
              .where(and(isNotNull(p.draft), sql`strpos(${p.draft}->>'images', ${u.key}) > 0`)),
          ),
        ),
      )
      .orderBy(u.createdAt)
      .limit(ORPHAN_BATCH)
      .for("update", { skipLocked: true });
    const deleted = await db()
      .delete(u)
      .where(inArray(u.key, batch))
      .returning({ key: u.key, widths: u.widths });
    await deleteImageFiles(deleted);
    total += deleted.length;
    if (deleted.length < ORPHAN_BATCH) return total;
  }
}

const RUN_EVERY_MS = 60 * 60 * 1000;
type JobState = {
  isActive: boolean;
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
};
// On globalThis: in development Vite may evaluate this module again after an edit.
const holder = globalThis as unknown as { __orphanImagesJob?: JobState };

/** Starts the hourly clean-up in this process (boot, after the migrations): once now, then hourly. */
export function startOrphanImagesJob() {
  if (holder.__orphanImagesJob?.isActive) return;
  const state: JobState = { isActive: true };
  holder.__orphanImagesJob = state;
  const run = () => {
    if (!state.isActive || state.running) return;
    state.running = deleteOrphanUploads()
      .then((n) => {
        logger[n > 0 ? "info" : "debug"]({ count: n }, "unattached property images deleted");
      })
      .catch((error: unknown) => logger.error({ err: error }, "deleting orphan images failed"))
      .finally(() => {
        state.running = undefined;
      });
  };
  run();
  state.timer = setInterval(run, RUN_EVERY_MS);
  state.timer.unref();
}

/** Stops the job and waits for a run in progress (before the database closes). */
export async function stopOrphanImagesJob() {
  const state = holder.__orphanImagesJob;
  if (!state) return;
  state.isActive = false;
  clearInterval(state.timer);
  await state.running;
  holder.__orphanImagesJob = undefined;
}
