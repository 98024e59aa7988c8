import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./helpers";

/** Published property pages, as search engines find them. */
async function publishedPropertyPaths(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (match) => match[1],
  );
  expect(paths.length).toBeGreaterThan(0);
  return paths;
}

/** The first published property whose server-rendered page satisfies `accept`. */
async function findProperty(request: APIRequestContext, accept: (html: string) => boolean) {
  for (const path of await publishedPropertyPaths(request)) {
    const html = await (await request.get(path)).text();
    if (accept(html)) return path;
  }
  throw new Error("no matching demo property");
}

const hasReviews = (html: string) => html.includes('data-testid="rating-summary"');
/** How many images the server-rendered gallery shows. */
const imageCount = (html: string) => Number(html.match(/vergrößern \(\d+ von (\d+)\)/)?.[1] ?? 0);

/** How many photos the gallery has (shown or not): "… vergrößern (1 von N)" of the main photo. */
async function photoCount(gallery: Locator) {
  const label = await gallery.getByRole("button").first().getAttribute("aria-label");
  return Number(label?.match(/\(1 von (\d+)\)$/)?.[1] ?? 0);
}

async function jsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(text ?? "null");
}

/** The calendar day `days` from today in Europe/Berlin, "YYYY-MM-DD". */
function berlinDayIn(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(
    Date.now() + days * 86_400_000,
  );
}

const demoData = { tag: "@demo-data" };

