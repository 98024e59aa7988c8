import { describe, expect, it } from "vitest";
import {
  CSV_COLUMNS,
  csvTemplate,
  detectDelimiter,
  lineAt,
  lineStarts,
  parseDay,
  parseDecimal,
  parseEuros,
  parseImageEntry,
  readHeader,
  validateCsvRow,
  type CsvColumn,
} from "./csv-import";

const TODAY = "2026-11-24";

const good: Record<CsvColumn, string> = {
  title: "Ferienwohnung am Deich",
  description: "Hell und ruhig.",
  price_per_night: "129,50",
  location: "Husum, Deutschland",
  country: "Deutschland",
  city: "Husum",
  bedrooms: "2",
  bathrooms: "1",
  max_guests: "4",
  images: "https://example.com/a.jpg, https://example.com/b.jpg",
  amenities: "WLAN, Balkon, WLAN",
  is_special_offer: "false",
  special_offer_price: "",
  special_offer_end_date: "",
  cleaning_fee: "",
};

function issuesOf(values: Partial<Record<CsvColumn, string>>) {
  const result = validateCsvRow({ ...good, ...values }, TODAY);
  return result.ok ? [] : result.issues;
}

describe("validateCsvRow", () => {
  it("turns a good row into a property: cents, counts, lists, default cleaning fee", () => {
    const result = validateCsvRow(good, TODAY);
    expect(result).toEqual({
      ok: true,
      property: {
        title: "Ferienwohnung am Deich",
        description: "Hell und ruhig.",
        pricePerNight: 12950,
        cleaningFee: 7500,
        location: "Husum, Deutschland",
        country: "Deutschland",
        city: "Husum",
        bedrooms: 2,
        bathrooms: 1,
        maxGuests: 4,
        images: [{ url: "https://example.com/a.jpg" }, { url: "https://example.com/b.jpg" }],
        amenities: ["WLAN", "Balkon"],
        isSpecialOffer: false,
        specialOfferPrice: null,
        specialOfferEndDate: null,
      },
    });
  });

  it("reports every missing required field with its German label, in column order", () => {
    const issues = issuesOf({ title: "", city: "  ", max_guests: "" });
    expect(issues).toEqual([
      { code: "required", field: "title" },
      { code: "required", field: "city" },
      { code: "required", field: "max_guests" },
    ]);
  });

  it("one message for unparseable numbers; each must be greater than 0", () => {
    expect(issuesOf({ bedrooms: "zwei" })).toEqual([{ code: "invalidNumbers" }]);
    expect(issuesOf({ price_per_night: "12,345" })).toEqual([{ code: "invalidNumbers" }]);
    expect(issuesOf({ bathrooms: "1,5" })).toEqual([{ code: "invalidNumbers" }]);
    expect(issuesOf({ max_guests: "99999" })).toEqual([{ code: "invalidNumbers" }]);
    expect(issuesOf({ bedrooms: "0", price_per_night: "-5" })).toEqual([
      { code: "notPositive", field: "price_per_night" },
      { code: "notPositive", field: "bedrooms" },
    ]);
  });

  it("reads the optional cleaning fee with a decimal comma and refuses nonsense", () => {
    const result = validateCsvRow({ ...good, cleaning_fee: "49,90" }, TODAY);
    expect(result.ok && result.property.cleaningFee).toBe(4990);
    expect(issuesOf({ cleaning_fee: "-1" })).toEqual([{ code: "invalidCleaningFee" }]);
    expect(issuesOf({ cleaning_fee: "gratis" })).toEqual([{ code: "invalidCleaningFee" }]);
  });

  it("checks a special offer only when is_special_offer is true", () => {
    expect(issuesOf({ special_offer_price: "999" })).toEqual([]);
    const offer = { is_special_offer: "TRUE", special_offer_price: "99" };
    const result = validateCsvRow(
      { ...good, ...offer, special_offer_end_date: "31.12.2026" },
      TODAY,
    );
    expect(result.ok && result.property).toMatchObject({
      isSpecialOffer: true,
      specialOfferPrice: 9900,
      specialOfferEndDate: "2026-12-31",
    });
    expect(issuesOf({ ...offer, special_offer_price: "129,50" })).toEqual([
      { code: "offerPriceNotLower" },
    ]);
    expect(issuesOf({ ...offer, special_offer_price: "" })).toEqual([
      { code: "offerPriceRequired" },
    ]);
    expect(issuesOf({ ...offer, special_offer_end_date: "2026-11-23" })).toEqual([
      { code: "offerEndNotFuture" },
    ]);
    expect(issuesOf({ ...offer, special_offer_end_date: "2026-02-30" })).toEqual([
      { code: "offerEndNotFuture" },
    ]);
    // Today is still allowed (as in the admin form: "today or later").
    expect(issuesOf({ ...offer, special_offer_end_date: TODAY })).toEqual([]);
  });

  it("requires images, each an http(s) URL; amenities may be empty", () => {
    expect(issuesOf({ images: " , " })).toEqual([{ code: "imagesRequired" }]);
    expect(
      issuesOf({ images: "https://example.com/a.jpg,ftp://example.com/b.jpg,bild.jpg" }),
    ).toEqual([
      { code: "invalidImageUrl", url: "ftp://example.com/b.jpg" },
      { code: "invalidImageUrl", url: "bild.jpg" },
    ]);
    expect(issuesOf({ images: "javascript:alert(1)" })).toEqual([
      { code: "invalidImageUrl", url: "javascript:alert(1)" },
    ]);
    const many = Array.from({ length: 31 }, (_, i) => `https://example.com/${i}.jpg`).join(",");
    expect(issuesOf({ images: many })).toEqual([{ code: "tooManyImages", max: 30 }]);
    const result = validateCsvRow({ ...good, amenities: "" }, TODAY);
    expect(result.ok && result.property.amenities).toEqual([]);
  });

  it("caps text lengths", () => {
    expect(issuesOf({ title: "x".repeat(201) })).toEqual([
      { code: "tooLong", field: "title", max: 200 },
    ]);
  });
});

