import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { deleteObject, MEDIA_PREFIX, publicUrl, putObject } from "~/lib/storage.server";
import { AVATAR_MAX_BYTES, type AvatarError, type ProfileForm } from "./profile.schema";
import { ensureProfile } from "./session.server";

const p = schema.profile;

/**
 * Refuse decompression bombs: an avatar needs no more than ~25 megapixels of input (a 12 MP
 * phone photo, 4000×3000, is well inside; it is scaled down to 256×256 below).
 */
const MAX_INPUT_PIXELS = 25_000_000;
const AVATAR_SIZE = 256;
const AVATAR_FOLDER = "avatars";
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/** The profile shown on /dashboard/profile; a missing row is recreated first (spec 05). */
export async function getProfile(user: { id: string; email: string; fullName: string }) {
  const row = await ensureProfile(user.id, user.fullName);
  return {
    email: user.email,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    phone: row.phone ?? "",
    address: row.address ?? "",
    city: row.city ?? "",
    postalCode: row.postalCode ?? "",
    country: row.country ?? "",
  };
}

export type ProfileView = Awaited<ReturnType<typeof getProfile>>;

/**
 * Saves the validated form; recreates a missing profile row first. A new name is also the
 * account's name: the admins' user search looks in the account's name (its trigram index,
 * migration 0013) and the list shows the profile's, so the two must not drift apart.
 */
export async function saveProfile(user: { id: string; fullName: string }, form: ProfileForm) {
  await ensureProfile(user.id, user.fullName);
  await db().transaction(async (tx) => {
    await tx
      .update(p)
      .set({
        fullName: form.fullName,
        phone: form.phone,
        address: form.address,
        city: form.city,
        postalCode: form.postalCode,
        country: form.country,
      })
      .where(eq(p.id, user.id));
    if (form.fullName.trim()) {
      await tx
        .update(schema.user)
        .set({ name: form.fullName.trim() })
        .where(eq(schema.user.id, user.id));
    }
  });
}

/**
 * The avatar form's file: its bytes, or why there are none.
 * Content-Type and file name of the part are ignored; the image itself decides (storeAvatar).
 */
export async function readAvatarUpload(
  request: Request,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; error: AvatarError }> {
  // The server has already refused bodies over the route's limit (app/lib/body-limits.ts) and
  // forms that do not parse, so this reads a few megabytes at most.
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, error: "missing" };
  }
  const file = form.get("avatar");
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, error: "missing" };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, error: "tooLarge" };
  return { ok: true, bytes: Buffer.from(await file.arrayBuffer()) };
}

/**
 * Checks that the bytes are a JPG, PNG or WebP image (by decoding them, not by name or type),
 * re-encodes them as a 256×256 WebP without metadata, stores it under a new random key, points
 * the profile at it and removes the previous avatar file.
 */
export async function storeAvatar(
  user: { id: string; fullName: string },
  bytes: Buffer,
): Promise<{ ok: true; avatarUrl: string } | { ok: false; error: AvatarError }> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { ok: false, error: "tooLarge" };
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) return { ok: false, error: "wrongType" };
    format = meta.format;
  } catch {
    return { ok: false, error: "wrongType" };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, error: "wrongType" };

  let webp: Buffer;
  try {
    // sharp writes no metadata (EXIF, GPS, ICC) unless asked to; rotate() applies the
    // orientation before it is dropped.
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    // Truncated or corrupt files of an accepted format.
    logger.info({ err: error }, "avatar could not be decoded");
    return { ok: false, error: "wrongType" };
  }

  const key = `${AVATAR_FOLDER}/${crypto.randomUUID()}.webp`;
  try {
    await putObject(key, webp);
    await ensureProfile(user.id, user.fullName);
    const previous = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ avatarUrl: p.avatarUrl })
        .from(p)
        .where(eq(p.id, user.id))
        .for("update");
      // Gone: the account was deleted meanwhile (the catch below removes the new file).
      if (!row) throw new Error("profile deleted while its avatar was stored");
      await tx
        .update(p)
        .set({ avatarUrl: publicUrl(key) })
        .where(eq(p.id, user.id));
      return row.avatarUrl;
    });
    const previousKey = ownAvatarKey(previous);
    if (previousKey) {
      await deleteObject(previousKey).catch((error: unknown) =>
        logger.warn({ err: error, key: previousKey }, "old avatar could not be removed"),
      );
    }
    return { ok: true, avatarUrl: publicUrl(key) };
  } catch (error) {
    logger.error({ err: error }, "storing the avatar failed");
    // No file without a profile pointing at it (e.g. the account was deleted meanwhile).
    await deleteObject(key).catch(() => {});
    return { ok: false, error: "failed" };
  }
}

/**
 * "Entfernen": the profile no longer points at an avatar, and the stored file is deleted
 * through the storage driver (local folder or S3). A missing file is not an error.
 */
export async function removeAvatar(user: { id: string; fullName: string }) {
  await ensureProfile(user.id, user.fullName);
  const previous = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarUrl: p.avatarUrl })
      .from(p)
      .where(eq(p.id, user.id))
      .for("update");
    await tx.update(p).set({ avatarUrl: null }).where(eq(p.id, user.id));
    return row?.avatarUrl ?? null;
  });
  const previousKey = ownAvatarKey(previous);
  if (previousKey) {
    await deleteObject(previousKey).catch((error: unknown) =>
      logger.warn({ err: error, key: previousKey }, "removed avatar file could not be deleted"),
    );
  }
}

/** The storage key of an avatar this module stored (never a foreign URL or a seed image). */
export function ownAvatarKey(url: string | null) {
  if (!url?.startsWith(`${MEDIA_PREFIX}${AVATAR_FOLDER}/`)) return null;
  const key = url.slice(MEDIA_PREFIX.length);
  return /^avatars\/[0-9a-f-]{36}\.webp$/.test(key) ? key : null;
}
