import { describe, expect, it } from "vitest";
import { normalizeForSearch, searchFaq, selectedFaqTab, type FaqCategory } from "./faq";

const categories: FaqCategory[] = [
  {
    id: "buchung",
    label: "Buchung",
    items: [
      {
        id: "b1",
        question: "Wie buche ich eine Unterkunft?",
        answer: "Wählen Sie Ihre Reisedaten.",
      },
      {
        id: "b2",
        question: "Kann ich stornieren?",
        answer: "Die Bedingungen sehen Sie bei der Buchung.",
      },
    ],
  },
  {
    id: "zahlung",
    label: "Zahlung",
    items: [
      {
        id: "z1",
        question: "Welche Zahlungsarten gibt es?",
        answer: "Überweisung, Kreditkarte und PayPal.",
      },
      {
        id: "z2",
        question: "Wird eine Kaution fällig?",
        answer: "Die Kaution steht in der Objektbeschreibung.",
      },
    ],
  },
  {
    id: "reisedetails",
    label: "Reisedetails",
    items: [
      { id: "r1", question: "Sind Haustiere erlaubt?", answer: "Das hängt von der Unterkunft ab." },
    ],
  },
];

describe("searchFaq", () => {
  it("matches questions case-insensitively", () => {
    const result = searchFaq(categories, "HAUSTIERE");
    expect(result.map((c) => c.id)).toEqual(["reisedetails"]);
    expect(result[0].items.map((i) => i.id)).toEqual(["r1"]);
  });

  it("matches answers too", () => {
    const result = searchFaq(categories, "paypal");
    expect(result.flatMap((c) => c.items.map((i) => i.id))).toEqual(["z1"]);
  });

  it("searches across all categories", () => {
    const result = searchFaq(categories, "buchung");
    expect(result.map((c) => c.id)).toEqual(["buchung"]);
    const across = searchFaq(categories, "die");
    expect(across.map((c) => c.id)).toEqual(["buchung", "zahlung"]);
  });

  it("ignores umlauts, accents and extra spaces and needs every word", () => {
    expect(searchFaq(categories, "  uberweisung  ").flatMap((c) => c.items)).toHaveLength(1);
    expect(
      searchFaq(categories, "kaution objektbeschreibung").flatMap((c) => c.items),
    ).toHaveLength(1);
    expect(searchFaq(categories, "kaution haustiere")).toEqual([]);
  });

  it("returns nothing for an empty query or no match", () => {
    expect(searchFaq(categories, "   ")).toEqual([]);
    expect(searchFaq(categories, "Raumschiff")).toEqual([]);
  });
});

describe("normalizeForSearch", () => {
  it("lower-cases and removes diacritics", () => {
    expect(normalizeForSearch("Gebühr  ÄRGER Café")).toBe("gebuhr arger cafe");
  });
});

describe("selectedFaqTab", () => {
  it("uses the tab from the URL when it exists, else the first", () => {
    expect(selectedFaqTab(categories, "zahlung")).toBe("zahlung");
    expect(selectedFaqTab(categories, "unbekannt")).toBe("buchung");
    expect(selectedFaqTab(categories, null)).toBe("buchung");
  });
});
