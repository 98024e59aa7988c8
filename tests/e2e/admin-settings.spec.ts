import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { contrastRatio } from "../../app/lib/color";
import {
  demoAdmin,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/**
 * /admin/settings (issue 13 part 6): the two tabs are a real tab widget (arrow keys, Home/End,
 * one tab stop) whose open tab lives in the URL, and the logo and favicon uploads reach every
 * page, refused with a German reason when the file is no image.
 */
test("the settings tabs follow the arrow keys and the URL, also after a reload", async ({
  page,
}) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin/settings");
  await waitForHydration(page);
  const company = page.getByRole("tab", { name: "Unternehmen" });
  const bookings = page.getByRole("tab", { name: "Buchungen" });
  await expect(company).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Plattformname")).toBeVisible();

  await company.focus();
  await page.keyboard.press("ArrowRight");
  await expect(bookings).toBeFocused();
  await expect(bookings).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/admin\/settings\?tab=buchungen$/);
  await expect(page.getByLabel("Mindestaufenthalt (Nächte)")).toBeVisible();
  await expect(page.getByLabel("Plattformname")).toBeHidden();
  // One tab stop: the unselected tab is out of the Tab order.
  await expect(company).toHaveAttribute("tabindex", "-1");

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Buchungen" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByLabel("Mindestaufenthalt (Nächte)")).toBeVisible();

  await page.getByRole("tab", { name: "Buchungen" }).focus();
  await page.keyboard.press("Home");
  await expect(company).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=unternehmen$/);
  await page.keyboard.press("ArrowLeft");
  await expect(bookings).toBeFocused();
  await expect(page.getByLabel("Servicegebühr (€)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("without JavaScript the Buchungen tab opens from its link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await signInOverHttp(context.request, demoAdmin);
    const page = await context.newPage();
    await page.goto("/admin/settings");
    await page.getByRole("tab", { name: "Buchungen" }).click();
    await expect(page).toHaveURL(/\?tab=buchungen$/);
    await expect(page.getByLabel("Mindestaufenthalt (Nächte)")).toBeVisible();
  } finally {
    await context.close();
  }
});

// Changes the logo every page shows: the "settings" project runs it alone.
test(
  "an uploaded logo and favicon reach the site; a renamed text file is refused",
  { tag: "@settings" },
  async ({ page, browser }) => {
    await signInOverHttp(page.request, demoAdmin);
    await page.goto("/admin/settings");
    await waitForHydration(page);
    const lightLogo = page.getByTestId("brand-logoLight");
    const favicon = page.getByTestId("brand-favicon");

    // A text file named like a picture: refused by its content, with the German reason.
    await lightLogo.getByLabel("Logo (heller Hintergrund)").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("Dies ist kein Bild, nur Text mit der Endung .png"),
    });
    await lightLogo.getByRole("button", { name: "Hochladen" }).click();
    await expect(lightLogo.getByRole("alert")).toHaveText(
      "Fehler beim Hochladen der Datei: Bitte wählen Sie ein Bild im Format PNG, JPG oder WebP.",
    );
    await expect(lightLogo.getByText("Kein Bild")).toBeVisible();
    // The upload answers beside its field; the settings themselves were not saved or refused.
    const settingsFailed = page.getByText("Fehler beim Speichern der Einstellungen");
    await expect(settingsFailed).toHaveCount(0);

    // A real picture, with camera metadata the server must strip.
    const logo = await sharp({
      create: { width: 1200, height: 300, channels: 3, background: "#1d4ed8" },
    })
      .withMetadata({ exif: { IFD0: { Make: "Testkamera", Copyright: "geheim" } } })
      .jpeg()
      .toBuffer();
    await lightLogo.getByLabel("Logo (heller Hintergrund)").setInputFiles({
      name: "logo.jpg",
      mimeType: "image/jpeg",
      buffer: logo,
    });
    await lightLogo.getByRole("button", { name: "Hochladen" }).click();
    await expect(lightLogo.getByRole("status")).toHaveText("Gespeichert.");
    await expect(settingsFailed).toHaveCount(0);
    const preview = lightLogo.getByRole("img", { name: "Logo (heller Hintergrund)" });
    await expect(preview).toBeVisible();
    const logoUrl = await preview.getAttribute("src");
    expect(logoUrl).toMatch(/^\/media\/.+\.webp$/);
    const stored = await page.request.get(logoUrl!);
    expect(stored.headers()["content-type"]).toBe("image/webp");
    const storedMeta = await sharp(await stored.body()).metadata();
    expect(storedMeta.width).toBeLessThanOrEqual(640);
    expect(storedMeta.exif).toBeUndefined();

    const square = await sharp({
      create: { width: 256, height: 256, channels: 4, background: "#f59e0b" },
    })
      .png()
      .toBuffer();
    await favicon.getByLabel("Favicon").setInputFiles({
      name: "icon.png",
      mimeType: "image/png",
      buffer: square,
    });
    await favicon.getByRole("button", { name: "Hochladen" }).click();
    await expect(favicon.getByRole("status")).toHaveText("Gespeichert.");

    const brandSection = page.getByRole("region", { name: "Logos und Favicon" });
    await page.setViewportSize({ width: 1366, height: 900 });
    await brandSection.screenshot({ path: "test-results/screens/admin-settings-brand-1366.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await brandSection.screenshot({ path: "test-results/screens/admin-settings-brand-390.png" });

    // A visitor sees the logo in the header and the new icons in the page head.
    const visitor = await browser.newPage();
    try {
      await visitor.goto("/");
      await expect(visitor.locator(`header img[src="${logoUrl}"]`).first()).toBeVisible();
      const iconHref = await visitor.locator('link[rel="icon"]').getAttribute("href");
      expect(iconHref).toMatch(/^\/media\/.+\.png$/);
      const icon = await sharp(await (await visitor.request.get(iconHref!)).body()).metadata();
      expect([icon.format, icon.width, icon.height]).toEqual(["png", 32, 32]);
      const touchHref = await visitor.locator('link[rel="apple-touch-icon"]').getAttribute("href");
      const touch = await sharp(await (await visitor.request.get(touchHref!)).body()).metadata();
      expect([touch.width, touch.height]).toEqual([180, 180]);
    } finally {
      await visitor.close();
      // Back to the demo look for the journeys after this one.
      await page.goto("/admin/settings");
      await waitForHydration(page);
      for (const testId of ["brand-logoLight", "brand-favicon"]) {
        const remove = page.getByTestId(testId).getByRole("button", { name: "Entfernen" });
        if (await remove.isVisible()) {
          await remove.click();
          await expect(page.getByTestId(testId).getByText("Kein Bild")).toBeVisible();
        }
      }
    }
  },
);

