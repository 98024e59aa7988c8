import type { APIRequestContext, Page } from "@playwright/test";
import { todayInBerlin } from "../../app/domain/calendar-day";
import { addDays, calendarDay, cents, dayName, germanDate } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  registerOverHttp,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";

/** The price box of the property page (spec 03 "Price box", spec 04 "The one price"). */

const euro = (amount: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(amount / 100);

type Stay = { checkIn: string; checkOut: string };

/** Published properties (from the sitemap) with their booked stays (listed for visitors without JavaScript). */
async function publishedProperties(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (match) => match[1],
  );
  expect(paths.length).toBeGreaterThan(0);
  const properties: { path: string; stays: Stay[] }[] = [];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const stays = [
      ...html.matchAll(
        /data-booked-stay[^>]*>.*?<time dateTime="([\d-]{10})"[^>]*>.*?<time dateTime="([\d-]{10})"/gi,
      ),
    ].map((match) => ({ checkIn: match[1], checkOut: match[2] }));
    properties.push({ path, stays });
  }
  return properties;
}

let cache: Awaited<ReturnType<typeof publishedProperties>> | undefined;
async function demoProperties(request: APIRequestContext) {
  cache ??= await publishedProperties(request);
  return cache;
}

/** A property with a booking that starts after tomorrow (the demo data has several). */
async function propertyWithFutureBooking(request: APIRequestContext) {
  const today = todayInBerlin();
  for (const property of await demoProperties(request)) {
    const stay = property.stays.find((s) => s.checkIn > addDays(today, 1));
    if (stay) return { path: property.path, stay, stays: property.stays };
  }
  throw new Error("no demo property with a future booking");
}

/** A property and a stay far enough ahead that no demo booking touches it. */
async function freeStay(request: APIRequestContext, nights = 3) {
  const [property] = await demoProperties(request);
  const checkIn = addDays(todayInBerlin(), 150);
  return { path: property.path, checkIn, checkOut: addDays(checkIn, nights) };
}

const priceBox = (page: Page) => page.getByRole("region", { name: "Preis und Verfügbarkeit" });
const calendar = (page: Page) => page.getByRole("dialog", { name: "Reisedaten auswählen" });

/** The breakdown as numbers, checked against the arithmetic of the one price function. */
async function expectConsistentBreakdown(page: Page, nights: number) {
  const box = priceBox(page);
  const headline = await box.getByTestId("nightly-price").innerText();
  const nightly = cents(headline.match(/([\d.,]+\s*€)\s*pro Nacht/)![1]);
  const breakdown = box.getByRole("definition");
  const terms = box.getByRole("term");
  await expect(terms).toHaveText([
    `${euro(nightly)} × ${nights} ${nights === 1 ? "Nacht" : "Nächte"}`,
    "Reinigungsgebühr",
    "Servicegebühr",
    "Gesamt",
  ]);
  const [subtotal, cleaning, service, total] = (await breakdown.allInnerTexts()).map(cents);
  expect(subtotal).toBe(nightly * nights);
  expect(service).toBe(2900); // settings default: 29 €
  expect(cleaning).toBeGreaterThan(0);
  expect(total).toBe(subtotal + cleaning + service);
  await expect(breakdown.last()).toHaveText(euro(total));
  return { nightly, total };
}

