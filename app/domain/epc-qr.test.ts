import { describe, expect, it } from "vitest";
import { epcPayload } from "./epc-qr";

describe("epcPayload (EPC069-12 version 2)", () => {
  it("lays out the eleven lines a banking app reads", () => {
    expect(
      epcPayload({
        name: "TraumUrlaub Reisen GmbH",
        iban: "de89 3704 0044 0532 0130 00",
        bic: "cobadeffxxx",
        amount: 24_690,
        text: "FW-2026-000123",
      }).split("\n"),
    ).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      "TraumUrlaub Reisen GmbH",
      "DE89370400440532013000",
      "EUR246.90",
      "",
      "",
      "FW-2026-000123",
    ]);
  });

  it("writes whole euros and cents with two decimals, never in exponent form", () => {
    const amount = (cents: number) =>
      epcPayload({ name: "A", iban: "DE89370400440532013000", amount: cents, text: "x" }).split(
        "\n",
      )[7];
    expect(amount(1)).toBe("EUR0.01");
    expect(amount(100_000)).toBe("EUR1000.00");
    expect(amount(99_999_999_999)).toBe("EUR999999999.99");
  });

  it("cuts the name at 70 and the text at 140 characters, and keeps them on one line", () => {
    const lines = epcPayload({
      name: `Ferienhof ${"Ü".repeat(80)}`,
      iban: "DE89370400440532013000",
      amount: 100,
      text: `Buchung\r\nFW-1 ${"x".repeat(200)}`,
    }).split("\n");
    expect(lines).toHaveLength(11);
    expect(Array.from(lines[5])).toHaveLength(70);
    expect(lines[10].startsWith("Buchung FW-1 ")).toBe(true);
    expect(lines[10]).toHaveLength(140);
  });

  it("refuses what a bank would reject", () => {
    const base = { name: "A", iban: "DE89370400440532013000", amount: 100, text: "x" };
    expect(() => epcPayload({ ...base, amount: 0 })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, amount: 12.5 })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, amount: 100_000_000_000 })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, iban: "keine IBAN" })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, bic: "KURZ" })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, name: "  " })).toThrow(RangeError);
  });
});
