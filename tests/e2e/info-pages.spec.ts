import type { Locator } from "@playwright/test";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  registerOverHttp,
  signInOverHttp,
  test,
} from "./helpers";

/** "1.234,50 €" → 123450 (cents). */
function cents(text: string) {
  const digits = text.replace(/[^\d,]/g, "").replace(",", ".");
  return Math.round(Number(digits) * 100);
}

/** "4 von 5 Sternen" → 4 */
async function starsOf(review: Locator) {
  const label = await review.getByRole("img", { name: /von 5 Sternen/ }).getAttribute("aria-label");
  return Number(label?.match(/^(\d) von 5 Sternen$/)?.[1]);
}

/**
 * Counts and order of the site's reviews, which the review journeys change for a moment: these
 * run in the "demo-data" project (playwright.config.ts).
 */
const demoData = { tag: "@demo-data" };

test.describe("special offers", () => {
  test("/angebote lists active offers cheapest first with the regular price struck through", async ({
    page,
  }) => {
    await page.goto("/angebote");
    await expect(page).toHaveTitle(/^Angebote – /);
    await expect(page.getByRole("heading", { level: 1, name: "Aktuelle Angebote" })).toBeVisible();
    const cards = page.getByTestId("offer");
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);

    const offerPrices: number[] = [];
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const regular = cents(await card.locator("s").innerText());
      const offer = cents(await card.getByTestId("offer-price").innerText());
      expect(offer).toBeGreaterThan(0);
      expect(regular).toBeGreaterThan(offer);
      offerPrices.push(offer);
      await expect(card).toContainText("Regulärer Preis");
      await expect(card).toContainText(/gültig bis \d{2}\.\d{2}\.\d{4}/);
      await expect(card.getByRole("img")).toHaveAttribute("srcset", /\d+w/);
      await expect(card.getByRole("link", { name: /^Angebot ansehen/ })).toHaveAttribute(
        "href",
        /^\/properties\/[0-9a-f-]{36}$/,
      );
    }
    expect(offerPrices).toEqual([...offerPrices].sort((a, b) => a - b));
  });
});

