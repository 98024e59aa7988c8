/**
 * The images of a property on save (contract with the uploader, issue 14 part 3). This minimal
 * version accepts only images the property already has, in the submitted order and with the
 * submitted categories; the uploader extends it with fresh uploads.
 */
import type { PropertyImage } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { deleteObject } from "~/lib/storage.server";
import { logger } from "~/lib/logger.server";
import { imageRef, isImageCategory, type SubmittedImage } from "./property-images";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ResolvedImages =
  { ok: true; images: PropertyImage[]; removed: PropertyImage[] } | { ok: false; message: string };

export async function resolveSubmittedImages(
  _tx: Tx | Database,
  input: { current: PropertyImage[]; submitted: SubmittedImage[]; adminId: string },
): Promise<ResolvedImages> {
  const byRef = new Map(input.current.map((image) => [imageRef(image), image]));
  const used = new Set<string>();
  const images: PropertyImage[] = [];
  for (const { ref, category } of input.submitted) {
    const image = byRef.get(ref);
    // A ref the property does not have (forged, or another property's), or one sent twice.
    if (!image || used.has(ref)) return { ok: false, message: "Ungültiges Bild" };
    // Categories outside the list are refused, except the one the image already carries
    // (older data has "Terrasse").
    if (category !== null && !isImageCategory(category) && category !== image.category) {
      return { ok: false, message: "Ungültiges Bild" };
    }
    used.add(ref);
    const { category: _old, ...rest } = image;
    images.push(category === null ? rest : { ...rest, category });
  }
  const removed = input.current.filter((image) => !used.has(imageRef(image)));
  return { ok: true, images, removed };
}

/**
 * Deletes the stored files of these images (every width variant). Call it after the commit:
 * a rolled-back save must not lose files its images still point to. Plain URLs (CSV) have no
 * files of ours. A failure is logged, never thrown: the property change has happened.
 */
export async function deleteImageFiles(images: PropertyImage[]) {
  for (const image of images) {
    if (!image.key) continue;
    for (const width of image.widths ?? []) {
      try {
        await deleteObject(`${image.key}-${width}.webp`);
      } catch (error) {
        logger.error({ err: error, key: image.key }, "deleting an image file failed");
      }
    }
  }
}