test.describe("price box", () => {
  test("booked nights and past days cannot be chosen; the check-out day of a booking can", async ({
    page,
  }) => {
    const today = todayInBerlin();
    const { path, stay, stays } = await propertyWithFutureBooking(page.request);
    await page.goto(path);
    const box = priceBox(page);

    await expect(box.getByRole("button", { name: "Daten auswählen" })).toBeDisabled();
    await expect(box.getByRole("button", { name: /^Abreise/ })).toBeDisabled();
    await expect(box.getByRole("definition")).toHaveCount(0);

    await box.getByRole("button", { name: /^Anreise/ }).click();
    await expect(calendar(page)).toBeVisible();
    await expect(calendar(page).getByText("Wählen Sie Ihr Anreisedatum.")).toBeVisible();
    // Days before today: the previous month cannot be opened, yesterday is disabled.
    await expect(calendar(page).getByRole("button", { name: "Vorheriger Monat" })).toBeDisabled();
    const status = calendar(page).getByTestId("calendar-status");
    if (today.slice(8) !== "01") {
      const yesterday = calendar(page).getByRole("button", {
        name: dayName(addDays(today, -1)),
        exact: true,
      });
      await expect(yesterday).toBeDisabled();
      // A click on it says why instead of doing nothing, in the calendar's live region.
      await yesterday.click({ force: true });
      await expect(status).toHaveText(
        `Der ${germanDate(addDays(today, -1))} liegt in der Vergangenheit.`,
      );
      await expect(status).toHaveAttribute("aria-live", "polite");
    }

    // Every night of the booking is blocked and described as booked ...
    for (let night = stay.checkIn; night < stay.checkOut; night = addDays(night, 1)) {
      const button = await calendarDay(page, night);
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription("Belegt");
    }
    // ... clicking one changes nothing but says why ...
    await (await calendarDay(page, stay.checkIn)).click({ force: true });
    await expect(box.getByRole("button", { name: /^Anreise/ })).toContainText("Datum wählen");
    await expect(status).toHaveText(
      `Am ${germanDate(stay.checkIn)} ist die Unterkunft bereits belegt.`,
    );
    // ... and the day the guest leaves is free for the next one (unless the next stay starts then).
    const nextStarts = stays.some((s) => s.checkIn === stay.checkOut);
    const leave = await calendarDay(page, stay.checkOut);
    if (nextStarts) {
      await expect(leave).toBeDisabled();
      return;
    }
    await expect(leave).toBeEnabled();
    await leave.click();
    await expect(calendar(page).getByText("Wählen Sie Ihr Abreisedatum.")).toBeVisible();
    const [y, m, d] = stay.checkOut.split("-");
    await expect(box.getByRole("button", { name: /^Anreise/ })).toContainText(`${d}.${m}.${y}`);
    await expect(box.getByRole("button", { name: /^Abreise/ })).toBeEnabled();
    await expect(leave.locator("xpath=..")).toHaveAttribute("aria-selected", "true");
  });

  test("a visitor chooses dates, sees the breakdown of the one price and is sent to sign in", async ({
    page,
  }) => {
    const { path, checkIn } = await freeStay(page.request);
    await page.goto(path);
    const box = priceBox(page);
    await box.getByRole("button", { name: /^Anreise/ }).click();
    await (await calendarDay(page, checkIn)).click();
    await expect(box.getByRole("button", { name: "Daten auswählen" })).toBeDisabled();
    // Picking a day on or before the Anreise moves the Anreise; the Abreise waits.
    await (await calendarDay(page, addDays(checkIn, -1))).click();
    await expect(box.getByRole("button", { name: /^Abreise/ })).toContainText("Datum wählen");
    const checkOut = addDays(checkIn, 3); // 4 nights from the moved Anreise
    await (await calendarDay(page, checkOut)).click();
    await expect(calendar(page)).toBeHidden();

    const nights = 4;
    await expectConsistentBreakdown(page, nights);
    const book = box.getByRole("link", { name: "Jetzt buchen" });
    const id = path.split("/").pop();
    const bookPath = (guests: number) =>
      `/properties/${id}/book?checkIn=${addDays(checkIn, -1)}&checkOut=${checkOut}&guests=${guests}`;
    await expect(book).toHaveAttribute(
      "href",
      `/auth?redirectTo=${encodeURIComponent(bookPath(2))}`,
    );
    await box.getByLabel("Gäste").selectOption("1");
    await expect(book).toHaveAttribute(
      "href",
      `/auth?redirectTo=${encodeURIComponent(bookPath(1))}`,
    );

    // Moving the Anreise to the Abreise clears the Abreise and the breakdown.
    await box.getByRole("button", { name: /^Anreise/ }).click();
    await (await calendarDay(page, checkOut)).click();
    await expect(box.getByRole("button", { name: /^Abreise/ })).toContainText("Datum wählen");
    await expect(box.getByRole("button", { name: "Daten auswählen" })).toBeDisabled();
    await expect(box.getByRole("definition")).toHaveCount(0);
    await (await calendarDay(page, addDays(checkOut, 2))).click();
    await expectConsistentBreakdown(page, 2);

    await box.getByRole("link", { name: "Jetzt buchen" }).click();
    await expect(page).toHaveURL(
      `/auth?redirectTo=${encodeURIComponent(
        `/properties/${id}/book?checkIn=${checkOut}&checkOut=${addDays(checkOut, 2)}&guests=1`,
      )}`,
    );
  });

  test("on the phone a fixed bar shows the price and 'Jetzt buchen' leads to the dates, then to the booking", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { path, checkIn, checkOut } = await freeStay(page.request, 3);
    await page.goto(path);
    const bar = page.getByTestId("booking-bar");
    await expect(bar).toBeVisible();
    const nightly = await priceBox(page)
      .getByTestId("nightly-price")
      .locator(".text-2xl")
      .innerText();
    await expect(bar).toContainText(`ab ${nightly} / Nacht`);

    // It covers nothing: at the end of the page the footer ends above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await bar.boundingBox())!.y;
    const footer = (await page.getByRole("contentinfo").boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(barTop + 1);

    // Without dates "Jetzt buchen" brings the price box into view with its calendar open.
    await expect(bar.getByRole("link", { name: "Jetzt buchen" })).toHaveAttribute(
      "href",
      "#price-box",
    );
    await bar.getByRole("link", { name: "Jetzt buchen" }).click();
    await expect(calendar(page)).toBeVisible();
    await expect(calendar(page).getByText("Wählen Sie Ihr Anreisedatum.")).toBeVisible();
    const header = (await page.getByRole("banner").boundingBox())!;
    const boxTop = (await priceBox(page).boundingBox())!.y;
    expect(boxTop).toBeGreaterThanOrEqual(header.y + header.height);
    await (await calendarDay(page, checkIn)).click();
    await (await calendarDay(page, checkOut)).click();
    await expect(calendar(page)).toBeHidden();

    // With dates: the stay total of the price box, and its booking link.
    const { total } = await expectConsistentBreakdown(page, 3);
    await expect(bar).toContainText(`3 Nächte · ${euro(total)}`);
    const link = bar.getByRole("link", { name: "Jetzt buchen" });
    const href = await priceBox(page)
      .getByRole("link", { name: "Jetzt buchen" })
      .getAttribute("href");
    await expect(link).toHaveAttribute("href", href!);
    await expectNoSeriousA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(href!);

    // Not on a wide screen, where the price box sits beside the content.
    await page.goto(path);
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(bar).toBeHidden();
  });

  test("dates from the search arrive with the breakdown; a signed-in guest books directly", async ({
    page,
  }) => {
    await registerOverHttp(page.request);
    const { path, checkIn, checkOut } = await freeStay(page.request, 5);
    await page.goto(`${path}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    const box = priceBox(page);
    await expectConsistentBreakdown(page, 5);
    await expect(box.getByRole("link", { name: "Jetzt buchen" })).toHaveAttribute(
      "href",
      `${path}/book?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    );
    await expect(box.getByText("Zum Buchen melden Sie sich an")).toHaveCount(0);
  });

  test("without JavaScript the box is a form that shows the price for the chosen dates", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "de-DE" });
    const page = await context.newPage();
    try {
      const { path, checkIn, checkOut } = await freeStay(page.request, 3);
      await page.goto(path);
      const box = priceBox(page);
      await box.getByLabel("Anreise").fill(checkIn);
      await box.getByLabel("Abreise").fill(checkOut);
      await box.getByLabel("Gäste").selectOption("1");
      await box.getByRole("button", { name: "Verfügbarkeit prüfen" }).click();
      await expect(page).toHaveURL(`${path}?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`);
      await expectConsistentBreakdown(page, 3);
      await expect(box.getByRole("link", { name: "Jetzt buchen" })).toHaveAttribute(
        "href",
        `/auth?redirectTo=${encodeURIComponent(`${path}/book?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`)}`,
      );

      // Booked dates: the message, no price, no booking link.
      const booked = await propertyWithFutureBooking(page.request);
      await page.goto(
        `${booked.path}?checkIn=${addDays(booked.stay.checkIn, -1)}&checkOut=${booked.stay.checkOut}`,
      );
      await expect(priceBox(page).getByRole("alert")).toHaveText(
        "Der gewählte Zeitraum ist bereits gebucht",
      );
      await expect(priceBox(page).getByRole("button", { name: "Daten auswählen" })).toBeDisabled();
      await expect(priceBox(page).getByRole("definition")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("the calendar is accessible, keyboard-operable and follows the language", async ({
    page,
    context,
  }) => {
    const { path } = await freeStay(page.request);
    const today = todayInBerlin();
    await page.goto(path);
    const box = priceBox(page);
    await box.getByRole("button", { name: /^Anreise/ }).click();
    await expect(calendar(page).getByRole("grid").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Focus starts on today; arrow keys move it, Enter chooses.
    const todayButton = calendar(page).getByRole("button", { name: dayName(today), exact: true });
    await expect(todayButton).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    const target = addDays(today, 8);
    await expect(
      calendar(page).getByRole("button", { name: dayName(target), exact: true }),
    ).toBeFocused();
    await page.keyboard.press("PageDown");
    await page.keyboard.press("Escape");
    await expect(calendar(page)).toBeHidden();
    await expect(box.getByRole("button", { name: /^Anreise/ })).toBeFocused();

    await context.addCookies([{ name: "lang", value: "en", url: page.url() }]);
    await page.reload();
    await waitForHydration(page);
    const englishBox = page.getByRole("region", { name: "Price and availability" });
    await englishBox.getByRole("button", { name: /^Check-in/ }).click();
    const english = page.getByRole("dialog", { name: "Choose your dates" });
    const expected = await page.evaluate(
      (day) =>
        new Intl.DateTimeFormat("en-GB", {
          weekday: "long",
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        }).format(new Date(`${day}T00:00:00Z`)),
      today,
    );
    expect(expected).toMatch(/[A-Z][a-z]+day,? \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(english.getByRole("button", { name: expected, exact: true })).toBeVisible();
    await expect(english.getByText("Choose your check-in date.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  // Changes the stay limits for every booking: the "settings" project runs it alone.
  test(
    "the minimum and maximum stay from the settings limit the Abreise, with a hint",
    {
      tag: "@settings",
    },
    async ({ page, browser }) => {
      const admin = await browser.newPage();
      const saveStayLimits = async (min: string, max: string) => {
        await admin.goto("/admin/settings");
        await waitForHydration(admin);
        await admin.getByRole("tab", { name: "Buchungen" }).click();
        await admin.getByLabel("Mindestaufenthalt (Nächte)").fill(min);
        await admin.getByLabel("Höchstaufenthalt (Nächte)").fill(max);
        await admin.getByRole("button", { name: "Einstellungen speichern" }).click();
        await expect(admin.getByRole("status")).toHaveText("Einstellungen erfolgreich gespeichert");
      };
      await signInOverHttp(admin.request, demoAdmin);
      await admin.goto("/admin/settings");
      await expect(admin.getByRole("heading", { name: "Einstellungen" })).toBeVisible();
      try {
        // At most 7: the demo's Hauptsaison asks for 7 nights, and a maximum below a season's
        // minimum stay is refused (decision 090).
        await saveStayLimits("3", "7");
        const { path, checkIn } = await freeStay(page.request);
        await page.goto(`${path}?checkIn=${checkIn}`);
        const box = priceBox(page);
        await box.getByRole("button", { name: /^Abreise/ }).click();
        await expect(calendar(page).getByText("Mindestaufenthalt: 3 Nächte")).toBeVisible();
        await expect(calendar(page).getByText("Höchstaufenthalt: 7 Nächte")).toBeVisible();
        for (const [offset, isAllowed] of [
          [1, false],
          [2, false],
          [3, true],
          [7, true],
          [8, false],
        ] as const) {
          const day = await calendarDay(page, addDays(checkIn, offset));
          if (isAllowed) await expect(day).toBeEnabled();
          else await expect(day).toBeDisabled();
        }
        await (await calendarDay(page, addDays(checkIn, 5))).click();
        await expectConsistentBreakdown(page, 5);

        // Too short from the URL: the rule's message, and no price.
        await page.goto(`${path}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`);
        await expect(priceBox(page).getByRole("alert")).toHaveText(
          "Der Mindestaufenthalt beträgt 3 Nächte.",
        );
        await expect(
          priceBox(page).getByRole("button", { name: "Daten auswählen" }),
        ).toBeDisabled();
      } finally {
        await saveStayLimits("1", "30");
        await admin.close();
      }
    },
  );

  test.describe("on demand", () => {
    // The service worker would answer the chunk from its cache, out of the page's routes' reach.
    test.use({ serviceWorkers: "block" });

    test("the calendar's code loads only when it is wanted; a slow line sees that it is coming", async ({
      page,
    }) => {
      // Decision 043: the calendar is not in the page's first JavaScript. Held back here, to see
      // what a visitor on a slow line sees after the click.
      const chunk = /\/assets\/date-range-calendar-[\w-]+\.js$/;
      const requested: string[] = [];
      page.on("request", (request) => {
        if (chunk.test(request.url())) requested.push(request.url());
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(chunk, async (route) => {
        await released;
        await route.continue();
      });
      const { path } = await freeStay(page.request);
      await page.goto(path);
      await waitForHydration(page);
      expect(requested).toEqual([]);

      const box = priceBox(page);
      await box.getByRole("button", { name: /^Anreise/ }).click();
      await expect(box.getByRole("status")).toHaveText("Kalender wird geladen …");
      expect(requested).toHaveLength(1);
      release();
      await expect(calendar(page).getByRole("grid").first()).toBeVisible();
      await expect(box.getByText("Kalender wird geladen …")).toHaveCount(0);
      await expect(
        calendar(page).getByRole("button", { name: dayName(todayInBerlin()), exact: true }),
      ).toBeFocused();
    });
  });
});
