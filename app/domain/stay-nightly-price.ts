/**
 * The price per night a dated stay is shown with, on the search card and in the property page's
 * price box alike (decisions 100, 101): made of the same `computePrice` lines as the total
 * beside it, so a guest checking nights × price arrives at that total. Its own module, not
 * price.ts: the booking page's JavaScript loads price.ts and has no room for it.
 */
import type { PriceBreakdown, PriceLine } from "./price";

/**
 * The stay's nightly price: the price of its nights when they all cost the same (a season's,
 * or the offer's with the regular one to strike through), their rounded average when they do
 * not (a stay across the start of a season). For a stay of at least one night.
 */
export function stayNightlyPrice({ lines, nights }: PriceBreakdown) {
  const average = (of: (line: PriceLine) => number) =>
    Math.round(lines.reduce((sum, line) => sum + of(line) * line.nights, 0) / nights);
  const nightlyPrice = average((line) => line.price);
  const regularNightlyPrice = average((line) => line.regularPrice);
  return { nightlyPrice, regularNightlyPrice, isOffer: nightlyPrice < regularNightlyPrice };
}
