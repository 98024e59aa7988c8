import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./subscribers-csv";

describe("subscriber CSV cells", () => {
  it("prefixes what a spreadsheet would run as a formula", () => {
    for (const value of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(value).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=cmd|' /C calc'!A0@example.com")).toBe("'=cmd|' /C calc'!A0@example.com");
  });

  it("leaves ordinary values alone and quotes separators, quotes and line breaks", () => {
    expect(csvCell("eva.mueller@example.com")).toBe("eva.mueller@example.com");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('sag "hallo"')).toBe('"sag ""hallo"""');
    expect(csvCell("=a;b")).toBe(`"'=a;b"`);
    expect(csvLine(["E-Mail", "Status", "Bestätigt am"])).toBe("E-Mail;Status;Bestätigt am");
  });
});
