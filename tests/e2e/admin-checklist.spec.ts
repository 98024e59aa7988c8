import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { e2eSmtpPort } from "./smtp-receiver";
import { demoAdmin, expect, expectNoSeriousA11yViolations, test } from "./helpers";
import { START_UP_BUDGET_MS, startOwnServer, stopOwnServer, waitForUp } from "./own-server";

/**
 * The go-live checklist on the admin dashboard (issue 15 part 6, decision 033), turned green
 * point by point the way an operator does it: Impressum, own bank account, own admin password,
 * demo data removed, SMTP configured. "Demodaten entfernen" deletes the demo guests and
 * properties every other journey relies on, so this journey runs against an app process of its
 * own on a fresh embedded database with the demo data (like server-lifecycle.spec.ts; the
 * "server-process" project in playwright.config.ts), restarted once with SMTP_URL set.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const BASE = `http://localhost:${PORT}`;
/** Signs in by posting the sign-in form (as a browser without JavaScript), on `page`'s context. */
async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post(`${BASE}/auth`, {
    headers: { origin: BASE },
    form: { intent: "signIn", email, password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: BASE,
    extraHTTPHeaders: { "x-forwarded-for": `203.0.113.${crypto.randomInt(1, 250)}` },
  });
  return context.newPage();
}

const point = (page: Page, id: string) => page.getByTestId(`go-live-${id}`);

async function expectState(page: Page, states: Record<string, "done" | "open">) {
  await page.goto("/admin");
  for (const [id, state] of Object.entries(states)) {
    await expect(point(page, id)).toHaveAttribute("data-state", state);
  }
  const done = Object.values(states).filter((state) => state === "done").length;
  await expect(page.getByTestId("go-live-summary")).toHaveText(`${done} von 6 erledigt`);
}

