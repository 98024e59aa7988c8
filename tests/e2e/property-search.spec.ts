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

/**
 * Follows "Weiter" and waits until the next page's results are on screen. It waits for that
 * page's number in the address bar first: on page 2 the old URL already matched /page=\d+/ and
 * its results were still "settled", so a fast server let the loop read page 2 twice and then
 * wait for a "Weiter" that page 3 no longer has.
 */
async function nextPage(page: Page) {
  const current = Number(new URL(page.url()).searchParams.get("page") ?? "1");
  await page
    .getByRole("navigation", { name: "Seiten" })
    .getByRole("link", { name: "Weiter" })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${current + 1}(&|$)`));
  await settled(page);
}

/** Titles on every page of a search (follows "Weiter" links). */
async function allTitles(page: Page, url: string) {
  await page.goto(url);
  const titles = await cardTitles(page);
  const pagination = page.getByRole("navigation", { name: "Seiten" });
  while (await pagination.getByRole("link", { name: "Weiter" }).count()) {
    await nextPage(page);
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
    await nextPage(page);
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

test("an empty result says so, offers an enquiry and resets the filters with one click", async ({
  page,
}) => {
  await page.goto("/properties?location=Atlantis");
  await expect(
    page.getByText("Keine Unterkünfte gefunden, die Ihren Suchkriterien entsprechen."),
  ).toBeVisible();
  // Nothing fits: the guest may still ask the operator (spec 02).
  await expect(
    page.getByRole("main").getByRole("link", { name: "Anfrage senden" }),
  ).toHaveAttribute("href", "/kontakt");
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
  await page.locator('label[for="filters-toggle"]').click();
  await page.getByLabel("Schlafzimmer", { exact: true }).selectOption("3");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/bedrooms=3/);
  const texts = await page.getByRole("article").allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts)
    expect(Number(text.match(/(\d+) Schlafzimmer/)![1])).toBeGreaterThanOrEqual(3);
  await context.close();
});

test("with dates, each card shows the stay total, the same as the price box and the booking page", async ({
  page,
  guest,
}) => {
  expect(guest.email).toBeTruthy(); // signed in: the price box leads to the booking page
  const checkIn = berlinDay(214);
  const checkOut = berlinDay(221);
  await page.goto(`/properties?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  await settled(page);
  const totals = page.getByTestId("search-results").getByTestId("stay-total");
  await expect(totals).toHaveCount(24);
  await expect(totals.first()).toHaveText(/^7 Nächte · [\d.]+,\d\d\s€\s+inkl\. aller Gebühren$/);
  for (const index of [0, 1, 2]) {
    await page.goto(`/properties?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    await settled(page);
    const card = page.getByTestId("search-results").getByRole("article").nth(index);
    const onCard = (await card.getByTestId("stay-total").innerText()).match(/· (.+€)/)![1];
    await card.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&guests=2$`));
    const box = page.getByRole("region", { name: "Preis und Verfügbarkeit" });
    await expect(box.getByRole("definition").last()).toHaveText(onCard);
    await box.getByRole("link", { name: "Jetzt buchen" }).click();
    await expect(
      page.getByRole("region", { name: "Ihre Buchung" }).getByTestId("summary-total"),
    ).toHaveText(onCard);
  }

  // A stay the property page would refuse (longer than the maximum stay): no totals, and why.
  await page.goto(`/properties?checkIn=${checkIn}&checkOut=${berlinDay(214 + 90)}`);
  await settled(page);
  await expect(
    page.getByText(
      /^Der Höchstaufenthalt beträgt \d+ Nächte\. Gesamtpreise zeigen wir nur für buchbare Zeiträume\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("stay-total")).toHaveCount(0);

  // Without dates the cards show the nightly price only.
  await page.goto("/properties?guests=2");
  await settled(page);
  await expect(page.getByTestId("stay-total")).toHaveCount(0);
});

test("the amenity filter lists the most used first and unfolds all of them by keyboard", async ({
  page,
}) => {
  await page.goto("/properties");
  const amenities = page.getByRole("group", { name: "Ausstattung" });
  const showAll = amenities.getByText(/^Alle \d+ anzeigen$/);
  const all = Number((await showAll.innerText()).match(/\d+/)![0]);
  const boxes = amenities.getByRole("checkbox");
  await expect(boxes).toHaveCount(8);
  const shown = await amenities.locator("label:visible").allInnerTexts();

  await amenities.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(boxes).toHaveCount(all);
  await expect(amenities.getByText("Weniger anzeigen")).toBeVisible();
  const folded = (await amenities.locator("label").allInnerTexts()).slice(8);

  // A chosen folded amenity is applied and stays in view.
  await amenities.getByLabel(folded[0], { exact: true }).check();
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/amenities=/);
  await settled(page);
  await expect(amenities.getByLabel(folded[0], { exact: true })).toBeChecked();
  await expect(amenities.getByLabel(folded[0], { exact: true })).toBeVisible();

  // Most used first: the last amenity shown is in at least as many properties as the first
  // folded one (the integration test checks the whole order).
  const countOf = async (amenity: string) => {
    await page.goto(`/properties?${new URLSearchParams({ amenities: amenity })}`);
    return foundCount(page);
  };
  expect(await countOf(shown[7])).toBeGreaterThanOrEqual(await countOf(folded[0]));
});

test("on a phone the filters are a sheet: active count, focus kept inside, Escape, and 'N Unterkünfte anzeigen'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/properties?bathrooms=1");
  const open = page.getByRole("button", { name: /^Filter/ });
  await expect(open).toHaveAccessibleName("Filter (1 aktiver Filter)");
  await expect(page.getByLabel("Schlafzimmer", { exact: true })).toBeHidden();

  await open.click();
  const sheet = page.getByRole("dialog", { name: "Filter" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel("Badezimmer", { exact: true })).toHaveValue("1");
  await expectNoSeriousA11yViolations(page);
  // The page behind is inert: Tab never leaves the sheet.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(
      () => document.activeElement === document.body || !!document.activeElement?.closest("dialog"),
    );
    expect(inside).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await sheet.getByLabel("Schlafzimmer", { exact: true }).selectOption("3");
  // What the search page itself finds for these filters.
  const html = await (await page.request.get("/properties?bathrooms=1&bedrooms=3")).text();
  const total = Number(
    html.match(/>([\d.]+) Unterk(?:ünfte|unft) gefunden</)![1].replace(/\./g, ""),
  );
  expect(total).toBeGreaterThan(0);
  const show = sheet.getByRole("button", { name: /anzeigen$/ });
  await expect(show).toHaveText(
    total === 1 ? "1 Unterkunft anzeigen" : `${total} Unterkünfte anzeigen`,
  );
  await show.click();
  await expect(page).toHaveURL(/bathrooms=1&bedrooms=3|bedrooms=3&bathrooms=1/);
  await expect(sheet).toBeHidden();
  expect(await foundCount(page)).toBe(total);
  await expect(open).toHaveAccessibleName("Filter (2 aktive Filter)");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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
