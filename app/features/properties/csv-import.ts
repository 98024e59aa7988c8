/**
 * CSV import of properties (spec 06 "CSV import"): the pure rules — which columns a file has,
 * how a row becomes a property or a list of row errors, and where each record starts. No I/O;
 * the server (`csv-import.server.ts`) streams the file through csv-parse and calls these.
 * Issues are codes with values, translated by the page (German and English texts in
 * `app/locales/{de,en}/csv-import.ts`).
 */
import { csvDocument, csvQuotedCell } from "~/lib/csv";

export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_TEMPLATE_NAME = "properties_template.csv";
/** Row errors shown in the result box; the rest are counted ("und N weitere"). */
export const CSV_SHOWN_ERRORS = 100;
/** As for uploads (spec 07: 30 images per property). */
export const CSV_MAX_IMAGES = 30;
export const CSV_DEFAULT_CLEANING_FEE = 7500;

export const CSV_COLUMNS = [
  "title",
  "description",
  "price_per_night",
  "location",
  "country",
  "city",
  "bedrooms",
  "bathrooms",
  "max_guests",
  "images",
  "amenities",
  "is_special_offer",
  "special_offer_price",
  "special_offer_end_date",
  "cleaning_fee",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Columns a file must have in its header (cleaning_fee is optional, spec 06). */
export const CSV_REQUIRED_COLUMNS: readonly CsvColumn[] = CSV_COLUMNS.filter(
  (c) => c !== "cleaning_fee",
);

/** The fields that must be filled in every row, in the order their messages are reported. */
const REQUIRED_FIELDS = [
  "title",
  "description",
  "price_per_night",
  "location",
  "country",
  "city",
  "bedrooms",
  "bathrooms",
  "max_guests",
] as const satisfies readonly CsvColumn[];

/** Text limits, so a file cannot store a novel in a title (the admin form has the same caps). */
export const CSV_TEXT_LIMITS = {
  title: 200,
  description: 20_000,
  location: 200,
  country: 100,
  city: 100,
  amenity: 100,
  amenities: 50,
  url: 2048,
} as const;
/** Anything above is a typo, not a holiday flat (and keeps values inside PostgreSQL integers). */
const MAX_PRICE_CENTS = 1_000_000_00;
const MAX_COUNT = 1000;

export type CsvIssue =
  | { code: "required"; field: CsvColumn }
  | { code: "invalidNumbers" }
  | { code: "notPositive"; field: "price_per_night" | "bedrooms" | "bathrooms" | "max_guests" }
  | { code: "invalidCleaningFee" }
  | { code: "offerPriceRequired" }
  | { code: "offerPriceNotLower" }
  | { code: "offerEndNotFuture" }
  | { code: "imagesRequired" }
  | { code: "invalidImageUrl"; url: string }
  | { code: "tooManyImages"; max: number }
  | { code: "tooLong"; field: CsvColumn; max: number }
  | { code: "extraFields"; count: number; expected: number };

export type ImportedImage = { url: string; category?: string };

export type CsvProperty = {
  title: string;
  description: string;
  /** cents */
  pricePerNight: number;
  /** cents */
  cleaningFee: number;
  location: string;
  country: string;
  city: string;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  images: ImportedImage[];
  amenities: string[];
  isSpecialOffer: boolean;
  /** cents */
  specialOfferPrice: number | null;
  specialOfferEndDate: string | null;
};

export type RowResult = { ok: true; property: CsvProperty } | { ok: false; issues: CsvIssue[] };

/**
 * The delimiter of a file: whichever of comma and semicolon occurs more often, outside quotes,
 * in its first line (the header). German spreadsheets write semicolons, everything else commas.
 */
export function detectDelimiter(firstLine: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let isQuoted = false;
  for (const char of firstLine) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && char === ",") commas++;
    else if (!isQuoted && char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/** Header cells → column per position (unknown columns are null and ignored). */
export function readHeader(cells: string[]): {
  columns: (CsvColumn | null)[];
  missing: CsvColumn[];
} {
  const columns = cells.map((cell) => {
    const name = cell.trim().toLowerCase();
    return (CSV_COLUMNS as readonly string[]).includes(name) ? (name as CsvColumn) : null;
  });
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  return { columns, missing };
}

/**
 * A decimal number as people type it: "120", "120.5", "120,50", "1.234,50", "1,234.50".
 * Returns null for anything else (letters, two signs, exponents, "1,2,3"). "1.234" with one
 * separator is read as a decimal (then not a valid price: three decimals), never guessed.
 */
export function parseDecimal(raw: string): number | null {
  const value = raw.replace(/[\s€]/g, "");
  let normalized: string;
  if (/^-?\d+([.,]\d+)?$/.test(value)) normalized = value.replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(value)) {
    normalized = value.replace(/\./g, "").replace(",", ".");
  } else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) normalized = value.replace(/,/g, "");
  else return null;
  const number = Number(normalized);
  return Number.isFinite(number) ? number : null;
}

