import { describe, expect, it } from "vitest";
import deDestinations from "../../../content/de/destinations.json";
import enDestinations from "../../../content/en/destinations.json";
import type {
  BookingProcessContent,
  DestinationsContent,
  FaqContent,
  LegalContent,
  TravelInsuranceContent,
  TravelPackagesContent,
} from "./content-types";
import { REGIONS } from "./content-types";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import deBooking from "~/locales/de/booking";
import deMyBookings from "~/locales/de/my-bookings";
import enBooking from "~/locales/en/booking";
import enMyBookings from "~/locales/en/my-bookings";

/** The content files of the pages this feature renders; both languages must have one shape. */
const PAGES = [
  "destinations",
  "booking-process",
  "faq",
  "travel-packages",
  "hotel-booking",
  "flight-booking",
  "travel-insurance",
  "privacy",
  "terms",
];
const files = import.meta.glob<unknown>("../../../content/*/*.json", {
  eager: true,
  import: "default",
});
const content = <T>(language: "de" | "en", page: string) =>
  files[`../../../content/${language}/${page}.json`] as T;

/**
 * Keys and array lengths, not the texts (which differ by language). A run of paragraphs may
 * differ in length (the English legal texts add a note that the German version is binding).
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value))
    return value.every((item) => typeof item === "string") ? "paragraphs" : value.map(shape);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

describe("content files", () => {
  it.each(PAGES)("%s exists in German and English with the same shape", (page) => {
    expect(content("de", page), page).toBeDefined();
    expect(shape(content("en", page))).toEqual(shape(content("de", page)));
  });

  it("keys destination notes by the German country name, once per country, in both languages", () => {
    for (const region of REGIONS) {
      const de = (deDestinations as DestinationsContent).regions[region].notes;
      const en = (enDestinations as DestinationsContent).regions[region].notes;
      expect(en.map((d) => d.country)).toEqual(de.map((d) => d.country));
      expect(new Set(de.map((d) => d.country)).size).toBe(de.length);
      // Notes are words only: counts, ratings and prices come from the database (decision 031).
      for (const note of [...de, ...en])
        expect(Object.keys(note).sort()).toEqual(["country", "text"]);
    }
  });

  it("has five booking steps", () => {
    expect(content<BookingProcessContent>("de", "booking-process").steps).toHaveLength(5);
  });

  it("has the three FAQ tabs, Buchung first, with at least six unique questions each", () => {
    const { categories } = content<FaqContent>("de", "faq");
    expect(categories.map((c) => c.label)).toEqual(["Buchung", "Zahlung", "Reisedetails"]);
    // An entry may be conditional ({ onlyWith, value }, decision 031); count the entry itself.
    const ids = categories.flatMap((c) =>
      c.items.map((i) => ("value" in i ? (i.value as { id: string }).id : i.id)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const category of categories) expect(category.items.length).toBeGreaterThanOrEqual(6);
    // Cancellation numbers come from the settings, never from the FAQ text.
    const text = JSON.stringify(content("de", "faq"));
    expect(text).not.toMatch(/\d+\s*Stunden/);
    expect(text).not.toMatch(/Stornogebühr (von|in Höhe von) \d/);
  });

  it("has three packages with exactly one bestseller", () => {
    const { packages } = content<TravelPackagesContent>("de", "travel-packages");
    expect(packages).toHaveLength(3);
    expect(packages.filter((p) => p.isBestseller)).toHaveLength(1);
  });

  it("has the three insurance plans with Premium recommended", () => {
    const { plans } = content<TravelInsuranceContent>("de", "travel-insurance");
    expect(plans.map((p) => [p.name, p.price, p.isRecommended])).toEqual([
      ["Basis-Schutz", 29, false],
      ["Premium-Schutz", 49, true],
      ["Business-Schutz", 79, false],
    ]);
  });

  it("has AGB dated March 2024 with the rules the spec requires", () => {
    const terms = content<LegalContent>("de", "terms");
    expect(terms.updated).toBe("Stand: März 2024");
    // The payment schedule is a setting (decision 031): as shown with the default settings.
    const text = JSON.stringify(terms)
      .replaceAll("{depositPercentage}", String(DEFAULT_SETTINGS.depositPercentage))
      .replaceAll("{balanceDueDays}", String(DEFAULT_SETTINGS.balanceDueDays));
    expect(text).toContain("Anzahlung in Höhe von 20 % des Reisepreises");
    expect(text).toContain("spätestens 30 Tage vor der Anreise");
    expect(text).toContain("Endpreise in Euro einschließlich der gesetzlichen Mehrwertsteuer");
    // Cards without dates show a price per night; the fees come on top (audit 20, PAngV).
    expect(text).toContain("Ein Preis pro Nacht, der ohne Reisedaten genannt wird");
    expect(text).toContain("jederzeit vor Reisebeginn vom Vertrag zurücktreten");
    expect(text).toContain("Rücktrittserklärung beim Anbieter eingeht");
    expect(text).toContain("angemessene Entschädigung");
    expect(text).toContain("Buchungsbestätigung per E-Mail annimmt");
    expect(text).toContain("Eingangsbestätigung stellt noch keine Annahme");
    expect(text).toContain("§ 312g Abs. 2 Nr. 9 BGB kein gesetzliches Widerrufsrecht");
  });

  // § 312i Abs. 1 Nr. 2 BGB, Art. 246c EGBGB (decision 111): the steps to the contract, how to
  // correct input, whether the contract text is stored, the languages – naming the booking
  // page's own buttons, so a renamed button shows here.
  it("describes the booking's steps with the booking page's own words, in both languages", () => {
    for (const [language, texts] of [
      ["de", { booking: deBooking, myBookings: deMyBookings }],
      ["en", { booking: enBooking, myBookings: enMyBookings }],
    ] as const) {
      const text = JSON.stringify(content<LegalContent>(language, "terms").sections[0]);
      for (const label of [
        texts.booking.steps.dates,
        texts.booking.steps.details,
        texts.booking.steps.payment,
        texts.booking.payment.submit,
        texts.booking.details.back,
        texts.booking.dates.change,
        texts.myBookings.list.title,
      ]) {
        expect(text.toLowerCase()).toContain(label.toLowerCase());
      }
    }
    const de = JSON.stringify(content<LegalContent>("de", "terms").sections[0]);
    expect(de).toContain("Eingabefehler kann der Kunde bis zum Absenden jederzeit korrigieren");
    expect(de).toContain("Der Anbieter speichert den Vertragstext");
    expect(de).toContain("in deutscher oder englischer Sprache geschlossen");
  });

  it("has a privacy policy naming the controller section and the data subject rights", () => {
    const privacy = content<LegalContent>("de", "privacy");
    expect(privacy.sections.filter((s) => s.showsController)).toHaveLength(1);
    const text = JSON.stringify(privacy);
    for (const article of [15, 16, 17, 18, 20, 21]) expect(text).toContain(`Art. ${article} DSGVO`);
    expect(text).toContain("Double-Opt-in");
    expect(text).toContain("lang");
    expect(text).toContain("keine Analyse-, Werbe- oder Tracking-Cookies");
  });

  // How to exercise the rights matches what exists (decision 085): the guest deletes the account
  // in the settings, the admin's /admin/datenschutz-anfragen exports a JSON copy and deletes,
  // keeping the bookings without the person and the audit log's entries.
  it("tells people how their requests are answered, as the site does it", () => {
    for (const [language, phrases] of [
      [
        "de",
        [
          "selbst in den Einstellungen Ihres Kundenkontos löschen",
          "ohne Ihren Namen, Ihre E-Mail-Adresse, Ihre Telefonnummer und Ihre besonderen Wünsche",
          "als Datei im Format JSON",
          "Einträge im Änderungsprotokoll unserer Verwaltung",
        ],
      ],
      [
        "en",
        [
          "delete your account yourself at any time in your account's settings",
          "without your name, e-mail address, phone number and special requests",
          "as a file in JSON format",
          "entries in our administration's change log",
        ],
      ],
    ] as const) {
      const text = JSON.stringify(content<LegalContent>(language, "privacy"));
      for (const phrase of phrases) expect(text, `${language}: ${phrase}`).toContain(phrase);
      // The old wording kept "booking data" as stored, which deleting no longer does.
      expect(text).not.toMatch(
        /remain stored until the statutory period ends|bleiben bis zum Ende der gesetzlichen Frist gespeichert/,
      );
    }
  });

  // Without travel dates the cards, /angebote and the price box show a price per night without
  // the cleaning and service fee (spec 03): no text may promise the final price everywhere or
  // from the first look (audit 20).
  it("promises the final price only for chosen dates, in every content file", () => {
    const claims = [
      /immer Endpreise/i,
      /Endpreis(?:e|en)? (?:inklusive [^.]*)?von Anfang an/i,
      /mit Endpreisen von Anfang an/i,
      /bei jeder Unterkunft von Anfang an/i,
      /always show final prices/i,
      /final prices? [^.]*from the start/i,
    ];
    for (const [file, value] of Object.entries(files)) {
      const text = JSON.stringify(value);
      for (const claim of claims) expect(text, `${file}: ${claim}`).not.toMatch(claim);
    }
  });
});
