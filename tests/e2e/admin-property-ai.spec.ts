import type { Page } from "@playwright/test";
import { E2E_OPENAI_KEY } from "./fake-openai-server";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/**
 * "Mit KI optimieren" beside the description on /admin/properties/add (spec 06-admin, issue 14
 * part 5), against the local chat-completions server of tests/e2e/fake-openai-server.ts, which
 * answers "Optimiert: <text>" — or, by markers in the text, no text ("[leer]") or an error
 * ("[fehler]"). The suggestion is reviewed beside the original and only "Übernehmen" puts it
 * into the field; nothing is saved.
 */
const TEXT =
  "Helle Ferienwohnung mit zwei Schlafzimmern, 300 m zum Strand.\n\nBalkon mit Meerblick.";

async function openForm(page: Page) {
  await signInOverHttp(page.request, demoAdmin);
  const response = await page.goto("/admin/properties/add");
  await waitForHydration(page);
  return response;
}

const description = (page: Page) => page.getByRole("textbox", { name: "Beschreibung" });
const optimizeButton = (page: Page) => page.getByRole("button", { name: "Mit KI optimieren" });
const suggestion = (page: Page) => page.getByRole("region", { name: "Vorschlag der KI" });

test("an admin has the description rewritten, reviews it beside the original, discards and accepts it", async ({
  page,
}) => {
  const response = await openForm(page);
  // The key stays on the server: not in the page, not in its data.
  expect(await response!.text()).not.toContain(E2E_OPENAI_KEY);

  await expect(optimizeButton(page)).toBeDisabled();
  await expect(page.getByText("Bitte geben Sie zuerst eine Beschreibung ein")).toBeVisible();

  await description(page).fill(TEXT);
  await expect(optimizeButton(page)).toBeEnabled();
  await optimizeButton(page).click();
  const review = suggestion(page);
  await expect(review).toBeVisible();
  await expect(review).toBeFocused();
  const original = review.getByRole("group", { name: "Aktuelle Beschreibung" });
  const rewritten = review.getByRole("group", { name: "Optimierte Beschreibung" });
  await expect(original).toContainText("300 m zum Strand.");
  await expect(rewritten).toContainText("Optimiert: Helle Ferienwohnung");
  // Shown for review, not put into the field yet.
  await expect(description(page)).toHaveValue(TEXT);
  await expectNoSeriousA11yViolations(page);

  await review.getByRole("button", { name: "Verwerfen" }).click();
  await expect(suggestion(page)).toHaveCount(0);
  await expect(description(page)).toHaveValue(TEXT);
  await expect(page.getByText("Der Vorschlag wurde verworfen.")).toBeVisible();
  await expect(optimizeButton(page)).toBeFocused();

  // With the keyboard this time.
  await page.keyboard.press("Enter");
  await expect(suggestion(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Übernehmen" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(suggestion(page)).toHaveCount(0);
  await expect(description(page)).toHaveValue(`Optimiert: ${TEXT}`);
  await expect(page.getByText("Der Vorschlag wurde in die Beschreibung übernommen.")).toBeVisible();
});

test("the suggestion stands beside the original on a wide screen and below it on a phone", async ({
  page,
}) => {
  await openForm(page);
  await description(page).fill(TEXT);
  for (const [width, beside] of [
    [1366, true],
    [390, false],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    if ((await suggestion(page).count()) === 0) await optimizeButton(page).click();
    const review = suggestion(page);
    const first = await review.getByRole("group", { name: "Aktuelle Beschreibung" }).boundingBox();
    const second = await review
      .getByRole("group", { name: "Optimierte Beschreibung" })
      .boundingBox();
    expect(first && second).toBeTruthy();
    if (beside) {
      expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
      expect(Math.abs(second!.y - first!.y)).toBeLessThan(1);
    } else {
      expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
      // Nothing sticks out sideways on the phone.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
    }
  }
  await expectNoSeriousA11yViolations(page);
});

test("errors of the AI service are shown in German and leave the description as it was", async ({
  page,
}) => {
  await openForm(page);
  for (const [marker, message] of [
    ["[leer]", "Keine optimierte Beschreibung erhalten"],
    ["[fehler]", "Fehler bei der Textoptimierung"],
  ] as const) {
    const text = `${TEXT} ${marker}`;
    await description(page).fill(text);
    await optimizeButton(page).click();
    await expect(page.getByTestId("ai-optimize-error")).toHaveText(message);
    await expect(suggestion(page)).toHaveCount(0);
    await expect(description(page)).toHaveValue(text);
  }
  await expectNoSeriousA11yViolations(page);
});

test("a session that ended meanwhile is reported, and the description stays", async ({ page }) => {
  await openForm(page);
  await description(page).fill(TEXT);
  await page.context().clearCookies();
  await optimizeButton(page).click();
  await expect(page.getByTestId("session-expired")).toContainText("Ihre Sitzung ist abgelaufen");
  await expect(suggestion(page)).toHaveCount(0);
  await expect(description(page)).toHaveValue(TEXT);
});
