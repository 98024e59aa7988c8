import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_LOGINS } from "../../db/demo-logins";

export const demoAdmin = DEMO_LOGINS[0];
export const demoGuest = DEMO_LOGINS[1];

/** An address from the 198.18.0.0/15 benchmark range, never a real visitor's. */
function randomTestAddress() {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
}

/** Menus and dialogs need the page hydrated; the root component marks <html> when it is. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** `page.goto` that also waits for hydration, for every page a test opens in its context. */
function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response && response.headers()["content-type"]?.startsWith("text/html"))
      await waitForHydration(page);
    return response;
  };
}

export async function signIn(page: Page, email: string, password: string, path = "/auth") {
  await page.goto(path);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/** Fails on serious or critical accessibility violations (axe-core, WCAG 2.1 AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/**
 * Every journey fails on a browser console error or an uncaught exception: hydration
 * mismatches, CSP violations and broken scripts show up there first.
 */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on("console", (message) => {
          // Expected HTTP errors (403/404/401 pages under test) are not script errors.
          if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
            errors.push(message.text());
          }
        });
        page.on("pageerror", (error) => errors.push(String(error)));
      };
      // One client address per test (the server trusts X-Forwarded-For in E2E): the whole suite
      // would otherwise be a single visitor hitting the registration and sign-in limits.
      await context.setExtraHTTPHeaders({ "x-forwarded-for": randomTestAddress() });
      for (const page of context.pages()) {
        watch(page);
        waitForHydrationOnGoto(page);
      }
      context.on("page", (page) => {
        watch(page);
        waitForHydrationOnGoto(page);
      });
      await use();
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
