import type { PropertyImage } from "../../db/schema";
import { mediaKeyUrl } from "./media-url";

/**
 * The URL of the variant closest to `width`, for `src`; `srcset` lists all of them.
 * An image that is only a foreign `url` (a CSV import whose fetch is pending) has no src:
 * pages show their placeholder instead of hot-linking it (the guest's browser would tell that
 * server who looks at which flat, and the file was never checked; decision 028).
 */
export function imageUrls(image: PropertyImage) {
  if (!image.key || !image.widths?.length) {
    return { src: "", srcSet: undefined };
  }
  const src = mediaKeyUrl(
    `${image.key}-${image.widths.includes(800) ? 800 : image.widths[0]}.webp`,
  );
  const srcSet = image.widths
    .map((w) => `${mediaKeyUrl(`${image.key}-${w}.webp`)} ${w}w`)
    .join(", ");
  return { src, srcSet };
}

/** Whether an image is stored with us (and can be shown), not a pending imported URL. */
export function isStoredImage(image: PropertyImage): boolean {
  return Boolean(image.key && image.widths?.length);
}
