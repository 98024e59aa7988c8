import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./helpers";
import { waitForMail } from "./mail";

const unique = () => crypto.randomUUID().slice(0, 8);
const main = (page: Page) => page.getByRole("main");

test.describe("contact form", () => {
  test("a message is sent, e-mailed to the company address, and the form clears", async ({
    page,
  }) => {
    const subject = `Reisepaket Toskana ${unique()}`;
    await page.goto(`/kontakt?subject=${encodeURIComponent(`  ${subject}  `)}`);
    await expect(page).toHaveTitle(/^Kontakt – /);
    const form = main(page);
    await expect(form.getByLabel("Betreff")).toHaveValue(subject);

    await form.getByLabel("Vorname").fill("Lena");
    await form.getByLabel("Nachname").fill("Vogel");
    await form.getByLabel("E-Mail", { exact: true }).fill("lena.vogel@example.com");
    await form
      .getByLabel("Nachricht", { exact: true })
      .fill("Gibt es im Mai noch freie Termine?\nViele Grüße");
    await form.getByRole("button", { name: "Nachricht senden" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Vielen Dank!" })).toHaveText(
      "Vielen Dank! Ihre Nachricht wurde gesendet.",
    );
    for (const label of ["Vorname", "Nachname", "Betreff"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(form.getByLabel("Nachricht", { exact: true })).toHaveValue("");

    // The message was stored and its e-mail queued in one transaction; the worker sent it.
    const mail = await waitForMail((m) => m.subject === `Neue Kontaktanfrage: ${subject}`);
    expect(mail.to).toBe("info@traumurlaub.example.com");
    expect(mail.replyTo).toContain("lena.vogel@example.com");
    expect(mail.text).toContain("Name: Lena Vogel");
    expect(mail.text).toContain("Gibt es im Mai noch freie Termine?");
  });

  test("invalid input gets German field messages and stays in the form", async ({ page }) => {
    await page.goto("/kontakt");
    const form = main(page);
    const tooLong = "Sehr lange Nachricht. ".repeat(230); // > 5,000 characters
    await form.getByLabel("Vorname").fill("Jonas");
    await form.getByLabel("Nachname").fill("Berg");
    await form.getByLabel("E-Mail", { exact: true }).fill("jonas@");
    await form.getByLabel("Betreff").fill("Anfrage");
    await form.getByLabel("Nachricht", { exact: true }).fill(tooLong);
    await form.getByRole("button", { name: "Nachricht senden" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "markierten" })).toHaveText(
      "Bitte prüfen Sie die markierten Felder.",
    );
    await expect(form.getByLabel("E-Mail", { exact: true })).toHaveAccessibleDescription(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    );
    await expect(
      form.getByText("Die Nachricht darf höchstens 5.000 Zeichen lang sein."),
    ).toBeVisible();
    await expect(form.getByLabel("Nachricht", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    // Nothing typed is lost.
    await expect(form.getByLabel("Vorname")).toHaveValue("Jonas");
    await expect(form.getByLabel("E-Mail", { exact: true })).toHaveValue("jonas@");
    await expect(form.getByLabel("Betreff")).toHaveValue("Anfrage");
    await expect(form.getByLabel("Nachricht", { exact: true })).toHaveValue(tooLong);
  });

  test("shows contact cards, a map link without third-party content, and passes axe", async ({
    page,
  }) => {
    await page.goto("/kontakt");
    const content = main(page);
    await expect(content.getByRole("link", { name: "+49 30 12345678" })).toHaveAttribute(
      "href",
      "tel:+493012345678",
    );
    await expect(
      content.getByRole("link", { name: "info@traumurlaub.example.com" }),
    ).toHaveAttribute("href", "mailto:info@traumurlaub.example.com");
    await expect(content.getByRole("link", { name: /Karte öffnen/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/search?query=Musterstra%C3%9Fe%2012%2C%2010115%20Berlin%2C%20Deutschland",
    );
    await expect(content).toContainText("Mo–Fr 9:00–18:00, Sa 10:00–14:00");
    await expect(content).toContainText("Amtsgericht Berlin-Charlottenburg");
    await expect(content).toContainText("HRB 123456 B");
    await expect(content).toContainText("DE123456789");
    await expect(page.locator("iframe")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("newsletter", () => {
  test("double opt-in: footer sign-up, confirmation link from the e-mail, unsubscribe", async ({
    page,
  }) => {
    const email = `leser-${unique()}@example.com`;
    await page.goto("/kontakt");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("E-Mail").fill(email);
    await footer.getByRole("button", { name: "Abonnieren" }).click();
    await expect(footer).toContainText(
      "Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen gesendet haben.",
    );
    await expect(footer.getByLabel("E-Mail")).toHaveValue("");
    await expect(page).toHaveURL(/\/kontakt$/); // a background request: the page stays

    const mail = await waitForMail((m) => m.to === email);
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre Newsletter-Anmeldung");
    const confirmLink = /https?:\/\/\S+\/newsletter\/bestaetigen\?token=[\w-]+/.exec(
      mail.text,
    )?.[0];
    const unsubscribeLink = /https?:\/\/\S+\/newsletter\/abmelden\?token=[\w-]+/.exec(
      mail.text,
    )?.[0];
    expect(confirmLink).toBeTruthy();
    expect(unsubscribeLink).toBeTruthy();

    await page.goto(confirmLink!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Newsletter-Anmeldung bestätigen",
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
    await expect(page.getByRole("status")).toHaveText("Ihre Newsletter-Anmeldung ist bestätigt.");

    // A second sign-up of the same address gets the same answer.
    await page.goto("/kontakt");
    await footer.getByLabel("E-Mail").fill(email);
    await footer.getByRole("button", { name: "Abonnieren" }).click();
    await expect(footer).toContainText("Bitte bestätigen Sie Ihre Anmeldung");

    await page.goto(unsubscribeLink!);
    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page.getByRole("status")).toHaveText("Sie wurden vom Newsletter abgemeldet.");

    await page.goto(confirmLink!);
    await expect(page.getByRole("alert")).toHaveText("Dieser Link ist ungültig oder abgelaufen.");
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an invalid address gets the German message", async ({ page }) => {
    await page.goto("/kontakt");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("E-Mail").fill("kein-gueltiger-empfaenger");
    await footer.getByRole("button", { name: "Abonnieren" }).click();
    await expect(footer).toContainText("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    await expect(footer.getByLabel("E-Mail")).toHaveAttribute("aria-invalid", "true");
  });
});

test("contact form and newsletter work without JavaScript", async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
  });
  const page = await context.newPage();
  try {
    const subject = `Ohne JavaScript ${unique()}`;
    await page.goto("/kontakt");
    const form = main(page);
    await form.getByLabel("Vorname").fill("Mia");
    await form.getByLabel("Nachname").fill("Klein");
    await form.getByLabel("E-Mail", { exact: true }).fill("mia@example.com");
    await form.getByLabel("Betreff").fill(subject);
    await form.getByLabel("Nachricht", { exact: true }).fill("Hallo!");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByText("Vielen Dank! Ihre Nachricht wurde gesendet.")).toBeVisible();
    await expect(form.getByLabel("Betreff")).toHaveValue("");
    await waitForMail((m) => m.subject === `Neue Kontaktanfrage: ${subject}`);

    const email = `ohne-js-${unique()}@example.com`;
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("E-Mail").fill(email);
    await footer.getByRole("button", { name: "Abonnieren" }).click();
    await expect(page).toHaveURL(/\/kontakt\?newsletter=pending/);
    await expect(footer).toContainText("Bitte bestätigen Sie Ihre Anmeldung");
    await waitForMail((m) => m.to === email);
  } finally {
    await context.close();
  }
});
