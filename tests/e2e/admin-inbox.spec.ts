import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { demoAdmin, expect, expectNoSeriousA11yViolations, signInOverHttp, test } from "./helpers";
import { plainText, waitForMail } from "./mail";

/**
 * Inbox, review moderation and newsletter admin (issue 15, part 5; decision 032): a message
 * from /kontakt reaches /admin/nachrichten, the reply reaches the real SMTP receiver, and the
 * message is deleted at last; hiding a review takes it off the property page and out of the
 * average shown there, unhiding brings it back, and the owner reply shows under it; the
 * subscriber CSV downloads with the subscribers.
 */

const unique = () => crypto.randomUUID().slice(0, 8);
const round1 = (value: number) => Math.round(value * 10) / 10;

test("a message from /kontakt appears in the inbox, is answered, and the reply is e-mailed", async ({
  page,
}) => {
  const subject = `Anreise mit dem Zug ${unique()}`;
  const visitor = `mara.${unique()}@example.com`;
  await page.goto("/kontakt");
  const form = page.getByRole("main");
  await form.getByLabel("Vorname").fill("Mara");
  await form.getByLabel("Nachname").fill("Lindner");
  await form.getByLabel("E-Mail", { exact: true }).fill(visitor);
  await form.getByLabel("Betreff").fill(subject);
  await form.getByLabel("Nachricht", { exact: true }).fill("Holen Sie Gäste am Bahnhof ab?");
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Vielen Dank!" })).toBeVisible();

  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin/nachrichten?filter=ungelesen");
  await expect(page.getByRole("heading", { level: 1, name: "Nachrichten" })).toBeVisible();
  // The sidebar counts unread messages (others' journeys may add some: at least this one).
  await expect(page.getByTestId("unread-count")).toBeVisible();
  const row = page.getByTestId("contact-messages").getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Ungelesen");
  await expect(row).toContainText(visitor);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId("contact-message")).toContainText("Holen Sie Gäste am Bahnhof ab?");
  await expect(page.getByText("Noch keine Antwort gesendet.")).toBeVisible();

  // The reply starts with the salutation, which the e-mail no longer adds on its own (decision
  // 099). Sent alone it is refused, as is an empty reply; the written one is sent.
  const box = page.getByLabel("Ihre Antwort");
  await expect(box).toHaveValue("Hallo Mara,\n\n");
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await expect(box).toHaveAccessibleDescription(
    /Bitte schreiben Sie Ihre Antwort unter die Anrede\./,
  );
  await expect(box).toHaveValue("Hallo Mara,\n\n");
  await box.fill("");
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await expect(box).toHaveAccessibleDescription(/Bitte geben Sie eine Antwort ein\./);
  await box.fill(
    "Liebe Frau Lindner,\n\nGern holen wir Sie ab – sagen Sie uns einfach Ihre Ankunftszeit.",
  );
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Antwort gesendet." })).toBeVisible();
  const reply = page.getByTestId("contact-reply");
  await expect(reply).toContainText("Gern holen wir Sie ab");
  // Who and when.
  await expect(reply).toContainText(/\S+ am \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail((m) => m.to === visitor && m.subject === `Re: ${subject}`);
  expect(mail.replyTo).toContain("info@traumurlaub.example.com");
  // One salutation: the operator's own.
  expect(plainText(mail.text)).toMatch(/^Liebe Frau Lindner,/);
  expect(plainText(mail.text)).not.toContain("Hallo Mara");
  expect(mail.text).toContain("Gern holen wir Sie ab");
  expect(mail.text).toContain("> Holen Sie Gäste am Bahnhof ab?");
  // Once the worker has sent it, the admin sees so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("contact-reply")).toContainText("E-Mail gesendet", {
      timeout: 1000,
    });
  }).toPass();

  // Back to unread, then archived: it leaves the inbox for the archive.
  await page.getByRole("button", { name: "Als ungelesen markieren" }).click();
  await expect(page).toHaveURL(/\/admin\/nachrichten$/);
  await expect(
    page.getByTestId("contact-messages").getByRole("row").filter({ hasText: subject }),
  ).toContainText("Ungelesen");
  await page.getByRole("link", { name: new RegExp(subject) }).click();
  await page.getByRole("button", { name: "Archivieren" }).click();
  await expect(page).toHaveURL(/filter=archiv/);
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toBeVisible();
  await page.goto("/admin/nachrichten");
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toHaveCount(0);

  // Done with it: deleted after a confirmation (decision 082), gone from the archive too.
  await page.goto("/admin/nachrichten?filter=archiv");
  await page.getByRole("link", { name: new RegExp(subject) }).click();
  await page.getByRole("link", { name: "Löschen" }).click();
  const dialog = page.getByRole("dialog", { name: "Nachricht löschen" });
  await expect(dialog).toContainText(subject);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nachricht gelöscht." })).toBeVisible();
  await page.goto("/admin/nachrichten?filter=archiv");
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toHaveCount(0);
});

