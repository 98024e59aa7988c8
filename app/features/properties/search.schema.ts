/**
 * The /properties query string (spec/03-search-and-property.md): every filter lives in the URL.
 * Parsing never fails: invalid values are dropped or corrected, and `notices` says what changed,
 * so the form can show what is actually applied.
 */
import { isCalendarDay } from "~/domain/calendar-day";
import { nightsBetween } from "~/domain/price";

export const SEARCH_SORTS = ["newest", "price-asc", "price-desc", "rating"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const PAGE_SIZE = 24;
/**
 * Guests select: the size of the party, one number per option ("1 Gast" … "10 Gäste", then
 * "Mehr als 10 Gäste" = 11); a property matches when it sleeps at least that many. No two
 * options describe overlapping parties (decision 035; it was "ab 6 Gästen" beside "6+").
 */
export const GUEST_FILTER_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const MORE_GUESTS_OPTION = 11;
export const ROOM_FILTER_OPTIONS = [1, 2, 3, 4, 5] as const;
/** Larger numbers are not a search anybody makes; they only make expensive queries. */
const MAX_GUESTS_FILTER = 50;
const MAX_PAGE = 10_000;
const MAX_AMENITIES = 12;
const MAX_TEXT = 100;
/** One million euros per night is no real filter; cents stay far from integer limits. */
const MAX_PRICE_CENTS = 100_000_000;

export type PropertySearch = {
  location?: string;
  /** cents per night */
  minPrice?: number;
  /** cents per night */
  maxPrice?: number;
  guests?: number;
  bedrooms?: number;
  bathrooms?: number;
  amenities: string[];
  checkIn?: string;
  checkOut?: string;
  sort: SearchSort;
  page: number;
};

export type SearchNotice =
  | "priceInvalid"
  | "priceSwapped"
  | "checkInPast"
  | "checkOutBeforeCheckIn"
  | "datesIncomplete"
  | "dateInvalid";

/** "80", "80.5", "80,50", " 1.200 " → cents; anything else → undefined. */
export function parseEuros(value: string | null): number | undefined | "invalid" {
  const text = value?.trim().replace(/\s/g, "");
  if (!text) return undefined;
  // German thousands separators ("1.200") only when followed by exactly three digits.
  const normalised = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)
    ? text.replace(/\./g, "").replace(",", ".")
    : text.replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return "invalid";
  const cents = Math.round(Number(normalised) * 100);
  return cents <= MAX_PRICE_CENTS ? cents : "invalid";
}

function parseCount(value: string | null, max: number): number | undefined {
  const text = value?.trim();
  if (!text || !/^\d{1,6}$/.test(text)) return undefined;
  const number = Number(text);
  if (number < 1) return undefined;
  return Math.min(number, max);
}

export function parsePropertySearch(
  params: URLSearchParams,
  today: string,
): { search: PropertySearch; notices: SearchNotice[] } {
  const notices: SearchNotice[] = [];
  const search: PropertySearch = { amenities: [], sort: "newest", page: 1 };

  const location = params.get("location")?.trim().slice(0, MAX_TEXT);
  if (location) search.location = location;

  let minPrice = parseEuros(params.get("minPrice"));
  let maxPrice = parseEuros(params.get("maxPrice"));
  if (minPrice === "invalid" || maxPrice === "invalid") notices.push("priceInvalid");
  if (minPrice === "invalid") minPrice = undefined;
  if (maxPrice === "invalid") maxPrice = undefined;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
    notices.push("priceSwapped");
  }
  if (minPrice) search.minPrice = minPrice;
  if (maxPrice !== undefined) search.maxPrice = maxPrice;

  search.guests = parseCount(params.get("guests"), MAX_GUESTS_FILTER);
  search.bedrooms = parseCount(params.get("bedrooms"), 5);
  search.bathrooms = parseCount(params.get("bathrooms"), 5);

  const amenities = new Set<string>();
  for (const value of params.getAll("amenities")) {
    const amenity = value.trim().slice(0, MAX_TEXT);
    if (amenity && amenities.size < MAX_AMENITIES) amenities.add(amenity);
  }
  search.amenities = [...amenities];

  const checkIn = params.get("checkIn")?.trim() ?? "";
  const checkOut = params.get("checkOut")?.trim() ?? "";
  if ((checkIn && !isCalendarDay(checkIn)) || (checkOut && !isCalendarDay(checkOut))) {
    notices.push("dateInvalid");
  } else if (checkIn && checkIn < today) {
    notices.push("checkInPast");
  } else if (checkIn && checkOut && nightsBetween(checkIn, checkOut) < 1) {
    notices.push("checkOutBeforeCheckIn");
  } else if (checkIn && checkOut) {
    search.checkIn = checkIn;
    search.checkOut = checkOut;
  } else if (checkIn || checkOut) {
    notices.push("datesIncomplete");
  }

  const sort = params.get("sort");
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) search.sort = sort as SearchSort;

  search.page = parseCount(params.get("page"), MAX_PAGE) ?? 1;

  for (const key of ["guests", "bedrooms", "bathrooms"] as const) {
    if (search[key] === undefined) delete search[key];
  }
  return { search, notices };
}

/** The query string for a search (only set filters; page 1 and "newest" left out). */
export function propertySearchQuery(
  search: PropertySearch,
  overrides: Partial<PropertySearch> = {},
) {
  const merged = { ...search, ...overrides };
  const params = new URLSearchParams();
  if (merged.location) params.set("location", merged.location);
  if (merged.checkIn) params.set("checkIn", merged.checkIn);
  if (merged.checkOut) params.set("checkOut", merged.checkOut);
  if (merged.guests) params.set("guests", String(merged.guests));
  if (merged.minPrice !== undefined) params.set("minPrice", centsToEuroParam(merged.minPrice));
  if (merged.maxPrice !== undefined) params.set("maxPrice", centsToEuroParam(merged.maxPrice));
  if (merged.bedrooms) params.set("bedrooms", String(merged.bedrooms));
  if (merged.bathrooms) params.set("bathrooms", String(merged.bathrooms));
  for (const amenity of merged.amenities) params.append("amenities", amenity);
  if (merged.sort !== "newest") params.set("sort", merged.sort);
  if (merged.page > 1) params.set("page", String(merged.page));
  return params.toString();
}

/** 8050 → "80.5"; 8000 → "80" (what the price inputs show and the URL carries). */
export function centsToEuroParam(cents: number) {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * How many filters a search applies, for the phone's "Filter" button: the place, the stay, the
 * party, the price range, bedrooms, bathrooms and each chosen amenity count one each.
 */
export function activeFilterCount(search: PropertySearch) {
  return (
    [
      search.location,
      search.checkIn && search.checkOut,
      search.guests,
      search.minPrice !== undefined || search.maxPrice !== undefined,
      search.bedrooms,
      search.bathrooms,
    ].filter(Boolean).length + search.amenities.length
  );
}
