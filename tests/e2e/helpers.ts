import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { DEMO_LOGINS } from "../../db/demo-logins";

export const demoAdmin = DEMO_LOGINS[0];
export const demoGuest = DEMO_LOGINS[1];

export async function signIn(page: Page, email: string, password: string, path = "/auth") {
  await page.goto(path);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/** Fails on serious or critical accessibility violations (axe-core, WCAG 2.1 AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
