import { demoAdmin, signInOverHttp, test, waitForHydration } from "./helpers";
for (const width of [390, 1366]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInOverHttp(page.request, demoAdmin);
    await page.goto("/admin/properties");
    await waitForHydration(page);
    await page.screenshot({ path: `tmp/shots/list-${width}.png`, fullPage: true });
    const id = await page.getByTestId("admin-properties").getByRole("listitem").first().getAttribute("data-property-id");
    await page.goto(`/admin/properties?loeschen=${id}`);
    await waitForHydration(page);
    await page.screenshot({ path: `tmp/shots/delete-${width}.png` });
    await page.goto(`/admin/properties/edit/${id}`);
    await waitForHydration(page);
    await page.screenshot({ path: `tmp/shots/edit-${width}.png`, fullPage: true });
    await page.goto(`/admin/properties/add`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.getByTestId("form-errors").waitFor();
    await page.screenshot({ path: `tmp/shots/add-errors-${width}.png`, fullPage: true });
  });
}
