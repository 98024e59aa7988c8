import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { addDays, berlinDay, germanDate } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/**
 * The facts a guest needs on the property page (issue 15 part 4, decision 033): an operator sets
 * house rules, times and a Kurtaxe note in the property form and finds them on the page; the
 * price box says until when the chosen stay can be cancelled for free (the demo settings: 48 h,
 * 50 %), or that it cannot; the place links to OpenStreetMap without loading anything from it.
 * Every journey works on a property of its own; the settings are not changed.
 */

async function adminPage(browser: Browser) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${crypto.randomInt(1, 250)}` },
  });
  const page = await context.newPage();
  await signInOverHttp(page.request, demoAdmin);
  return page;
}

/** A published property of the test's own, made through the add form's action; returns its id. */
async function createProperty(page: Page, title: string) {
  const response = await page.request.post("/admin/properties/add", {
    form: {
      intent: "save",
      title,
      description: "Helle Wohnung mit Blick auf den Hafen.",
      pricePerNight: "90",
      country: "Deutschland",
      city: "Lübeck",
      bedrooms: "1",
      bathrooms: "1",
      maxGuests: "2",
      images: "[]",
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  await page.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
  const card = page
    .getByTestId("admin-properties")
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(card).toHaveCount(1);
  return (await card.getAttribute("data-property-id"))!;
}

/** The 15th of a month at least `minDays` ahead: far from both clock changes (end of March/October). */
function fifteenthAhead(today: string, minDays: number) {
  const earliest = addDays(today, minDays);
  const sameMonth = `${earliest.slice(0, 8)}15`;
  if (sameMonth >= earliest) return sameMonth;
  return `${addDays(`${earliest.slice(0, 8)}01`, 31).slice(0, 8)}15`;
}

test("house rules, times and the Kurtaxe note set in the property form show on the property page", async ({
  browser,
}) => {
  // Two pages, a form and axe on a machine that may be busy: more than the default 90 s.
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  const title = `Hafenblick ${crypto.randomUUID().slice(0, 6)}`;
  const id = await createProperty(page, title);

  await page.goto(`/admin/properties/edit/${id}`);
  await waitForHydration(page);
  const facts = page.getByRole("group", { name: "Hausregeln, Zeiten und Kurtaxe" });
  // Empty fields show the settings' defaults, named in the hint.
  await expect(facts).toContainText("(15:00 / 10:00)");
  await facts.getByLabel("Check-in ab").fill("14:30");
  await facts.getByLabel("Hausregeln").fill("Bitte keine Partys.\n\nHunde nach Absprache.");
  // The Kurtaxe note: the settings' (the default), an own one or none (decision 041). The own
  // text field shows once "own" is chosen.
  const tax = facts.getByRole("group", { name: "Hinweis zu Kurtaxe/Gästebeitrag" });
  await expect(tax.getByLabel("Standard aus den Einstellungen")).toBeChecked();
  await expect(tax.getByLabel("Eigener Hinweis", { exact: true })).toBeHidden();
  await tax.getByLabel("Eigener Hinweis für diese Unterkunft").check();
  await tax
    .getByLabel("Eigener Hinweis", { exact: true })
    .fill("Kurtaxe: 2,10 € pro Person und Nacht, vor Ort zu zahlen.");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/properties\?hinweis=saved/);

  const guestPage = await (await browser.newContext()).newPage();
  await guestPage.goto(`/properties/${id}`);
  const section = guestPage.getByTestId("property-facts");
  await expect(section.getByRole("heading", { name: "Gut zu wissen" })).toBeVisible();
  await expect(section.getByTestId("property-times")).toContainText("Check-inab 14:30 Uhr");
  // Check-out was left empty: the settings' default.
  await expect(section.getByTestId("property-times")).toContainText("Check-outbis 10:00 Uhr");
  await expect(section.getByTestId("house-rules").locator("p")).toHaveText([
    "Bitte keine Partys.",
    "Hunde nach Absprache.",
  ]);
  await expect(section.getByTestId("tourist-tax")).toContainText(
    "Kurtaxe: 2,10 € pro Person und Nacht, vor Ort zu zahlen.",
  );
  const map = guestPage.getByTestId("osm-link");
  await expect(map).toHaveText("Lübeck, Deutschland auf OpenStreetMap ansehen");
  await expect(map).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/search?query=L%C3%BCbeck%2C%20Deutschland",
  );
  await guestPage.context().close();
  await page.context().close();
});

test("without JavaScript the property form switches the Kurtaxe note off and keeps the choice", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const id = await createProperty(admin, `Ohne Kurtaxe ${crypto.randomUUID().slice(0, 6)}`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await admin.context().cookies());
  const page = await context.newPage();
  await page.goto(`/admin/properties/edit/${id}`);
  const tax = page.getByRole("group", { name: "Hinweis zu Kurtaxe/Gästebeitrag" });
  // Without JavaScript the own text field is always there; it counts only with "own".
  await expect(tax.getByLabel("Eigener Hinweis", { exact: true })).toBeVisible();
  // "own" without a text is refused with a German message, nothing is stored.
  await tax.getByLabel("Eigener Hinweis für diese Unterkunft").check();
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(tax).toContainText("Bitte geben Sie den eigenen Hinweis zur Kurtaxe ein");
  await tax.getByLabel("Kein Hinweis – hier fällt keine Kurtaxe an").check();
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/properties\?hinweis=saved/);
  await page.goto(`/admin/properties/edit/${id}`);
  await expect(tax.getByLabel("Kein Hinweis – hier fällt keine Kurtaxe an")).toBeChecked();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await tax.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tmp/screens/property-form-tourist-tax-${width}.png` });
  }
  // axe needs JavaScript: the same form with it, where the own text field is hidden.
  await admin.goto(`/admin/properties/edit/${id}`);
  await waitForHydration(admin);
  const hydratedTax = admin.getByRole("group", { name: "Hinweis zu Kurtaxe/Gästebeitrag" });
  await expect(hydratedTax.getByLabel("Kein Hinweis – hier fällt keine Kurtaxe an")).toBeChecked();
  await expect(hydratedTax.getByLabel("Eigener Hinweis", { exact: true })).toBeHidden();
  await expectNoSeriousA11yViolations(admin);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/properties/${id}`);
  await expect(guest.getByTestId("tourist-tax")).toHaveCount(0);
  await guest.context().close();
  await context.close();
  await admin.context().close();
});

test("the price box says until when the chosen stay is free to cancel, and when it no longer is", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const id = await createProperty(admin, `Storno ${crypto.randomUUID().slice(0, 6)}`);
  const page = await (await browser.newContext()).newPage();
  // Requests to any other host would show here: the page embeds no map or other third party.
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost")) foreign.push(request.url());
  });

  const today = berlinDay(new Date());
  const checkIn = fifteenthAhead(today, 20);
  // 48 h before 00:00 on the check-in day: free to the end of the third day before it.
  await page.goto(`/properties/${id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2`);
  const note = page.getByTestId("free-cancellation");
  await expect(note).toContainText(`Kostenlos stornierbar bis ${germanDate(addDays(checkIn, -3))}`);
  await expect(note).toContainText("Danach beträgt die Stornogebühr 50 % des Gesamtpreises.");
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tmp/screens/property-facts-${width}.png`, fullPage: true });
  }

  // Tomorrow is inside the 48 hours: no free cancellation.
  const tomorrow = addDays(today, 1);
  await page.goto(`/properties/${id}?checkIn=${tomorrow}&checkOut=${addDays(tomorrow, 2)}`);
  await expect(note).toContainText("Nicht kostenlos stornierbar");
  await expect(note).toContainText("Stornogebühr: 50 % des Gesamtpreises.");

  expect(foreign).toEqual([]);

  // The booking page's summary says the same.
  await admin.goto(`/properties/${id}/book?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}`);
  await expect(admin.getByTestId("free-cancellation")).toContainText(
    `Kostenlos stornierbar bis ${germanDate(addDays(checkIn, -3))}`,
  );
  await admin.context().close();
  await page.context().close();
});
