import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { computePrice } from "~/domain/price";
import { EVERY_WEEKDAY } from "~/domain/seasons";
import { formatMoney } from "~/lib/i18n";
import { LanguageProvider } from "~/lib/i18n-react";
import { PriceBox, type PriceBoxProps } from "./price-box";

const today = "2026-06-10";
const property = {
  pricePerNight: 8900,
  cleaningFee: 6000,
  isSpecialOffer: false,
  specialOfferPrice: null,
  specialOfferEndDate: null,
};
const props: PriceBoxProps = {
  propertyId: "0b7e6a52-6d7e-4a49-9a3e-0d5b3c1e2f10",
  property,
  maxGuests: 4,
  serviceFee: 2900,
  minStayDays: 1,
  maxStayDays: 30,
  seasons: [],
  bookingHorizonMonths: 24,
  bookedStays: [],
  today,
  isSignedIn: true,
  initial: {},
  cancellation: { freeCancellationHours: 48, cancellationFeePercentage: 50, now: today },
};

/** The server's HTML of the price box and the phone's booking bar. */
function render(overrides: Partial<PriceBoxProps> = {}, language: "de" | "en" = "de") {
  const router = createMemoryRouter(
    [
      {
        path: "/properties/:id",
        element: (
          <LanguageProvider value={language}>
            <PriceBox {...props} {...overrides} />
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: [`/properties/${props.propertyId}`] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const bar = (html: string) => {
  const start = html.indexOf('data-testid="booking-bar"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start);
};
const decode = (html: string) => html.replaceAll("&amp;", "&").replaceAll(" ", " ");

describe("booking bar (phones)", () => {
  it("shows the nightly price and leads to the price box's dates while none are chosen", () => {
    const html = decode(bar(render()));
    expect(html).toContain(`ab ${formatMoney(8900, "de")} / Nacht`);
    expect(html).toContain('href="#price-box"');
    expect(html).toContain(">Jetzt buchen</a>");
    // Only on narrow screens; the page keeps room for it (app.css).
    expect(html).toMatch(/^data-testid="booking-bar" class="[^"]*\blg:hidden\b/);
  });

  it("with bookable dates shows the stay total of the one price and the price box's link", () => {
    const checkIn = "2026-07-01";
    const checkOut = "2026-07-08";
    const html = decode(render({ initial: { checkIn, checkOut, guests: 2 } }));
    const { total } = computePrice({ property, nights: 7, serviceFee: 2900, today });
    const href = `/properties/${props.propertyId}/book?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;
    expect(bar(html)).toContain(`7 Nächte · ${formatMoney(total, "de")}`);
    expect(bar(html)).toContain(`href="${href}"`);
    // The same total and link as the price box itself.
    const box = html.slice(0, html.indexOf('data-testid="booking-bar"'));
    expect(box).toContain(`<dd>${formatMoney(total, "de")}</dd>`);
    expect(box).toContain(`href="${href}"`);
  });

  it("shows the offer's regular price struck through, in English too", () => {
    const offer = {
      ...property,
      isSpecialOffer: true,
      specialOfferPrice: 6900,
      specialOfferEndDate: "2026-12-31",
    };
    const html = decode(bar(render({ property: offer }, "en")));
    expect(html).toContain(
      `<del class="mr-1.5 font-normal text-slate-600">${formatMoney(8900, "en")}</del>`,
    );
    expect(html).toContain(`from ${formatMoney(6900, "en")} / night`);
    expect(html).toContain("Book now");
  });
});

describe("nightly price above the breakdown", () => {
  const summer = {
    startDate: "2026-07-01",
    endDate: "2026-07-31",
    pricePerNight: 12_000,
    minStayNights: 1,
    arrivalWeekdays: EVERY_WEEKDAY,
    departureWeekdays: EVERY_WEEKDAY,
  };
  const heading = (overrides: Partial<PriceBoxProps>) => {
    const html = decode(render({ seasons: [summer], ...overrides }));
    return html.slice(html.indexOf('data-testid="nightly-price"'), html.indexOf("</p>"));
  };
  const stay = (checkIn: string, checkOut: string) => ({ initial: { checkIn, checkOut } });

  it("with dates is the stay's: a season's price, or the nights' average (decision 101)", () => {
    // Three nights in the season, 120 € each, as the line below says.
    expect(heading(stay("2026-07-10", "2026-07-13"))).toContain(
      `${formatMoney(12_000, "de")}</span><span class="text-slate-700">pro Nacht`,
    );
    // One night at 89 €, three at 120 €: (89 + 3 × 120) / 4 = 112,25 €.
    expect(heading(stay("2026-06-30", "2026-07-04"))).toContain(formatMoney(11_225, "de"));
    // Without dates: the base price.
    expect(heading({})).toContain(formatMoney(8900, "de"));
  });

  it("strikes through the regular price only where the offer lowers the stay's nights", () => {
    const offer = {
      ...property,
      isSpecialOffer: true,
      specialOfferPrice: 6900,
      specialOfferEndDate: "2026-12-31",
    };
    // The offer caps the season's 120 €: 69 € instead of 120 €.
    const inSeason = heading({ property: offer, ...stay("2026-07-10", "2026-07-13") });
    expect(inSeason).toContain(`<del class="text-lg text-slate-600">${formatMoney(12_000, "de")}`);
    expect(inSeason).toContain(formatMoney(6900, "de"));
    // A season cheaper than the offer: no offer for this stay, no struck price, no badge.
    const cheap = heading({
      property: offer,
      seasons: [{ ...summer, pricePerNight: 5000 }],
      ...stay("2026-07-10", "2026-07-13"),
    });
    expect(cheap).not.toContain("<del");
    expect(cheap).not.toContain("Angebot");
    expect(cheap).toContain(formatMoney(5000, "de"));
  });
});

describe("guest count from the URL", () => {
  it("says that a count above the maximum was corrected to it", () => {
    const html = decode(render({ initial: { guests: 4, isGuestCountCorrected: true } }));
    expect(html).toContain(
      "Diese Unterkunft bietet Platz für höchstens 4 Gäste – wir haben die Anzahl angepasst.",
    );
    expect(html).toMatch(
      /<select[^>]*aria-describedby="price-box-guests-corrected"[^>]*>.*<option value="4" selected="">/,
    );
    expect(decode(render({ initial: { guests: 4 }, maxGuests: 4 }))).not.toContain(
      "wir haben die Anzahl angepasst",
    );
  });

  it("in English", () => {
    const html = decode(
      render({ initial: { guests: 1, isGuestCountCorrected: true }, maxGuests: 1 }, "en"),
    );
    expect(html).toContain("This property sleeps at most 1 guest – we have adjusted the number.");
  });
});
