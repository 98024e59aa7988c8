import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { addDays, berlinDay } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  test,
  waitForHydration,
} from "./helpers";
import { plainText, waitForMail } from "./mail";
import { e2eSmtpPort } from "./smtp-receiver";
import {
  START_UP_BUDGET_MS,
  startOwnServer,
  stopOwnServer,
  waitForUp,
  type OwnServer,
} from "./own-server";

/**
 * Paying online through Stripe (issue 17, decision 044), end to end in Chromium: the booking
 * form → Stripe Checkout (the local fake, tests/helpers/fake-stripe.ts) → the signed webhook →
 * the booking confirmed on the return page and by e-mail (the real SMTP receiver); and a
 * checkout that runs out → the booking released and its dates bookable again.
 *
 * The suite's shared app server runs without a payment provider (other journeys check what
 * guests see then), so this journey starts an app process of its own with the Stripe keys and a
 * fake Stripe server beside it (the "server-process" project, like admin-checklist.spec.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const BASE = `http://localhost:${PORT}`;
const SECRET_KEY = "sk_test_e2e_fake_stripe_key_4a7c";
const WEBHOOK_SECRET = "whsec_e2e_fake_stripe_secret_91be";

// One app process for the three journeys, in order (the checklist shows the events before it).
test.describe.configure({ mode: "serial" });

let stripe: FakeStripe;
let server: OwnServer | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(START_UP_BUDGET_MS + 30_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-stripe-"));
  // The webhook comes two seconds after the guest is back: the return page has to wait for it.
  stripe = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${BASE}/api/stripe/webhook`,
    deliveryDelayMs: 2_000,
  });
  server = startOwnServer({
    port: PORT,
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort()}`,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.apiBase,
    },
  });
  await waitForUp(server);
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await stripe?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: BASE,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    extraHTTPHeaders: { "x-forwarded-for": `203.0.113.${crypto.randomInt(1, 250)}` },
  });
  return context.newPage();
}

/** A new guest, signed in on `page`'s context (the registration form, as without JavaScript). */
async function registerGuest(page: Page) {
  const email = `karte.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await page.request.post(`${BASE}/auth`, {
    headers: { origin: BASE },
    form: { intent: "register", name: "Karla Karte", email, password: "Sonnenschein-2027" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return email;
}

async function firstPropertyPath(page: Page) {
  const sitemap = await (await page.request.get(`${BASE}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (m) => m[1],
  );
  expect(paths.length).toBeGreaterThan(0);
  return paths[0];
}