// Saves the settings: the "settings" project runs it alone.
test(
  "a settings page opened before another admin's save is refused with a message; its own saves go on (decision 073)",
  { tag: "@settings" },
  async ({ browser }) => {
    const open = async () => {
      const page = await (await browser.newContext()).newPage();
      await signInOverHttp(page.request, demoAdmin);
      await page.goto("/admin/settings");
      await waitForHydration(page);
      return page;
    };
    const save = (page: Page) =>
      page.getByRole("button", { name: "Einstellungen speichern" }).click();
    const saved = (page: Page) =>
      expect(page.getByRole("status")).toHaveText("Einstellungen erfolgreich gespeichert");
    const first = await open();
    const original = await first.getByLabel("Meta-Keywords").inputValue();
    const second = await open();
    try {
      // One page saves twice in a row: its own save does not make the next one stale.
      await first.getByLabel("Meta-Keywords").fill(`${original}, Ostsee`);
      await save(first);
      await saved(first);
      await first.getByLabel("Meta-Keywords").fill(`${original}, Ostsee, Strand`);
      await save(first);
      await saved(first);

      // The other page, opened before, is refused; what it typed stays on screen.
      await second.getByLabel("Meta-Keywords").fill(`${original}, Berge`);
      await save(second);
      await expect(second.getByTestId("stale-form")).toContainText(
        "Die Einstellungen wurden inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
      );
      await expect(second.getByLabel("Meta-Keywords")).toHaveValue(`${original}, Berge`);
      await expectNoSeriousA11yViolations(second);

      // Reloaded, it shows the other page's save, and saves.
      await second.getByRole("link", { name: "Seite neu laden" }).click();
      await waitForHydration(second);
      await expect(second.getByLabel("Meta-Keywords")).toHaveValue(`${original}, Ostsee, Strand`);
      await second.getByLabel("Meta-Keywords").fill(original);
      await save(second);
      await saved(second);
    } finally {
      await second.context().close();
      await first.context().close();
    }
  },
);

