import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./helpers";

/** Calendar days in Europe/Berlin ("today" of the product), shifted by `days`. */
function berlinDay(days = 0) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const germanDate = (iso: string) => iso.split("-").reverse().join(".");

const CONTENT_PAGES = [
  "/reiseziele/europa",
  "/reiseziele/asien",
  "/reiseziele/amerika",
  "/reiseziele/afrika",
  "/buchungsprozess",
  "/faq",
  "/reisepakete",
  "/hotelbuchung",
  "/flugbuchung",
  "/reiseversicherung",
  "/datenschutz",
  "/agb",
];

const faqTab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

test.describe("FAQ", () => {
  test("the search filters questions and answers case-insensitively across all tabs", async ({
    page,
  }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Häufige Fragen (FAQ)");
    await expect(faqTab(page, "Buchung")).toHaveAttribute("aria-selected", "true");

    const search = page.getByRole("searchbox", { name: "FAQ durchsuchen" });
    // "Überweisung" is a payment question although "Buchung" is the open tab.
    await search.pressSequentially("ÜBERWEISUNG");
    await expect(page.getByRole("status")).toHaveText(/Treffer für „ÜBERWEISUNG“/);
    await expect(page.getByText("Welche Zahlungsarten bieten Sie an?")).toBeVisible();
    await expect(page.getByText("Wie buche ich eine Ferienwohnung?")).toBeHidden();
    await expect(page).toHaveURL(/\/faq\?q=%C3%9CBERWEISUNG$/);

    // A word that only occurs in an answer.
    await search.fill("GeSchirr");
    await expect(page.getByRole("status")).toHaveText(
      "1 Treffer für „GeSchirr“ in allen Kategorien",
    );
    await expect(page.getByText("Ist die Endreinigung im Preis enthalten?")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reisedetails" })).toBeVisible();

    // Nothing found: a message and a way to ask us.
    await search.fill("Raumschiff");
    await expect(page.getByRole("status")).toHaveText(
      "Zu „Raumschiff“ haben wir leider keine passende Antwort gefunden.",
    );
    const ask = page.getByRole("link", { name: "Frage an uns senden" });
    await expect(ask).toHaveAttribute("href", /^\/kontakt\?subject=/);
    await ask.click();
    await expect(page).toHaveURL(/\/kontakt\?subject=Frage%3A\+Raumschiff$/);
  });

  test("clearing the search brings the tabs back", async ({ page }) => {
    await page.goto("/faq?q=kaution");
    await expect(page.getByRole("searchbox", { name: "FAQ durchsuchen" })).toHaveValue("kaution");
    await expect(page.getByText("Muss ich eine Kaution hinterlegen?")).toBeVisible();
    await page.getByRole("link", { name: "Suche zurücksetzen" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("searchbox", { name: "FAQ durchsuchen" })).toHaveValue("");
    await expect(faqTab(page, "Buchung")).toHaveAttribute("aria-selected", "true");
  });

  test("tabs switch with clicks and arrow keys and keep the tab in the URL", async ({ page }) => {
    await page.goto("/faq");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(panel.getByText("Wie buche ich eine Ferienwohnung?")).toBeVisible();

    await faqTab(page, "Zahlung").click();
    await expect(faqTab(page, "Zahlung")).toHaveAttribute("aria-selected", "true");
    await expect(faqTab(page, "Buchung")).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel", { name: "Zahlung" })).toContainText(
      "Wie funktioniert die Zahlung per Überweisung?",
    );
    await expect(page.getByText("Wie buche ich eine Ferienwohnung?")).toBeHidden();
    await expect(page).toHaveURL(/\/faq\?tab=zahlung$/);

    await page.keyboard.press("ArrowRight");
    await expect(faqTab(page, "Reisedetails")).toBeFocused();
    await expect(faqTab(page, "Reisedetails")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Reisedetails" })).toContainText(
      "Sind Haustiere erlaubt?",
    );
    await page.keyboard.press("ArrowRight");
    await expect(faqTab(page, "Buchung")).toBeFocused();
    await page.keyboard.press("End");
    await expect(faqTab(page, "Reisedetails")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(faqTab(page, "Zahlung")).toHaveAttribute("aria-selected", "true");

    // The tab survives a reload (server-rendered from ?tab=).
    await expect(page).toHaveURL(/\/faq\?tab=zahlung$/);
    await page.reload();
    await expect(faqTab(page, "Zahlung")).toHaveAttribute("aria-selected", "true");
  });

  test("several answers can be open at once and a click toggles one", async ({ page }) => {
    await page.goto("/faq");
    const panel = page.getByRole("tabpanel", { name: "Buchung" });
    const first = panel.locator("details").filter({ hasText: "Wie buche ich eine Ferienwohnung?" });
    const second = panel.locator("details").filter({ hasText: "Brauche ich ein Kundenkonto?" });
    const firstAnswer = first.getByText(/Belegungskalender/);
    const secondAnswer = second.getByText(/kostenlos mit Ihrer E-Mail-Adresse/);
    await expect(firstAnswer).toBeHidden();

    await first.getByText("Wie buche ich eine Ferienwohnung?").click();
    await second.getByText("Brauche ich ein Kundenkonto?").click();
    await expect(firstAnswer).toBeVisible();
    await expect(secondAnswer).toBeVisible();

    await first.getByText("Wie buche ich eine Ferienwohnung?").click();
    await expect(firstAnswer).toBeHidden();
    await expect(secondAnswer).toBeVisible();
  });

  test("search and tabs work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/faq?q=kaution");
    await expect(page.getByText("Muss ich eine Kaution hinterlegen?")).toBeVisible();
    await expect(page.getByText("Wie buche ich eine Ferienwohnung?")).toHaveCount(0);

    await page.goto("/faq");
    await faqTab(page, "Reisedetails").click();
    await expect(page).toHaveURL(/\/faq\?tab=reisedetails$/);
    await expect(faqTab(page, "Reisedetails")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Sind Haustiere erlaubt?")).toBeVisible();

    await page.getByRole("searchbox", { name: "FAQ durchsuchen" }).fill("überweisung");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/q=%C3%BCberweisung/);
    await expect(page.getByText("Wie funktioniert die Zahlung per Überweisung?")).toBeVisible();
    await context.close();
  });

  test("the FAQ switches to English with the language switch", async ({ page }) => {
    await page.goto("/faq?tab=zahlung");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The switch reloads the page: typing before hydration would not filter.
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Frequently asked questions (FAQ)",
    );
    await expect(page).toHaveURL(/\/faq\?tab=zahlung$/);
    await expect(faqTab(page, "Payment")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("How does payment by bank transfer work?")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search the FAQ" }).fill("pets");
    await expect(page.getByText("Are pets allowed?")).toBeVisible();
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/faq");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("searchbox", { name: "FAQ durchsuchen" }).fill("Zahlung");
    await expect(page.getByRole("status")).toContainText("Treffer");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("no dead controls on the content pages", () => {
  test("every link leads to a page and every button submits a form", async ({ page, request }) => {
    test.setTimeout(180_000);
    const checked = new Map<string, number>();
    for (const path of CONTENT_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("#main h1")).toBeVisible();

      const hrefs = await page
        .locator("a[href]")
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const href of new Set(hrefs)) {
        const url = new URL(href);
        if (url.protocol === "mailto:" || url.protocol === "tel:") continue;
        expect(url.origin, `${path}: external link ${href}`).toBe(new URL(page.url()).origin);
        const target = url.pathname + url.search;
        if (!checked.has(target)) checked.set(target, (await request.get(target)).status());
        const status = checked.get(target);
        expect(status, `${path} links to ${target}`).toBe(200);
      }

      // Buttons in the page content are submit buttons of a form (their effects are tested
      // below: search, tabs, hotel search, flight request).
      const buttons = await page.locator("#main button").evaluateAll((elements) =>
        elements.map((b) => ({
          text: b.textContent?.trim(),
          type: (b as HTMLButtonElement).type,
          hasForm: (b as HTMLButtonElement).form !== null,
        })),
      );
      for (const button of buttons)
        expect(button, `${path}: ${button.text}`).toMatchObject({ type: "submit", hasForm: true });
    }
  });

  test("the content pages have no serious accessibility violations", async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of CONTENT_PAGES.filter((p) => p !== "/faq")) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe("destinations", () => {
  test("a region lists the countries with published properties, their count and price", async ({
    page,
  }) => {
    await page.goto("/reiseziele/europa");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reiseziele in Europa");
    const cards = page.locator("#main article");
    // The demo portfolio: Deutschland has the most published properties, so it comes first.
    await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText("Deutschland");
    await expect(cards.first()).toContainText(/\d+ Unterkünfte · ab [\d.]+,\d\d\s€ \/ Nacht/);
    // No editorial ratings or typed-in prices any more (decision 031).
    await expect(page.locator("#main")).not.toContainText("Redaktionelle Bewertung");
    const link = page.getByRole("link", { name: "Unterkünfte in Italien ansehen" });
    await expect(link).toHaveAttribute("href", "/properties?location=Italien");
    await link.click();
    await expect(page).toHaveURL(/\/properties\?location=Italien$/);
  });

  test("a region without properties says so (in English too)", async ({ page }) => {
    await page.goto("/reiseziele/afrika");
    await expect(page.getByTestId("region-empty")).toContainText(
      "In dieser Region bieten wir derzeit keine Unterkünfte an.",
    );
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Destinations in Africa");
    await expect(page.getByTestId("region-empty")).toContainText(
      "We currently offer no properties in this region.",
    );
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("an unknown region is a 404 page", async ({ page }) => {
    const response = await page.goto("/reiseziele/mars");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Seite nicht gefunden" })).toBeVisible();
  });
});

test.describe("offers and requests", () => {
  test("the booking process shows five steps and leads to the contact page", async ({ page }) => {
    await page.goto("/buchungsprozess");
    const steps = page.locator("#main ol > li");
    await expect(steps).toHaveCount(5);
    await expect(steps.first()).toContainText("Reiseziel wählen");
    await expect(steps.last()).toContainText("Bestätigung per E-Mail");
    await page.locator("#main").getByRole("link", { name: "Kontakt aufnehmen" }).click();
    await expect(page).toHaveURL(/\/kontakt$/);
  });

  test("a travel package request opens the contact form with its title", async ({ page }) => {
    await page.goto("/reisepakete");
    const cards = page.locator("#main article");
    await expect(cards).toHaveCount(3);
    await expect(page.getByText("Bestseller", { exact: true })).toHaveCount(1);
    // No ratings or "ab" prices nobody can back up (decision 031).
    await expect(cards.first()).not.toContainText("von 5");
    await expect(cards.first()).not.toContainText("ab ");
    await page.getByRole("link", { name: "Jetzt anfragen – Toskana Genussreise" }).click();
    await expect(page).toHaveURL(/\/kontakt\?subject=Toskana\+Genussreise$/);
  });

  test("the hotel search lands on the property list with location, dates and guests", async ({
    page,
  }) => {
    await page.goto("/hotelbuchung");
    const checkIn = berlinDay(30);
    const checkOut = berlinDay(37);
    await expect(page.getByLabel("Anreise")).toHaveAttribute("min", berlinDay(0));
    await expect(page.getByLabel("Gäste").locator("option")).toHaveText([
      "2 Erwachsene",
      "1 Erwachsener",
      "2 Erwachsene, 1 Kind",
      "2 Erwachsene, 2 Kinder",
    ]);

    // Departure before arrival: a German message, no navigation.
    await page.getByLabel("Reiseziel").fill("Italien");
    await page.getByLabel("Anreise").fill(checkIn);
    await page.getByLabel("Abreise").fill(berlinDay(29));
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByRole("alert")).toHaveText("Die Abreise muss nach der Anreise liegen.");
    await expect(page).toHaveURL(/\/hotelbuchung$/);

    await page.getByLabel("Abreise").fill(checkOut);
    await page.getByLabel("Gäste").selectOption({ label: "2 Erwachsene, 1 Kind" });
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(
      `/properties?location=Italien&checkIn=${checkIn}&checkOut=${checkOut}&guests=3`,
    );
  });

  test("only the guests are sent when the other fields stay empty", async ({ page }) => {
    await page.goto("/hotelbuchung");
    await page.getByLabel("Gäste").selectOption({ label: "1 Erwachsener" });
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL("/properties?guests=1");
  });

  test("a partner hotel's button asks about that hotel", async ({ page }) => {
    await page.goto("/hotelbuchung");
    await page.getByRole("link", { name: "Hotel anfragen – Hotel Seeblick Konstanz" }).click();
    await expect(page).toHaveURL(/\/kontakt\?subject=Hotel\+Seeblick\+Konstanz$/);
  });

  test("a flight request opens the contact form with the values in the subject", async ({
    page,
  }) => {
    await page.goto("/flugbuchung");
    // Missing input: German messages, nothing sent.
    await page.getByRole("button", { name: "Flug anfragen" }).click();
    await expect(page.getByRole("alert")).toHaveText("Bitte prüfen Sie Ihre Angaben.");
    await expect(page.getByText("Bitte geben Sie den Abflugort ein.")).toBeVisible();
    await expect(page.getByLabel("Von", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/flugbuchung\?anfrage=1/);

    const departure = berlinDay(40);
    const back = berlinDay(47);
    await page.getByLabel("Von", { exact: true }).fill("Berlin");
    await page.getByLabel("Nach", { exact: true }).fill("Palma");
    await page.getByLabel("Hinflug").fill(departure);
    await page.getByLabel("Rückflug").fill(back);
    await page.getByLabel("Passagiere").selectOption({ label: "2 Passagiere" });
    await page.getByRole("button", { name: "Flug anfragen" }).click();
    await expect(page).toHaveURL(/\/kontakt\?subject=/);
    expect(new URL(page.url()).searchParams.get("subject")).toBe(
      `Fluganfrage: Berlin → Palma, ${germanDate(departure)}–${germanDate(back)}, 2 Passagiere`,
    );
  });

  test("the flight request works without JavaScript and rejects bad input", async ({ request }) => {
    const departure = berlinDay(10);
    const ok = await request.get(
      `/flugbuchung?anfrage=1&from=Hamburg&to=Faro&departure=${departure}&return=&passengers=1`,
      { maxRedirects: 0 },
    );
    expect(ok.status()).toBe(302);
    const location = new URL(ok.headers()["location"], "http://localhost");
    expect(location.pathname).toBe("/kontakt");
    expect(location.searchParams.get("subject")).toBe(
      `Fluganfrage: Hamburg → Faro, ${germanDate(departure)} (nur Hinflug), 1 Passagier`,
    );

    const bad = await request.get(
      `/flugbuchung?anfrage=1&from=Hamburg&to=Faro&departure=${berlinDay(-1)}&passengers=99`,
      { maxRedirects: 0 },
    );
    expect(bad.status()).toBe(200);
    const html = await bad.text();
    expect(html).toContain("Der Hinflug darf nicht in der Vergangenheit liegen.");
    expect(html).toContain("Bitte wählen Sie zwischen 1 und 4 Passagieren.");
  });

  test("sample flights and insurance plans link to the contact form with a subject", async ({
    page,
  }) => {
    await page.goto("/flugbuchung");
    await expect(
      page.getByRole("link", { name: "Flug anfragen – Düsseldorf nach Palma" }),
    ).toHaveAttribute("href", /^\/kontakt\?subject=Fluganfrage%3A\+Eurowings\+EW\+580/);

    await page.goto("/reiseversicherung");
    const plans = page.locator("#main article");
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(0)).toContainText("Basis-Schutz");
    await expect(plans.nth(0)).toContainText("29 €");
    await expect(plans.nth(1)).toContainText("Empfohlen");
    await expect(plans.nth(1)).toContainText("49 €");
    await expect(plans.nth(2)).toContainText("79 €");
    await expect(page.getByText("pro Reise").first()).toBeVisible();
    await page.getByRole("link", { name: "Jetzt anfragen – Premium-Schutz" }).click();
    await expect(page).toHaveURL(/\/kontakt\?subject=Premium-Schutz$/);
  });
});

test.describe("legal pages", () => {
  test("the privacy policy names the company from the settings", async ({ page }) => {
    await page.goto("/datenschutz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
    const controller = page.getByTestId("privacy-controller");
    await expect(controller).toContainText("TraumUrlaub Reisen GmbH");
    await expect(controller).toContainText("10115 Berlin");
    await expect(controller.getByRole("link")).toHaveAttribute(
      "href",
      "mailto:info@traumurlaub.example.com",
    );
    await expect(page.locator("#main")).toContainText("Double-Opt-in");
    await expect(page.locator("#main")).toContainText("Art. 21 DSGVO");
    await page.locator("#main").getByRole("link", { name: "Kontakt aufnehmen" }).click();
    await expect(page).toHaveURL(/\/kontakt$/);
  });

  test("the AGB state the booking rules", async ({ page }) => {
    await page.goto("/agb");
    await expect(page.getByText("Stand: März 2024")).toBeVisible();
    const main = page.locator("#main");
    await expect(main).toContainText("Anzahlung in Höhe von 20 % des Reisepreises");
    await expect(main).toContainText("§ 312g Abs. 2 Nr. 9 BGB kein gesetzliches Widerrufsrecht");
    await expect(main).toContainText("Eingangsbestätigung stellt noch keine Annahme");
  });
});
