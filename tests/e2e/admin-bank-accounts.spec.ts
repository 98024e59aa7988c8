import { waitForMail } from "./mail";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/**
 * /admin/bankkonten (issue 13, part 4): the operator adds a second account, which asks for
 * their password and tells every admin by e-mail; edits and deletes it again. The demo default
 * account stays the default throughout, so the booking journeys are not affected.
 */
test("an admin adds, edits and deletes a bank account; the password guards it and admins hear of it", async ({
  page,
}) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin/bankkonten");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Bankkonten" })).toBeVisible();
  const table = page.getByTestId("bank-accounts");
  await expect(table.getByRole("row").filter({ hasText: "Postbank" })).toContainText(
    "Standardkonto",
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Bankkonto hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Neues Bankkonto" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Kontoinhaber").fill("Ferienhof Küstenglück");
  // Upper case as typed.
  await dialog.getByLabel("IBAN").pressSequentially("de02 1203 0000 0000 2020 52");
  await expect(dialog.getByLabel("IBAN")).toHaveValue("DE02 1203 0000 0000 2020 52");
  await dialog.getByLabel("BIC").fill("byladem1001");
  await dialog.getByLabel("Bank", { exact: true }).fill("DKB");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  // Beside the field and in the summary, which does not call a filled form incomplete.
  await expect(dialog.getByText("Ungültige IBAN")).toHaveCount(2);
  await expect(dialog.getByText("Bitte füllen Sie alle Pflichtfelder aus")).toHaveCount(0);
  await expect(dialog.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel("IBAN").fill("DE02 1203 0000 0000 2020 51");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(
    dialog.getByText("Bitte bestätigen Sie die Änderung mit Ihrem Passwort."),
  ).toBeVisible();
  await dialog.getByLabel("Ihr Passwort").fill(demoAdmin.password);
  await dialog.getByRole("button", { name: "Speichern" }).click();

  await expect(page.getByRole("status")).toHaveText("Bankkonto gespeichert");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = table.getByRole("row").filter({ hasText: "Ferienhof Küstenglück" });
  await expect(row).toContainText("DE02 1203 0000 0000 2020 51");
  await expect(row).toContainText("BYLADEM1001");
  await expect(row).not.toContainText("Standardkonto");

  const mail = await waitForMail(
    (m) =>
      m.to.includes(demoAdmin.email) &&
      m.subject === "Bankverbindung geändert" &&
      m.text.includes("Ferienhof Küstenglück"),
  );
  expect(mail.text).toContain("DE•• •••• •••• •••• ••20 51");
  expect(mail.text).not.toContain("DE02120300000000202051");

  // Search and filter.
  await page.getByLabel("Suchen").fill("küstenglück");
  await page.getByRole("button", { name: "Anwenden" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);

  // The holder's name needs no password.
  await page.getByRole("link", { name: "Ferienhof Küstenglück bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Bankkonto bearbeiten" });
  await edit.getByLabel("Kontoinhaber").fill("Ferienhof Küstenglück GbR");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("status")).toHaveText("Bankkonto gespeichert");
  await expect(table).toContainText("Ferienhof Küstenglück GbR");

  await page.getByRole("link", { name: "Ferienhof Küstenglück GbR löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Bankkonto löschen" });
  await expect(
    confirm.getByText("Sind Sie sicher, dass Sie dieses Bankkonto löschen möchten?"),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByRole("status")).toHaveText("Bankkonto gelöscht");
  await expect(page.getByText("Keine Bankkonten vorhanden")).toBeVisible();
});

test("the bank account dialog closes with Escape and keeps the list's filter", async ({ page }) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin/bankkonten?status=aktiv");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Bankkonto hinzufügen" }).click();
  await expect(page).toHaveURL(/konto=neu/);
  await expect(page.getByRole("dialog", { name: "Neues Bankkonto" })).toBeVisible();
  await expect(page.getByLabel("Kontoinhaber")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/bankkonten\?status=aktiv$/);
});
