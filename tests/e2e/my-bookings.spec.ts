import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import {
  demoGuest,
  expect,
  expectNoSeriousA11yViolations,
  registerOverHttp,
  signInOverHttp,
  test,
} from "./helpers";
import { addDays, berlinDay, euroCents, germanDate } from "./calendar";
import { plainText } from "./mail";

const plain = plainText;
const cents = euroCents;

async function publishedPropertyIds(page: Page) {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/\/properties\/([0-9a-f-]{36})</g)].map((m) => m[1]);
}

/**
 * Books a stay as the signed-in `page` through the booking form's POST (bank transfer) on the
 * first published property that is free then; returns the booking id and the property.
 */
async function bookStay(page: Page, stay: { checkIn: string; checkOut: string }, only?: string) {
  const ids = only ? [only] : await publishedPropertyIds(page);
  for (const propertyId of ids) {
    const response = await page.request.post(`/properties/${propertyId}/book`, {
      form: {
        ...stay,
        guests: "1",
        guestName: "Gabi Gast",
        guestEmail: demoGuest.email,
        guestPhone: "+49 170 1234567",
        specialRequests: "",
        paymentMethod: "bank-transfer",
        idempotencyKey: crypto.randomUUID(),
      },
      maxRedirects: 0,
    });
    const location = response.headers().location ?? "";
    const bookingId = /^\/booking-success\?booking=([0-9a-f-]{36})$/.exec(location)?.[1];
    if (response.status() === 302 && bookingId) return { bookingId, propertyId };
  }
  throw new Error(`no property could be booked for ${stay.checkIn}–${stay.checkOut}`);
}

/** Total of the cards on one tab, counted by status. */
async function readTab(page: Page, url: string) {
  await page.goto(url);
  const cards = page.getByTestId("booking-card");
  const rows: { status: string; total: number }[] = [];
  for (const card of await cards.all()) {
    rows.push({
      status: (await card.getByTestId("booking-status").innerText()).trim(),
      total: cents(await card.getByTestId("booking-total").innerText()),
    });
  }
  return rows;
}

// In order, on the demo guest's bookings: the "demo-data" project (playwright.config.ts).
test.describe.configure({ mode: "serial" });

const today = berlinDay(new Date());
let freeBooking: { bookingId: string; propertyId: string; checkIn: string; checkOut: string };
let seededPendingId: string;

