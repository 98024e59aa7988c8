/**
 * The demo pictures, rendered once per machine: rasterising and encoding ~200 SVGs costs about a
 * minute of CPU, and every fresh demo start (the E2E server, `npm start` after deleting ./data,
 * the demo-seed tests) would pay it again for the same pictures. The encoded variants are kept
 * in tmp/demo-image-cache/<key>/, where the key hashes everything the bytes depend on: the SVG
 * text (the generator's code and inputs both end up in it), the encoder settings and sharp's
 * versions. A hit copies the files into storage under a new key, as a render would. The cache
 * is best-effort: a folder that cannot be read or written means rendering, never a failure.
 * Delete the folder to start over; entries of an older generator are never read again.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  encodeImageVariants,
  IMAGE_WIDTHS,
  storeEncodedImage,
  WEBP_QUALITY,
  type EncodedImage,
  type StoredImage,
} from "../app/lib/images.server";

/** Bump when the rendering below changes in a way the key does not see. */
const CACHE_FORMAT = 1;
const JPEG = { quality: 92, chromaSubsampling: "4:4:4" } as const;
const WEBP_EFFORT = 2;

export function demoImageCacheDir() {
  return path.resolve("tmp", "demo-image-cache");
}

function cacheKey(svg: string) {
  return crypto
    .createHash("sha256")
    .update(
      JSON.stringify({
        format: CACHE_FORMAT,
        jpeg: JPEG,
        webp: { quality: WEBP_QUALITY, effort: WEBP_EFFORT },
        widths: IMAGE_WIDTHS,
        sharp: sharp.versions,
      }),
    )
    .update("\0")
    .update(svg)
    .digest("hex");
}

type Meta = { width: number; height: number; widths: number[] };

async function readCached(dir: string): Promise<EncodedImage | undefined> {
  try {
    const meta = JSON.parse(await fs.readFile(path.join(dir, "meta.json"), "utf8")) as Meta;
    const variants = await Promise.all(
      meta.widths.map(async (width) => ({
        width,
        buffer: await fs.readFile(path.join(dir, `${width}.webp`)),
      })),
    );
    return { width: meta.width, height: meta.height, variants };
  } catch {
    return undefined;
  }
}

/** Written to a private folder first and renamed into place: readers never see half an entry. */
async function writeCached(dir: string, image: EncodedImage) {
  const partial = `${dir}.partial-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  try {
    await fs.mkdir(partial, { recursive: true });
    for (const variant of image.variants)
      await fs.writeFile(path.join(partial, `${variant.width}.webp`), variant.buffer);
    const meta: Meta = {
      width: image.width,
      height: image.height,
      widths: image.variants.map((v) => v.width),
    };
    await fs.writeFile(path.join(partial, "meta.json"), JSON.stringify(meta));
    await fs.rename(partial, dir);
  } catch {
    // Another process stored the same entry first, or the folder is not writable.
  } finally {
    await fs.rm(partial, { recursive: true, force: true }).catch(() => {});
  }
}

/** Renders one demo picture (or takes it from the cache) and stores its variants in `folder`. */
export async function storeDemoPicture(svg: string, folder: string): Promise<StoredImage> {
  const dir = path.join(demoImageCacheDir(), cacheKey(svg));
  let image = await readCached(dir);
  if (!image) {
    // storeImageVariants decodes its input once per width; rasterising the SVG once into a
    // near-lossless JPEG first is cheaper than letting librsvg draw it three times.
    const raster = await sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer();
    image = await encodeImageVariants(raster, { effort: WEBP_EFFORT });
    await writeCached(dir, image);
  }
  return storeEncodedImage(image, folder);
}
