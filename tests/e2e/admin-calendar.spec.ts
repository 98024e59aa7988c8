import { todayInBerlin } from "../../app/domain/calendar-day";
import { addDays } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/**
 * Issue 18 (decision 045): an admin blocks nights of a property on its calendar page, and the
 * public property page at once shows those nights as taken: in the list of occupied stays (also
 * on a page a visitor had cached before) and in the price box for dates across the block.
 * The block lies far ahead on the last property of the sitemap and is removed at the end, so
 * the other journeys on the demo data are not affected.
 */
test("an admin blocks nights; the property page shows them as taken, and free again once removed", async ({
  page,
  browser,
}) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (match) => match[1],
  );
  const path = paths.at(-1)!;
  const propertyId = path.split("/").at(-1)!;
  const checkIn = addDays(todayInBerlin(), 290);
  const checkOut = addDays(checkIn, 3);
  const blockedStay = `[data-booked-stay]:has(time[datetime="${checkIn}"]):has(time[datetime="${checkOut}"])`;

  // A visitor's view of the property page, cached before the block exists.
  // Without JavaScript the price box lists the occupied stays (a <noscript> list).
  const visitor = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  try {
    await visitorPage.goto(path);
    await expect(visitorPage.locator(blockedStay)).toHaveCount(0);

    await signInOverHttp(page.request, demoAdmin);
    await page.goto(`/admin/properties/edit/${propertyId}`);
    await page.getByRole("link", { name: "Kalender & Sperrzeiten" }).click();
    await expect(page).toHaveURL(`/admin/properties/${propertyId}/kalender`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Kalender:");
    await expect(page.getByRole("heading", { name: "Sperrzeiten" })).toBeVisible();

    await page.getByLabel("Erste Nacht").last().fill(checkIn);
    await page.getByLabel("Frei ab (Abreisetag)").last().fill(checkOut);
    await page.locator("#block-reason").selectOption({ label: "Wartung" });
    await page.locator("#block-note").fill("Bad renovieren");
    await page.getByRole("button", { name: "Sperrzeit hinzufügen" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Sperrzeit gespeichert." }),
    ).toBeVisible();
    const entry = page.getByRole("group", { name: /^Sperrzeit vom/ });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByLabel("Notiz (nur intern)")).toHaveValue("Bad renovieren");
    // The form for the next block starts empty.
    await expect(page.locator("#block-note")).toHaveValue("");
    // The pointer rests where the add button was; its hover style is not what is checked.
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `tmp/screens/admin-calendar-${width}.png`, fullPage: true });
    }

    // The same block again: refused with the German reason.
    await page.getByLabel("Erste Nacht").last().fill(addDays(checkIn, 1));
    await page.getByLabel("Frei ab (Abreisetag)").last().fill(addDays(checkOut, 1));
    await page.getByRole("button", { name: "Sperrzeit hinzufügen" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Dieser Zeitraum überschneidet sich mit einer Buchung, einer Sperrzeit oder einem importierten Termin.",
    );

    // The visitor's page shows the nights as taken (the cached copy went with the change) ...
    await visitorPage.reload();
    await expect(visitorPage.locator(blockedStay)).toHaveCount(1);
    // ... and dates across the block cannot be booked.
    await visitorPage.goto(
      `${path}?checkIn=${addDays(checkIn, -1)}&checkOut=${addDays(checkOut, 1)}`,
    );
    await expect(
      visitorPage.getByRole("region", { name: "Preis und Verfügbarkeit" }).getByRole("alert"),
    ).toHaveText("Der gewählte Zeitraum ist bereits gebucht");

    // "Entfernen" asks first and names the dates; "Abbrechen" keeps the block.
    const legend = (await entry.locator("legend").textContent())!;
    const remove = entry.getByRole("link", { name: `${legend} entfernen` });
    const dialog = page.getByRole("dialog", { name: "Sperrzeit entfernen?" });
    await remove.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      `Die ${legend} wird entfernt. Diese Nächte sind danach auf der Website wieder buchbar.`,
    );
    await expect(dialog.getByRole("link", { name: "Abbrechen" })).toBeFocused();
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `tmp/screens/admin-calendar-confirm-${width}.png` });
    }
    await dialog.getByRole("link", { name: "Abbrechen" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(entry).toHaveCount(1);
    await visitorPage.goto(path);
    await expect(visitorPage.locator(blockedStay)).toHaveCount(1);

    // Confirmed: the nights are free again.
    await remove.click();
    await dialog.getByRole("button", { name: "Sperrzeit entfernen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sperrzeit entfernt." })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(entry).toHaveCount(0);
    await visitorPage.goto(path);
    await expect(visitorPage.locator(blockedStay)).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

/**
 * Decision 096: "Link erneuern" asks first, since the old export address answers 404 at once
 * and every channel reading it stops getting our bookings. "Abbrechen" keeps the address
 * working; confirmed, the old one is gone and a new one is shown.
 */
test("renewing the iCal export link asks first; cancelled it changes nothing", async ({
  page,
  browser,
}) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (match) => match[1],
  );
  const propertyId = paths.at(-1)!.split("/").at(-1)!;
  await signInOverHttp(page.request, demoAdmin);
  await page.goto(`/admin/properties/${propertyId}/kalender`);
  await waitForHydration(page);
  const address = page.getByRole("definition").first();
  const oldUrl = new URL((await address.textContent())!.trim());
  expect((await page.request.get(oldUrl.pathname)).status()).toBe(200);

  const dialog = page.getByRole("dialog", { name: "Export-Link erneuern?" });
  await page.getByRole("link", { name: "Link erneuern" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "bekommen unsere Buchungen erst wieder, wenn Sie dort die neue Adresse eintragen",
  );
  await dialog.getByRole("link", { name: "Abbrechen" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(address).toHaveText(oldUrl.href);
  expect((await page.request.get(oldUrl.pathname)).status()).toBe(200);

  await page.getByRole("link", { name: "Link erneuern" }).click();
  await dialog.getByRole("button", { name: "Link erneuern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Neuer Link erstellt." })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(address).not.toHaveText(oldUrl.href);
  expect((await page.request.get(oldUrl.pathname)).status()).toBe(404);
  const newUrl = new URL((await address.textContent())!.trim());
  expect((await page.request.get(newUrl.pathname)).status()).toBe(200);

  // Without JavaScript the link opens the same dialog, rendered by the server, and it posts.
  const noScript = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  try {
    await signInOverHttp(noScript.request, demoAdmin);
    const plain = await noScript.newPage();
    await plain.goto(`/admin/properties/${propertyId}/kalender`);
    await plain.getByRole("link", { name: "Link erneuern" }).click();
    const plainDialog = plain.getByRole("dialog", { name: "Export-Link erneuern?" });
    await expect(plainDialog).toBeVisible();
    await plainDialog.getByRole("link", { name: "Abbrechen" }).click();
    await expect(plainDialog).toHaveCount(0);
    expect((await plain.request.get(newUrl.pathname)).status()).toBe(200);
    await plain.getByRole("link", { name: "Link erneuern" }).click();
    await plainDialog.getByRole("button", { name: "Link erneuern" }).click();
    await expect(plain.getByText("Neuer Link erstellt.")).toBeVisible();
    await expect(plainDialog).toHaveCount(0);
    expect((await plain.request.get(newUrl.pathname)).status()).toBe(404);
  } finally {
    await noScript.close();
  }
});
