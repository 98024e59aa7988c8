/**
 * The admin property form (/admin/properties/add, /admin/properties/edit/{id}, spec 06-admin):
 * its fields, the country and city lists, and the one validation that the page and the server
 * share. Messages are codes (`adminProperties.errors.<code>`), translated by the page.
 */
import { z } from "zod";
import { isCalendarDay } from "~/domain/calendar-day";
import {
  HOUSE_RULES_MAX,
  optionalClockTime,
  normalizeFactText,
  TOURIST_TAX_NOTE_MAX,
} from "~/domain/property-facts";
import { touristTaxModeOf, type TouristTaxMode } from "~/domain/tourist-tax";
import { pageParam } from "~/lib/paging";

/** Stored values are German (location "<Stadt>, <Land>"), in both languages of the admin. */
const COUNTRY_NAMES = [
  "Belgien",
  "Dänemark",
  "Deutschland",
  "Frankreich",
  "Griechenland",
  "Italien",
  "Kroatien",
  "Niederlande",
  "Österreich",
  "Polen",
  "Portugal",
  "Schweiz",
  "Spanien",
  "Tschechien",
];

/** Sorted as German speakers sort: "Österreich" after "Niederlande", not after "Tschechien". */
export const COUNTRIES: readonly string[] = [...COUNTRY_NAMES].sort(
  new Intl.Collator("de").compare,
);

export const CITY_SUGGESTIONS: Readonly<Record<string, readonly string[]>> = {
  Deutschland: [
    "Berlin",
    "Hamburg",
    "München",
    "Köln",
    "Frankfurt am Main",
    "Dresden",
    "Leipzig",
    "Heidelberg",
    "Freiburg im Breisgau",
    "Lübeck",
    "Rostock",
    "Nürnberg",
    "Konstanz",
    "Sylt",
    "Binz",
    "Garmisch-Partenkirchen",
    "Berchtesgaden",
  ],
  Österreich: ["Wien", "Salzburg", "Innsbruck", "Graz", "Kitzbühel", "Zell am See", "Bad Gastein"],
  Schweiz: ["Zürich", "Genf", "Bern", "Basel", "Luzern", "Zermatt", "Interlaken", "St. Moritz"],
};

export const DEFAULT_CLEANING_FEE_CENTS = 7500;
export const PROPERTY_STATUSES = ["published", "draft", "archived"] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

export const PROPERTY_FORM_FIELDS = [
  "title",
  "description",
  "pricePerNight",
  "cleaningFee",
  "locationMode",
  "country",
  "city",
  "bedrooms",
  "bathrooms",
  "maxGuests",
  "amenities",
  "amenitiesText",
  "isSpecialOffer",
  "specialOfferPrice",
  "specialOfferEndDate",
  "images",
  // Property facts (decision 033); empty = the settings' default.
  "houseRules",
  "checkInFrom",
  "checkOutUntil",
  // 'default' | 'own' | 'none' (decision 041): which Kurtaxe note guests see.
  "touristTaxMode",
  "touristTaxNote",
] as const;
export type PropertyFormField = (typeof PROPERTY_FORM_FIELDS)[number];
/** The form as typed: every field a string (amenities a list), as stored in `property.draft`. */
export type PropertyFormValues = Partial<
  Record<Exclude<PropertyFormField, "amenities">, string>
> & {
  amenities?: string[];
};

export const LIMITS = {
  title: 200,
  description: 10_000,
  place: 100,
  amenity: 80,
  amenities: 60,
  count: 100,
  /** cents: 100,000 € a night is beyond any holiday flat and far inside integer range */
  price: 10_000_000,
} as const;

/**
 * Euros as typed, to cents: "95", "95,5", "1.234,50" (German) and "95.50" are all read; more
 * than two decimals, signs, letters or anything else are not. Null when it is not a price.
 */