test("the go-live checklist turns green point by point", async ({ browser }) => {
  test.setTimeout(2 * START_UP_BUDGET_MS + 180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-checklist-"));
  let server = startOwnServer({ port: PORT, dataDir });
  try {
    await waitForUp(server);
    const page = await newPage(browser);
    await signIn(page, demoAdmin.email, demoAdmin.password);

    // A fresh demo start: everything is open, each point says what is missing and where.
    await expectState(page, {
      legalTexts: "open",
      imprint: "open",
      bankAccount: "open",
      smtp: "open",
      demoData: "open",
      adminPassword: "open",
    });
    await expect(point(page, "imprint")).toContainText("Vertretungsberechtigte/r");
    await expect(point(page, "smtp")).toContainText("SMTP_URL ist nicht gesetzt");
    await expect(point(page, "adminPassword")).toContainText(demoAdmin.email);
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `tmp/screens/admin-checklist-${width}.png`, fullPage: false });
    }

    // 1. Impressum: the operator's own details in the settings.
    await point(page, "imprint").getByRole("link", { name: "Zu den Einstellungen" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const imprint: Record<string, string> = {
      Firmenname: "Ferienhof Petersen GmbH",
      Adresse: "Deichweg 4",
      Postleitzahl: "25980",
      Stadt: "Sylt",
      "Vertretungsberechtigte/r": "Inke Petersen",
      Registergericht: "Amtsgericht Flensburg",
      Handelsregisternummer: "HRB 9876 FL",
      "USt-IdNr.": "DE298765432",
      Telefon: "+49 4651 12345",
      // Not required in the Impressum (decision 083): the demo number is removed, not replaced.
      Steuernummer: "",
    };
    for (const [label, value] of Object.entries(imprint)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel("E-Mail", { exact: true }).fill("gast@ferienhof-petersen.de");
    await page.getByRole("button", { name: "Speichern" }).first().click();
    await expect(page.getByText("Einstellungen erfolgreich gespeichert")).toBeVisible();
    await expectState(page, {
      legalTexts: "open",
      imprint: "done",
      bankAccount: "open",
      smtp: "open",
      demoData: "open",
      adminPassword: "open",
    });

    // 2. Own bank account as the default.
    await point(page, "bankAccount").getByRole("link", { name: "Zu den Bankkonten" }).click();
    await page.getByRole("link", { name: "Bankkonto hinzufügen" }).click();
    const dialog = page.getByRole("dialog", { name: "Neues Bankkonto" });
    await dialog.getByLabel("Kontoinhaber").fill("Ferienhof Petersen GmbH");
    await dialog.getByLabel("IBAN").fill("DE02 1203 0000 0000 2020 51");
    await dialog.getByLabel("BIC").fill("BYLADEM1001");
    await dialog.getByLabel("Bank", { exact: true }).fill("DKB");
    await dialog.getByLabel("Als Standardkonto verwenden").check();
    await dialog.getByLabel("Ihr Passwort").fill(demoAdmin.password);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByRole("status")).toHaveText("Bankkonto gespeichert");
    await expectState(page, {
      legalTexts: "open",
      imprint: "done",
      bankAccount: "done",
      smtp: "open",
      demoData: "open",
      adminPassword: "open",
    });

    // 3. Own AGB and Datenschutz, saved in the content editor.
    for (const name of ["AGB", "Datenschutz"]) {
      await page.goto("/admin");
      await point(page, "legalTexts").getByRole("link", { name: "Zu den Inhalten" }).click();
      await expect(page).toHaveURL(/\/admin\/inhalte$/);
      await page.getByTestId("content-pages").getByRole("link", { name, exact: true }).click();
      await page.locator('input[name="title"]').fill(`${name} der Ferienhof Petersen GmbH`);
      await page.getByRole("button", { name: "Speichern", exact: true }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: "Gespeichert. Die Seite zeigt die neuen Texte." }),
      ).toBeVisible();
    }
    await page.goto("/admin");
    await expectState(page, {
      legalTexts: "done",
      imprint: "done",
      bankAccount: "done",
      smtp: "open",
      demoData: "open",
      adminPassword: "open",
    });

    // 4. The demo admin's password, changed in the account settings.
    const newPassword = "Deichgraf-Sturmflut-2027";
    await point(page, "adminPassword").getByRole("link", { name: "Passwort ändern" }).click();
    const passwordSection = page.getByRole("region", { name: "Passwort ändern" });
    await passwordSection.getByLabel("Aktuelles Passwort").fill(demoAdmin.password);
    await passwordSection.getByLabel("Neues Passwort", { exact: true }).fill(newPassword);
    await passwordSection.getByLabel("Neues Passwort bestätigen").fill(newPassword);
    await passwordSection.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByText("Passwort erfolgreich geändert")).toBeVisible();
    await expectState(page, {
      legalTexts: "done",
      imprint: "done",
      bankAccount: "done",
      smtp: "open",
      demoData: "open",
      adminPassword: "done",
    });

    // 5. Demo data. The operator's own property, made while signed in as the demo admin, stays.
    const ownTitle = `Eigenes Reetdachhaus ${crypto.randomUUID().slice(0, 6)}`;
    const created = await page.request.post("/admin/properties/add", {
      headers: { origin: BASE },
      form: {
        intent: "save",
        title: ownTitle,
        description: "Unser eigenes Haus hinter dem Deich.",
        pricePerNight: "140",
        country: "Deutschland",
        city: "Sylt",
        bedrooms: "2",
        bathrooms: "1",
        maxGuests: "4",
        images: "[]",
      },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await page.goto("/properties");
    const demoCard = page
      .locator('a[href^="/properties/"]')
      .filter({ hasNotText: ownTitle })
      .first();
    const demoHref = (await demoCard.getAttribute("href"))!.split("?")[0];

    // Signed in as the demo admin, the removal keeps that account (and says so).
    await page.goto("/admin");
    await point(page, "demoData").getByRole("link", { name: "Demodaten entfernen" }).click();
    const confirm = page.getByRole("dialog", { name: "Demodaten entfernen?" });
    await expect(confirm).toContainText(
      `Ihr eigenes Konto (${demoAdmin.email}) ist ein Demo-Konto`,
    );
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Endgültig entfernen" }).click();
    await expect(page.getByTestId("demo-removed")).toContainText("Demodaten entfernt:");
    await expect(point(page, "demoData")).toHaveAttribute("data-state", "open");
    await expect(point(page, "demoData")).toContainText("1 Demo-Konten");
    expect((await page.request.get(demoHref)).status()).toBe(404);

    // The operator's own admin account: registered, made admin, signed in, removes the rest.
    const owner = { email: `inke.${crypto.randomUUID().slice(0, 6)}@ferienhof-petersen.de` };
    const ownerPage = await newPage(browser);
    const registered = await ownerPage.request.post(`${BASE}/auth`, {
      headers: { origin: BASE },
      form: {
        intent: "register",
        name: "Inke Petersen",
        email: owner.email,
        password: newPassword,
      },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(302);
    await page.goto(`/admin/users?q=${encodeURIComponent(owner.email)}`);
    const userId = await page
      .getByRole("row")
      .filter({ hasText: owner.email })
      .getAttribute("data-user-id");
    const promoted = await page.request.post("/admin/users", {
      headers: { origin: BASE },
      form: { userId: userId!, role: "admin" },
      maxRedirects: 0,
    });
    expect(promoted.status()).toBe(302);
    await ownerPage.goto("/admin");
    await ownerPage.getByRole("link", { name: "Demodaten entfernen" }).click();
    const again = ownerPage.getByRole("dialog", { name: "Demodaten entfernen?" });
    await expect(again).not.toContainText("ist ein Demo-Konto");
    await again.getByRole("button", { name: "Endgültig entfernen" }).click();
    await expect(ownerPage.getByTestId("demo-removed")).toContainText("1 Konten");
    await expectState(ownerPage, {
      legalTexts: "done",
      imprint: "done",
      bankAccount: "done",
      smtp: "open",
      demoData: "done",
      adminPassword: "done",
    });
    // The own property is still on the site.
    await ownerPage.goto(`/admin/properties?q=${encodeURIComponent(ownTitle)}`);
    const card = ownerPage.getByTestId("admin-properties").getByRole("listitem");
    await expect(card).toHaveCount(1);
    const ownId = await card.getAttribute("data-property-id");
    expect((await ownerPage.request.get(`/properties/${ownId}`)).status()).toBe(200);

    // 6. SMTP: set at the next start (the environment, not a page).
    await stopOwnServer(server);
    server = startOwnServer({
      port: PORT,
      dataDir,
      env: { SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort()}` },
    });
    await waitForUp(server);
    await expectState(ownerPage, {
      legalTexts: "done",
      imprint: "done",
      bankAccount: "done",
      smtp: "done",
      demoData: "done",
      adminPassword: "done",
    });
    await expectNoSeriousA11yViolations(ownerPage);
    await ownerPage.setViewportSize({ width: 390, height: 900 });
    await ownerPage.screenshot({ path: "tmp/screens/admin-checklist-done-390.png" });
  } finally {
    server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
