import crypto from "node:crypto";
import sharp from "sharp";
import { putObject } from "./storage.server";

/** Widths every stored image is re-encoded to; pages pick one with srcset/sizes. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** Refuse decompression bombs: no input above ~40 megapixels is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type StoredImage = { key: string; widths: number[]; width: number; height: number };

/** WebP quality of every stored variant (part of the demo pictures' cache key, db/). */
export const WEBP_QUALITY = 78;

export type EncodedImage = {
  width: number;
  height: number;
  variants: { width: number; buffer: Buffer }[];
};

/**
 * Decodes an image (any format sharp reads), strips all metadata (EXIF, GPS), fixes orientation
 * and encodes the WebP variants. Throws on anything that is not a valid image.
 */
export async function encodeImageVariants(
  input: Buffer,
  /** WebP encoder effort 0–6: uploads use the default; the demo seed trades size for speed. */
  options: { effort?: number } = {},
): Promise<EncodedImage> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error("Not an image");
  const variants: EncodedImage["variants"] = [];
  for (const width of IMAGE_WIDTHS) {
    // No upscaling: small originals get only the variants they can fill (at least one).
    if (width > meta.width && variants.length > 0) break;
    const buffer = await source
      .clone()
      .resize({ width: Math.min(width, meta.width), withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: options.effort ?? 4 })
      .toBuffer();
    variants.push({ width, buffer });
  }
  return { width: meta.width, height: meta.height, variants };
}

/** Stores encoded variants as `${folder}/<new uuid>-${width}.webp`. */
export async function storeEncodedImage(image: EncodedImage, folder: string): Promise<StoredImage> {
  const key = `${folder}/${crypto.randomUUID()}`;
  for (const variant of image.variants)
    await putObject(`${key}-${variant.width}.webp`, variant.buffer);
  return {
    key,
    widths: image.variants.map((v) => v.width),
    width: image.width,
    height: image.height,
  };
}

/**
 * Decodes an image (any format sharp reads), strips all metadata (EXIF, GPS), fixes orientation
 * and stores WebP variants `${key}-${width}.webp`. Throws on anything that is not a valid image.
 */
export async function storeImageVariants(
  input: Buffer,
  folder: string,
  options: { effort?: number } = {},
): Promise<StoredImage> {
  return storeEncodedImage(await encodeImageVariants(input, options), folder);
}
