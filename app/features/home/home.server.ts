import {
  listNewestProperties,
  type PropertyListItem,
} from "~/features/properties/property-list.server";
import { isStoredImage } from "~/lib/image-urls";
import { logger } from "~/lib/logger.server";

export const FEATURED_COUNT = 6;

type Section = { properties: PropertyListItem[]; hasError: boolean };

/** One failing list must not take the page down: it shows its own German error text. */
async function section(load: () => Promise<PropertyListItem[]>): Promise<Section> {
  try {
    return { properties: await load(), hasError: false };
  } catch (error) {
    logger.error({ err: error }, "loading a home page list failed");
    return { properties: [], hasError: true };
  }
}

/**
 * The home page lists (spec 02): "Beliebte Unterkünfte" are the 6 newest published properties;
 * "Empfehlungen" are the next 6, so a guest never sees the same cards twice (decision 007).
 * The hero rotates through the main photos of the newest properties.
 */
export async function loadHomeLists(today: string) {
  const [featured, recommended] = await Promise.all([
    section(() => listNewestProperties({ limit: FEATURED_COUNT, today })),
    section(() => listNewestProperties({ limit: FEATURED_COUNT, offset: FEATURED_COUNT, today })),
  ]);
  const heroImages = [...featured.properties, ...recommended.properties]
    .flatMap((p) => {
      // The main photo, once it is stored (an imported URL still being fetched is not shown).
      const image = p.images.find(isStoredImage);
      return image ? [{ image, title: p.title, location: p.location }] : [];
    })
    .slice(0, 4);
  return { featured, recommended, heroImages };
}
