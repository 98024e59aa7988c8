import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./helpers";

/** Calendar day `offset` days from today in Europe/Berlin, as the seed plans its stays. */
function berlinDay(offset: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** After a navigation: wait until the results on screen belong to the URL in the address bar. */
async function settled(page: Page) {
  const search = new URL(page.url()).search;
  await expect(page.locator("section[data-rendered-search]")).toHaveAttribute(
    "data-rendered-search",
    search,
  );
}

const foundCount = async (page: Page) => {
  await settled(page);
  const text = await page
    .getByRole("status")
    .filter({ hasText: /gefunden/ })
    .innerText();
  return Number(text.match(/^([\d.]+) Unterk/)![1].replace(/\./g, ""));
};

const cardTitles = async (page: Page) => {
  await settled(page);
  return page.getByTestId("search-results").getByRole("heading", { level: 3 }).allInnerTexts();
};

/** Titles on every page of a search (follows "Weiter" links). */
async function allTitles(page: Page, url: string) {
  await page.goto(url);
  const titles = await cardTitles(page);
  const pagination = page.getByRole("navigation", { name: "Seiten" });
  while (await pagination.getByRole("link", { name: "Weiter" }).count()) {
    await pagination.getByRole("link", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/page=\d+/);
    await settled(page);
    titles.push(...(await cardTitles(page)));
  }
  return titles;
}

test("a property booked for the chosen stay disappears from the results, and is back when it is free", async ({
  page,
}) => {
  // The demo data has a confirmed stay from today+18 for 5 nights (db/seed.server.ts), and no
  // other non-cancelled stay overlaps it.
  const checkIn = berlinDay(18);
  const checkOut = berlinDay(23);
  const everything = await allTitles(page, "/properties");
  const total = await foundCount(page);
  expect(everything).toHaveLength(total);

  const free = await allTitles(page, `/properties?checkIn=${checkIn}&checkOut=${checkOut}`);
  await expect(page.getByText(/^Frei vom/)).toBeVisible();
  expect(await foundCount(page)).toBe(total - 1);
  const booked = everything.filter((title) => !free.includes(title));
  expect(booked).toHaveLength(1);

  // The check-out day of that stay is free for the next guest.
  const after = await allTitles(page, `/properties?checkIn=${checkOut}&checkOut=${berlinDay(26)}`);
  expect(after).toContain(booked[0]);

  // Now through the form, as a guest does it: location + guests + dates.
  await page.goto("/properties");
  const bookedCard = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: booked[0], exact: true }) });
  // Other journeys add properties meanwhile: the card may be on any page, so page on until it
  // shows (each page replaces the list; "Weiter" is gone on the last one).
  const next = page
    .getByRole("navigation", { name: "Seiten" })
    .getByRole("link", { name: "Weiter" });
  while (!(await bookedCard.count()) && (await next.count())) {
    await next.click();
    await expect(page).toHaveURL(/page=\d+/);
    await settled(page);
  }
  const location = await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: booked[0], exact: true }) })
    .locator("p")
    .first()
    .innerText();
  const city = location.split(",")[0].trim();

  await page.goto("/properties");
  await page.getByLabel("Ort", { exact: true }).fill(city.toLowerCase());
  await page.getByLabel("Gäste", { exact: true }).selectOption("1");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/location=/);
  const withoutDates = await cardTitles(page);
  expect(withoutDates).toContain(booked[0]);
  for (const text of await page.getByRole("article").locator("p").first().allInnerTexts()) {
    expect(text.toLowerCase()).toContain(city.toLowerCase());
  }

  await page.getByLabel("Anreise", { exact: true }).fill(checkIn);
  await page.getByLabel("Abreise", { exact: true }).fill(checkOut);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&guests=1`));
  await expect(page.getByRole("heading", { name: booked[0], exact: true })).toHaveCount(0);
  expect(await foundCount(page)).toBe(withoutDates.length - 1);
  // The form shows what is applied.
  await expect(page.getByLabel("Ort", { exact: true })).toHaveValue(city.toLowerCase());
  await expect(page.getByLabel("Anreise", { exact: true })).toHaveValue(checkIn);

  // Back brings the previous search back.
  await page.goBack();
  await expect(page.getByRole("heading", { name: booked[0], exact: true })).toBeVisible();
});

test("pages through the results with the total count, and back/forward restore the page", async ({
  page,
}) => {
  await page.goto("/properties");
  const total = await foundCount(page);
  expect(total).toBeGreaterThan(24);
  const first = await cardTitles(page);
  expect(first).toHaveLength(24);
  const pagination = page.getByRole("navigation", { name: "Seiten" });
  await expect(pagination.getByRole("link", { name: "Seite 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await pagination.getByRole("link", { name: "Seite 2" }).click();
  await expect(page).toHaveURL(/\/properties\?page=2$/);
  await expect(pagination.getByRole("link", { name: "Seite 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const second = await cardTitles(page);
  expect(second).toHaveLength(Math.min(24, total - 24));
  expect(second.some((title) => first.includes(title))).toBe(false);
  // Keyboard and screen reader users land on the new results, not at the page bottom.
  await expect(page.getByRole("status").filter({ hasText: /gefunden/ })).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/properties$/);
  expect(await cardTitles(page)).toEqual(first);
});

test("sorts by price, with prices read from the cards", async ({ page }) => {
  await page.goto("/properties");
  await page.getByLabel("Sortieren nach").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  const prices = async () => {
    await settled(page);
    const texts = await page
      .getByTestId("search-results")
      .getByTestId("nightly-price")
      .allInnerTexts();
    return texts.map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
  };
  const ascending = await prices();
  expect(ascending.length).toBe(24);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await page.getByLabel("Sortieren nach").selectOption("price-desc");
  await expect(page).toHaveURL(/sort=price-desc/);
  const descending = await prices();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThanOrEqual(ascending.at(-1)!);
});

test("invalid query values are corrected or ignored, never an error page", async ({ page }) => {
  const response = await page.goto(
    "/properties?guests=viele&minPrice=300&maxPrice=100&checkIn=2020-01-01&checkOut=2020-01-05&page=-3&sort=egal&bedrooms=x",
  );
  expect(response?.status()).toBe(200);
  await expect(
    page.getByText(
      "Der Mindestpreis war höher als der Höchstpreis; wir haben die Werte getauscht.",
    ),
  ).toBeVisible();
  await expect(page.getByText(/Das Anreisedatum liegt in der Vergangenheit/)).toBeVisible();
  await expect(page.getByLabel("Preis von (€ pro Nacht)")).toHaveValue("100");
  await expect(page.getByLabel("Preis bis (€ pro Nacht)")).toHaveValue("300");
  await expect(page.getByLabel("Anreise", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Gäste", { exact: true })).toHaveValue("");
  expect(await foundCount(page)).toBeGreaterThanOrEqual(0);
});

test("an empty result says so and resets the filters with one click", async ({ page }) => {
  await page.goto("/properties?location=Atlantis");
  await expect(
    page.getByText("Keine Unterkünfte gefunden, die Ihren Suchkriterien entsprechen."),
  ).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Filter zurücksetzen" }).last().click();
  await expect(page).toHaveURL(/\/properties$/);
  expect(await foundCount(page)).toBeGreaterThan(0);
  await expect(page.getByLabel("Ort", { exact: true })).toHaveValue("");
});

test("the home search lands on /properties with its filters applied", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Reiseziel").fill("Deutschland");
  await page.getByLabel("Gäste", { exact: true }).selectOption("4");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/\/properties\?location=Deutschland&guests=4/);
  await expect(page.getByLabel("Ort", { exact: true })).toHaveValue("Deutschland");
  await expect(page.getByLabel("Gäste", { exact: true })).toHaveValue("4");
  const count = await foundCount(page);
  expect(count).toBeGreaterThan(0);
  for (const text of await page.getByRole("article").allInnerTexts()) {
    expect(text).toContain("Deutschland");
  }
  // Cards lead to the detail page, carrying the guests along.
  const firstTitle = (await cardTitles(page))[0];
  await page.getByRole("link", { name: firstTitle, exact: true }).click();
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\?guests=4$/);
});

test("filters work without JavaScript, also folded away on a phone", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/properties");
  await expect(page.getByLabel("Schlafzimmer", { exact: true })).toBeHidden();
  await page.getByText("Filter anzeigen").click();
  await page.getByLabel("Schlafzimmer", { exact: true }).selectOption("3");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/bedrooms=3/);
  const texts = await page.getByRole("article").allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts)
    expect(Number(text.match(/(\d+) Schlafzimmer/)![1])).toBeGreaterThanOrEqual(3);
  await context.close();
});

// Ratings change for a moment while a review journey runs: "demo-data" project.
test(
  "cards show the real rating or 'Neu', and the page passes axe",
  { tag: "@demo-data" },
  async ({ page }) => {
    await page.goto("/properties?sort=rating");
    const cards = page.getByRole("article");
    // Best rated first: the first card has reviews (the demo data has reviews), the last has none.
    await expect(cards.first()).toContainText(/\(\d+ Bewertung(en)?\)/);
    await page.goto("/properties?sort=rating&page=2");
    await expect(cards.last()).toContainText("Neu");
    await expectNoSeriousA11yViolations(page);
  },
);
