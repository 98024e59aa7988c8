import type { Page } from "@playwright/test";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/** Issue 15 parts 2 and 3 (decision 031): nothing on the site that no one can back up. */

const numberIn = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).locator("dd").first().innerText()).replace(/\D/g, ""));

const REGIONS = [
  { path: "/reiseziele/europa", name: "Europa" },
  { path: "/reiseziele/asien", name: "Asien" },
  { path: "/reiseziele/amerika", name: "Amerika" },
  { path: "/reiseziele/afrika", name: "Afrika" },
];

test("/ueber-uns shows figures computed from what the site holds", async ({ page }) => {
  // Other journeys publish properties meanwhile: read both sides again until they agree.
  await expect(async () => {
    await page.goto("/ueber-uns");
    await expect(page.getByTestId("published-properties")).toBeVisible();
    const published = await numberIn(page, "published-properties");
    const destinations = await numberIn(page, "destinations");
    const guests = await numberIn(page, "guests-hosted");

    // The search finds exactly the published properties.
    await page.goto("/properties");
    const found = Number(
      (
        await page
          .getByText(/\d+ Unterkünfte gefunden/)
          .first()
          .innerText()
      ).replace(/\D/g, ""),
    );
    expect(published).toBe(found);

    // Every place on the region pages is one destination.
    let places = 0;
    for (const region of REGIONS) {
      await page.goto(region.path);
      places += await page.locator("[data-testid=destination-list] article li").count();
    }
    expect(destinations).toBe(places);

    // The demo has completed stays: the guests of those stays are counted.
    expect(guests).toBeGreaterThan(0);
  }).toPass({ timeout: 120_000 });

  await page.goto("/ueber-uns");
  const main = page.getByRole("main");
  await expect(main).not.toContainText("12.000");
  await expect(main).not.toContainText("Jahre Erfahrung");
  await expect(main).not.toContainText("Angabe des Betreibers");
  await expectNoSeriousA11yViolations(page);
});

test("a region without published properties says so and is not in the menu", async ({ page }) => {
  const empty: string[] = [];
  const withProperties: string[] = [];
  for (const region of REGIONS) {
    await page.goto(region.path);
    if ((await page.getByTestId("region-empty").count()) > 0) empty.push(region.name);
    else withProperties.push(region.name);
  }
  // The demo portfolio is in Europe only.
  expect(withProperties).toContain("Europa");
  expect(empty).toContain("Afrika");

  await page.goto("/reiseziele/afrika");
  await expect(page.getByTestId("region-empty")).toContainText(
    "In dieser Region bieten wir derzeit keine Unterkünfte an.",
  );
  await expect(page.getByRole("link", { name: "Alle Unterkünfte ansehen" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Desktop menu.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Reiseziele" }).click();
  const menu = page.locator("#destinations-menu");
  for (const name of withProperties) await expect(menu.getByRole("link", { name })).toBeVisible();
  for (const name of empty) await expect(menu.getByRole("link", { name })).toHaveCount(0);

  // Phone menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const mobile = page.locator("#mobile-menu");
  for (const name of withProperties) await expect(mobile.getByRole("link", { name })).toBeVisible();
  for (const name of empty) await expect(mobile.getByRole("link", { name })).toHaveCount(0);
});

test("home lists: popular by real bookings, recommendations with a real reason", async ({
  page,
}) => {
  await page.goto("/");
  // The demo has bookings in the last 12 months, so the list is ranked, not "Neu bei uns".
  await expect(page.getByRole("heading", { name: "Beliebte Unterkünfte" })).toBeVisible();
  const recommended = page.getByTestId("recommended-list").locator("li");
  await expect(recommended.first()).toBeVisible();
  const reasons = /Angebot: −\d+ %|★ \d,\d \(\d+ Bewertungen?\)|Haustiere erlaubt/;
  for (const card of await recommended.all()) await expect(card).toContainText(reasons);
  await expect(page.getByTestId("recommended-list")).not.toContainText("Luxus");
});

const PUBLIC_PAGES = [
  "/",
  "/buchungsprozess",
  "/zahlungsmethoden",
  "/agb",
  "/faq",
  "/datenschutz",
  "/ueber-uns",
  "/kontakt",
  "/angebote",
  "/bewertungen",
  "/reisepakete",
  "/hotelbuchung",
  "/flugbuchung",
  "/reiseversicherung",
  "/impressum",
  "/properties",
];

test.describe("payment methods and opening hours from the settings", { tag: "@settings" }, () => {
  test("with only bank transfer offered no page names card or PayPal; one set of opening hours", async ({
    browser,
  }) => {
    const admin = await browser.newPage();
    await signInOverHttp(admin.request, demoAdmin);
    const save = async () => {
      await admin.getByRole("button", { name: "Einstellungen speichern" }).click();
      await expect(admin.getByRole("status")).toHaveText("Einstellungen erfolgreich gespeichert");
    };
    try {
      await admin.goto("/admin/settings?tab=buchungen");
      await waitForHydration(admin);
      await admin.getByLabel("Kreditkarte").uncheck();
      await admin.getByLabel("PayPal").uncheck();
      await expect(admin.getByLabel("Banküberweisung")).toBeChecked();
      await save();
      await admin.goto("/admin/settings");
      await waitForHydration(admin);
      await admin.getByLabel("Öffnungszeiten (Deutsch)").fill("Di–Sa 10:00–16:00");
      await admin.getByLabel("Öffnungszeiten (Englisch, optional)").fill("");
      await save();

      const visitor = await browser.newPage();
      for (const path of PUBLIC_PAGES) {
        await visitor.goto(path);
        const body = visitor.locator("body");
        await expect(body, path).not.toContainText(/Kreditkarte|PayPal|credit card|Kartenzahlung/i);
      }
      // The payment statements name what is offered.
      await visitor.goto("/faq?q=Zahlungsarten");
      await expect(visitor.getByRole("main")).toContainText(
        "Derzeit bieten wir Banküberweisung an.",
      );
      await visitor.goto("/");
      await expect(visitor.getByRole("main")).toContainText("Sie zahlen per Banküberweisung.");

      // One set of opening hours, from the settings, wherever hours are named.
      for (const path of ["/", "/kontakt", "/ueber-uns", "/buchungsprozess"]) {
        await visitor.goto(path);
        await expect(visitor.locator("body"), path).toContainText("Di–Sa 10:00–16:00");
        await expect(visitor.locator("body"), path).not.toContainText("9:00–18:00");
      }
      // No English text: English pages show the German one.
      await visitor.getByRole("button", { name: "English" }).click();
      await expect(visitor.getByRole("contentinfo")).toContainText("Di–Sa 10:00–16:00");
      await visitor.getByRole("button", { name: "Deutsch" }).click();
      await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
      await visitor.close();
    } finally {
      // Put the demo settings back for the other journeys.
      await admin.goto("/admin/settings?tab=buchungen");
      await waitForHydration(admin);
      await admin.getByLabel("Kreditkarte").check();
      await admin.getByLabel("PayPal").check();
      await save();
      await admin.goto("/admin/settings");
      await waitForHydration(admin);
      await admin.getByLabel("Öffnungszeiten (Deutsch)").fill("Mo–Fr 9:00–18:00, Sa 10:00–14:00");
      await admin
        .getByLabel("Öffnungszeiten (Englisch, optional)")
        .fill("Mon–Fri 9:00–18:00, Sat 10:00–14:00");
      await save();
      await admin.close();
    }
  });
});