/** The demo admin, signed in on `page`'s context (the sign-in form, as without JavaScript). */
async function signInAdmin(page: Page) {
  const response = await page.request.post(`${BASE}/auth`, {
    headers: { origin: BASE },
    form: { intent: "signIn", email: demoAdmin.email, password: demoAdmin.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

const bookingForm = (page: Page) => page.getByRole("form", { name: "Unterkunft buchen" });

/** The booking form up to "Zahlungspflichtig buchen" with `method`; ends on Stripe's page. */
async function bookOnline(
  page: Page,
  propertyPath: string,
  stay: { checkIn: string; checkOut: string },
  method: RegExp,
) {
  await page.goto(
    `${propertyPath}/book?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`,
  );
  const form = bookingForm(page);
  await form.getByRole("textbox", { name: "Telefon", exact: true }).fill("+49 170 7654321");
  await form.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await form.getByRole("radio", { name: method }).check();
  await form.getByRole("button", { name: "Zahlungspflichtig buchen" }).click();
  // Off to the hosted checkout (no Stripe code on our pages: a redirect).
  await expect(page).toHaveURL(new RegExp(`^${stripe.apiBase}/pay/cs_test_`));
  await expect(page.getByRole("heading", { name: /Testzahlung/ })).toBeVisible();
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  return stripe.sessions.get(sessionId)!;
}

test("a guest pays by card: checkout → webhook → confirmed on the page and by e-mail", async ({
  browser,
}) => {
  const page = await newPage(browser);
  const email = await registerGuest(page);
  const propertyPath = await firstPropertyPath(page);
  const checkIn = addDays(berlinDay(new Date()), 200);
  const stay = { checkIn, checkOut: addDays(checkIn, 4) };

  const session = await bookOnline(page, propertyPath, stay, /Kreditkarte/);
  // The deposit of the one schedule: 20 % of the total shown on the success page later.
  const number = session.client_reference_id!;
  expect(number).toMatch(/^FW-\d{4}-\d{6}$/);
  await expect(page.getByTestId("reference")).toHaveText(number);

  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking=[0-9a-f-]{36}$/);
  // Back before the webhook: the page says so and claims nothing.
  const online = page.getByTestId("online-payment");
  await expect(online).toHaveAttribute("data-state", "waiting");
  await expect(page.getByRole("heading", { name: "Zahlung wird bestätigt…" })).toBeVisible();
  await expect(page.getByTestId("booking-status")).toHaveText("Ausstehend");
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: "tmp/screens/stripe-waiting-390.png" });

  // The webhook arrives; the page updates itself.
  await expect(online).toHaveAttribute("data-state", "paid", { timeout: 20_000 });
  await expect(
    page.getByRole("heading", { name: "Zahlung eingegangen – Ihre Buchung ist bestätigt" }),
  ).toBeVisible();
  await expect(page.getByTestId("booking-status")).toHaveText("Bestätigt");
  const paidText = plainText((await online.textContent()) ?? "");
  const depositEuros = (session.amount_total / 100).toFixed(2).replace(".", ",");
  expect(paidText).toContain(`Bezahlt: ${depositEuros} €`);
  // What happens to the balance, truthfully: the card just used is charged on the due date.
  expect(paidText).toMatch(
    /Noch offen: [\d.,]+ €, fällig am \d\d\.\d\d\.\d{4}\. Wir buchen den Betrag an diesem Tag von der Zahlungsart ab, mit der Sie gerade bezahlt haben/,
  );
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tmp/screens/stripe-paid-${width}.png`, fullPage: true });
  }

  const mail = await waitForMail(
    (m) => m.to.includes(email) && m.subject === `Buchung bestätigt: ${number}`,
  );
  expect(plainText(mail.text)).toContain("Zahlungsbeleg");
  expect(plainText(mail.text)).toContain(`Bezahlt: ${depositEuros} €`);
  expect(plainText(mail.text)).toMatch(
    /Den Restbetrag von [\d.,]+ € buchen wir am \d\d\.\d\d\.\d{4} von der Zahlungsart ab, mit der Sie gerade bezahlt haben\./,
  );
  // No reminder before the charge is sent, so none is promised (decision 066).
  expect(mail.text).not.toContain("erinnern");

  // Over HTTP to the production process: a duplicate of the event, a second event about the
  // same paid session, an unsigned, a forged and a replayed (10 minutes old) delivery.
  const post = (payload: string, signature: string | null) =>
    page.request.post(`${BASE}/api/stripe/webhook`, {
      headers: {
        "content-type": "application/json",
        ...(signature === null ? {} : { "stripe-signature": signature }),
      },
      data: payload,
    });
  const again = stripe.signedEvent("checkout.session.completed", session.id);
  expect((await post(again.payload, again.signature)).status()).toBe(200);
  expect((await post(again.payload, again.signature)).status()).toBe(200);
  const unsigned = await post(again.payload, null);
  expect(unsigned.status()).toBe(400);
  const forged = await post(again.payload.replace(session.id, "cs_test_forged"), again.signature);
  expect(forged.status()).toBe(400);
  const old = stripe.signedEvent("checkout.session.completed", session.id, {
    timestamp: Math.floor(Date.now() / 1000) - 600,
  });
  expect((await post(old.payload, old.signature)).status()).toBe(400);
  // Still one payment: the page shows the deposit once, nothing more.
  await page.reload();
  await expect(online).toHaveAttribute("data-state", "paid");
  expect(plainText((await online.textContent()) ?? "")).toContain(`Bezahlt: ${depositEuros} €`);
  await page.goto("/dashboard/bookings");
  await expect(page.getByText(number).first()).toBeVisible();
});

test("a checkout that runs out releases the booking and its dates", async ({ browser }) => {
  const page = await newPage(browser);
  const email = await registerGuest(page);
  const propertyPath = await firstPropertyPath(page);
  const checkIn = addDays(berlinDay(new Date()), 230);
  const stay = { checkIn, checkOut: addDays(checkIn, 3) };

  const session = await bookOnline(page, propertyPath, stay, /PayPal/);
  // "Abbrechen" on Stripe's page: back on ours, the reservation still held for a while.
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page).toHaveURL(/zahlung=abgebrochen/);
  await expect(page.getByRole("heading", { name: "Zahlung nicht abgeschlossen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zur Zahlung zurückkehren" })).toHaveAttribute(
    "href",
    session.url!,
  );
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tmp/screens/stripe-abandoned-${width}.png`, fullPage: true });
  }

  // Thirty minutes pass: Stripe expires the session and sends checkout.session.expired.
  const expired = await fetch(`${stripe.apiBase}/_fake/sessions/${session.id}/expire`, {
    method: "POST",
  });
  expect(((await expired.json()) as { delivered: number }).delivered).toBe(200);
  await expect(page.getByTestId("online-payment")).toHaveAttribute("data-state", "expired", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("booking-status")).toHaveText("Storniert");
  await waitForMail(
    (m) =>
      m.to.includes(email) &&
      m.subject === `Zahlung nicht abgeschlossen: ${session.client_reference_id}`,
  );

  // The same nights are bookable again, by someone else.
  const other = await newPage(browser);
  await registerGuest(other);
  const again = await bookOnline(other, propertyPath, stay, /Kreditkarte/);
  expect(again.id).not.toBe(session.id);
});