const hostSince =
  /Gastgeber seit (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/;

test.describe("property detail page", () => {
  test("shows title, details, amenities, host and the rated reviews of a published property", async ({
    page,
    request,
  }) => {
    const path = await findProperty(request, hasReviews);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const details = page.getByTestId("details");
    for (const term of ["Schlafzimmer", "Badezimmer", "max. Gäste"])
      await expect(details.getByRole("term").filter({ hasText: term })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Beschreibung" })).toBeVisible();
    await expect(page.getByTestId("amenities").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByTestId("amenities")).toContainText("WLAN");

    const host = page.getByTestId("host");
    await expect(host).toContainText("Julia Hoffmann");
    await expect(host).toContainText(hostSince);

    // The count in the summary matches the reviews shown (at most the latest five).
    const reviews = page.getByRole("region", { name: "Bewertungen" });
    const summary = await reviews.getByTestId("rating-summary").textContent();
    const count = Number(summary?.match(/(\d+) Bewertung/)?.[1]);
    expect(count).toBeGreaterThan(0);
    await expect(reviews.getByTestId("review")).toHaveCount(Math.min(count, 5));
    await expect(reviews.getByText("Noch keine Bewertungen")).toHaveCount(0);
    await expect(
      reviews.getByRole("link", { name: "Alle Bewertungen unserer Gäste" }),
    ).toHaveAttribute("href", "/bewertungen");

    // Structured data with the real numbers; the preview image is an absolute URL.
    const data = await jsonLd(page);
    expect(data.name).toBe(title);
    expect(data.offers.priceCurrency).toBe("EUR");
    expect(Number(data.offers.price)).toBeGreaterThan(0);
    expect(data.aggregateRating.reviewCount).toBe(count);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/^http:\/\/localhost:\d+\/media\/.+\.webp$/);
    expect((await request.get(ogImage!)).status()).toBe(200);

    await expectNoSeriousA11yViolations(page);
  });

  // The first property without reviews may be the one a review journey rates for a moment:
  // "demo-data" project (playwright.config.ts).
  test(
    "says 'Noch keine Bewertungen' and gives no rating when a property has no reviews",
    demoData,
    async ({ page, request }) => {
      const path = await findProperty(request, (html) => !hasReviews(html));
      await page.goto(path);
      const reviews = page.getByRole("region", { name: "Bewertungen" });
      await expect(reviews.getByText("Noch keine Bewertungen")).toBeVisible();
      await expect(reviews.getByTestId("review")).toHaveCount(0);
      expect((await jsonLd(page)).aggregateRating).toBeUndefined();
    },
  );

  test("the gallery viewer opens on click, moves with ←/→, buttons and swipes, and closes with Escape", async ({
    page,
    request,
  }) => {
    const path = await findProperty(request, (html) => imageCount(html) >= 3);
    await page.goto(path);
    const gallery = page.getByTestId("gallery");
    const total = await photoCount(gallery);
    expect(total).toBeGreaterThanOrEqual(3);
    // The main photo and up to four beside it; the rest are in the viewer.
    await expect(gallery.getByRole("button")).toHaveCount(Math.min(total, 5));
    // The main photo loads at once with its size reserved; the thumbnails load lazily.
    const mainImage = gallery.locator("img").first();
    await expect(mainImage).toHaveAttribute("loading", "eager");
    await expect(mainImage).toHaveAttribute("width", /\d+/);
    await expect(mainImage).toHaveAttribute("srcset", /400w.*800w/);
    await expect(gallery.locator("img").nth(1)).toHaveAttribute("loading", "lazy");

    const opener = gallery.getByRole("button", { name: new RegExp(`\\(1 von ${total}\\)`) });
    await opener.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: /Bildergalerie/ });
    await expect(viewer).toBeVisible();
    const counter = viewer.getByTestId("viewer-counter");
    await expect(counter).toHaveText(`Bild 1 von ${total}`);
    await expect(viewer.getByRole("button", { name: "Galerie schließen" })).toBeFocused();

    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`Bild 2 von ${total}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`Bild ${total} von ${total}`);
    await viewer.getByRole("button", { name: "Nächstes Bild" }).click();
    await expect(counter).toHaveText(`Bild 1 von ${total}`);
    await viewer.getByRole("button", { name: "Vorheriges Bild" }).click();
    await expect(counter).toHaveText(`Bild ${total} von ${total}`);

    // A swipe to the left (pointer events, as on a touch screen) shows the next image.
    const box = (await viewer.getByRole("img").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await page.mouse.up();
    await expect(counter).toHaveText(`Bild 1 von ${total}`);

    // Focus stays inside the viewer.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    // A thumbnail opens the viewer at its own image.
    await gallery.getByRole("button", { name: new RegExp(`\\(3 von ${total}\\)`) }).click();
    await expect(counter).toHaveText(`Bild 3 von ${total}`);
    await viewer.getByRole("button", { name: "Galerie schließen" }).click();
    await expect(viewer).toBeHidden();

    // "Alle Fotos anzeigen" opens the viewer at the first of all photos.
    const showAll = page.getByRole("button", { name: "Alle Fotos anzeigen" });
    await showAll.click();
    await expect(counter).toHaveText(`Bild 1 von ${total}`);
    await page.keyboard.press("Escape");
    await expect(showAll).toBeFocused();
  });

  test("the gallery has no gaps on a wide screen; on the phone the main photo and 'Alle Fotos anzeigen'", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // One property of each layout the demo data has (they differ by the photos beside the main).
    const byLayout = new Map<number, string>();
    for (const path of await publishedPropertyPaths(request)) {
      const beside = Math.min(imageCount(await (await request.get(path)).text()) - 1, 4);
      if (beside >= 0 && !byLayout.has(beside)) byLayout.set(beside, path);
    }
    expect(byLayout.size).toBeGreaterThan(0);
    for (const [beside, path] of byLayout) {
      await page.goto(path);
      const gallery = page.getByTestId("gallery");
      const main = (await gallery.locator("img").first().boundingBox())!;
      const thumbnails = await gallery.locator("li").evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height };
        }),
      );
      expect(thumbnails).toHaveLength(beside);
      if (beside === 0) continue;
      // The thumbnails fill a column as high as the main photo: their areas (plus the gaps)
      // add up to the column's, so no cell is left empty.
      const left = Math.min(...thumbnails.map((t) => t.x));
      const right = Math.max(...thumbnails.map((t) => t.x + t.width));
      const top = Math.min(...thumbnails.map((t) => t.y));
      const bottom = Math.max(...thumbnails.map((t) => t.y + t.height));
      expect(Math.abs(top - main.y)).toBeLessThan(2);
      expect(Math.abs(bottom - (main.y + main.height))).toBeLessThan(2);
      const area = thumbnails.reduce((sum, t) => sum + t.width * t.height, 0);
      const gap = 8; // gap-2
      const columns = beside >= 3 ? 2 : 1;
      const rows = beside >= 2 ? 2 : 1;
      const cellArea =
        ((right - left - gap * (columns - 1)) / columns) *
        ((bottom - top - gap * (rows - 1)) / rows);
      expect(area / cellArea).toBeCloseTo(columns * rows, 1);
    }

    // On the phone: the main photo alone and the button to all of them.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await findProperty(request, (html) => imageCount(html) >= 2));
    const gallery = page.getByTestId("gallery");
    await expect(gallery.getByRole("button")).toHaveCount(1);
    const showAll = page.getByRole("button", { name: "Alle Fotos anzeigen" });
    await expect(showAll).toBeVisible();
    await showAll.click();
    await expect(page.getByTestId("viewer-counter")).toHaveText(/^Bild 1 von \d+$/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
  });

  test("image categories filter the gallery and 'Alle' shows every image again", async ({
    page,
    request,
  }) => {
    // Demo photos carry categories; every published property has a bedroom photo or more.
    const path = await findProperty(
      request,
      (html) => imageCount(html) >= 3 && html.includes(">Schlafzimmer</button>"),
    );
    await page.goto(path);
    const gallery = page.getByTestId("gallery");
    const filters = page.getByRole("group", { name: "Bilder nach Kategorie filtern" });
    const all = filters.getByRole("button", { name: "Alle" });
    await expect(all).toHaveAttribute("aria-pressed", "true");
    const total = await photoCount(gallery);

    const bedrooms = filters.getByRole("button", { name: "Schlafzimmer" });
    await bedrooms.click();
    await expect(bedrooms).toHaveAttribute("aria-pressed", "true");
    await expect(all).toHaveAttribute("aria-pressed", "false");
    const shown = gallery.getByRole("button");
    const count = await photoCount(gallery);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(total);
    await expect(shown).toHaveCount(Math.min(count, 5));
    for (const name of await shown.evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute("aria-label")),
    ))
      expect(name).toMatch(new RegExp(`^Schlafzimmer vergrößern \\(\\d von ${count}\\)$`));

    // The viewer pages through the filtered images only.
    await shown.first().click();
    await expect(page.getByTestId("viewer-counter")).toHaveText(`Bild 1 von ${count}`);
    await page.keyboard.press("Escape");

    await all.click();
    await expect(gallery.getByRole("button").first()).toHaveAccessibleName(
      new RegExp(`\\(1 von ${total}\\)$`),
    );
  });

  test("an unknown id and a malformed id show 'Unterkunft nicht gefunden' with a way back", async ({
    page,
  }) => {
    for (const path of ["/properties/00000000-0000-4000-8000-000000000000", "/properties/abc"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unterkunft nicht gefunden");
      await expect(page).toHaveTitle(/Unterkunft nicht gefunden/);
      // Inside the public layout (header and footer stay).
      await expect(page.getByRole("contentinfo")).toBeVisible();
      const back = page.getByRole("main").getByRole("link", { name: "Zurück zur Suche" });
      await expect(back).toHaveAttribute("href", "/properties");
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("passes valid dates from the search to the price box and drops invalid ones", async ({
    page,
    request,
  }) => {
    const path = await findProperty(request, () => true);
    // Free: demo bookings lie within ~100 days; other specs book 150–320 and 400+ days ahead.
    const stay = `checkIn=${berlinDayIn(330)}&checkOut=${berlinDayIn(334)}&guests=1`;
    await page.goto(`${path.toUpperCase().replace("/PROPERTIES/", "/properties/")}?${stay}`);
    // An id in capitals leads to the one canonical address, keeping the query.
    await expect(page).toHaveURL(`${path}?${stay}`);
    await expect(page.getByLabel("Gäste", { exact: true })).toHaveValue("1");
    // A visitor books through the sign-in page, which returns to the booking with this stay.
    const book = page.getByRole("link", { name: "Jetzt buchen" });
    expect(await book.getAttribute("href")).toContain(encodeURIComponent(`${path}/book?${stay}`));

    await page.goto(`${path}?checkIn=2020-01-01&checkOut=kaputt&guests=999`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Daten auswählen" })).toBeDisabled();
    // Too many guests: the property's maximum, and the page says so.
    const maxGuests = await page
      .getByTestId("details")
      .getByRole("definition")
      .last()
      .textContent();
    const guests = page.getByLabel("Gäste", { exact: true });
    await expect(guests).toHaveValue(maxGuests!);
    const note = `Diese Unterkunft bietet Platz für höchstens ${maxGuests} Gäste – wir haben die Anzahl angepasst.`;
    await expect(page.getByRole("status").filter({ hasText: note })).toBeVisible();
    await expect(guests).toHaveAccessibleDescription(note);
    // Once the guest picks a number, the note has done its work.
    await guests.selectOption("1");
    await expect(page.getByText(note)).toHaveCount(0);
  });

  test("the price box sticks below the site header while the page scrolls (1366 px)", async ({
    page,
    request,
  }) => {
    const height = 768;
    await page.setViewportSize({ width: 1366, height });
    await page.goto(await findProperty(request, () => true));
    const header = page.getByRole("banner");
    const box = page.getByRole("region", { name: "Preis und Verfügbarkeit" });
    const aside = page.getByRole("complementary", { name: "Preis und Buchung" });
    // The box sticks while its column goes on below it; scroll within that stretch.
    const asideBottom = await aside.evaluate(
      (element) => element.getBoundingClientRect().bottom + window.scrollY,
    );
    expect(asideBottom).toBeGreaterThan(2 * height);
    for (const fraction of [0.5, 0.9]) {
      const y = Math.round((asideBottom - height) * fraction);
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
      const headerBox = (await header.boundingBox())!;
      const priceBox = (await box.boundingBox())!;
      expect(headerBox.y).toBe(0);
      // In view, and below the header, not under it.
      expect(priceBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(height);
    }
    await expect(page.getByTestId("booking-bar")).toBeHidden();
  });
});
