import { describe, expect, it } from "vitest";
import { formatCount, formatEuro } from "./format";
import { contactHref, propertiesByLocationHref } from "./links";

// Intl uses a narrow no-break space before the euro sign in German.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatting content numbers", () => {
  it("prints whole euros without cents, other amounts with cents", () => {
    expect(plain(formatEuro(899, "de"))).toBe("899 €");
    expect(plain(formatEuro(1290, "de"))).toBe("1.290 €");
    expect(plain(formatEuro(29.5, "de"))).toBe("29,50 €");
    expect(formatEuro(1290, "en")).toBe("€1,290");
  });

  it("prints counts with separators", () => {
    // (The ratings' one decimal is tested with formatRating in reviews/review-display.test.ts.)
    expect(formatCount(1240, "de")).toBe("1.240");
  });
});

describe("links", () => {
  it("pre-fills the contact subject, URL-encoded", () => {
    expect(contactHref("Toskana Genussreise")).toBe("/kontakt?subject=Toskana+Genussreise");
    expect(
      new URL(contactHref("Fluganfrage: Berlin → Palma"), "http://x").searchParams.get("subject"),
    ).toBe("Fluganfrage: Berlin → Palma");
    expect(contactHref("  ")).toBe("/kontakt");
  });

  it("searches properties by the German country name", () => {
    expect(propertiesByLocationHref("Österreich")).toBe("/properties?location=%C3%96sterreich");
  });
});
