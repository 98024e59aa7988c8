import { demoAdmin, expect, expectNoSeriousA11yViolations, signInOverHttp, test } from "./helpers";

/**
 * /admin (issue 13 part 2): the cards, the chart with its table and CSV, the key figures for a
 * chosen span. Compared with what the page itself and the CSV say, not with fixed numbers:
 * other journeys add bookings to the demo data meanwhile.
 */
test("the operator reads the cards, the monthly table and its CSV, and the key figures of a span", async ({
  page,
}) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  for (const card of ["users", "properties", "bookings", "revenue"]) {
    await expect(page.getByTestId(`card-${card}`).getByTestId("value")).toHaveText(/\d/);
  }
  // The demo data has users and published properties: neither is zero.
  await expect(page.getByTestId("card-users").getByTestId("value")).not.toHaveText("0");

  const table = page.getByTestId("monthly");
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(page.getByTestId("chart")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Als CSV herunterladen" }).click();
  const file = await (await download).path();
  const csv = (await import("node:fs")).readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("Monat;Buchungen;Umsatz (EUR)");
  expect(lines).toHaveLength(13);
  // The CSV's last month says what the table's last row says.
  const [, bookings, revenue] = lines[12].split(";");
  const lastRow = table.getByRole("row").last();
  await expect(lastRow.getByRole("cell").first()).toHaveText(bookings);
  await expect(lastRow.getByRole("cell").last()).toHaveText(
    `${Number(revenue.replace(",", ".")).toLocaleString("de-DE", { minimumFractionDigits: 2 })}\u00a0€`,
  );

  await page.getByLabel("Zeitraum").selectOption("last-12-months");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/span=last-12-months/);
  const occupancy = page.locator('[data-figure="occupancy"]').getByTestId("value");
  await expect(occupancy).toHaveText(/^\d{1,3},\d %$/);
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: `test-results/screens/admin-dashboard-${width}.png`,
      fullPage: true,
    });
  }
});

test("the CSV is for admins only", async ({ page, guest }) => {
  void guest; // signed in on this context
  const response = await page.request.get("/admin/dashboard.csv", { maxRedirects: 0 });
  expect(response.status()).toBe(403);
});