describe("parsing helpers", () => {
  it("reads decimals as people type them", () => {
    expect(parseDecimal("120")).toBe(120);
    expect(parseDecimal("120,5")).toBe(120.5);
    expect(parseDecimal("120.50")).toBe(120.5);
    expect(parseDecimal("1.234,50")).toBe(1234.5);
    expect(parseDecimal("1,234.50")).toBe(1234.5);
    expect(parseDecimal("120 €")).toBe(120);
    for (const bad of ["", "abc", "1e3", "1,2,3", "--1", "12a", "0x10", "Infinity"]) {
      expect(parseDecimal(bad)).toBeNull();
    }
    expect(parseEuros("99,999")).toBeNull();
    expect(parseEuros("0,1")).toBe(10);
  });

  it("reads calendar days in ISO and German form, refusing impossible ones", () => {
    expect(parseDay("2026-12-24")).toBe("2026-12-24");
    expect(parseDay("1.2.2027")).toBe("2027-02-01");
    expect(parseDay("2027-02-29")).toBeNull();
    expect(parseDay("morgen")).toBeNull();
  });

  it("reads the legacy '<url>#category=<encoded>' form", () => {
    expect(parseImageEntry("https://example.com/pool.jpg#category=Pool%20%26%20Garten")).toEqual({
      url: "https://example.com/pool.jpg",
      category: "Pool & Garten",
    });
    expect(parseImageEntry("https://user:pw@example.com/a.jpg")).toBeNull();
    expect(parseImageEntry("http://[::1]/a.jpg")).toEqual({ url: "http://[::1]/a.jpg" });
  });

  it("detects the delimiter from the header, ignoring quoted text", () => {
    expect(detectDelimiter("title,description,price_per_night")).toBe(",");
    expect(detectDelimiter("title;description;price_per_night")).toBe(";");
    expect(detectDelimiter('"a,b,c";d;e')).toBe(";");
  });

  it("maps header cells to columns, trimmed and case-insensitive, and names missing ones", () => {
    const header = readHeader([" Title ", "DESCRIPTION", "extra"]);
    expect(header.columns).toEqual(["title", "description", null]);
    expect(header.missing).toContain("price_per_night");
    expect(header.missing).not.toContain("cleaning_fee");
    expect(readHeader([...CSV_COLUMNS].filter((c) => c !== "cleaning_fee")).missing).toEqual([]);
  });

  it("finds the line of a byte offset with LF, CRLF and lone CR endings", () => {
    const bytes = new TextEncoder().encode("a\r\nb\nc\rd");
    const starts = lineStarts(bytes);
    expect(starts).toEqual([0, 3, 5, 7]);
    expect([0, 2, 3, 5, 7].map((offset) => lineAt(starts, offset))).toEqual([1, 1, 2, 3, 4]);
  });

  it("offers a template whose header has every column and whose example row is valid", () => {
    const [header, example] = csvTemplate()
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const columns = header.split(";");
    expect(columns).toEqual([...CSV_COLUMNS]);
    const values = Object.fromEntries(columns.map((c, i) => [c, example.split(";")[i]]));
    expect(validateCsvRow(values, TODAY).ok).toBe(true);
  });
});
