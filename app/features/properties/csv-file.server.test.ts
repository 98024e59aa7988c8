import { describe, expect, it } from "vitest";
import { parseCsvFile } from "./csv-file.server";

const TODAY = "2026-11-24";
const HEADER =
  "title,description,price_per_night,location,country,city,bedrooms,bathrooms,max_guests,images,amenities,is_special_offer,special_offer_price,special_offer_end_date";
const row = (title: string, extra: Partial<{ description: string; price: string }> = {}) =>
  [
    title,
    extra.description ?? "Schön",
    extra.price ?? "100",
    '"Husum, Deutschland"',
    "Deutschland",
    "Husum",
    "2",
    "1",
    "4",
    "https://example.com/a.jpg",
    '"WLAN, Balkon"',
    "false",
    "",
    "",
  ].join(",");

const bytes = (text: string) => new TextEncoder().encode(text);

async function parse(text: string | Uint8Array) {
  return parseCsvFile(typeof text === "string" ? bytes(text) : text, TODAY);
}

describe("parseCsvFile", () => {
  it("reads a comma file with quoted commas; good rows become properties", async () => {
    const result = await parse(`${HEADER}\n${row("Eins")}\n${row("Zwei")}\n`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.errors).toEqual([]);
    expect(result.properties.map((p) => [p.title, p.location, p.amenities])).toEqual([
      ["Eins", "Husum, Deutschland", ["WLAN", "Balkon"]],
      ["Zwei", "Husum, Deutschland", ["WLAN", "Balkon"]],
    ]);
  });

  it("reads a semicolon file with a BOM, CRLF endings, decimal commas and padded cells", async () => {
    const text = `\uFEFF${HEADER.replaceAll(",", " ; ")}\r\n${[
      " Strandhaus ",
      "Meerblick",
      "129,50",
      "Sylt, Deutschland",
      "Deutschland",
      "Sylt",
      "3",
      "2",
      "6",
      "https://example.com/a.jpg,https://example.com/b.jpg",
      "",
      "",
      "",
      "",
    ].join(";")}\r\n`;
    const result = await parse(text);
    expect(result.ok && result.properties[0]).toMatchObject({
      title: "Strandhaus",
      pricePerNight: 12950,
      location: "Sylt, Deutschland",
      images: [{ url: "https://example.com/a.jpg" }, { url: "https://example.com/b.jpg" }],
    });
  });

  it("reports the line a record starts on, across multi-line quoted fields and blank lines", async () => {
    const text = [
      HEADER, // 1
      row("Gut 1", { description: '"Erste Zeile\nzweite, mit Komma\ndritte"' }), // 2–4
      row("", {}), // 5: no title
      "", // 6 (blank)
      row("Gut 2"), // 7
      row("Teuer", { price: "viel", description: '"a\r\nb"' }), // 8–9
      row("Gut 3"), // 10
    ].join("\n");
    const result = await parse(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.properties.map((p) => p.title)).toEqual(["Gut 1", "Gut 2", "Gut 3"]);
    expect(result.properties[0].description).toBe("Erste Zeile\nzweite, mit Komma\ndritte");
    expect(result.errors).toEqual([
      { line: 5, issues: [{ code: "required", field: "title" }] },
      { line: 8, issues: [{ code: "invalidNumbers" }] },
    ]);
  });

  it("names missing header columns and refuses files that are not readable text", async () => {
    expect(await parse("title,description\nA,B\n")).toEqual({
      ok: false,
      error: {
        code: "missingColumns",
        columns:
          "price_per_night, location, country, city, bedrooms, bathrooms, max_guests, images, amenities, is_special_offer, special_offer_price, special_offer_end_date",
      },
    });
    expect(await parse(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toEqual({
      ok: false,
      error: { code: "notUtf8" },
    });
    expect(await parse(`${HEADER}\n${row("A\u0000")}`)).toEqual({
      ok: false,
      error: { code: "controlCharacters" },
    });
    expect(await parse(" \n\n")).toEqual({ ok: false, error: { code: "empty" } });
  });

  it("reports broken quotes with the line their record starts on", async () => {
    expect(await parse(`${HEADER}\n${row("Gut")}\n\n"Offen,ohne Ende\nund weiter\n`)).toEqual({
      ok: false,
      error: { code: "quoteNotClosed", line: 4 },
    });
    expect(await parse(`${HEADER}\n${row("Gut")}\n${row('"Offen')}\n${row("Danach")}\n`)).toEqual({
      ok: false,
      error: { code: "invalidQuotes", line: 3 },
    });
  });

  it("reports a row with more fields than the header", async () => {
    const result = await parse(`${HEADER}\n${row("Zu viel")},Überhang\n`);
    expect(result.ok && result.errors).toEqual([
      { line: 2, issues: [{ code: "extraFields", count: 15, expected: 14 }] },
    ]);
  });

  it("parses a file larger than one feeding slice", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(`Haus ${i}`));
    const result = await parse(`${HEADER}\n${rows.join("\n")}\n${row("")}\n`);
    expect(result.ok && result.properties.length).toBe(3000);
    expect(result.ok && result.errors).toEqual([
      { line: 3002, issues: [{ code: "required", field: "title" }] },
    ]);
  });
});