export function parseEuroCents(raw: string): number | null {
  const value = raw.trim().replace(/\s|€/g, "");
  if (value === "") return null;
  let normalized: string;
  if (value.includes(",")) {
    // German: dots group thousands, the comma is the decimal sign.
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(value)) return null;
    normalized = value.replace(/\./g, "").replace(",", ".");
  } else {
    if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
    normalized = value;
  }
  const [euros, cents = ""] = normalized.split(".");
  const total = Number(euros) * 100 + Number(cents.padEnd(2, "0"));
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as a German form value ("95,50"), for the inputs of the edit form. */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/** A whole number 1…100 as typed, or null. */
export function parseCount(raw: string): number | null {
  const value = raw.trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= LIMITS.count ? n : null;
}

/**
 * The amenities of the chips (one hidden input each) and of the fallback text box without
 * JavaScript (one per line or comma-separated): trimmed, blanks dropped, duplicates (ignoring
 * case) dropped, in the order given.
 */
export function normalizeAmenities(list: readonly string[], text = ""): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of [...list, ...text.split(/[\n,]/)]) {
    const value = raw.replace(/\s+/g, " ").trim();
    const key = value.toLocaleLowerCase("de");
    if (!value || seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}

// The server refuses control characters in form bodies already; a query string is not checked.
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;
const str = z
  .string()
  .optional()
  .transform((value) => (value ?? "").replace(NUL, ""));
const strList = z
  .array(z.string())
  .optional()
  .transform((list) => (list ?? []).map((value) => value.replace(NUL, "")));

/** What a valid form gives the server (prices in cents, location composed). */
export type PropertyInput = {
  title: string;
  description: string;
  pricePerNight: number;
  cleaningFee: number;
  country: string;
  city: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  amenities: string[];
  isSpecialOffer: boolean;
  specialOfferPrice: number | null;
  specialOfferEndDate: string | null;
  /** The images field as sent (JSON); checked by submittedImagesSchema on the server. */
  images: string;
  /** Property facts; "" = the settings' default (decision 033). */
  houseRules: string;
  checkInFrom: string;
  checkOutUntil: string;
  /** Which Kurtaxe note guests see (decision 041); the note is "" unless 'own'. */
  touristTaxMode: TouristTaxMode;
  touristTaxNote: string;
};

/** The form's fields as submitted (text, amenities as a list), before any rule. */
export const rawPropertyFormSchema = z.object({
  title: str,
  description: str,
  pricePerNight: str,
  cleaningFee: str,
  locationMode: str,
  country: str,
  city: str,
  bedrooms: str,
  bathrooms: str,
  maxGuests: str,
  amenities: strList,
  amenitiesText: str,
  isSpecialOffer: str,
  specialOfferPrice: str,
  specialOfferEndDate: str,
  images: str,
  houseRules: str,
  checkInFrom: str,
  checkOutUntil: str,
  touristTaxMode: str,
  touristTaxNote: str,
});
export type RawPropertyForm = z.output<typeof rawPropertyFormSchema>;

/** Reads the form's text fields (files and unknown fields are ignored). */
export function readPropertyForm(form: FormData): RawPropertyForm {
  const input: Record<string, string | string[]> = {};
  for (const field of PROPERTY_FORM_FIELDS) {
    const strings = form.getAll(field).filter((value) => typeof value === "string");
    if (field === "amenities") input[field] = strings.slice(0, 500);
    else if (strings.length > 0) input[field] = strings[0];
  }
  return rawPropertyFormSchema.parse(input);
}

/**
 * The form's schema for a given "today" (Europe/Berlin; the offer's end date may be today or
 * later). Each field gets its own message code; blank title, description or price all read
 * "Bitte füllen Sie alle Pflichtfelder aus (Titel, Beschreibung, Preis)" (code `required`).
 */
export function propertyFormSchema(today: string) {
  return rawPropertyFormSchema.transform((raw, ctx): PropertyInput => {
    const issue = (field: PropertyFormField, message: string) =>
      ctx.addIssue({ code: "custom", path: [field], message });
    const title = raw.title.trim();
    const description = raw.description.trim();
    if (!title) issue("title", "required");
    else if (title.length > LIMITS.title) issue("title", "titleTooLong");
    if (!description) issue("description", "required");
    else if (description.length > LIMITS.description) issue("description", "descriptionTooLong");

    const price = parseEuroCents(raw.pricePerNight);
    if (!raw.pricePerNight.trim()) issue("pricePerNight", "required");
    else if (price === null || price <= 0 || price > LIMITS.price) issue("pricePerNight", "price");

    const cleaningRaw = raw.cleaningFee.trim();
    const cleaningFee =
      cleaningRaw === "" ? DEFAULT_CLEANING_FEE_CENTS : parseEuroCents(cleaningRaw);
    if (cleaningFee === null || cleaningFee > LIMITS.price) issue("cleaningFee", "cleaningFee");

    const isCustom = raw.locationMode === "custom";
    const country = raw.country.replace(/\s+/g, " ").trim();
    const city = raw.city.replace(/\s+/g, " ").trim();
    const suggestions = CITY_SUGGESTIONS[country];
    const placeOk = isCustom
      ? country.length > 0 &&
        city.length > 0 &&
        country.length <= LIMITS.place &&
        city.length <= LIMITS.place &&
        !country.includes(",")
      : COUNTRIES.includes(country) &&
        city.length > 0 &&
        city.length <= LIMITS.place &&
        (!suggestions || suggestions.includes(city));
    if (!placeOk) {
      issue(country ? "city" : "country", isCustom ? "placeCustom" : "placeList");
    }

    const bedrooms = parseCount(raw.bedrooms);
    const bathrooms = parseCount(raw.bathrooms);
    const maxGuests = parseCount(raw.maxGuests);
    if (bedrooms === null) issue("bedrooms", "bedrooms");
    if (bathrooms === null) issue("bathrooms", "bathrooms");
    if (maxGuests === null) issue("maxGuests", "maxGuests");

    const amenities = normalizeAmenities(raw.amenities, raw.amenitiesText);
    if (amenities.length > LIMITS.amenities) issue("amenities", "tooManyAmenities");
    else if (amenities.some((a) => a.length > LIMITS.amenity)) issue("amenities", "amenityTooLong");

    const isSpecialOffer = raw.isSpecialOffer === "on" || raw.isSpecialOffer === "true";
    let specialOfferPrice: number | null = null;
    let specialOfferEndDate: string | null = null;
    if (isSpecialOffer) {
      specialOfferPrice = parseEuroCents(raw.specialOfferPrice);
      if (!raw.specialOfferPrice.trim()) issue("specialOfferPrice", "specialPriceRequired");
      else if (specialOfferPrice === null) issue("specialOfferPrice", "specialPriceInvalid");
      else if (price !== null && specialOfferPrice >= price) {
        issue("specialOfferPrice", "specialPriceTooHigh");
      }
      const end = raw.specialOfferEndDate.trim();
      if (!end) issue("specialOfferEndDate", "specialEndRequired");
      else if (!isCalendarDay(end)) issue("specialOfferEndDate", "specialEndInvalid");
      else if (end < today) issue("specialOfferEndDate", "specialEndPast");
      else specialOfferEndDate = end;
    }

    const houseRules = normalizeFactText(raw.houseRules);
    if (houseRules.length > HOUSE_RULES_MAX) issue("houseRules", "houseRulesTooLong");
    const touristTaxNote = normalizeFactText(raw.touristTaxNote);
    const touristTaxMode = touristTaxModeOf(raw.touristTaxMode, touristTaxNote);
    if (touristTaxMode === null) issue("touristTaxMode", "touristTaxMode");
    else if (touristTaxMode === "own") {
      if (!touristTaxNote) issue("touristTaxNote", "touristTaxRequired");
      else if (touristTaxNote.length > TOURIST_TAX_NOTE_MAX) {
        issue("touristTaxNote", "touristTaxTooLong");
      }
    }
    const checkInFrom = optionalClockTime(raw.checkInFrom);
    if (checkInFrom === null) issue("checkInFrom", "time");
    const checkOutUntil = optionalClockTime(raw.checkOutUntil);
    if (checkOutUntil === null) issue("checkOutUntil", "time");

    return {
      title,
      description,
      pricePerNight: price ?? 0,
      cleaningFee: cleaningFee ?? 0,
      country,
      city,
      location: `${city}, ${country}`,
      bedrooms: bedrooms ?? 1,
      bathrooms: bathrooms ?? 1,
      maxGuests: maxGuests ?? 1,
      amenities,
      isSpecialOffer,
      specialOfferPrice: isSpecialOffer ? specialOfferPrice : null,
      specialOfferEndDate,
      images: raw.images,
      houseRules,
      checkInFrom: checkInFrom ?? "",
      checkOutUntil: checkOutUntil ?? "",
      touristTaxMode: touristTaxMode ?? "default",
      // The own text is kept only where it is shown: "Keiner" or "Standard" store no hidden note.
      touristTaxNote: touristTaxMode === "own" ? touristTaxNote : "",
    };
  });
}

/**
 * Autosave is lenient (spec: a half-filled form is fine as a draft): the input is kept as typed,
 * only cut to the fields' lengths. It only ever lands in `property.draft`, or in the columns of
 * a property that is itself a draft (never public), and only through `draftColumns`.
 */
export function draftValues(raw: RawPropertyForm): PropertyFormValues {
  const cut = (value: string, max: number) => value.slice(0, max);
  return {
    title: cut(raw.title, LIMITS.title),
    description: cut(raw.description, LIMITS.description),
    pricePerNight: cut(raw.pricePerNight, 20),
    cleaningFee: cut(raw.cleaningFee, 20),
    locationMode: raw.locationMode === "custom" ? "custom" : "list",
    country: cut(raw.country, LIMITS.place),
    city: cut(raw.city, LIMITS.place),
    bedrooms: cut(raw.bedrooms, 10),
    bathrooms: cut(raw.bathrooms, 10),
    maxGuests: cut(raw.maxGuests, 10),
    amenities: normalizeAmenities(raw.amenities, raw.amenitiesText)
      .slice(0, LIMITS.amenities)
      .map((a) => cut(a, LIMITS.amenity)),
    isSpecialOffer: raw.isSpecialOffer === "on" || raw.isSpecialOffer === "true" ? "on" : "",
    specialOfferPrice: cut(raw.specialOfferPrice, 20),
    specialOfferEndDate: cut(raw.specialOfferEndDate, 10),
    images: cut(raw.images, 20_000),
    houseRules: cut(raw.houseRules, HOUSE_RULES_MAX + 100),
    checkInFrom: cut(raw.checkInFrom, 10),
    checkOutUntil: cut(raw.checkOutUntil, 10),
    touristTaxMode: cut(raw.touristTaxMode, 10),
    touristTaxNote: cut(raw.touristTaxNote, TOURIST_TAX_NOTE_MAX + 100),
  };
}

/** A stored draft read back (it is JSON from our own writer, still checked field by field). */
export function readDraft(value: unknown): PropertyFormValues | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const result: PropertyFormValues = {};
  for (const field of PROPERTY_FORM_FIELDS) {
    const v = record[field];
    if (field === "amenities") {
      if (Array.isArray(v)) result.amenities = v.filter((x): x is string => typeof x === "string");
    } else if (typeof v === "string") {
      result[field] = v;
    }
  }
  return result;
}

/** The admin list's URL: search, location, status, page. */
export const ADMIN_PROPERTIES_PAGE_SIZE = 12;
export const PROPERTY_STATUS_FILTERS = ["alle", ...PROPERTY_STATUSES] as const;
export type PropertyStatusFilter = (typeof PROPERTY_STATUS_FILTERS)[number];
export type AdminPropertyFilter = {
  q: string;
  location: string;
  status: PropertyStatusFilter;
  page: number;
};

export function adminPropertyFilter(params: URLSearchParams): AdminPropertyFilter {
  const status = params.get("status");
  const clean = (value: string | null) => (value ?? "").replace(NUL, "").trim().slice(0, 100);
  return {
    q: clean(params.get("q")),
    location: clean(params.get("ort")),
    status: PROPERTY_STATUS_FILTERS.includes(status as PropertyStatusFilter)
      ? (status as PropertyStatusFilter)
      : "alle",
    page: pageParam(params),
  };
}

export function adminPropertiesHref(
  filter: Partial<AdminPropertyFilter>,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.location) params.set("ort", filter.location);
  if (filter.status && filter.status !== "alle") params.set("status", filter.status);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return `/admin/properties${query ? `?${query}` : ""}`;
}
