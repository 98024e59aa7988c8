import { describe, expect, it } from "vitest";
import {
  normalizeClockTime,
  normalizeFactText,
  openStreetMapUrl,
  resolvePropertyFacts,
} from "./property-facts";
import { resolveTouristTaxNote, touristTaxModeOf } from "./tourist-tax";

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
        {
          houseRules: "",
          checkInFrom: "14:00",
          checkOutUntil: "",
          touristTaxMode: "own",
          touristTaxNote: "Kurtaxe 2 €",
        },
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
        {
          houseRules: " ",
          checkInFrom: "",
          checkOutUntil: "",
          touristTaxMode: "default",
          touristTaxNote: " ",
        },
        { houseRules: "", checkInFrom: "", checkOutUntil: "kaputt", touristTaxNote: "" },
      ),
    ).toEqual({ houseRules: [], checkInFrom: null, checkOutUntil: null, touristTaxNote: null });
  });
});

describe("the Kurtaxe note's three-way choice", () => {
  const settingsNote = "Kurtaxe: 2,50 € pro Person und Nacht.";
  it("shows the settings' note, the property's own, or none even when the settings have one", () => {
    expect(resolveTouristTaxNote("default", "", settingsNote)).toBe(settingsNote);
    expect(resolveTouristTaxNote("own", " Gästebeitrag 3 € ", settingsNote)).toBe(
      "Gästebeitrag 3 €",
    );
    expect(resolveTouristTaxNote("none", "", settingsNote)).toBeNull();
    expect(resolveTouristTaxNote("none", "Gästebeitrag 3 €", settingsNote)).toBeNull();
  });
  it("never shows an empty note, and 'default' ignores a leftover own text", () => {
    expect(resolveTouristTaxNote("default", "", " ")).toBeNull();
    expect(resolveTouristTaxNote("own", " ", settingsNote)).toBeNull();
    expect(resolveTouristTaxNote("default", "Alt", settingsNote)).toBe(settingsNote);
  });
  it("reads a missing choice as the note alone meant before it existed; refuses other values", () => {
    expect(touristTaxModeOf(undefined, "Kurtaxe 1 €")).toBe("own");
    expect(touristTaxModeOf("", "  ")).toBe("default");
    expect(touristTaxModeOf("none", "Kurtaxe 1 €")).toBe("none");
    expect(touristTaxModeOf("keine", "")).toBeNull();
  });
  it("goes through resolvePropertyFacts", () => {
    const property = { houseRules: "", checkInFrom: "", checkOutUntil: "", touristTaxNote: "" };
    const defaults = { ...property, touristTaxNote: settingsNote };
    expect(
      resolvePropertyFacts({ ...property, touristTaxMode: "none" }, defaults).touristTaxNote,
    ).toBeNull();
    expect(
      resolvePropertyFacts({ ...property, touristTaxMode: "default" }, defaults).touristTaxNote,
    ).toBe(settingsNote);
  });
});

describe("openStreetMapUrl", () => {
  it("is a search on openstreetmap.org with the place encoded", () => {
    expect(openStreetMapUrl(" Lübeck, Deutschland ")).toBe(
      "https://www.openstreetmap.org/search?query=L%C3%BCbeck%2C%20Deutschland",
    );
  });
});
