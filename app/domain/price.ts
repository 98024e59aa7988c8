/**
 * The one price (spec/04-booking.md): every total a guest or operator sees — property page,
 * booking summary, stored booking, e-mails, admin views — comes from `computePrice`.
 * Money is integer cents; stay dates are "YYYY-MM-DD" calendar days; "today" is the booking day
 * in Europe/Berlin, passed in by the caller so that the result is deterministic.
 */
import { addDays, daysBetween } from "./calendar-day";
import { seasonOfNight, type SeasonPrice } from "./seasons";

/** The property fields the price depends on (all money in cents). */
export type PricedProperty = {
  pricePerNight: number;
  cleaningFee: number;
  isSpecialOffer: boolean;
  specialOfferPrice: number | null;
  /** Last day of the offer, inclusive ("YYYY-MM-DD"), or null. */
  specialOfferEndDate: string | null;
  /** Long-stay discounts in whole percent (0 or absent = none), decision 046. */
  weeklyDiscountPercent?: number;
  monthlyDiscountPercent?: number;
};

/** Nights from which the weekly and the monthly discount apply. */
export const WEEKLY_DISCOUNT_NIGHTS = 7;
export const MONTHLY_DISCOUNT_NIGHTS = 28;

/** Nights that cost the same, in the order they first occur in the stay. */
export type PriceLine = {
  nights: number;
  /** cents per night */
  price: number;
  /** cents per night without the special offer (shown struck through when higher) */
  regularPrice: number;
};

/** What a booking stores of its breakdown (booking.price_details). */
export type StoredPriceDetails = {
  lines: PriceLine[];
  discountPercent: number;
  discount: number;
};

export type PriceBreakdown = {
  /** What the arrival night costs (the offer price while the offer is active). */
  nightlyPrice: number;
  /** The arrival night's price without the offer; shown struck through while one is active. */
  regularNightlyPrice: number;
  isOffer: boolean;
  nights: number;
  /** The nights grouped by price (one line without seasons). */
  lines: PriceLine[];
  /** Sum of the nights, before the discount. */
  subtotal: number;
  /** The long-stay discount applied: 0 when none. */
  discountPercent: number;
  /** cents taken off the subtotal (positive, 0 when none) */
  discount: number;
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

/**
 * The percent taken off a stay of `nights` nights: the monthly discount from 28 nights, else the
 * weekly one from 7 nights (monthly replaces weekly, never both), else none.
 */
export function longStayDiscountPercent(property: PricedProperty, nights: number): number {
  const monthly = property.monthlyDiscountPercent ?? 0;
  const weekly = property.weeklyDiscountPercent ?? 0;
  if (nights >= MONTHLY_DISCOUNT_NIGHTS && monthly > 0) return monthly;
  if (nights >= WEEKLY_DISCOUNT_NIGHTS && weekly > 0) return weekly;
  return 0;
}

/**
 * The full breakdown of a stay booked on `today` (issue 18 point 5): night by night, each night
 * at the price of its season (the base price outside seasons); while the special offer is active
 * its price is the most any night costs (it never raises a cheaper season night, decision 046);
 * then the long-stay discount on the nights (rounded to the cent); then the fees.
 *
 * Without `checkIn` (a stay not yet dated, e.g. a "from" price) every night is at the base price;
 * with seasons `checkIn` is required, since which nights fall into a season depends on it.
 */
export function computePrice({
  property,
  nights,
  checkIn,
  seasons = [],
  serviceFee,
  today,
}: {
  property: PricedProperty;
  nights: number;
  /** The arrival day ("YYYY-MM-DD"); needed to price the nights by season. */
  checkIn?: string;
  /** The property's seasons (any subset that contains the stay's nights). */
  seasons?: readonly SeasonPrice[];
  /** cents, from the settings */
  serviceFee: number;
  today: string;
}): PriceBreakdown {
  if (!Number.isInteger(nights) || nights < 0) throw new RangeError(`invalid nights: ${nights}`);
  if (seasons.length > 0 && checkIn === undefined) {
    throw new TypeError("pricing by season needs the arrival day");
  }
  const isOfferOn = isOfferActive(property, today);
  const lines: PriceLine[] = [];
  let subtotal = 0;
  for (let i = 0; i < nights; i++) {
    const season = checkIn === undefined ? undefined : seasonOfNight(seasons, addDays(checkIn, i));
    const regularPrice = season?.pricePerNight ?? property.pricePerNight;
    const price = isOfferOn ? Math.min(property.specialOfferPrice!, regularPrice) : regularPrice;
    subtotal += price;
    const line = lines.find((l) => l.price === price && l.regularPrice === regularPrice);
    if (line) line.nights++;
    else lines.push({ nights: 1, price, regularPrice });
    // Without seasons every night costs the same: no need to walk a long stay night by night.
    if (seasons.length === 0) {
      lines[0].nights = nights;
      subtotal = price * nights;
      break;
    }
  }
  const first = lines[0] ?? {
    price: isOfferOn ? property.specialOfferPrice! : property.pricePerNight,
    regularPrice: property.pricePerNight,
  };
  const discountPercent = longStayDiscountPercent(property, nights);
  const discount = Math.round((subtotal * discountPercent) / 100);
  return {
    nightlyPrice: first.price,
    regularNightlyPrice: first.regularPrice,
    isOffer: lines.some((l) => l.price < l.regularPrice) || (nights === 0 && isOfferOn),
    nights,
    lines,
    subtotal,
    discountPercent,
    discount,
    cleaningFee: property.cleaningFee,
    serviceFee,
    total: subtotal - discount + property.cleaningFee + serviceFee,
  };
}

/**
 * The lines a stored booking shows: its stored breakdown, or for a booking made before
 * breakdowns were stored, nights × its nightly price as before (no discount).
 */
export function storedPriceLines(booking: {
  nightlyPrice: number;
  nights: number;
  priceDetails?: StoredPriceDetails | null;
}): StoredPriceDetails {
  return (
    booking.priceDetails ?? {
      lines: [
        { nights: booking.nights, price: booking.nightlyPrice, regularPrice: booking.nightlyPrice },
      ],
      discountPercent: 0,
      discount: 0,
    }
  );
}

/** What a booking stores of a breakdown. */
export function storedPriceDetails(price: PriceBreakdown): StoredPriceDetails {
  return { lines: price.lines, discountPercent: price.discountPercent, discount: price.discount };
}