// Changes the colours every page shows: the "settings" project runs it alone.
test(
  "light brand colours keep every text on them legible, also under the pointer",
  { tag: "@settings" },
  async ({ page, browser }) => {
    const setColours = async (primary: string, secondary: string) => {
      await page.goto("/admin/settings");
      await waitForHydration(page);
      await page.getByLabel("Primärfarbe").fill(primary);
      await page.getByLabel("Sekundärfarbe").fill(secondary);
      await page.getByRole("button", { name: "Einstellungen speichern" }).click();
      await expect(page.getByRole("status")).toHaveText("Einstellungen erfolgreich gespeichert");
    };
    /** axe's contrast rule only. */
    const contrastProblems = async (target: typeof page) => {
      const results = await new AxeBuilder({ page: target })
        .withRules(["color-contrast"])
        .analyze();
      return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
    };

    await signInOverHttp(page.request, demoAdmin);
    // A sunny yellow and a sky blue: white text on either is about 1.5:1.
    await setColours("#ffd166", "#9ad1f5");
    await expect(
      page.getByText(
        "In Kopfleiste, Fußzeile und Menü wird die Farbe bei Bedarf so weit abgedunkelt",
      ),
    ).toBeVisible();
    // axe needs a page of a context of our own, not browser.newPage()'s.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    try {
      // The top bar, the hero, the buttons and the footer of the home page.
      await visitor.goto("/");
      await waitForHydration(visitor);
      expect(await contrastProblems(visitor)).toEqual([]);
      // A primary button while the pointer rests on it. The hover once made it lighter (3.9:1),
      // which axe does not see (it was an opacity): the rendered pixels are measured instead.
      const search = visitor.getByRole("button", { name: "Suchen" });
      await search.hover();
      const { data, info } = await sharp(await search.screenshot())
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (Math.floor(info.height / 2) * info.width + 3) * info.channels;
      const background = `#${[0, 1, 2].map((i) => data[at + i].toString(16).padStart(2, "0")).join("")}`;
      expect(contrastRatio("#ffffff", background), background).toBeGreaterThanOrEqual(4.5);

      // The admin's sidebar sits on the secondary colour too.
      await page.goto("/admin");
      await waitForHydration(page);
      expect(await contrastProblems(page)).toEqual([]);
    } finally {
      await visitorContext.close();
      // Back to the demo look for the journeys after this one.
      await setColours("#ff385c", "#0a2463");
    }
  },
);

// Changes the name every page shows: the "settings" project runs it alone.
test(
  "a long platform name wraps in the site's and the admin's header on a 320 px screen",
  { tag: "@settings" },
  async ({ page }) => {
    const setName = async (name: string) => {
      await page.goto("/admin/settings");
      await waitForHydration(page);
      await page.getByLabel("Plattformname").fill(name);
      await page.getByRole("button", { name: "Einstellungen speichern" }).click();
      await expect(page.getByRole("status")).toHaveText("Einstellungen erfolgreich gespeichert");
    };
    await signInOverHttp(page.request, demoAdmin);
    try {
      await setName("Ferienwohnungen Küstenglück Familie Müller-Lüdenscheidt");
      await page.setViewportSize({ width: 320, height: 700 });
      for (const path of ["/", "/admin", "/properties"]) {
        await page.goto(path);
        await expect(page.getByTestId("platform-name").first()).toContainText("Küstenglück");
        // The admin's header was 42 px too wide: the name beside "Menü" did not wrap.
        await expectNoHorizontalScroll(page);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      await setName("TraumUrlaub Reisen");
    }
  },
);

test("unticking bank transfer while card and PayPal have no payment provider is refused (decision 098)", async ({
  page,
}) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin/settings?tab=buchungen");
  await waitForHydration(page);
  // The E2E server runs without Stripe keys: card and PayPal are ticked but not offered.
  const methods = page.getByRole("group", { name: "Zahlungsmethoden" });
  await expect(methods.getByText("Zahlungsanbieter nicht konfiguriert").first()).toBeVisible();
  const transfer = methods.getByRole("checkbox", { name: /^Banküberweisung/ });
  await expect(transfer).toBeChecked();
  await transfer.uncheck();
  await page.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(methods).toContainText(
    "Mit dieser Auswahl könnten Gäste nicht buchen: Keine der gewählten Zahlungsmethoden ist einsatzbereit.",
  );
  await expect(page.getByText("Einstellungen erfolgreich gespeichert")).toHaveCount(0);
  // Nothing was saved: after a reload bank transfer is still ticked and guests can pay.
  await page.reload();
  await waitForHydration(page);
  await expect(
    page
      .getByRole("group", { name: "Zahlungsmethoden" })
      .getByRole("checkbox", { name: /^Banküberweisung/ }),
  ).toBeChecked();
});
