import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import { computePrice } from "~/domain/price";
import { BookingSteps } from "./booking-steps";
import { CompactSummary } from "./compact-summary";
import { OrderNote } from "./order-note";
import { StayCancellationTerms } from "./stay-cancellation-terms";

const html = (node: React.ReactNode, language: "de" | "en" = "de") =>
  renderToStaticMarkup(
    <LanguageProvider value={language}>
      <MemoryRouter>{node}</MemoryRouter>
    </LanguageProvider>,
  );
/** The visible text, as a guest reads it (tags dropped, entities of the texts decoded). */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

// 3 nights at 120 € + 75 € cleaning + 29 € service = 464 €.
const price = computePrice({
  property: {
    pricePerNight: 12_000,
    cleaningFee: 7_500,
    isSpecialOffer: false,
    specialOfferPrice: null,
    specialOfferEndDate: null,
  },
  nights: 3,
  serviceFee: 2_900,
  today: "2027-03-01",
});

describe("the checkout's cancellation terms for this stay", () => {
  const terms = (now: string) => ({
    freeCancellationHours: 48,
    cancellationFeePercentage: 50,
    now,
  });

  it("names the last free day and the fee in euros afterwards", () => {
    const out = text(
      html(
        <StayCancellationTerms
          checkIn="2027-03-14"
          totalPrice={price.total}
          today="2027-03-01"
          terms={terms("2027-03-01T10:00:00.000Z")}
        />,
      ),
    );
    expect(out).toBe(
      "Kostenlos stornierbar bis 11.03.2027 Danach Stornogebühr 232,00 € (50 % des Gesamtpreises).",
    );
  });

  it("says a last-minute stay is not free and what cancelling costs", () => {
    const props = {
      checkIn: "2027-03-14",
      totalPrice: price.total,
      today: "2027-03-13",
      terms: terms("2027-03-13T08:00:00.000Z"),
    };
    expect(text(html(<StayCancellationTerms {...props} />))).toBe(
      "Nicht kostenlos stornierbar – Stornogebühr 232,00 €",
    );
    expect(text(html(<StayCancellationTerms {...props} />, "en"))).toBe(
      "No free cancellation – cancellation fee €232.00",
    );
  });
});

describe("the order button's note", () => {
  it("links the AGB and the privacy policy and states the § 312g exclusion", () => {
    const out = html(<OrderNote id="note" />);
    expect(out).toMatch(/<a[^>]*href="\/agb"[^>]*>AGB/);
    expect(out).toMatch(/<a[^>]*href="\/datenschutz"[^>]*>Datenschutzerklärung/);
    expect(text(out)).toContain(
      "Kein Widerrufsrecht: Bei einer Unterkunft für feste Reisedaten besteht nach § 312g Abs. 2 Nr. 9 BGB kein gesetzliches Widerrufsrecht.",
    );
    expect(text(html(<OrderNote id="note" />, "en"))).toContain("Section 312g(2) no. 9");
  });
});

describe("the compact summary above the steps", () => {
  it("shows the stay and the total from the one price function", () => {
    const out = text(
      html(
        <CompactSummary
          title="Strandhaus Möwe"
          checkIn="2027-03-14"
          checkOut="2027-03-17"
          guests={2}
          price={price}
        />,
      ),
    );
    expect(out).toBe(
      "Strandhaus Möwe 14.03.2027 – 17.03.2027 · 3 Nächte · 2 Gäste Gesamt 464,00 € Details",
    );
  });

  it("asks for dates while there is no bookable stay", () => {
    const out = text(html(<CompactSummary title="Strandhaus" guests={2} price={null} />));
    expect(out).toBe("Strandhaus Bitte wählen Sie Ihre Reisedaten, um den Preis zu sehen.");
  });
});

describe("the step indicator", () => {
  it("keeps the three steps in one row of three columns on phones", () => {
    const out = html(<BookingSteps current={2} />);
    expect(out).toMatch(/<ol class="grid grid-cols-3 /);
    expect(out.match(/<li /g)).toHaveLength(3);
    expect(out).toMatch(/<li aria-current="step"[^>]*>.*Details eingeben/);
  });
});