/** Euros as typed → cents; null when not a number or with more than two decimals. */
export function parseEuros(raw: string): number | null {
  const number = parseDecimal(raw);
  if (number === null) return null;
  const cents = Math.round(number * 100);
  if (Math.abs(cents - number * 100) > 1e-6) return null;
  return cents;
}

/** A count: a whole number ("2", "2,0"); "2,5" bedrooms is not a number of rooms. */
export function parseCount(raw: string): number | null {
  const number = parseDecimal(raw);
  return number !== null && Number.isInteger(number) ? number : null;
}

/** "2026-12-24" or "24.12.2026" → "2026-12-24"; null when it is not a real calendar day. */
export function parseDay(raw: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : german
      ? [Number(german[3]), Number(german[2]), Number(german[1])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * One image entry: an http(s) URL, optionally in the legacy form
 * "<url>#category=<url-encoded category>" (spec 07), which carries the image's category.
 */
export function parseImageEntry(raw: string): ImportedImage | null {
  if (raw.length > CSV_TEXT_LIMITS.url) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname || url.username || url.password) return null;
  const match = /^#category=(.*)$/.exec(url.hash);
  let category: string | undefined;
  if (match) {
    try {
      category = decodeURIComponent(match[1]).trim() || undefined;
    } catch {
      category = undefined;
    }
    url.hash = "";
  }
  return category ? { url: url.href, category } : { url: url.href };
}

/** Comma-separated list: trimmed, blanks dropped. */
function splitList(raw: string) {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

const isTrue = (raw: string) => raw.trim().toLowerCase() === "true";

/**
 * One data row (values by column, already trimmed) → a property or every issue found in it.
 * `today` is the calendar day in Europe/Berlin; an offer may end today or later (as in the
 * admin form), so "in der Zukunft" means "not in the past".
 */
export function validateCsvRow(
  values: Partial<Record<CsvColumn, string>>,
  today: string,
): RowResult {
  const issues: CsvIssue[] = [];
  const get = (column: CsvColumn) => (values[column] ?? "").trim();

  for (const field of REQUIRED_FIELDS) {
    if (!get(field)) issues.push({ code: "required", field });
  }
  for (const field of ["title", "description", "location", "country", "city"] as const) {
    if (get(field).length > CSV_TEXT_LIMITS[field]) {
      issues.push({ code: "tooLong", field, max: CSV_TEXT_LIMITS[field] });
    }
  }

  const price = get("price_per_night") ? parseEuros(get("price_per_night")) : undefined;
  const counts = {
    bedrooms: get("bedrooms") ? parseCount(get("bedrooms")) : undefined,
    bathrooms: get("bathrooms") ? parseCount(get("bathrooms")) : undefined,
    max_guests: get("max_guests") ? parseCount(get("max_guests")) : undefined,
  };
  const numbers = { price_per_night: price, ...counts };
  const isUnparseable =
    Object.values(numbers).some((n) => n === null) ||
    (price != null && price > MAX_PRICE_CENTS) ||
    Object.values(counts).some((n) => n != null && n > MAX_COUNT);
  if (isUnparseable) issues.push({ code: "invalidNumbers" });
  else {
    for (const [field, number] of Object.entries(numbers)) {
      if (number != null && number <= 0) {
        issues.push({ code: "notPositive", field: field as keyof typeof numbers });
      }
    }
  }

  let cleaningFee = CSV_DEFAULT_CLEANING_FEE;
  if (get("cleaning_fee")) {
    const fee = parseEuros(get("cleaning_fee"));
    if (fee === null || fee < 0 || fee > MAX_PRICE_CENTS)
      issues.push({ code: "invalidCleaningFee" });
    else cleaningFee = fee;
  }

  const isSpecialOffer = isTrue(get("is_special_offer"));
  let specialOfferPrice: number | null = null;
  let specialOfferEndDate: string | null = null;
  if (isSpecialOffer) {
    const rawOffer = get("special_offer_price");
    const offer = rawOffer ? parseEuros(rawOffer) : undefined;
    if (offer === undefined) issues.push({ code: "offerPriceRequired" });
    else if (offer === null || offer < 0 || (price != null && offer >= price)) {
      issues.push({ code: "offerPriceNotLower" });
    } else specialOfferPrice = offer;
    const rawEnd = get("special_offer_end_date");
    if (rawEnd) {
      const end = parseDay(rawEnd);
      if (!end || end < today) issues.push({ code: "offerEndNotFuture" });
      else specialOfferEndDate = end;
    }
  }

  const images: ImportedImage[] = [];
  const imageEntries = splitList(get("images"));
  if (imageEntries.length === 0) issues.push({ code: "imagesRequired" });
  for (const entry of imageEntries) {
    const image = parseImageEntry(entry);
    if (!image) issues.push({ code: "invalidImageUrl", url: entry.slice(0, 200) });
    else images.push(image);
  }
  if (imageEntries.length > CSV_MAX_IMAGES) {
    issues.push({ code: "tooManyImages", max: CSV_MAX_IMAGES });
  }

  const amenities = [...new Set(splitList(get("amenities")))];
  if (
    amenities.length > CSV_TEXT_LIMITS.amenities ||
    amenities.some((a) => a.length > CSV_TEXT_LIMITS.amenity)
  ) {
    issues.push({ code: "tooLong", field: "amenities", max: CSV_TEXT_LIMITS.amenity });
  }

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    property: {
      title: get("title"),
      description: get("description"),
      pricePerNight: price!,
      cleaningFee,
      location: get("location"),
      country: get("country"),
      city: get("city"),
      bedrooms: counts.bedrooms!,
      bathrooms: counts.bathrooms!,
      maxGuests: counts.max_guests!,
      images,
      amenities,
      isSpecialOffer,
      specialOfferPrice,
      specialOfferEndDate,
    },
  };
}

/**
 * Where each line of a file starts (byte offsets), so a record can be reported with the line it
 * starts on even when a quoted field inside it spans several lines. A line ends at LF, CRLF or
 * a lone CR. Line 1 is the header.
 */
export function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x0a) starts.push(i + 1);
    else if (byte === 0x0d && bytes[i + 1] !== 0x0a) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line holding byte `offset` (binary search over `lineStarts`). */
export function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** The first byte at or after `offset` that is not blank (a record's first character). */
export function skipBlank(bytes: Uint8Array, offset: number): number {
  let i = offset;
  while (
    i < bytes.length &&
    (bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x20 || bytes[i] === 0x09)
  ) {
    i++;
  }
  return i;
}

/** The template offered for download: the header and one example row. */
export function csvTemplate(): string {
  const example = [
    "Ferienwohnung am Deich",
    "Helle Wohnung mit Blick auf die Nordsee, zwei Schlafzimmer und Balkon.",
    "129,00",
    "Husum, Deutschland",
    "Deutschland",
    "Husum",
    "2",
    "1",
    "4",
    "https://example.com/bilder/deich-1.jpg,https://example.com/bilder/deich-2.jpg",
    "WLAN,Balkon,Parkplatz",
    "false",
    "",
    "",
    "75,00",
  ];
  return csvDocument([CSV_COLUMNS.join(";"), example.map(csvQuotedCell).join(";")]);
}
