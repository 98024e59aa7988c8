import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { todayInBerlin } from "../../app/domain/calendar-day";
import { addDays, calendarDay, dayName, euroCents } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/**
 * Seasons and stay rules (issue 18 point 5, decision 046). The demo's oldest listing,
 * "Strandnahe Ferienwohnung Dünenblick", has a Hauptsaison in July and August, Saturday to
 * Saturday, at least 7 nights (db/seed.server.ts). Nothing here changes that listing itself:
 * the season added by the admin is removed again, and the discounts are left alone.
 */
const TITLE = "Strandnahe Ferienwohnung Dünenblick";

async function adminPage(browser: Browser) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${crypto.randomInt(1, 250)}` },
  });
  const page = await context.newPage();
  await signInOverHttp(page.request, demoAdmin);
  return page;
}

/** The demo listing's id, from the admin list. */
async function listingId(page: Page) {
  await page.goto(`/admin/properties?q=${encodeURIComponent(TITLE)}`);
  const card = page
    .getByTestId("admin-properties")
    .getByRole("listitem")
    .filter({ hasText: TITLE });
  await expect(card).toHaveCount(1);
  return (await card.getAttribute("data-property-id"))!;
}

/** The first July whose Saturdays are all still ahead (this year's or next year's). */
function nextJuly() {
  const today = todayInBerlin();
  const year = Number(today.slice(0, 4));
  return today < `${year}-06-01` ? year : year + 1;
}

/** The first Saturday of July of `year`. */
function firstSaturdayOfJuly(year: number) {
  let day = `${year}-07-01`;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
  return day;
}

const euro = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100);

/** "120,00 € pro Nacht" as the price box's heading reads (its parts are spans without spaces). */
const perNight = (cents: number) =>
  new RegExp(`${euro(cents).replace(/\./g, "\\.").replace(/\s/g, "\\s*")}\\s*pro Nacht`);

const calendar = (page: Page) => page.getByRole("dialog", { name: "Reisedaten auswählen" });

test("a season with Saturday arrivals: the admin sees it, the picker offers only Saturdays and the breakdown shows the season price", async ({
  page,
  browser,
}) => {
  // The admin's "Saisonzeiten" section lists the demo season with its price and rules.
  const admin = await adminPage(browser);
  const id = await listingId(admin);
  await admin.goto(`/admin/properties/edit/${id}`);
  const section = admin.getByRole("region", { name: "Saisonzeiten" });
  const row = section.getByTestId("season-row").filter({ hasText: `07.${nextJuly()}` });
  await expect(row).toContainText("Hauptsaison");
  await expect(row).toContainText("7 Nächte");
  await expect(row).toContainText("Sa");
  const seasonPrice = euroCents(await row.locator("td").nth(2).innerText());

  // Adding an overlapping season is refused with the German message; a free one is saved.
  const add = section.locator("details").filter({ hasText: "Saison hinzufügen" });
  await add.locator("summary").click();
  await add.getByLabel("Name").fill("Test-Nebensaison");
  await add.getByLabel("Preis pro Nacht (€)").fill("99");
  await add.getByLabel("Erste Nacht").fill(`${nextJuly()}-08-30`);
  await add.getByLabel("Letzte Nacht").fill(`${nextJuly()}-09-05`);
  await add.getByRole("button", { name: "Saison speichern" }).click();
  await expect(admin.getByRole("alert")).toContainText(
    "Dieser Zeitraum überschneidet sich mit einer anderen Saison",
  );
  // The refused input is kept in the open "Saison hinzufügen" form.
  const retry = admin.locator("details").filter({ hasText: "Saison hinzufügen" });
  await expect(retry.getByLabel("Name")).toHaveValue("Test-Nebensaison");
  // The pointer still rests on the button just clicked (its hover look is not what axe checks).
  await admin.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(admin);
  await retry.getByLabel("Erste Nacht").fill(`${nextJuly()}-10-10`);
  await retry.getByLabel("Letzte Nacht").fill(`${nextJuly()}-10-20`);
  // A minimum stay above the settings' maximum stay would make the season unbookable: refused
  // beside the field, naming the limit and where to change it (decision 090).
  await retry.getByLabel("Mindestaufenthalt (Nächte)").fill("365");
  await retry.getByRole("button", { name: "Saison speichern" }).click();
  const tooLong = admin.locator("details").filter({ hasText: "Saison hinzufügen" });
  await expect(tooLong.getByLabel("Mindestaufenthalt (Nächte)")).toHaveAccessibleDescription(
    /^Höchstens \d+ Nächte: Der Höchstaufenthalt unter Einstellungen › Buchungen beträgt \d+ Nächte\./,
  );
  await expect(tooLong.getByLabel("Mindestaufenthalt (Nächte)")).toHaveValue("365");
  await expect(tooLong.getByLabel("Name")).toHaveValue("Test-Nebensaison");
  await tooLong.getByLabel("Mindestaufenthalt (Nächte)").fill("2");
  await tooLong.getByRole("button", { name: "Saison speichern" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/properties/edit/${id}\\?hinweis=seasons`));
  const saved = admin.getByRole("region", { name: "Saisonzeiten" });
  await expect(saved.getByText("Die Saisonzeiten wurden gespeichert.")).toBeVisible();
  await expect(saved.getByTestId("season-row").filter({ hasText: "Test-Nebensaison" })).toHaveCount(
    1,
  );
  // "Entfernen" asks first (decision 096), naming the season and its dates; "Abbrechen"
  // (the focus starts there) keeps it.
  const seasonRow = saved.getByTestId("season-row").filter({ hasText: "Test-Nebensaison" });
  const dialog = admin.getByRole("dialog", { name: "Saison entfernen?" });
  const year = nextJuly();
  await waitForHydration(admin);
  await saved.getByRole("button", { name: "Saison „Test-Nebensaison“ entfernen" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `Die Saison „Test-Nebensaison“ (10.10.${year} – 20.10.${year}) wird mit ihrem Preis und ihren Regeln für An- und Abreise und Mindestaufenthalt entfernt.`,
  );
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(seasonRow).toHaveCount(1);
  await admin.reload();
  await expect(seasonRow).toHaveCount(1);
  await waitForHydration(admin);
  await saved.getByRole("button", { name: "Saison „Test-Nebensaison“ entfernen" }).click();
  await dialog.getByRole("button", { name: "Saison entfernen" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    admin.getByRole("region", { name: "Saisonzeiten" }).getByTestId("season-row").filter({
      hasText: "Test-Nebensaison",
    }),
  ).toHaveCount(0);
  await admin.context().close();

  // The guest's picker: in July only Saturdays can be the Anreise.
  await page.goto(`/properties/${id}`);
  const box = page.getByRole("region", { name: "Preis und Verfügbarkeit" });
  await box.getByRole("button", { name: /^Anreise/ }).click();
  const saturday = firstSaturdayOfJuly(nextJuly());
  const arrival = await calendarDay(page, saturday);
  await expect(arrival).not.toHaveAttribute("aria-disabled", "true");
  for (const offset of [1, 2, 3, 4, 5, 6]) {
    await expect(
      calendar(page).getByRole("button", { name: dayName(addDays(saturday, offset)), exact: true }),
    ).toHaveAttribute("aria-disabled", "true");
  }
  await expect(calendar(page).getByTestId("calendar-weekday-rule").first()).toContainText(
    "nur Samstag",
  );
  // A Monday is refused with the reason.
  await calendar(page)
    .getByRole("button", { name: dayName(addDays(saturday, 2)), exact: true })
    .dispatchEvent("click");
  await expect(calendar(page).getByTestId("calendar-status")).toContainText(
    "ist keine Anreise möglich",
  );

  // Saturday chosen: the season's minimum stay is shown; a week later is the Abreise.
  await arrival.click();
  await expect(calendar(page).getByTestId("calendar-min-stay")).toHaveText(
    "Mindestaufenthalt: 7 Nächte",
  );
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await calendar(page)
    .getByRole("button", { name: dayName(addDays(saturday, 7)), exact: true })
    .click();

  // The breakdown: 7 nights at the season price, and the total adds up.
  const terms = box.getByRole("term");
  const amounts = box.getByRole("definition");
  await expect(terms.first()).toHaveText(`${euro(seasonPrice)} × 7 Nächte`);
  const values = (await amounts.allInnerTexts()).map((text) =>
    text.startsWith("−") ? -euroCents(text) : euroCents(text),
  );
  expect(values[0]).toBe(seasonPrice * 7);
  expect(values.at(-1)).toBe(values.slice(0, -1).reduce((sum, v) => sum + v, 0));
  // The heading above the lines says the season's price per night too, not the base price
  // (decision 101): the dates were chosen in the page, without a reload.
  await expect(box.getByTestId("nightly-price")).toContainText(perNight(seasonPrice));
  await page.screenshot({ path: "tmp/seasons-price-box.png", fullPage: false });
});

