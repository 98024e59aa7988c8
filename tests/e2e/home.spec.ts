import { expect, expectNoSeriousA11yViolations, test } from "./helpers";

test.describe("home page", () => {
  test("the search lands on /properties with the query, empty fields left out", async ({
    page,
  }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Unterkünfte suchen" });
    await search.getByLabel("Reiseziel").fill("Sylt");
    await expect(search.getByLabel("Gäste")).toHaveValue("2");
    await search.getByLabel("Gäste").selectOption("4");
    await search.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/properties\?location=Sylt&guests=4$/);
  });

  test("the search refuses a departure before the arrival", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Unterkünfte suchen" });
    await search.getByLabel("Anreise").fill("2030-05-10");
    await search.getByLabel("Abreise").fill("2030-05-08");
    // The browser's own min-check would block the submit; the app's message is what we assert.
    await search.evaluate((form) => form.setAttribute("novalidate", ""));
    await search.getByRole("button", { name: "Suchen" }).click();
    await expect(search.getByRole("alert")).toHaveText("Die Abreise muss nach der Anreise liegen.");
    await expect(page).toHaveURL(/\/$/);
  });

  test("shows six popular apartments, six different recommendations with badges, and articles", async ({
    page,
  }) => {
    await page.goto("/");
    const featured = page.getByTestId("featured-list").getByRole("heading", { level: 3 });
    const recommended = page.getByTestId("recommended-list").getByRole("heading", { level: 3 });
    await expect(featured).toHaveCount(6);
    await expect(recommended).toHaveCount(6);
    const featuredTitles = await featured.allTextContents();
    const recommendedTitles = await recommended.allTextContents();
    expect(featuredTitles.filter((title) => recommendedTitles.includes(title))).toEqual([]);
    await expect(page.getByRole("heading", { name: "Reiseinspiration" })).toBeVisible();
    await page.getByText("Weiterlesen").first().click();
    await expect(page.getByText("Wenn die Sommergäste abgereist sind")).toBeVisible();
  });

  test("the hero rotates every 5 seconds and pauses on hover and with the pause button", async ({
    page,
  }) => {
    // A controllable clock (time still flows): the 5 s rotation and the 6 s pause check below
    // are fast-forwarded.
    await page.clock.install();
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Ausgewählte Unterkünfte" });
    await page.mouse.move(0, 0);
    await expect(hero).toHaveAttribute("data-hero-index", "0");
    await page.clock.runFor(5000);
    await expect(hero).toHaveAttribute("data-hero-index", "1");
    await hero.hover();
    await expect(hero).toHaveAttribute("data-hero-paused", "");
    await page.mouse.move(0, 0);
    await page.getByRole("button", { name: "Bildwechsel anhalten" }).click();
    await page.mouse.move(0, 0);
    const index = await hero.getAttribute("data-hero-index");
    await page.clock.runFor(6000);
    await expect(hero).toHaveAttribute("data-hero-index", index!);
  });

  test("the hero does not rotate when the visitor prefers reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Ausgewählte Unterkünfte" });
    await expect(hero).toHaveAttribute("data-hero-paused", "");
    await page.clock.runFor(6000);
    await expect(hero).toHaveAttribute("data-hero-index", "0");
    await context.close();
  });

  test("'App herunterladen' shows how to install when the browser offers no prompt", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "App herunterladen" }).click();
    const dialog = page.getByRole("dialog", { name: "Zum Startbildschirm hinzufügen" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Zum Home-Bildschirm");
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await expect(dialog).toBeHidden();
  });

  test("is an installable web app: manifest, icons, service worker", async ({ page, request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: "TraumUrlaub Reisen",
      start_url: "/",
      display: "standalone",
    });
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    await page.goto("/");
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? "";
    });
    expect(registered).toMatch(/\/sw\.js$/);
  });

  test("has canonical and Open Graph tags, a sitemap and robots.txt", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /^http:\/\/localhost:\d+\/$/,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "TraumUrlaub Reisen – Ferienwohnungen & Reisen",
    );
    const robots = await (await request.get("/robots.txt")).text();
    for (const path of ["/admin", "/dashboard", "/auth"])
      expect(robots).toContain(`Disallow: ${path}`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/faq</loc>");
    expect(sitemap).not.toContain("/admin");
    expect((sitemap.match(/\/properties\/[0-9a-f-]{36}</g) ?? []).length).toBeGreaterThanOrEqual(
      40,
    );
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("no dead controls on the data pages", () => {
  // Buttons that are not form submits, each with its behaviour tested in this suite.
  const testedElsewhere = new Set(["Bildwechsel anhalten", "Bildwechsel fortsetzen"]);
  const externalAllowed = ["https://www.openstreetmap.org"];

  test("every link leads to a page and every button does something", async ({ page, request }) => {
    test.setTimeout(180_000);
    const checked = new Map<string, number>();
    for (const path of [
      "/",
      "/angebote",
      "/ueber-uns",
      "/kontakt",
      "/zahlungsmethoden",
      "/bewertungen",
      "/impressum",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const hrefs = await page
        .locator("#main a[href]")
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const href of new Set(hrefs)) {
        const url = new URL(href);
        if (url.protocol === "mailto:" || url.protocol === "tel:") continue;
        if (url.origin !== new URL(page.url()).origin) {
          expect(
            externalAllowed.some((prefix) => href.startsWith(prefix)),
            `${path}: external ${href}`,
          ).toBe(true);
          continue;
        }
        const target = url.pathname + url.search;
        if (!checked.has(target)) checked.set(target, (await request.get(target)).status());
        expect(checked.get(target), `${path} links to ${target}`).toBe(200);
      }
      const buttons = await page.locator("#main button").evaluateAll((elements) =>
        elements.map((b) => ({
          name: (b.getAttribute("aria-label") ?? b.textContent ?? "").trim(),
          isFormSubmit:
            (b as HTMLButtonElement).type === "submit" && (b as HTMLButtonElement).form !== null,
        })),
      );
      for (const button of buttons) {
        expect(
          button.isFormSubmit || testedElsewhere.has(button.name),
          `${path}: button "${button.name}"`,
        ).toBe(true);
      }
    }
  });
});
