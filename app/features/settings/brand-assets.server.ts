import crypto from "node:crypto";
import sharp from "sharp";
import { logger } from "~/lib/logger.server";
import { deleteObject, MEDIA_PREFIX, publicUrl, putObject } from "~/lib/storage.server";
import { touchIconUrl, type SiteSettings } from "./settings";
import { saveSettings } from "./settings.server";

/**
 * The operator's logos (light and dark backgrounds) and favicon (spec 06 "/admin/settings").
 * Accepted by what the file is, not by its name or type: sharp must decode it as PNG, JPEG or
 * WebP within a pixel cap (decompression bombs). Everything is re-encoded, which drops any
 * metadata: logos to WebP at most 640×160, the favicon to PNGs of 32×32 and 180×180 (the
 * touch icon), transparent where the picture is not square. SVG is not accepted: it can carry
 * script, and sanitising it is a library of its own (decision 025).
 */
export const BRAND_ASSETS = ["logoLight", "logoDark", "favicon"] as const;
export type BrandAsset = (typeof BRAND_ASSETS)[number];
export const BRAND_ASSET_MAX_BYTES = 2 * 1024 * 1024;
export type BrandAssetError = "missing" | "tooLarge" | "wrongType" | "failed";

const MAX_INPUT_PIXELS = 25_000_000;
const ACCEPTED = new Set(["png", "jpeg", "webp"]);
const FOLDER = "brand";
const FIELD: Record<BrandAsset, "logoLightUrl" | "logoDarkUrl" | "faviconUrl"> = {
  logoLight: "logoLightUrl",
  logoDark: "logoDarkUrl",
  favicon: "faviconUrl",
};

async function encode(asset: BrandAsset, bytes: Buffer): Promise<Record<string, Buffer> | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height || !meta.format || !ACCEPTED.has(meta.format)) return null;
    const input = () =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    if (asset === "favicon") {
      const square = (size: number) =>
        input()
          .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png()
          .toBuffer();
      return { "-32.png": await square(32), "-180.png": await square(180) };
    }
    return {
      ".webp": await input()
        .resize(640, 160, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 90 })
        .toBuffer(),
    };
  } catch (error) {
    logger.info({ err: error }, "brand image could not be decoded");
    return null;
  }
}

/** A storage key this module wrote, from a stored URL (never a foreign URL). */
function ownKeys(url: string | null): string[] {
  if (!url || !url.startsWith(`${MEDIA_PREFIX}${FOLDER}/`)) return [];
  const key = url.slice(MEDIA_PREFIX.length);
  const touch = touchIconUrl(url);
  return touch ? [key, touch.slice(MEDIA_PREFIX.length)] : [key];
}

export async function storeBrandAsset(
  asset: BrandAsset,
  bytes: Buffer,
  actorId: string,
): Promise<{ ok: true; url: string; version: string } | { ok: false; error: BrandAssetError }> {
  if (bytes.byteLength === 0) return { ok: false, error: "missing" };
  if (bytes.byteLength > BRAND_ASSET_MAX_BYTES) return { ok: false, error: "tooLarge" };
  const files = await encode(asset, bytes);
  if (!files) return { ok: false, error: "wrongType" };
  const base = `${FOLDER}/${crypto.randomUUID()}-${asset}`;
  const keys = Object.keys(files).map((suffix) => `${base}${suffix}`);
  try {
    for (const [suffix, body] of Object.entries(files)) await putObject(`${base}${suffix}`, body);
    const url = publicUrl(keys[0]);
    // The file it replaces is the one the saved row held, read in the save's transaction.
    const { before, version } = await saveSettings(
      { [FIELD[asset]]: url } as Partial<SiteSettings>,
      actorId,
    );
    await removeFiles(ownKeys(before[FIELD[asset]]));
    // The settings' new version: the page's settings form sends it with its next save.
    return { ok: true, url, version };
  } catch (error) {
    logger.error({ err: error, asset }, "storing a brand image failed");
    await removeFiles(keys);
    return { ok: false, error: "failed" };
  }
}

/** Returns the settings' new version, for the page's settings form (decision 073). */
export async function removeBrandAsset(asset: BrandAsset, actorId: string) {
  const { before, version } = await saveSettings(
    { [FIELD[asset]]: null } as Partial<SiteSettings>,
    actorId,
  );
  await removeFiles(ownKeys(before[FIELD[asset]]));
  return { version };
}

async function removeFiles(keys: string[]) {
  for (const key of keys) {
    await deleteObject(key).catch((error: unknown) =>
      logger.warn({ err: error, key }, "old brand image could not be removed"),
    );
  }
}