test("a guest cancels a paid card booking: the refund is paid − fee and becomes 'erstattet'", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await registerGuest(page);
  const propertyPath = await firstPropertyPath(page);
  const checkIn = addDays(berlinDay(new Date()), 260);
  const stay = { checkIn, checkOut: addDays(checkIn, 3) };
  const session = await bookOnline(page, propertyPath, stay, /Kreditkarte/);
  const number = session.client_reference_id!;
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking=[0-9a-f-]{36}$/);
  const bookingId = new URL(page.url()).searchParams.get("booking")!;
  await expect(page.getByTestId("online-payment")).toHaveAttribute("data-state", "paid", {
    timeout: 20_000,
  });
  const paid = session.amount_total;

  await page.goto("/dashboard/bookings");
  await page.getByRole("link", { name: `Buchung ${number} stornieren` }).click();
  const cancel = page.getByRole("dialog", { name: "Buchung stornieren" });
  const feeText = plainText((await cancel.getByTestId("cancel-fee").textContent()) ?? "");
  const feeMatch = feeText.match(/Stornierungsgebühr: ([\d.]+,\d{2}) €/);
  const fee = feeMatch
    ? Math.round(Number(feeMatch[1].replace(/\./g, "").replace(",", ".")) * 100)
    : 0;
  await cancel.getByRole("button", { name: /stornieren$/ }).click();
  await expect(page).toHaveURL(/tab=cancelled&cancelled=/);

  const euros = (cents: number) =>
    `${(cents / 100)
      .toFixed(2)
      .replace(".", ",")
      .replace(/\B(?=(\d{3})+(?!\d))/g, ".")} €`;
  await page.goto(`/dashboard/bookings?booking=${bookingId}`);
  const refund = page.getByRole("dialog").getByTestId("detail-refund");
  await expect(refund).toContainText("Erstattung veranlasst");
  expect(plainText((await refund.textContent()) ?? "")).toContain(euros(paid));
  expect(plainText((await refund.textContent()) ?? "")).toContain(euros(paid - fee));
  // Stripe confirms the refund: charge.refunded and refund.updated, signed, to our webhook.
  const [stripeRefund] = [...stripe.refunds.values()].filter(
    (r) => r.payment_intent === stripe.sessions.get(session.id)!.payment_intent,
  );
  expect(stripeRefund.amount).toBe(paid - fee);
  expect(await stripe.completeRefund(stripeRefund.id, "succeeded")).toEqual([200, 200]);
  await page.reload();
  await expect(page.getByRole("dialog").getByTestId("detail-refund")).toContainText("Erstattet am");
  const done = plainText(
    (await page.getByRole("dialog").getByTestId("detail-refund").textContent()) ?? "",
  );
  expect(done).toContain(euros(paid - fee));
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tmp/screens/stripe-refunded-${width}.png`, fullPage: true });
  }
});

test("the settings show the Stripe checklist without the keys", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=buchungen");
  const checklist = page.getByTestId("stripe-checklist");
  await expect(page.getByTestId("stripe-state")).toContainText("Stripe ist eingerichtet");
  await expect(checklist).toContainText("vorhanden (Testmodus)");
  await expect(checklist).toContainText(`${BASE}/api/stripe/webhook`);
  // The journeys before this one made Stripe send events: the last one and when.
  // (the refund journey's refund.updated is the last since decision 049)
  await expect(page.getByTestId("stripe-last-event")).toContainText(
    /(checkout\.session|refund)\.\w+ am /,
  );
  await expect(checklist).not.toContainText(SECRET_KEY);
  await expect(page.locator("html")).not.toContainText(WEBHOOK_SECRET);
  for (const method of ["Kreditkarte", "PayPal"]) {
    await expect(page.getByRole("checkbox", { name: method })).not.toHaveAttribute(
      "aria-describedby",
    );
  }
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await checklist.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tmp/screens/stripe-settings-${width}.png` });
  }
});

