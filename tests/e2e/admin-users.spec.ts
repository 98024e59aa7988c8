import { demoAdmin, expect, expectNoSeriousA11yViolations, signInOverHttp, test } from "./helpers";

/**
 * /admin/users (issue 13 part 5): the operator finds a new guest, makes them an admin (the
 * guest's very next request reaches /admin) and takes it back (the guest's open admin page turns
 * into "Kein Zugriff" at once, through the event stream). The demo admin's own role is
 * never touched: other journeys sign in as the demo admin meanwhile.
 */
test("an admin promotes a guest, who reaches /admin on the next request, and demotes them again", async ({
  page,
  browser,
  guest,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInOverHttp(admin.request, demoAdmin);
  await admin.goto("/admin/users");
  await admin.getByRole("searchbox", { name: "Suche" }).fill(guest.email);
  await admin.getByRole("button", { name: "Anwenden" }).click();
  const row = admin.getByRole("row").filter({ hasText: guest.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(guest.name);
  await admin.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(admin);

  // The guest cannot open the admin area yet.
  expect((await page.goto("/admin"))?.status()).toBe(403);

  await row.getByRole("combobox", { name: `Rolle von ${guest.name}` }).selectOption("admin");
  await expect(admin.getByText("Rolle geändert.")).toBeVisible();
  expect((await page.goto("/admin"))?.status()).toBe(200);
  await expect(page.getByRole("navigation", { name: "Administrationsbereich" })).toBeVisible();
  // The admin page stays open while the role is taken back: it learns of it at once.
  await expect(page.locator("html[data-live]")).toHaveCount(1);

  await admin
    .getByRole("row")
    .filter({ hasText: guest.email })
    .getByRole("combobox", { name: `Rolle von ${guest.name}` })
    .selectOption("user");
  await expect(admin.getByText("Rolle geändert.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kein Zugriff" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Administrationsbereich" })).toBeHidden();
  expect((await page.goto("/admin"))?.status()).toBe(403);

  // Both changes are in the audit log, newest first, old → new.
  await admin.goto(`/admin/audit?entity=user`);
  const entries = admin.getByTestId("audit").getByRole("row").filter({ hasText: "Rolle geändert" });
  // In the operator's words (decision 102), not the raw field and values.
  await expect(entries.first()).toContainText("Rolle: Admin → Benutzer");
  await expect(entries.nth(1)).toContainText("Rolle: Benutzer → Admin");
  await admin.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(admin);
  await admin.goto("/admin/users");
  await admin.getByRole("searchbox", { name: "Suche" }).fill(guest.email);
  await admin.getByRole("button", { name: "Anwenden" }).click();

  // "Buchungen anzeigen" lists this account's bookings.
  await admin
    .getByRole("row")
    .filter({ hasText: guest.email })
    .getByRole("link", { name: `Buchungen von ${guest.name} anzeigen` })
    .click();
  await expect(admin).toHaveURL(/\/admin\/bookings\?user=/);
  await expect(admin.getByText(`Buchungen von ${guest.name} (${guest.email})`)).toBeVisible();
  await adminContext.close();
});
