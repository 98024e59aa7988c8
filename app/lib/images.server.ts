import crypto from "node:crypto";
import sharp from "sharp";
import { putObject } from "./storage.server";

/** Widths every stored image is re-encoded to; pages pick one with srcset/sizes. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** Refuse decompression bombs: no input above ~40 megapixels is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export type StoredImage = { key: string; widths: number[]; width: number; height: number };

/**
 * Decodes an image (any format sharp reads), strips all metadata (EXIF, GPS), fixes orientation
 * and stores WebP variants `${key}-${width}.webp`. Throws on anything that is not a valid image.
 */
export async function storeImageVariants(
  input: Buffer,
  folder: string,
  /** WebP encoder effort 0–6: uploads use the default; the demo seed trades size for speed. */
  options: { effort?: number } = {},
): Promise<StoredImage> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error("Not an image");
  const key = `${folder}/${crypto.randomUUID()}`;
  const widths: number[] = [];
  for (const width of IMAGE_WIDTHS) {
    // No upscaling: small originals get only the variants they can fill (at least one).
    if (width > meta.width && widths.length > 0) break;
    const buffer = await source
      .clone()
      .resize({ width: Math.min(width, meta.width), withoutEnlargement: true })
      .webp({ quality: 78, effort: options.effort ?? 4 })
      .toBuffer();
    await putObject(`${key}-${width}.webp`, buffer);
    widths.push(width);
  }
  return { key, widths, width: meta.width, height: meta.height };
}