test("SEPA is greyed out for an arrival less than 14 days away, with its reason", async ({
  browser,
}) => {
  const admin = await newPage(browser);
  await signInAdmin(admin);
  await admin.goto("/admin/settings?tab=buchungen");
  await waitForHydration(admin);
  await admin.getByRole("checkbox", { name: "SEPA-Lastschrift" }).check();
  await admin.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(admin.getByRole("status")).toHaveText("Einstellungen erfolgreich gespeichert");

  const page = await newPage(browser);
  await registerGuest(page);
  const propertyPath = await firstPropertyPath(page);
  const today = berlinDay(new Date());
  const sepa = (page: Page) => bookingForm(page).getByRole("radio", { name: /SEPA/ });
  // Step "Zahlung" of a 3-night stay from `checkIn` (days 5–8 and 60–63 lie between the demo's
  // bookings).
  const toPayment = async (checkIn: string) => {
    await page.goto(
      `${propertyPath}/book?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2`,
    );
    await waitForHydration(page);
    const form = bookingForm(page);
    await form.getByRole("textbox", { name: "Telefon", exact: true }).fill("+49 170 7654321");
    await form.getByRole("button", { name: "Weiter zur Zahlung" }).click();
    await expect(form.getByRole("radiogroup")).toBeVisible();
  };
  // 5 days ahead: on screen with the reason, but not to be chosen (it used to be offered and
  // then refused after "Zahlungspflichtig buchen").
  await toPayment(addDays(today, 5));
  await expect(sepa(page)).toBeDisabled();
  await expect(bookingForm(page)).toContainText("bei Anreise in mindestens 14 Tagen");
  await expect(bookingForm(page).getByRole("radio", { name: /Kreditkarte/ })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await sepa(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tmp/screens/sepa-too-late-${width}.png` });
  }
  // 14 days ahead and more: to be chosen.
  await toPayment(addDays(today, 60));
  await expect(sepa(page)).toBeEnabled();
  await sepa(page).check();
  await expect(sepa(page)).toBeChecked();
});
