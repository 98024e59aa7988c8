import { describe, expect, it } from "vitest";
import { countryName, localizedLocation, locationAliases } from "./country-names.server";

describe("country names", () => {
  it("shows stored German or English names in the page's language", () => {
    expect(countryName("Deutschland", "en")).toBe("Germany");
    expect(countryName("Österreich", "en")).toBe("Austria");
    expect(countryName("Spanien", "en")).toBe("Spain");
    expect(countryName("Italy", "de")).toBe("Italien");
    expect(countryName("Deutschland", "de")).toBe("Deutschland");
    expect(countryName("  schweiz ", "en")).toBe("Switzerland");
  });

  it("keeps what it does not know", () => {
    expect(countryName("Atlantis", "en")).toBe("Atlantis");
    expect(localizedLocation("Irgendwo am See", "en")).toBe("Irgendwo am See");
  });

  it("translates only the country part of a location", () => {
    expect(localizedLocation("Sylt, Deutschland", "en")).toBe("Sylt, Germany");
    expect(localizedLocation("Kitzbühel, Tirol, Österreich", "en")).toBe(
      "Kitzbühel, Tirol, Austria",
    );
    expect(localizedLocation("Sylt, Deutschland", "de")).toBe("Sylt, Deutschland");
  });

  it("names a searched country in the other language too", () => {
    expect(locationAliases("Germany")).toEqual(["Deutschland"]);
    expect(locationAliases("  austria ")).toEqual(["Österreich"]);
    expect(locationAliases("Deutschland")).toEqual(["Germany"]);
    expect(locationAliases("Sylt, Germany")).toEqual(["Sylt, Deutschland"]);
    expect(locationAliases("Sylt")).toEqual([]);
    expect(locationAliases("Atlantis")).toEqual([]);
  });
});
