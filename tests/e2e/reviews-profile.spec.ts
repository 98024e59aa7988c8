import crypto from "node:crypto";
import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import {
  demoGuest,
  expect,
  expectNoSeriousA11yViolations,
  registerOverHttp,
  signInOverHttp,
  test,
} from "./helpers";

const REVIEW_TEXT = "Ruhige Lage, sehr sauber und ein herzlicher Empfang. Gerne wieder!";

/** "4,3" → 4.3 */
const parseRating = (text: string) => Number(text.trim().replace(",", "."));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Exact star distribution of /bewertungen (from the screen-reader rows "5 Sterne: 12"). */
async function siteRatings(page: Page) {
  await page.goto("/bewertungen");
  const rows = await page
    .getByRole("list", { name: "Verteilung der Bewertungen" })
    .locator("li .sr-only")
    .allTextContents();
  let count = 0;
  let sum = 0;
  for (const row of rows) {
    const match = /^(\d) (Sterne?): (\d+)$/.exec(row.trim());
    if (!match) throw new Error(`unexpected distribution row: ${row}`);
    // "1 Stern", "2 Sterne": by the stars, whatever the number of reviews.
    expect(match[2], row).toBe(match[1] === "1" ? "Stern" : "Sterne");
    count += Number(match[3]);
    sum += Number(match[1]) * Number(match[3]);
  }
  const shownAverage = parseRating(await page.getByTestId("average-rating").innerText());
  expect(shownAverage).toBe(round1(sum / count));
  return { count, sum, shownAverage };
}

/** Count and shown average of a property page (null average without reviews). */
async function propertyRating(page: Page, href: string) {
  await page.goto(href);
  if (await page.getByTestId("no-reviews").isVisible()) return { count: 0, average: null };
  const text = await page.getByTestId("rating-summary").innerText();
  const match = /(\d,\d)[\s·]+(\d+) Bewertung/.exec(text);
  if (!match) throw new Error(`unexpected rating summary: ${text}`);
  return { count: Number(match[2]), average: parseRating(match[1]) };
}

/** Averages the property can show after adding `rating` to n reviews shown as `before`. */
function possibleAveragesAfter(before: { count: number; average: number | null }, rating: number) {
  if (before.count === 0 || before.average === null) return [rating];
  const results = new Set<number>();
  for (let sum = before.count; sum <= before.count * 5; sum++) {
    if (round1(sum / before.count) === before.average)
      results.add(round1((sum + rating) / (before.count + 1)));
  }
  return [...results];
}

async function chooseStars(dialog: Locator, label: string) {
  await dialog.getByText(label, { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: label })).toBeChecked();
}

