import { todayInBerlin } from "../../app/domain/calendar-day";
import { addDays } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/** "2026-12-01" → "01.12.2026", as the admin shows dates. */
const germanDate = (day: string) => day.split("-").reverse().join(".");

/**
 * The Belegungsplan /admin/kalender (issue 18 point 2, decision 050). An admin selects free
 * nights in a property's row, once with the pointer and once with the keyboard, blocks them, and
 * sees the bars; the public property page shows those nights as taken. A booking's bar opens the
 * booking's detail. The blocks lie far ahead on the second-to-last property of the sitemap and
 * are removed at the end, so the other journeys on the demo data are not affected.
 */
test("an admin selects free nights on the plan by pointer and keyboard, blocks them, and opens a booking's bar", async ({
  page,
  browser,
}) => {
  // Two selections, the Protokoll at two widths, and the removal dialog with and without
  // JavaScript: one journey over the same two blocks, longer than the default budget.
  test.slow();
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (match) => match[1],
  );
  const path = paths.at(-2)!;
  const propertyId = path.split("/").at(-1)!;
  const from = addDays(todayInBerlin(), 320);
  const stay = (checkIn: string, checkOut: string) =>
    `[data-booked-stay]:has(time[datetime="${checkIn}"]):has(time[datetime="${checkOut}"])`;
  const visitor = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  const noScript = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  try {
    await signInOverHttp(page.request, demoAdmin);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Belegungsplan" }).click();
    await expect(page).toHaveURL(/\/admin\/kalender$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Belegungsplan");

    // A booking's bar opens the booking (the demo has bookings in the next weeks).
    await page.getByRole("combobox", { name: "Ansicht" }).selectOption({ label: "3 Monate" });
    await page.getByRole("button", { name: "Anzeigen" }).click();
    await expect(page).toHaveURL(/view=3m/);
    const label = (await page.locator('[data-kind="booking"]').first().getAttribute("aria-label"))!;
    expect(label).toMatch(/^Buchung \S+, .+, (Bestätigt|Ausstehend|Abgeschlossen), /);
    // Clicked by its label: the plan updates live, and a booking another journey makes at the
    // same time can become the first bar between reading the label and the click (CI16).
    await page.locator(`[data-kind="booking"][aria-label=${JSON.stringify(label)}]`).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      label.split(",")[0].slice(8),
    );

    // One property, two weeks far ahead: all nights free.
    await page.goto(`/admin/kalender?from=${from}&view=2w&property=${propertyId}`);
    await waitForHydration(page);
    const track = page.locator(`[data-track="${propertyId}"]`);
    await expect(track.getByRole("link")).toHaveCount(0);

    // Pointer: drag over nights 2 to 4 (the third to fifth column).
    const box = (await track.boundingBox())!;
    const column = box.width / 14;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + column * 2.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + column * 3.5, y, { steps: 3 });
    await page.mouse.move(box.x + column * 4.5, y, { steps: 3 });
    await page.mouse.up();
    await expect(page.locator("#create-property")).toHaveValue(propertyId);
    await expect(page.locator("#create-check-in")).toHaveValue(addDays(from, 2));
    await expect(page.locator("#create-check-out")).toHaveValue(addDays(from, 5));
    await expect(page.getByTestId("plan-announcement")).toContainText("3 Nächte");
    await expect(page.locator("#create-reason")).toBeFocused();
    await page.locator("#create-reason").selectOption({ label: "Eigennutzung" });
    await page.locator("#create-note").fill("Familie zu Besuch");
    await page.getByRole("button", { name: "Sperrzeit anlegen" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Sperrzeit gespeichert." }),
    ).toBeVisible();
    await expect(track.getByRole("link", { name: /^Sperrzeit: Eigennutzung/ })).toHaveCount(1);

    // Keyboard: to the row, Home, seven nights on, Enter, two more, Enter.
    await track.focus();
    await page.keyboard.press("Home");
    for (let step = 0; step < 7; step++) await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("plan-announcement")).toContainText("frei");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("plan-announcement")).toContainText("Auswahl beginnt");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("plan-selection")).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#create-check-in")).toHaveValue(addDays(from, 7));
    await expect(page.locator("#create-check-out")).toHaveValue(addDays(from, 10));
    await page.locator("#create-reason").selectOption({ label: "Wartung" });
    await page.keyboard.press("Tab");
    await page.keyboard.type("Fenster");
    await page.getByRole("button", { name: "Sperrzeit anlegen" }).click();
    await expect(track.getByRole("link", { name: /^Sperrzeit: Wartung/ })).toHaveCount(1);
    await page.screenshot({ path: "tmp/screens/admin-occupancy-plan-blocks.png" });

    // Over taken nights: the selection is refused on the spot, Escape cancels a started one.
    await track.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("Enter");
    for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("plan-announcement")).toHaveText(
      "In diesem Zeitraum sind schon Nächte belegt. Bitte freie Nächte wählen.",
    );
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("plan-announcement")).toHaveText("Auswahl abgebrochen.");

    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/admin/kalender?from=${todayInBerlin()}&view=month`);
    for (const width of [390, 768, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `tmp/screens/admin-occupancy-plan-${width}.png` });
    }

    // The Protokoll names the block's fields in German and reads on a phone: each entry a card,
    // its changes on screen, not in a sideways scroller (audit 23, decision 102).
    await page.goto("/admin/audit?entity=property");
    const entry = page
      .getByTestId("audit")
      .getByRole("row")
      .filter({ hasText: "Notiz: – → Familie zu Besuch" });
    await expect(entry.getByText("Grund: – → Eigennutzung")).toBeVisible();
    // A block's first night, as its form names it (decision 108).
    await expect(entry.getByText(`Erste Nacht: – → ${germanDate(addDays(from, 2))}`)).toBeVisible();
    await expect(entry.getByText(`Frei ab: – → ${germanDate(addDays(from, 5))}`)).toBeVisible();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const change = (await entry.getByText("Grund: – → Eigennutzung").boundingBox())!;
      expect(change.x).toBeGreaterThanOrEqual(0);
      expect(change.x + change.width).toBeLessThanOrEqual(width);
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tmp/screens/admin-audit-${width}.png` });
    }
    await expectNoHorizontalScroll(page);

    // The property page shows both blocks' nights as taken.
    await visitorPage.goto(path);
    await expect(visitorPage.locator(stay(addDays(from, 2), addDays(from, 5)))).toHaveCount(1);
    await expect(visitorPage.locator(stay(addDays(from, 7), addDays(from, 10)))).toHaveCount(1);

    // A block's bar opens its details; removed, the nights are free again.
    await page.goto(`/admin/kalender?from=${from}&view=2w&property=${propertyId}`);
    await waitForHydration(page);
    // "Entfernen" asks first, as on the property's calendar page (decisions 096, 102):
    // "Abbrechen" and Escape keep the block, confirming removes it.
    await track.getByRole("link", { name: /^Sperrzeit: Eigennutzung/ }).click();
    const detail = page.getByRole("region", { name: /^Sperrzeit in/ });
    await expect(detail.getByLabel("Grund")).toHaveValue("own-use");
    await detail.getByRole("link", { name: "Entfernen" }).click();
    const confirm = page.getByRole("dialog", { name: "Sperrzeit entfernen?" });
    await expect(confirm).toContainText(
      `Die Sperrzeit vom ${germanDate(addDays(from, 2))} bis ${germanDate(addDays(from, 5))} wird entfernt.`,
    );
    await expect(confirm.getByRole("link", { name: "Abbrechen" })).toBeFocused();
    await confirm.getByRole("link", { name: "Abbrechen" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).not.toHaveURL(/sperre-entfernen/);
    await detail.getByRole("link", { name: "Entfernen" }).click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(detail).toBeVisible();
    await expect(track.getByRole("link", { name: /^Sperrzeit: Eigennutzung/ })).toHaveCount(1);
    await detail.getByRole("link", { name: "Entfernen" }).click();
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `tmp/screens/admin-occupancy-plan-remove-${width}.png` });
    }
    await confirm.getByRole("button", { name: "Sperrzeit entfernen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sperrzeit entfernt." })).toBeVisible();
    await expect(page).not.toHaveURL(/sperre-entfernen/);
    await expect(track.getByRole("link", { name: /^Sperrzeit: Eigennutzung/ })).toHaveCount(0);

    // Without JavaScript the link opens the server-rendered dialog, and confirming removes.
    const plain = await noScript.newPage();
    await signInOverHttp(plain.request, demoAdmin);
    await plain.goto(`/admin/kalender?from=${from}&view=2w&property=${propertyId}`);
    await plain
      .locator(`[data-track="${propertyId}"]`)
      .getByRole("link", { name: /^Sperrzeit: Wartung/ })
      .click();
    await plain
      .getByRole("region", { name: /^Sperrzeit in/ })
      .getByRole("link", { name: "Entfernen" })
      .click();
    await expect(plain).toHaveURL(/sperre-entfernen=/);
    await plain
      .getByRole("dialog", { name: "Sperrzeit entfernen?" })
      .getByRole("button", { name: "Sperrzeit entfernen" })
      .click();
    await expect(plain.getByText("Sperrzeit entfernt.")).toBeVisible();
    await page.reload();
    await expect(track.getByRole("link")).toHaveCount(0);
    await visitorPage.goto(path);
    await expect(visitorPage.locator(stay(addDays(from, 2), addDays(from, 5)))).toHaveCount(0);
  } finally {
    await visitor.close();
    await noScript.close();
  }
});
