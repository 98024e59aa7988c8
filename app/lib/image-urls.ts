import type { PropertyImage } from "../../db/schema";

/** The URL of the variant closest to `width`, for `src`; `srcset` lists all of them. */
export function imageUrls(image: PropertyImage) {
  if (!image.key || !image.widths?.length) {
    return { src: image.url ?? "", srcSet: undefined };
  }
  const src = `/media/${image.key}-${image.widths.includes(800) ? 800 : image.widths[0]}.webp`;
  const srcSet = image.widths.map((w) => `/media/${image.key}-${w}.webp ${w}w`).join(", ");
  return { src, srcSet };
}