// The demo guest's bookings, and the reviews and ratings every visitor sees: "demo-data" project.
test.describe("reviews of completed stays", { tag: "@demo-data" }, () => {
  // Both use the demo guest's one completed stay without a review, one after the other.
  test.describe.configure({ mode: "serial" });

  test("write, show, edit and delete the review of a completed stay", async ({ page }) => {
    await signInOverHttp(page.request, demoGuest);
    await page.goto("/dashboard/bookings?tab=past");
    // The demo guest's completed stay without a review (db/seed.server.ts); kept by its id, as
    // its buttons change below.
    const writable = page
      .getByTestId("booking-card")
      .filter({ has: page.getByRole("button", { name: /Bewertung schreiben/ }) })
      .first();
    await expect(writable).toBeVisible();
    const bookingId = await writable.getAttribute("data-booking-id");
    const card = page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`);
    const propertyLink = card.getByRole("heading").getByRole("link");
    const propertyTitle = (await propertyLink.innerText()).trim();
    const propertyHref = (await propertyLink.getAttribute("href"))!;
    const bookingsUrl = page.url();

    const siteBefore = await siteRatings(page);
    const propertyBefore = await propertyRating(page, propertyHref);

    // Write: 1 star (the largest change of the averages), title and text.
    await page.goto(bookingsUrl);
    await card.getByRole("button", { name: /Bewertung schreiben/ }).click();
    const dialog = page.getByRole("dialog", { name: "Bewertung schreiben" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(propertyTitle);
    await expectNoSeriousA11yViolations(page);

    // The stars are a keyboard-operable radio group.
    await dialog.getByRole("radio", { name: "3 Sterne" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: "4 Sterne" })).toBeChecked();
    await chooseStars(dialog, "1 Stern");

    const title = `Test ${crypto.randomUUID().slice(0, 8)}`;
    await dialog.getByLabel("Titel (optional)").fill(title);
    await dialog.getByLabel("Ihre Erfahrung").fill(REVIEW_TEXT);
    await expect(dialog.getByTestId("review-counter")).toHaveText(
      `${REVIEW_TEXT.length} / 2000 Zeichen`,
    );
    await dialog.getByRole("button", { name: "Bewertung veröffentlichen" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole("status")).toHaveText(
      "Vielen Dank! Ihre Bewertung wurde veröffentlicht.",
    );
    await expect(card.getByText(title)).toBeVisible();
    await expect(card.getByRole("button", { name: /Bearbeiten/ })).toBeVisible();
    await expect(card.getByRole("button", { name: /Bewertung schreiben/ })).toHaveCount(0);

    // Published at once on the property page …
    const propertyAfter = await propertyRating(page, propertyHref);
    expect(propertyAfter.count).toBe(propertyBefore.count + 1);
    expect(possibleAveragesAfter(propertyBefore, 1)).toContain(propertyAfter.average);
    const onProperty = page.getByRole("article", { name: title });
    await expect(onProperty).toContainText(REVIEW_TEXT);
    await expect(onProperty.getByRole("img", { name: /1 von 5/ })).toBeVisible();

    // … and on /bewertungen (newest first), with the average recomputed.
    const siteAfter = await siteRatings(page);
    expect(siteAfter.count).toBe(siteBefore.count + 1);
    expect(siteAfter.sum).toBe(siteBefore.sum + 1);
    expect(siteAfter.shownAverage).toBe(round1((siteBefore.sum + 1) / (siteBefore.count + 1)));
    const onList = page.getByTestId("review").first();
    await expect(onList).toContainText(title);
    await expect(onList).toContainText(`Aufenthalt in ${propertyTitle}`);
    await expect(onList).toContainText("Verifizierter Aufenthalt");

    // Edit: 5 stars and a new title.
    await page.goto(bookingsUrl);
    const ownCard = card;
    await ownCard.getByRole("button", { name: /Bearbeiten/ }).click();
    const editDialog = page.getByRole("dialog", { name: "Bewertung bearbeiten" });
    await expect(editDialog.getByRole("radio", { name: "1 Stern" })).toBeChecked();
    await expect(editDialog.getByLabel("Ihre Erfahrung")).toHaveValue(REVIEW_TEXT);
    await chooseStars(editDialog, "5 Sterne");
    const newTitle = `${title} (geändert)`;
    await editDialog.getByLabel("Titel (optional)").fill(newTitle);
    await editDialog.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(editDialog).toBeHidden();
    await expect(ownCard.getByRole("status")).toHaveText("Ihre Bewertung wurde aktualisiert.");
    await expect(ownCard.getByText(newTitle)).toBeVisible();

    const siteEdited = await siteRatings(page);
    expect(siteEdited.count).toBe(siteBefore.count + 1);
    expect(siteEdited.shownAverage).toBe(round1((siteBefore.sum + 5) / (siteBefore.count + 1)));
    await expect(page.getByTestId("review").first()).toContainText(newTitle);
    const propertyEdited = await propertyRating(page, propertyHref);
    expect(possibleAveragesAfter(propertyBefore, 5)).toContain(propertyEdited.average);

    // Delete, after confirming.
    await page.goto(bookingsUrl);
    await ownCard.getByRole("button", { name: /Löschen/ }).click();
    const confirm = page.getByRole("dialog", { name: "Bewertung löschen?" });
    await expect(confirm).toContainText(propertyTitle);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Abbrechen" }).click();
    await expect(confirm).toBeHidden();
    await ownCard.getByRole("button", { name: /Löschen/ }).click();
    await confirm.getByRole("button", { name: "Bewertung löschen" }).click();
    await expect(confirm).toBeHidden();
    await expect(ownCard.getByRole("status")).toHaveText("Ihre Bewertung wurde gelöscht.");
    await expect(ownCard.getByRole("button", { name: /Bewertung schreiben/ })).toBeVisible();

    const siteDeleted = await siteRatings(page);
    expect(siteDeleted).toEqual(siteBefore);
    await expect(page.getByText(newTitle)).toHaveCount(0);
    expect(await propertyRating(page, propertyHref)).toEqual(propertyBefore);
  });

  test("the review form works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await signInOverHttp(page.request, demoGuest);

    await page.goto("/dashboard/bookings?tab=past");
    const card = page
      .getByTestId("booking-card")
      .filter({ has: page.getByRole("button", { name: /Bewertung schreiben/ }) })
      .first();
    await card.getByRole("button", { name: /Bewertung schreiben/ }).click();
    const dialog = page.getByRole("dialog", { name: "Bewertung schreiben" });
    await expect(dialog).toBeVisible();
    await chooseStars(dialog, "4 Sterne");
    const title = `Ohne JS ${crypto.randomUUID().slice(0, 8)}`;
    await dialog.getByLabel("Titel (optional)").fill(title);
    await dialog.getByLabel("Ihre Erfahrung").fill(REVIEW_TEXT);
    await dialog.getByRole("button", { name: "Bewertung veröffentlichen" }).click();

    await expect(page).toHaveURL(/\/dashboard\/bookings\?tab=past&reviewResult=created/);
    const ownCard = page.getByTestId("booking-card").filter({ hasText: title });
    await expect(ownCard.getByRole("status")).toHaveText(
      "Vielen Dank! Ihre Bewertung wurde veröffentlicht.",
    );

    await ownCard.getByRole("button", { name: /Löschen/ }).click();
    await page
      .getByRole("dialog", { name: "Bewertung löschen?" })
      .getByRole("button", { name: "Bewertung löschen" })
      .click();
    await expect(page).toHaveURL(/reviewResult=deleted/);
    await expect(page.getByText(title)).toHaveCount(0);
    await context.close();
  });
});

test.describe("/dashboard/profile", () => {
  test("avatar upload: size and type are checked on the server, a valid picture shows at once", async ({
    page,
  }) => {
    const { email } = await registerOverHttp(page.request, { name: "Paula Profil" });

    await page.goto("/dashboard/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
    await expect(page.getByLabel("E-Mail")).toHaveAttribute("readonly", "");
    await expectNoSeriousA11yViolations(page);

    const fileInput = page.getByLabel("Bild auswählen");
    const upload = page.getByRole("button", { name: "Bild hochladen" });

    // Nothing chosen.
    await upload.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Bitte wählen Sie ein Bild zum Hochladen aus.",
    );

    // Larger than 10 MB (a real PNG padded to 10.5 MB; the request body may have 11 MB).
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    // Said as soon as it is picked. A 12 MB photo (a 50-megapixel phone's) went over the
    // request's body limit and turned the page into the error page (audit 23).
    for (const megabytes of [10.5, 12]) {
      const large = Buffer.concat([png, Buffer.alloc(megabytes * 1024 * 1024 - png.length)]);
      await fileInput.setInputFiles({ name: "gross.png", mimeType: "image/png", buffer: large });
      await expect(page.getByRole("alert")).toHaveText("Das Bild darf höchstens 10 MB groß sein.");
      await expect(page.getByTestId("avatar-preview")).toHaveCount(0);
      await upload.click();
      await expect(page.getByRole("alert")).toHaveText("Das Bild darf höchstens 10 MB groß sein.");
      await expect(page.getByRole("heading", { name: "Profilbild" })).toBeVisible();
    }

    // A text file named .jpg.
    await fileInput.setInputFiles({
      name: "urlaub.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("Das ist kein Bild."),
    });
    await upload.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Bitte wählen Sie ein JPG-, PNG- oder WebP-Bild.",
    );
    await expect(page.getByTestId("avatar-image")).toHaveCount(0);

    // A valid PNG is shown at once, as a square WebP.
    await fileInput.setInputFiles({ name: "ich.png", mimeType: "image/png", buffer: png });
    await upload.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Profilbild aktualisiert" }),
    ).toBeVisible();
    const avatar = page.getByTestId("avatar-image");
    await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\/[0-9a-f-]+\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("profile fields are validated and saved, with a success banner for 3 seconds", async ({
    page,
  }) => {
    await registerOverHttp(page.request, { name: "Daniel Daten" });
    // A controllable clock (time still flows): the banner's 3 s are fast-forwarded.
    await page.clock.install();
    await page.goto("/dashboard/profile");

    await expect(page.getByLabel("Vollständiger Name")).toHaveValue("Daniel Daten");
    await page.getByLabel("Telefon").fill("bitte anrufen");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(page.getByRole("alert")).toHaveText("Profil konnte nicht gespeichert werden");
    await expect(page.getByText(/gültige Telefonnummer/)).toBeVisible();
    await expect(page.getByLabel("Telefon")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Vollständiger Name").fill("Daniel Datenreich");
    await page.getByLabel("Telefon").fill("+49 (0)40 123456");
    await page.getByLabel("Adresse").fill("Hafenstraße 12");
    await page.getByLabel("Postleitzahl").fill("20457");
    await page.getByLabel("Stadt").fill("Hamburg");
    await page.getByLabel("Land").fill("Deutschland");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    const banner = page
      .getByRole("status")
      .filter({ hasText: "Änderungen erfolgreich gespeichert" });
    await expect(banner).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.clock.runFor(3000);
    await expect(banner).toBeHidden();

    await page.reload();
    await expect(page.getByLabel("Vollständiger Name")).toHaveValue("Daniel Datenreich");
    await expect(page.getByLabel("Telefon")).toHaveValue("+49 (0)40 123456");
    await expect(page.getByLabel("Adresse")).toHaveValue("Hafenstraße 12");
    await expect(page.getByLabel("Postleitzahl")).toHaveValue("20457");
    await expect(page.getByLabel("Stadt")).toHaveValue("Hamburg");
    await expect(page.getByLabel("Land")).toHaveValue("Deutschland");
  });
});
