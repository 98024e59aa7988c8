/**
 * The one price (spec/04-booking.md): every total a guest or operator sees — property page,
 * booking summary, stored booking, e-mails, admin views — comes from `computePrice`.
 * Money is integer cents; stay dates are "YYYY-MM-DD" calendar days; "today" is the booking day
 * in Europe/Berlin, passed in by the caller so that the result is deterministic.
 */
import { daysBetween } from "./calendar-day";

/** The property fields the price depends on (all money in cents). */
export type PricedProperty = {
  pricePerNight: number;
  cleaningFee: number;
  isSpecialOffer: boolean;
  specialOfferPrice: number | null;
  /** Last day of the offer, inclusive ("YYYY-MM-DD"), or null. */
  specialOfferEndDate: string | null;
};

export type PriceBreakdown = {
  /** What one night costs on the booking day (the offer price while the offer is active). */
  nightlyPrice: number;
  /** The regular price per night; shown struck through while an offer is active. */
  regularNightlyPrice: number;
  isOffer: boolean;
  nights: number;
  subtotal: number;
  cleaningFee: number;
  serviceFee: number;
  total: number;
};

/**
 * An offer is active on `today` when its flag is set, it has a price, and its end date is today
 * or later. An "offer" that is not cheaper than the regular price is ignored, everywhere: showing
 * a higher price as a discount would mislead guests (decision 009).
 */
export function isOfferActive(property: PricedProperty, today: string): boolean {
  return (
    property.isSpecialOffer &&
    property.specialOfferPrice !== null &&
    property.specialOfferPrice > 0 &&
    property.specialOfferPrice < property.pricePerNight &&
    property.specialOfferEndDate !== null &&
    property.specialOfferEndDate >= today
  );
}

/** The price of one night booked on `today`. */
export function nightlyPriceOn(property: PricedProperty, today: string): number {
  return isOfferActive(property, today) ? property.specialOfferPrice! : property.pricePerNight;
}

/** Nights = calendar days between check-in and check-out (0 when check-out is not after it). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.max(0, daysBetween(checkIn, checkOut));
}

/** The full breakdown for `nights` nights booked on `today`. */
export function computePrice({
  property,
  nights,
  serviceFee,
  today,
}: {
  property: PricedProperty;
  nights: number;
  /** cents, from the settings */
  serviceFee: number;
  today: string;
}): PriceBreakdown {
  if (!Number.isInteger(nights) || nights < 0) throw new RangeError(`invalid nights: ${nights}`);
  const isOffer = isOfferActive(property, today);
  const nightlyPrice = isOffer ? property.specialOfferPrice! : property.pricePerNight;
  const subtotal = nightlyPrice * nights;
  return {
    nightlyPrice,
    regularNightlyPrice: property.pricePerNight,
    isOffer,
    nights,
    subtotal,
    cleaningFee: property.cleaningFee,
    serviceFee,
    total: subtotal + property.cleaningFee + serviceFee,
  };
}