test.describe("reviews", () => {
  test("the average and count at the top match the reviews listed", demoData, async ({ page }) => {
    await page.goto("/bewertungen");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bewertungen unserer Gäste");
    const ratings: number[] = [];
    for (;;) {
      const reviews = page.getByTestId("review");
      const n = await reviews.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const review = reviews.nth(i);
        await expect(review).toContainText("Verifizierter Aufenthalt");
        await expect(review).toContainText(/\d{2}\.\d{2}\.\d{4}/);
        ratings.push(await starsOf(review));
      }
      const next = page.getByRole("navigation", { name: "Seiten" }).getByRole("link", {
        name: "Weiter",
      });
      if ((await next.count()) === 0) break;
      await next.click();
      // The URL changes before React renders the new page: wait for the new page's content.
      const expectedPage = Math.floor(ratings.length / 10) + 1;
      await expect(page).toHaveURL(new RegExp(`page=${expectedPage}`));
      await expect(page.getByText(new RegExp(`^Seite ${expectedPage} von \\d+$`))).toBeVisible();
    }
    expect(ratings.every((r) => r >= 1 && r <= 5)).toBe(true);

    const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    const expected = (Math.round(mean * 10) / 10).toLocaleString("de-DE", {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    await expect(page.getByTestId("average-rating")).toHaveText(expected);
    await expect(page.getByTestId("review-count")).toHaveText(`${ratings.length} Bewertungen`);
    // The demo data hides no review; the statement says so (and names reasons when it does).
    await expect(page.getByTestId("hidden-reviews")).toHaveText(
      "Derzeit ist keine Bewertung ausgeblendet.",
    );
  });

  test("sorting by best rating puts the highest stars first; an unknown sort shows newest", async ({
    page,
  }) => {
    await page.goto("/bewertungen");
    await page.getByRole("link", { name: "Beste Bewertung" }).click();
    await expect(page).toHaveURL(/sort=best/);
    await expect(page.getByRole("link", { name: "Beste Bewertung" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const reviews = page.getByTestId("review");
    const stars: number[] = [];
    for (let i = 0; i < (await reviews.count()); i++) stars.push(await starsOf(reviews.nth(i)));
    expect(stars).toEqual([...stars].sort((a, b) => b - a));

    const response = await page.goto("/bewertungen?sort=%27;drop&page=abc");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Neueste" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("a visitor who clicks Hilfreich is asked to sign in", async ({ page }) => {
    await page.goto("/bewertungen");
    await page
      .getByTestId("review")
      .first()
      .getByRole("link", { name: /^Hilfreich/ })
      .click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbewertungen$/);
    await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
    await page.goto("/bewertungen");
    await expect(page.getByRole("link", { name: "Bewertung schreiben" })).toHaveAttribute(
      "href",
      "/auth?redirectTo=%2Fdashboard%2Fbookings",
    );
  });

  test("a signed-in guest's Hilfreich vote counts exactly once", demoData, async ({ page }) => {
    await registerOverHttp(page.request, { name: "Hanna Hilfreich" });
    await page.goto("/bewertungen");
    await expect(page.getByRole("link", { name: "Bewertung schreiben" })).toHaveAttribute(
      "href",
      "/dashboard/bookings",
    );
    const review = page.getByTestId("review").first();
    const button = review.getByRole("button", { name: /^Hilfreich \(\d+\)$/ });
    const before = Number((await button.innerText()).match(/\((\d+)\)/)?.[1]);

    await button.click();
    await expect(review.getByRole("status")).toHaveText("Danke! Ihre Stimme wurde gezählt.");
    await expect(button).toHaveText(`Hilfreich (${before + 1})`);

    await button.click();
    await expect(review.getByRole("status")).toHaveText(
      "Sie haben diese Bewertung bereits als hilfreich markiert.",
    );
    await expect(button).toHaveText(`Hilfreich (${before + 1})`);

    // The stored count, not just the page: a reload shows the same number.
    await page.reload();
    await expect(
      page
        .getByTestId("review")
        .first()
        .getByRole("button", { name: /^Hilfreich/ }),
    ).toHaveText(`Hilfreich (${before + 1})`);
    await expect(page.getByTestId("review").first()).toContainText(
      "Sie fanden diese Bewertung hilfreich.",
    );
  });

  test("/bewertungen has no serious accessibility violations", async ({ page }) => {
    await page.goto("/bewertungen");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("imprint", () => {
  test("shows the company data from the settings and no warning to visitors", async ({ page }) => {
    await page.goto("/impressum");
    await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
    const imprint = page.getByTestId("imprint");
    await expect(imprint).toContainText("Angaben gemäß § 5 DDG");
    for (const text of [
      "TraumUrlaub Reisen GmbH",
      "Musterstraße 12",
      "10115 Berlin",
      "Deutschland",
      "Max Mustermann",
      "Amtsgericht Berlin-Charlottenburg",
      "HRB 123456 B",
      "DE123456789",
      "+49 30 12345678",
      "info@traumurlaub.example.com",
    ])
      await expect(imprint).toContainText(text);
    await expect(page.getByTestId("imprint-warning")).toHaveCount(0);
    await expect(page.getByText("Impressum unvollständig")).toHaveCount(0);
  });

  test("the demo admin sees which placeholder fields to complete, also in the settings", async ({
    page,
  }) => {
    await signInOverHttp(page.request, demoAdmin);
    await page.goto("/impressum");
    const warning = page.getByTestId("imprint-warning");
    await expect(warning).toContainText("Impressum unvollständig");
    for (const field of ["Firmenname", "Vertretungsberechtigte/r", "Registergericht", "USt-IdNr."])
      await expect(warning.getByRole("listitem").filter({ hasText: field })).toHaveCount(1);
    await warning.getByRole("link", { name: "Zu den Einstellungen" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByTestId("imprint-warning")).toContainText("Impressum unvollständig");
  });
});

test.describe("payment methods and about", () => {
  test("/zahlungsmethoden names bank transfer and not card or PayPal, which are not offered", async ({
    page,
  }) => {
    // Without a payment provider (E2E has none) only bank transfer is offered (decision 031).
    await page.goto("/zahlungsmethoden");
    await expect(page.getByTestId("payment-method-bank-transfer")).toContainText("Verfügbar");
    await expect(page.getByTestId("payment-method-bank-transfer")).not.toContainText(
      "nicht verfügbar",
    );
    for (const method of ["credit-card", "paypal"])
      await expect(page.getByTestId(`payment-method-${method}`)).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(/Kreditkarte|PayPal/);
    await expect(page.getByRole("heading", { name: "Verschlüsselte Verbindung" })).toBeVisible();
    await expect(page.getByText(/TLS/)).toBeVisible();
  });

  test("/ueber-uns shows the real number of published properties and no invented figures", async ({
    page,
  }) => {
    await page.goto("/ueber-uns");
    const figure = page.getByTestId("published-properties");
    await expect(figure).toContainText("Unterkünfte");
    const value = Number((await figure.locator("dd").first().innerText()).replace(/\D/g, ""));
    expect(value).toBeGreaterThan(40);
    // Every figure is computed (decision 031); nothing "according to the operator" any more.
    await expect(page.getByText("Angabe des Betreibers")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("12.000+");
    await expect(page.getByRole("main")).toContainText("+49 30 12345678");
  });

  test("info pages have no serious accessibility violations", async ({ page }) => {
    for (const path of ["/angebote", "/ueber-uns", "/impressum", "/zahlungsmethoden"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("the pages switch to English", async ({ page }) => {
    await page.goto("/bewertungen");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews from our guests");
    await expect(page.getByTestId("review").first()).toContainText("Verified stay");
    await page.goto("/zahlungsmethoden");
    // Only offered methods are named (decision 031).
    await expect(page.getByTestId("payment-method-bank-transfer")).toContainText("Bank transfer");
    await expect(page.getByTestId("payment-method-paypal")).toHaveCount(0);
    await page.goto("/impressum");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legal notice (Impressum)");
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});