test("the overview's numbers match the bookings list", async ({ page }) => {
  await signInOverHttp(page.request, demoGuest);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Übersicht");
  const nav = page.getByRole("navigation", { name: "Kontobereich" });
  await expect(nav.getByRole("link", { name: "Übersicht" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const name of ["Meine Buchungen", "Profil", "Einstellungen"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await expect(nav.getByRole("button", { name: "Abmelden" })).toBeVisible();
  for (const href of ["/datenschutz", "/agb", "/kontakt"]) {
    await expect(page.locator(`footer a[href="${href}"]`)).toBeVisible();
  }

  const stat = async (id: string) =>
    plain(await page.getByTestId(`stat-${id}`).getByTestId("stat-value").innerText());
  const active = Number(await stat("active"));
  const total = Number(await stat("total"));
  const spent = cents(await stat("spent"));
  const reviews = await stat("reviews");
  // The demo guest reviewed three of four completed stays.
  expect(reviews).toBe("3");
  await expect(page.getByTestId("stat-reviews")).toContainText(/Ø \d,\d von 5 Sternen/);
  await expect(page.getByTestId("recent-bookings").getByRole("listitem")).toHaveCount(3);
  await expect(page.getByTestId("profile-teaser")).toContainText(demoGuest.email);
  await expect(page.getByTestId("profile-teaser").getByRole("link")).toHaveAttribute(
    "href",
    "/dashboard/profile",
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Alle Buchungen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  const upcoming = await readTab(page, "/dashboard/bookings");
  const past = await readTab(page, "/dashboard/bookings?tab=past");
  const cancelledTab = await readTab(page, "/dashboard/bookings?tab=cancelled");
  expect(upcoming.length).toBe(active);
  expect(upcoming.length + past.length + cancelledTab.length).toBe(total);
  expect([...upcoming, ...past].reduce((s, b) => s + b.total, 0)).toBe(spent);
  // Every state of the demo data is there, on the right tab; cancelled stays on their own
  // (a cancelled stay of next summer is no past holiday, issue 16).
  expect(new Set(upcoming.map((b) => b.status))).toEqual(new Set(["Bestätigt", "Ausstehend"]));
  expect(new Set(past.map((b) => b.status))).toEqual(new Set(["Abgeschlossen"]));
  expect(new Set(cancelledTab.map((b) => b.status))).toEqual(new Set(["Storniert"]));

  // Status filter and search work as a plain GET form.
  await page.goto("/dashboard/bookings?tab=past");
  await page.getByLabel("Status").selectOption({ label: "Abgeschlossen" });
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/tab=past/);
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId("booking-card")).toHaveCount(past.length);
  await page.goto("/dashboard/bookings?q=gibt-es-nicht-xyz");
  await expect(page.getByTestId("bookings-empty")).toHaveText("Keine bevorstehenden Buchungen");
  await expect(
    page.getByRole("main").getByRole("link", { name: "Unterkünfte entdecken" }),
  ).toHaveAttribute("href", "/properties");
  await page.goto("/dashboard/bookings?tab=past&q=gibt-es-nicht-xyz");
  await expect(page.getByTestId("bookings-empty")).toHaveText("Keine vergangenen Buchungen");

  await page.goto("/dashboard/bookings");
  const pending = page
    .getByTestId("booking-card")
    .filter({ has: page.getByTestId("booking-status").filter({ hasText: "Ausstehend" }) })
    .first();
  seededPendingId = (await pending.getAttribute("data-booking-id"))!;
  expect(seededPendingId).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoSeriousA11yViolations(page);
});

test("the detail dialog shows the breakdown and the transfer instructions; free cancellation", async ({
  page,
}) => {
  await signInOverHttp(page.request, demoGuest);
  // Its own band of days: the demo guest books 150–340 and 400–700 days ahead in other specs,
  // and arrivals are possible up to 24 months ahead (the booking horizon, decision 012).
  const checkIn = addDays(today, 705 + crypto.randomInt(0, 20));
  const checkOut = addDays(checkIn, 3);
  const { bookingId, propertyId } = await bookStay(page, { checkIn, checkOut });
  freeBooking = { bookingId, propertyId, checkIn, checkOut };

  await page.goto("/dashboard/bookings");
  const card = page.locator(`[data-booking-id="${bookingId}"]`);
  await expect(card).toContainText(`${germanDate(checkIn)} – ${germanDate(checkOut)}`);
  await expect(card.getByTestId("booking-status")).toHaveText("Ausstehend");
  await card.getByRole("link", { name: /^Details zur Buchung/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`booking=${bookingId}`));
  const number = (await dialog.getByTestId("detail-number").innerText()).trim();
  expect(number).toMatch(/^FW-\d{4}-\d{6,}$/);
  await expect(dialog.getByRole("heading", { name: `Buchung ${number}` })).toBeVisible();
  await expect(dialog).toContainText("Preisaufschlüsselung");
  await expect(dialog).toContainText(/× 3 Nächte/);
  const instructions = dialog.getByTestId("payment-instructions");
  await expect(instructions).toContainText("Zahlungsinformationen");
  await expect(instructions.getByTestId("payment-reference")).toHaveText(number);
  await expectNoSeriousA11yViolations(page);

  // Escape closes the dialog and the URL.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/booking=/);

  await card.getByRole("link", { name: `Buchung ${number} stornieren` }).click();
  const cancel = page.getByRole("dialog", { name: "Buchung stornieren" });
  await expect(cancel).toBeVisible();
  await expect(cancel.getByTestId("cancel-fee")).toContainText("Die Stornierung ist kostenlos.");
  await expect(cancel).toContainText(
    "Kostenlose Stornierung bis 48 Stunden vor Anreise (00:00 Uhr am Anreisetag), danach 50 % des Gesamtpreises.",
  );
  await cancel.getByRole("button", { name: "Buchung stornieren" }).click();
  await expect(page).toHaveURL(/tab=cancelled&cancelled=/);
  await expect(page.getByRole("link", { name: "Storniert" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("cancelled-notice")).toHaveText(
    `Die Buchung ${number} wurde storniert. Die Stornierung war kostenlos.`,
  );
  const cancelled = page.locator(`[data-booking-id="${bookingId}"]`);
  await expect(cancelled.getByTestId("booking-status")).toHaveText("Storniert");
  await expect(cancelled).toContainText("kostenlos");
  await expect(cancelled.getByRole("link", { name: /stornieren/ })).toHaveCount(0);
});

test("cancelling the day before arrival costs the fee from the settings", async ({ page }) => {
  await signInOverHttp(page.request, demoGuest);
  const checkIn = addDays(today, 1);
  const { bookingId } = await bookStay(page, { checkIn, checkOut: addDays(checkIn, 1) });

  await page.goto(`/dashboard/bookings?cancel=${bookingId}`);
  const cancel = page.getByRole("dialog", { name: "Buchung stornieren" });
  await expect(cancel).toBeVisible();
  const text = plain(await cancel.getByTestId("cancel-fee").innerText());
  const match = /Stornierungsgebühr: (.+ €) \(50 % des Gesamtpreises von (.+ €)\)/.exec(text);
  expect(match, text).toBeTruthy();
  const fee = cents(match![1]);
  const total = cents(match![2]);
  expect(fee).toBe(Math.round(total / 2));
  await cancel.getByRole("button", { name: "Kostenpflichtig stornieren" }).click();
  await expect(page.getByTestId("cancelled-notice")).toContainText(
    `Stornierungsgebühr: ${plain(match![1])}`,
  );
  const card = page.locator(`[data-booking-id="${bookingId}"]`);
  await expect(card.getByTestId("booking-status")).toHaveText("Storniert");
  expect(plain(await card.innerText())).toContain(`Stornierungsgebühr\n${plain(match![1])}`);
});

test("another user cannot see or cancel the guest's booking; freed dates are bookable", async ({
  page,
}) => {
  expect(seededPendingId && freeBooking, "the earlier tests ran").toBeTruthy();
  await registerOverHttp(page.request, { name: "Fremde Person" });
  await page.goto("/dashboard");
  // A new account: no bookings, no reviews, a hint to complete the profile.
  await expect(page.getByTestId("stat-total").getByTestId("stat-value")).toHaveText("0");
  await expect(page.getByTestId("stat-reviews").getByTestId("stat-value")).toHaveText("–");
  await expect(page.getByTestId("profile-hint")).toContainText("Telefonnummer");

  for (const url of [
    `/dashboard/bookings?booking=${seededPendingId}`,
    `/dashboard/bookings?cancel=${seededPendingId}`,
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  }
  const post = await page.request.post("/dashboard/bookings", {
    form: { intent: "cancel", bookingId: seededPendingId, quotedFee: "100000000" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);

  // The dates of the cancelled booking are free: this user can book them.
  await bookStay(
    page,
    { checkIn: freeBooking.checkIn, checkOut: freeBooking.checkOut },
    freeBooking.propertyId,
  );

  // The guest's booking is unchanged.
  await page.context().clearCookies();
  await signInOverHttp(page.request, demoGuest);
  await page.goto(`/dashboard/bookings?booking=${seededPendingId}`);
  await expect(page.getByRole("dialog").getByTestId("booking-status")).toHaveText("Ausstehend");
});

test("visitors are sent to sign in", async ({ page }) => {
  await page.goto("/dashboard/bookings?tab=past");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard%2Fbookings%3Ftab%3Dpast$/);
});

test("tabs, filters, detail and cancel dialogs work without JavaScript", async ({
  browser,
}, testInfo) => {
  expect(seededPendingId, "the first test ran").toBeTruthy();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
  });
  const page = await context.newPage();
  try {
    await signInOverHttp(page.request, demoGuest);
    await page.goto("/dashboard/bookings");
    await page.getByRole("link", { name: "Vergangen" }).click();
    await expect(page).toHaveURL(/tab=past/);
    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/tab=past&q=&status=completed|tab=past&status=completed/);
    await expect(page.getByTestId("booking-card")).toHaveCount(4);

    await page.goto(`/dashboard/bookings?booking=${seededPendingId}`);
    const detail = page.getByTestId("booking-detail");
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId("payment-instructions")).toBeVisible();
    await detail.getByRole("link", { name: "Stornieren" }).click();
    const cancel = page.getByTestId("cancel-dialog");
    await expect(cancel.getByTestId("cancel-fee")).toContainText("Die Stornierung ist kostenlos.");
    await cancel.getByRole("link", { name: "Buchung behalten" }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(page.getByTestId("cancel-dialog")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
