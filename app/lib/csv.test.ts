import { describe, expect, it } from "vitest";
import { csvCell, csvDocument, csvLine, csvQuotedCell } from "./csv";

describe("CSV cells", () => {
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

  it("quotes without a formula prefix where the cells are our own (numbers, the template)", () => {
    expect(csvQuotedCell("-12,00")).toBe("-12,00");
    expect(csvQuotedCell("a\nb")).toBe('"a\nb"');
  });

  it("writes the file with a BOM and CRLF after every line", () => {
    expect(csvDocument(["a;b", "1;2"])).toBe("\uFEFFa;b\r\n1;2\r\n");
  });
});
