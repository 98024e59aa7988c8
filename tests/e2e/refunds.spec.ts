import crypto from "node:crypto";
import { addDays, berlinDay, germanDate } from "./calendar";
import {
  bookOverHttp,
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  sitemapPropertyIds,
  test,
  waitForHydration,
} from "./helpers";

/**
 * Refunds for bank transfers (issue 17 point 5, decision 047): the operator cancels a paid
 * bank-transfer booking, sees the open refund, marks it "erstattet" with the day, and the
 * history and the guest's booking say so. The stay is booked 335–340 days ahead on the third
 * property of the sitemap, a band no other spec uses.
 */

const euros = (text: string) => text.replace(/[^\d,.]/g, "");

test("the operator cancels a paid bank transfer, pays the money back and marks it refunded; the guest sees it", async ({
  page,
  browser,
  guest,
}) => {
  const ids = await sitemapPropertyIds(page.request);
  const propertyId = ids[2] ?? ids[0];
  const checkIn = addDays(berlinDay(new Date()), 335 + crypto.randomInt(0, 4));
  const bookingId = await bookOverHttp(page.request, guest, propertyId, {
    checkIn,
    checkOut: addDays(checkIn, 2),
  });
  const today = germanDate(berlinDay(new Date()));

  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${crypto.randomInt(1, 250)}` },
  });
  const admin = await context.newPage();
  await signInOverHttp(admin.request, demoAdmin);
  await admin.goto(`/admin/bookings/${bookingId}`);
  await waitForHydration(admin);
  const total = euros((await admin.getByTestId("total").textContent()) ?? "");

  // The guest transferred the whole amount.
  await admin.getByRole("link", { name: "Zahlung erfassen" }).click();
  const record = admin.getByRole("dialog", { name: "Zahlung erfassen" });
  await record.getByLabel("Betrag in €").fill(total);
  await record.getByRole("button", { name: "Speichern" }).click();
  await expect(admin.getByText(/Zahlung erfasst/).first()).toBeVisible();
  await expect(admin.getByTestId("payment-status").first()).toHaveText("Bezahlt");

  // Cancelled well before arrival: free, so everything paid is owed back.
  await admin.getByRole("link", { name: "Stornieren" }).click();
  const cancel = admin.getByRole("dialog", { name: "Buchung stornieren" });
  await cancel.getByRole("button", { name: "Buchung stornieren" }).click();
  await expect(admin.getByTestId("booking-status").first()).toHaveText("Storniert");
  const refunds = admin.getByTestId("refunds");
  await expect(refunds).toContainText("Offen – bitte überweisen");
  await expect(refunds.getByRole("row").nth(1)).toContainText(total);
  await expect(admin.getByTestId("refunded")).toHaveText(/^0,00\s€$/);
  // The header says the money is owed back, not the payment progress (decision 102).
  await expect(admin.getByTestId("refund-state")).toHaveText("Erstattung offen");
  await admin.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(admin);

  // The guest sees the refund in progress.
  await page.goto(`/dashboard/bookings?booking=${bookingId}`);
  const guestRefund = page.getByRole("dialog").getByTestId("detail-refund");
  await expect(guestRefund).toContainText("Erstattung per Überweisung (in Bearbeitung)");
  await expect(guestRefund).toContainText(total);

  // Marked refunded: a day in the future is refused with a German message, today is taken.
  await admin.getByRole("link", { name: "Als erstattet markieren" }).click();
  const mark = admin.getByRole("dialog", { name: "Erstattung als überwiesen markieren" });
  await expect(mark).toContainText(total);
  await mark.getByLabel("Erstattet am").fill(addDays(berlinDay(new Date()), 3));
  await mark.getByRole("button", { name: "Als erstattet markieren" }).click();
  await expect(mark.getByText("Das Eingangsdatum darf nicht in der Zukunft liegen.")).toHaveCount(
    0,
  );
  await expect(mark.getByText(/darf nicht in der Zukunft liegen/)).toBeVisible();
  await admin.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(admin);
  await mark.getByLabel("Erstattet am").fill(berlinDay(new Date()));
  await mark.getByLabel("Notiz (optional)").fill("Rücküberweisung Sparkasse");
  await mark.getByRole("button", { name: "Als erstattet markieren" }).click();
  await expect(admin.getByText("Erstattung eingetragen.")).toBeVisible();
  await expect(admin.getByTestId("refund-state")).toHaveText("Erstattet");
  await expect(refunds).toContainText(`Erstattet am ${today}`);
  await expect(admin.getByTestId("refunded")).toContainText(total);
  await expect(admin.getByTestId("fee-kept")).toHaveText(/^0,00\s€$/);
  await expect(admin.getByRole("link", { name: "Als erstattet markieren" })).toHaveCount(0);
  const history = admin.getByTestId("history");
  await expect(history).toContainText(`Erstattung überwiesen: ${total}`);
  await expect(history).toContainText(`erstattet am ${today}`);
  await expect(history).toContainText(`bezahlt ${total}`);

  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await admin.setViewportSize({ width, height });
    await admin.screenshot({
      path: `test-results/screens/refund-admin-${width}.png`,
      fullPage: true,
    });
  }

  // The guest sees the day it was paid back.
  await page.goto(`/dashboard/bookings?booking=${bookingId}`);
  const refunded = page.getByRole("dialog").getByTestId("detail-refund");
  await expect(refunded).toContainText(`Erstattet am ${today}`);
  await refunded.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await refunded.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screens/refund-guest-${width}.png`,
      fullPage: true,
    });
  }
  await context.close();
});

test("the dashboard lists overdue bank transfers and the settings offer the automatic cancellation, off by default", async ({
  browser,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${crypto.randomInt(1, 250)}` },
  });
  const admin = await context.newPage();
  await signInOverHttp(admin.request, demoAdmin);
  await admin.goto("/admin");
  // "Überfällige Zahlungen": bank transfers and online payments (decision 052); the demo
  // data's are bank transfers.
  const overdue = admin.getByRole("region", { name: "Überfällige Zahlungen" });
  await expect(overdue).toBeVisible();
  // Every entry links to its booking and says how long it is overdue.
  for (const entry of await overdue.getByRole("listitem").all()) {
    await expect(entry.getByRole("link")).toHaveAttribute(
      "href",
      /^\/admin\/bookings\/[0-9a-f-]{36}$/,
    );
    await expect(entry).toContainText(
      /Banküberweisung · offen: [\d.,]+\s€ · \d+ Tage? überfällig \(fällig am \d\d\.\d\d\.\d{4}\)/,
    );
  }
  await expectNoSeriousA11yViolations(admin);
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await admin.setViewportSize({ width, height });
    await overdue.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `test-results/screens/overdue-dashboard-${width}.png` });
  }

  await admin.goto("/admin/settings?tab=buchungen");
  const field = admin.getByLabel("Automatisch stornieren nach Tagen überfälliger Anzahlung");
  await expect(field).toHaveValue("");
  await expect(admin.getByText(/Leer lassen, um nicht automatisch zu stornieren/)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    await admin.setViewportSize({ width, height });
    await field.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `test-results/screens/auto-cancel-settings-${width}.png` });
  }
  await context.close();
});