/** Count and shown average of a property page's rating summary. */
async function propertyRating(page: Page, href: string) {
  await page.goto(href);
  const text = await page.getByTestId("rating-summary").innerText();
  const match = /(\d,\d)[\s·]+(\d+) Bewertung/.exec(text);
  if (!match) throw new Error(`unexpected rating summary: ${text}`);
  return { count: Number(match[2]), average: Number(match[1].replace(",", ".")) };
}

/** Averages the property can show after taking `rating` out of n reviews shown as `before`. */
function possibleAveragesWithout(before: { count: number; average: number }, rating: number) {
  const results = new Set<number>();
  for (let sum = before.count; sum <= before.count * 5; sum++) {
    if (round1(sum / before.count) === before.average && sum - rating >= before.count - 1)
      results.add(round1((sum - rating) / (before.count - 1)));
  }
  return [...results];
}

// Changes what every visitor sees of the demo reviews (the site-wide average, the hidden count):
// "demo-data" project, one at a time with the other review journeys (playwright.config.ts).
test(
  "hiding a review takes it off the property page and its average; the owner reply shows under it",
  {
    tag: "@demo-data",
  },
  async ({ page }) => {
    test.slow();
    await signInOverHttp(page.request, demoAdmin);
    await page.goto("/admin/bewertungen?filter=sichtbar");
    await expect(page.getByRole("heading", { level: 1, name: "Bewertungen" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The newest visible review of a property that has at least one other: it is among the newest
    // five its property page shows.
    const candidates: { href: string; text: string; rating: number }[] = [];
    for (const card of await page.getByTestId("admin-review").all()) {
      const href = await card.getByRole("link").first().getAttribute("href");
      const stars = await card.getByRole("img").getAttribute("aria-label");
      const text = await card.getByTestId("admin-review-text").innerText();
      if (href?.startsWith("/properties/"))
        candidates.push({
          href,
          text: text.trim(),
          rating: Number(/^(\d)/.exec(stars ?? "")?.[1]),
        });
    }
    let chosen: (typeof candidates)[number] | null = null;
    for (const candidate of candidates) {
      if ((await propertyRating(page, candidate.href)).count >= 2) {
        chosen = candidate;
        break;
      }
    }
    expect(chosen, "a visible review of a property with several reviews").not.toBeNull();
    const { href, text, rating } = chosen!;
    const before = await propertyRating(page, href);
    const reviews = page.getByRole("region", { name: "Bewertungen" }).getByTestId("review");
    await expect(reviews.filter({ hasText: text })).toHaveCount(1);

    // Hide it: the dialog asks for the reason and a note.
    await page.goto("/admin/bewertungen?filter=sichtbar");
    const card = page.getByTestId("admin-review").filter({ hasText: text });
    await card.getByRole("link", { name: /ausblenden/ }).click();
    const dialog = page.getByRole("dialog", { name: "Bewertung ausblenden" });
    await dialog.getByRole("button", { name: "Ausblenden" }).click();
    await expect(dialog.getByText("Bitte wählen Sie einen Grund.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel("Grund").selectOption({ label: "Werbung oder Spam" });
    await dialog
      .getByLabel("Begründung (nur für Administratoren)")
      .fill("E2E: Test der Moderation");
    await dialog.getByRole("button", { name: "Ausblenden" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Bewertung ausgeblendet." }),
    ).toBeVisible();

    const hidden = await propertyRating(page, href);
    expect(hidden.count).toBe(before.count - 1);
    expect(possibleAveragesWithout(before, rating)).toContain(hidden.average);
    await expect(reviews.filter({ hasText: text })).toHaveCount(0);
    await page.goto("/bewertungen");
    await expect(page.getByTestId("hidden-reviews")).toContainText("Werbung oder Spam (1)");
    await expect(page.getByText(text)).toHaveCount(0);

    // The admin list keeps it, marked, with reason and note.
    await page.goto("/admin/bewertungen?filter=ausgeblendet");
    const hiddenCard = page.getByTestId("admin-review").filter({ hasText: text });
    await expect(hiddenCard).toContainText("Grund: Werbung oder Spam");
    await expect(hiddenCard).toContainText("E2E: Test der Moderation");

    // Unhide: back on the page with the same count and average as before.
    await hiddenCard.getByRole("link", { name: /wieder einblenden/ }).click();
    const unhide = page.getByRole("dialog", { name: "Bewertung wieder einblenden" });
    await unhide.getByLabel("Begründung (im Protokoll)").fill("E2E: wieder sichtbar");
    await unhide.getByRole("button", { name: "Wieder einblenden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "wieder eingeblendet" })).toBeVisible();
    expect(await propertyRating(page, href)).toEqual(before);
    await expect(reviews.filter({ hasText: text })).toHaveCount(1);

    // The Protokoll reads the moderation in the dialog's words, not the stored field names
    // (decision 108), on a phone too.
    await page.goto("/admin/audit?entity=review");
    const moderation = page
      .getByTestId("audit")
      .getByRole("row")
      .filter({ hasText: "E2E: wieder sichtbar" });
    await expect(moderation).toContainText("Wieder eingeblendet");
    await expect(moderation.getByText("Ausgeblendet: ja → nein")).toBeVisible();
    await expect(moderation.getByText("Grund: Werbung oder Spam → –")).toBeVisible();
    await expect(moderation.getByText("Begründung: – → E2E: wieder sichtbar")).toBeVisible();
    const viewport = page.viewportSize()!;
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `tmp/screens/admin-audit-review-${width}.png` });
    }
    await page.setViewportSize(viewport);

    // The owner reply shows under the review on the property page and on /bewertungen.
    const answer = `Vielen Dank für Ihren Besuch! (${unique()})`;
    await page.goto("/admin/bewertungen");
    await page
      .getByTestId("admin-review")
      .filter({ hasText: text })
      .getByRole("link", { name: /antworten/ })
      .click();
    const replyDialog = page.getByRole("dialog", { name: "Antwort des Gastgebers" });
    await replyDialog.getByLabel("Antwort", { exact: true }).fill(answer);
    await replyDialog.getByRole("button", { name: "Speichern" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Antwort gespeichert." }),
    ).toBeVisible();
    await page.goto(href);
    const onPage = reviews.filter({ hasText: text }).getByTestId("owner-reply");
    await expect(onPage).toContainText("Antwort des Gastgebers");
    await expect(onPage).toContainText(answer);
    await expectNoSeriousA11yViolations(page);

    // Leave the demo review as it was.
    await page.goto("/admin/bewertungen");
    await page
      .getByTestId("admin-review")
      .filter({ hasText: text })
      .getByRole("link", { name: /Antwort .*bearbeiten/ })
      .click();
    await page.getByRole("button", { name: "Antwort entfernen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Antwort entfernt." })).toBeVisible();
    await page.goto(href);
    await expect(reviews.filter({ hasText: text }).getByTestId("owner-reply")).toHaveCount(0);
  },
);

test("the newsletter subscribers download as CSV; a subscriber can be removed", async ({
  page,
}) => {
  const email = `leserin.${unique()}@example.com`;
  await page.goto("/kontakt");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("E-Mail").fill(email);
  await footer.getByRole("button", { name: "Abonnieren" }).click();
  await expect(footer).toContainText("Bitte bestätigen Sie Ihre Anmeldung");

  await signInOverHttp(page.request, demoAdmin);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  await page.getByLabel("Suche").fill(email);
  await page.getByRole("button", { name: "Anwenden" }).click();
  const table = page.getByTestId("subscribers");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("Unbestätigt");
  // Not hovering "Anwenden" (hover dims the button below the contrast it has at rest).
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "CSV exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-abonnenten-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines[0]).toBe("E-Mail;Status;Angemeldet am;Bestätigt am;Abmeldelink");
  // The export follows the search: only this subscriber, unconfirmed, so without an unsubscribe
  // link (its token would also confirm it; decision 081).
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^${email.replace(/\./g, "\\.")};Unbestätigt;[^;]+;;$`)),
  ]);

  await table.getByRole("link", { name: `${email} entfernen` }).click();
  const dialog = page.getByRole("dialog", { name: "Abonnent entfernen" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Endgültig entfernen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Eintrag entfernt." })).toBeVisible();
  await expect(page.getByText("Keine Abonnenten gefunden")).toBeVisible();
});
