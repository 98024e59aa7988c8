import { describe, expect, it } from "vitest";
import {
  normalizeClockTime,
  normalizeFactText,
  openStreetMapUrl,
  resolvePropertyFacts,
} from "./property-facts";

describe("normalizeFactText", () => {
  it("keeps line breaks, drops control characters, trailing blanks and extra empty lines", () => {
    expect(normalizeFactText("  Keine Partys. \r\n\r\n\r\n\tHunde\u0000 willkommen.\u0007 ")).toBe(
      "Keine Partys.\n\n\tHunde willkommen.",
    );
    expect(normalizeFactText(" \n ")).toBe("");
  });
});

describe("normalizeClockTime", () => {
  it("reads 24-hour times as typed and refuses anything else", () => {
    expect(normalizeClockTime("9:30")).toBe("09:30");
    expect(normalizeClockTime(" 15.00 ")).toBe("15:00");
    expect(normalizeClockTime("23:59")).toBe("23:59");
    for (const wrong of ["24:00", "12:60", "abends", "1530", "", "3 Uhr"]) {
      expect(normalizeClockTime(wrong)).toBeNull();
    }
  });
});

describe("resolvePropertyFacts", () => {
  const defaults = {
    houseRules: "Ruhe ab 22 Uhr.",
    checkInFrom: "15:00",
    checkOutUntil: "10:00",
    touristTaxNote: "",
  };
  it("takes each fact from the property, else from the settings", () => {
    expect(
      resolvePropertyFacts(
        { houseRules: "", checkInFrom: "14:00", checkOutUntil: "", touristTaxNote: "Kurtaxe 2 €" },
        defaults,
      ),
    ).toEqual({
      houseRules: ["Ruhe ab 22 Uhr."],
      checkInFrom: "14:00",
      checkOutUntil: "10:00",
      touristTaxNote: "Kurtaxe 2 €",
    });
  });
  it("shows nothing for what neither has, and never an invalid time", () => {
    expect(
      resolvePropertyFacts(
        { houseRules: " ", checkInFrom: "", checkOutUntil: "", touristTaxNote: " " },
        { houseRules: "", checkInFrom: "", checkOutUntil: "kaputt", touristTaxNote: "" },
      ),
    ).toEqual({ houseRules: [], checkInFrom: null, checkOutUntil: null, touristTaxNote: null });
  });
});

describe("openStreetMapUrl", () => {
  it("is a search on openstreetmap.org with the place encoded", () => {
    expect(openStreetMapUrl(" Lübeck, Deutschland ")).toBe(
      "https://www.openstreetmap.org/search?query=L%C3%BCbeck%2C%20Deutschland",
    );
  });
});