test("a season form opened before another admin's change is refused with a message (decision 073)", async ({
  browser,
}) => {
  // A property and a season of this test's own, made over HTTP as a browser without JS would.
  const first = await adminPage(browser);
  const title = `Saisonhaus ${crypto.randomUUID().slice(0, 6)}`;
  const created = await first.request.post("/admin/properties/add", {
    form: {
      intent: "save",
      title,
      description: "Ein Haus für die Saisonzeiten.",
      pricePerNight: "90",
      country: "Deutschland",
      city: "Rostock",
      bedrooms: "1",
      bathrooms: "1",
      maxGuests: "2",
      images: "[]",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await first.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
  const id = (await first
    .getByTestId("admin-properties")
    .getByRole("listitem")
    .filter({ hasText: title })
    .getAttribute("data-property-id"))!;
  const year = nextJuly() + 1;
  const season = await first.request.post(`/admin/properties/edit/${id}/seasons`, {
    multipart: {
      intent: "create",
      name: "Herbst",
      startDate: `${year}-10-01`,
      endDate: `${year}-10-31`,
      pricePerNight: "110",
      minStayNights: "2",
      arrivalWeekdays: "5",
      departureWeekdays: "5",
    },
    maxRedirects: 0,
  });
  expect(season.status()).toBe(302);

  const second = await adminPage(browser);
  for (const page of [first, second]) await page.goto(`/admin/properties/edit/${id}`);
  const formOf = (page: Page) =>
    page
      .getByRole("region", { name: "Saisonzeiten" })
      .locator("details")
      .filter({ hasText: "Saison „Herbst“ bearbeiten" });

  // One window changes the price.
  await formOf(first).locator("summary").click();
  await formOf(first).getByLabel("Preis pro Nacht (€)").fill("125");
  await formOf(first).getByRole("button", { name: "Saison speichern" }).click();
  await expect(first.getByText("Die Saisonzeiten wurden gespeichert.")).toBeVisible();

  // The other, opened before, is refused: a message, the input kept, the price as saved.
  await formOf(second).locator("summary").click();
  await formOf(second).getByLabel("Name").fill("Goldener Herbst");
  await formOf(second).getByRole("button", { name: "Saison speichern" }).click();
  await expect(second.getByTestId("stale-form")).toContainText(
    "Diese Saison wurde inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
  );
  await expect(formOf(second).getByLabel("Name")).toHaveValue("Goldener Herbst");
  await expectNoSeriousA11yViolations(second);
  // Sent again from the page shown with the refusal: still refused.
  await formOf(second).getByRole("button", { name: "Saison speichern" }).click();
  await expect(second.getByTestId("stale-form")).toBeVisible();
  await second.getByRole("link", { name: "Seite neu laden" }).click();
  const row = second.getByTestId("season-row").filter({ hasText: "Herbst" });
  await expect(row).toContainText("125,00");
  await expect(row).not.toContainText("Goldener");
  await second.context().close();
  await first.context().close();
});

test("with dates, the price box says the stay's price per night, as its search card does (decision 101)", async ({
  page,
  browser,
}) => {
  // A property of this test's own at 90 € a night, with a July season at 120 €.
  const admin = await adminPage(browser);
  const tag = crypto.randomUUID().slice(0, 6);
  const title = `Preishaus ${tag}`;
  const city = `Preisdorf ${tag}`;
  const created = await admin.request.post("/admin/properties/add", {
    form: {
      intent: "save",
      title,
      description: "Ein Haus, dessen Preis pro Nacht zur Summe passt.",
      pricePerNight: "90",
      // A town of its own (outside the suggestions): the search finds only this property.
      locationMode: "custom",
      country: "Deutschland",
      city,
      bedrooms: "1",
      bathrooms: "1",
      maxGuests: "2",
      images: "[]",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await admin.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
  const id = (await admin
    .getByTestId("admin-properties")
    .getByRole("listitem")
    .filter({ hasText: title })
    .getAttribute("data-property-id"))!;
  const year = nextJuly();
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "create",
    name: "Sommer",
    startDate: `${year}-07-01`,
    endDate: `${year}-07-31`,
    pricePerNight: "120",
    minStayNights: "2",
  }))
    form.append(name, value);
  for (const day of ["0", "1", "2", "3", "4", "5", "6"]) {
    form.append("arrivalWeekdays", day);
    form.append("departureWeekdays", day);
  }
  const season = await admin.request.post(`/admin/properties/edit/${id}/seasons`, {
    multipart: form,
    maxRedirects: 0,
  });
  expect(season.status()).toBe(302);
  await admin.context().close();

  const box = page.getByRole("region", { name: "Preis und Verfügbarkeit" });
  const heading = box.getByTestId("nightly-price");
  const card = page.getByRole("listitem").filter({ hasText: title });
  const stays = [
    // Three nights in the season: its price, as in the line below.
    { checkIn: `${year}-07-10`, checkOut: `${year}-07-13`, nightly: 12_000, lines: 1 },
    // Two nights before it, two in it: the nights' average, (2 × 90 € + 2 × 120 €) / 4.
    { checkIn: `${year}-06-29`, checkOut: `${year}-07-03`, nightly: 10_500, lines: 2 },
  ];
  for (const { checkIn, checkOut, nightly, lines } of stays) {
    const query = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;
    await page.goto(`/properties/${id}?${query}`);
    await waitForHydration(page);
    await expect(box.getByRole("term").filter({ hasText: "Nächte" })).toHaveCount(lines);
    await expect(heading).toContainText(perNight(nightly));
    // The search card of the same stay says the same.
    await page.goto(`/properties?location=${encodeURIComponent(city)}&${query}`);
    await expect(card.getByTestId("nightly-price")).toHaveText(euro(nightly));
  }

  // Without dates: the base price, as before.
  await page.goto(`/properties/${id}`);
  await expect(heading).toContainText(perNight(9_000));

  // How it looks with a season stay, on a phone and on a laptop.
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`/properties/${id}?checkIn=${year}-07-10&checkOut=${year}-07-13&guests=2`);
    await waitForHydration(page);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tmp/price-box-season-${width}.png` });
  }
});
