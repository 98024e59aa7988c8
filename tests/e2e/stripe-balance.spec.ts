import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { Page } from "@playwright/test";
import { paymentSchedule } from "../../app/domain/payment-schedule";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { addDays, berlinDay } from "./calendar";
import { demoAdmin, expect, expectNoSeriousA11yViolations, test } from "./helpers";
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
 * The balance of a card booking (issue 17, decision 049), end to end in Chromium against a
 * production app process with the fake Stripe (tests/helpers/fake-stripe.ts) and the real SMTP
 * receiver: the deposit is paid through Checkout with the card saved; on the balance due date
 * the off-session charge is declined (the bank wants authentication); the guest gets the
 * payment-link e-mail, pays through the link, and the booking is paid in full.
 *
 * The app's clock cannot move, so the booking's DATA moves instead (decision 053): with the app
 * process stopped, the booking is dated back (its booking day, and the deposit paid that day)
 * and its stored "balance due N days before arrival" set so that the one payment schedule puts
 * the balance on today. The nights stay where they are. The process then starts again, and the
 * balance job's run at start is the "catch up after downtime" path of the spec.
 *
 * A process of its own (the "server-process" project): it needs the Stripe keys, and it is
 * stopped in the middle of the journey.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 80;
const BASE = `http://localhost:${PORT}`;
const SECRET_KEY = "sk_test_e2e_fake_stripe_balance_5d21";
const WEBHOOK_SECRET = "whsec_e2e_fake_stripe_balance_c07f";
// The booking is dated back this many days: its deposit was due (booking day + 7) before today.
const DAYS_AGO = 10;

test.use({ baseURL: BASE });

let stripe: FakeStripe;
let server: OwnServer | undefined;
let dataDir: string;

function startServer() {
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
  return server;
}

/** The process closes its database (and its folder lock) before it exits. */
async function stopServer() {
  const running = server;
  server = undefined;
  await stopOwnServer(running);
}

test.beforeAll(async () => {
  test.setTimeout(START_UP_BUDGET_MS + 30_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-balance-"));
  // Webhooks come a moment after the guest is back on our pages, as Stripe's do.
  stripe = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${BASE}/api/stripe/webhook`,
    deliveryDelayMs: 1_000,
  });
  await waitForUp(startServer());
});

test.afterAll(async () => {
  await stopServer();
  await stripe?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The app's embedded database, opened by the test while the app process is stopped, under the
 * same folder lock the app takes (so the app could not start on it meanwhile).
 */
async function withStoppedAppDatabase<T>(work: (db: PGlite) => Promise<T>): Promise<T> {
  expect(server, "the app process must be stopped first").toBeUndefined();
  const lockFile = path.join(dataDir, "pglite.lock");
  fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  try {
    const db = await PGlite.create(path.join(dataDir, "pglite"), {
      extensions: { btree_gist, pg_trgm, unaccent },
    });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/** "123456" cents → "1.234,56 €" as the app writes it (plain spaces). */
const euros = (cents: number) =>
  `${(cents / 100)
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")} €`;
const germanDate = (day: string) => day.split("-").reverse().join(".");

async function firstPropertyPath(page: Page) {
  const sitemap = await (await page.request.get(`${BASE}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (m) => m[1],
  );
  expect(paths.length).toBeGreaterThan(0);
  return paths[0];
}

async function signInOver(page: Page, form: Record<string, string>) {
  const response = await page.request.post(`${BASE}/auth`, {
    headers: { origin: BASE },
    form,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("a declined balance charge sends a payment link; the guest pays through it", async ({
  page,
  browser,
}) => {
  // Two app starts (the second one catching up) and two checkouts on a shared machine.
  test.setTimeout(START_UP_BUDGET_MS + 180_000);
  const email = `rest.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await signInOver(page, {
    intent: "register",
    name: "Rita Restzahlung",
    email,
    password: "Sonnenschein-2027",
  });
  const propertyPath = await firstPropertyPath(page);
  const today = berlinDay(new Date());
  // Far enough ahead that a balance follows the deposit (and beyond the demo bookings).
  const checkIn = addDays(today, 150);
  const checkOut = addDays(checkIn, 3);

  // 1. The booking, the deposit paid by card through Checkout, the card saved for the balance.
  await page.goto(`${propertyPath}/book?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  const form = page.getByRole("form", { name: "Unterkunft buchen" });
  await form.getByRole("textbox", { name: "Telefon", exact: true }).fill("+49 170 7654321");
  await form.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await form.getByRole("radio", { name: /Kreditkarte/ }).check();
  await form.getByRole("button", { name: "Zahlungspflichtig buchen" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.apiBase}/pay/cs_test_`));
  const depositSession = stripe.sessions.get(new URL(page.url()).pathname.split("/").pop()!)!;
  const number = depositSession.client_reference_id!;
  expect(depositSession.params).toMatchObject({
    customer_creation: "always",
    payment_intent_data: { setup_future_usage: "off_session" },
  });
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking=[0-9a-f-]{36}$/);
  const bookingId = new URL(page.url()).searchParams.get("booking")!;
  await expect(page.getByTestId("online-payment")).toHaveAttribute("data-state", "paid", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("booking-status")).toHaveText("Bestätigt");
  await waitForMail((m) => m.to.includes(email) && m.subject === `Buchung bestätigt: ${number}`);
  const customer = depositSession.customer!;
  expect(customer).toMatch(/^cus_/);

  // 2. Time passes to the balance due date: the process stops, the booking's data moves.
  await stopServer();
  const bookingDay = addDays(today, -DAYS_AGO);
  // Noon in Berlin: the same calendar day in Europe/Berlin whatever the offset.
  const bookedAt = new Date(`${bookingDay}T12:00:00+01:00`);
  expect(berlinDay(bookedAt)).toBe(bookingDay);
  const balanceDueDays = Math.round(
    (Date.parse(`${checkIn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  const booking = await withStoppedAppDatabase(async (db) => {
    const {
      rows: [row],
    } = await db.query<{
      total: number;
      paid: number;
      percentage: number;
      check_in: string;
      check_out: string;
    }>(
      `select total_price as total, amount_paid as paid, deposit_percentage as percentage,
              check_in::text, check_out::text
         from booking where id = $1 and number = $2 and status = 'confirmed'`,
      [bookingId, number],
    );
    expect(row).toBeDefined();
    // The deposit was paid on the day the booking was made, as a card checkout is: both move.
    await db.transaction(async (tx) => {
      await tx.query(`update booking set created_at = $2, balance_due_days = $3 where id = $1`, [
        bookingId,
        bookedAt.toISOString(),
        balanceDueDays,
      ]);
      const moved = await tx.query(
        `update payment set received_on = $2::date, created_at = $3 where booking_id = $1`,
        [bookingId, bookingDay, bookedAt.toISOString()],
      );
      expect(moved.affectedRows).toBe(1);
    });
    return row;
  });
  expect({ checkIn: booking.check_in, checkOut: booking.check_out }).toEqual({ checkIn, checkOut });
  // The one payment schedule (not arithmetic here) says what is due after the move.
  const [deposit, balance, ...rest] = paymentSchedule({
    total: booking.total,
    bookingDay,
    checkIn,
    depositPercentage: booking.percentage,
    balanceDueDays,
  });
  expect(rest).toEqual([]);
  expect(deposit).toMatchObject({ kind: "deposit", amount: depositSession.amount_total });
  expect(deposit.dueDate < today).toBe(true);
  expect(balance).toMatchObject({ kind: "balance", dueDate: today });
  expect(booking.paid).toBe(deposit.amount);
  expect(balance.amount).toBe(booking.total - deposit.amount);

  // 3. The bank wants strong authentication for the off-session charge. The job's run at
  //    start catches up: charge declined → payment link (a Checkout Session) → e-mail.
  stripe.failNextCharges(1, "authentication_required");
  await waitForUp(startServer());
  const linkMail = await waitForMail(
    (m) => m.to.includes(email) && m.subject === `Restzahlung bitte bestätigen: ${number}`,
    60_000,
  );
  const charges = stripe.charges.filter((c) => c.params.customer === customer);
  expect(charges).toEqual([
    expect.objectContaining({
      ok: false,
      params: expect.objectContaining({
        amount: String(balance.amount),
        off_session: "true",
        confirm: "true",
      }),
    }),
  ]);
  const linkText = plainText(linkMail.text);
  expect(linkText).toContain("Hallo Rita Restzahlung,");
  expect(linkText).toContain(
    "die Restzahlung für Ihre Buchung konnte nicht automatisch abgebucht werden",
  );
  expect(linkText).toContain(`Betrag: ${euros(balance.amount)}`);
  expect(linkText).toContain(`Fällig seit: ${germanDate(today)}`);
  const paymentUrl = linkText.match(/https?:\/\/\S+\/pay\/cs_test_\w+/)?.[0];
  expect(paymentUrl).toBeDefined();
  expect(linkMail.html).toContain(`href="${paymentUrl}"`);
  expect(linkMail.html).toContain("Restzahlung bezahlen");
  const linkSession = [...stripe.sessions.values()].find((s) => s.url === paymentUrl)!;
  expect(linkSession).toMatchObject({
    amount_total: balance.amount,
    customer,
    client_reference_id: number,
    status: "open",
  });

  // Before paying: the guest's overview asks for the balance, due today.
  await page.goto("/dashboard");
  const nextAmount = page.getByTestId("next-payment-amount");
  await expect(nextAmount).toBeVisible();
  expect(plainText((await nextAmount.textContent()) ?? "")).toBe(euros(balance.amount));
  await expect(page.getByText(`Restzahlung fällig bis ${germanDate(today)}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // …and so does the booking's detail: the deposit paid, the balance open.
  await page.goto(`/dashboard/bookings?booking=${bookingId}`);
  const openDialog = page.getByRole("dialog", { name: `Buchung ${number}` });
  const openItems = openDialog.getByTestId("detail-payments");
  await expect(openItems).toBeVisible();
  expect(plainText((await openItems.textContent()) ?? "")).toContain(
    `Restzahlung, fällig bis ${germanDate(today)}${euros(balance.amount)} · offen`,
  );
  expect(plainText((await openDialog.getByTestId("detail-paid").textContent()) ?? "")).toBe(
    `Bezahlt: ${euros(deposit.amount)} von ${euros(booking.total)}`,
  );
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await openItems.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tmp/screens/stripe-balance-open-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // 4. The guest opens the e-mail and follows its button to Stripe's page, pays, and is back on
  //    "Meine Buchungen"; Stripe's signed webhook follows a moment later.
  const mailView = await page.context().newPage();
  await mailView.setContent(linkMail.html);
  // The e-mail's button opens a new tab (target=_blank), as mail clients do.
  const [checkout] = await Promise.all([
    mailView.waitForEvent("popup"),
    mailView.getByRole("link", { name: "Restzahlung bezahlen" }).click(),
  ]);
  await mailView.close();
  await expect(checkout).toHaveURL(paymentUrl!);
  await expect(checkout.getByTestId("reference")).toHaveText(number);
  await expect(checkout.getByTestId("amount")).toHaveText(
    `${(balance.amount / 100).toFixed(2).replace(".", ",")} EUR`,
  );
  await checkout.getByRole("button", { name: "Bezahlen" }).click();
  // Back on the booking's detail in "Meine Buchungen"; paid in full once the webhook is in
  // (the dialog does not update itself: the guest reloads).
  await expect(checkout).toHaveURL(`${BASE}/dashboard/bookings?booking=${bookingId}`);
  const dialog = checkout.getByRole("dialog", { name: `Buchung ${number}` });
  await expect(dialog.getByTestId("detail-number")).toHaveText(number);
  await expect(async () => {
    await checkout.reload();
    await expect(dialog.getByTestId("detail-paid")).toContainText("Vollständig bezahlt", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  expect(plainText((await dialog.getByTestId("detail-paid").textContent()) ?? "")).toBe(
    `Vollständig bezahlt (${euros(booking.total)})`,
  );
  const paidItems = plainText((await dialog.getByTestId("detail-payments").textContent()) ?? "");
  expect(paidItems).toContain(`${euros(deposit.amount)} · bezahlt`);
  expect(paidItems).toContain(
    `Restzahlung, fällig bis ${germanDate(today)}${euros(balance.amount)} · bezahlt`,
  );
  await expectNoSeriousA11yViolations(checkout);
  for (const width of [390, 1366]) {
    await checkout.setViewportSize({ width, height: 900 });
    await dialog.getByTestId("detail-payments").scrollIntoViewIfNeeded();
    await checkout.screenshot({ path: `tmp/screens/stripe-balance-paid-${width}.png` });
  }
  await checkout.close();

  const paidMail = await waitForMail(
    (m) => m.to.includes(email) && m.subject === `Restzahlung erhalten: ${number}`,
  );
  const paidText = plainText(paidMail.text);
  expect(paidText).toContain("die Restzahlung für Ihre Buchung ist eingegangen");
  expect(paidText).toContain(`Bezahlt: ${euros(balance.amount)}`);
  expect(paidText).toContain(`Insgesamt bezahlt: ${euros(booking.total)}`);

  // Nothing is open any more: the overview has no next payment.
  await page.goto("/dashboard");
  await expect(page.getByText("Keine offenen Zahlungen.")).toBeVisible();
  await expect(page.getByTestId("next-payment-amount")).toHaveCount(0);

  // The admin's booking detail: paid in full, the failed charge and the payment in the history.
  const admin = await (await browser.newContext({ baseURL: BASE })).newPage();
  await signInOver(admin, {
    intent: "signIn",
    email: demoAdmin.email,
    password: demoAdmin.password,
  });
  await admin.goto(`/admin/bookings/${bookingId}`);
  const received = admin.getByTestId("received");
  await expect(received).toBeVisible();
  expect(plainText((await received.textContent()) ?? "")).toBe(euros(booking.total));
  expect(plainText((await admin.getByTestId("open").textContent()) ?? "")).toBe(euros(0));
  const history = admin.getByTestId("history");
  await expect(history).toContainText(
    `Abbuchung der Restzahlung fehlgeschlagen: ${euros(balance.amount)} fällig am`,
  );
  await expect(history).toContainText("authentication_required – Versuch 1 von 4");
  await expect(history).toContainText(`Restzahlung: Zahlungslink – E-Mail an ${email} (gesendet)`);
  await expect(history).toContainText(
    `Online-Zahlung eingegangen: ${euros(balance.amount)} am ${germanDate(today)}`,
  );
  await expect(history).toContainText(`Restzahlung erhalten – E-Mail an ${email} (gesendet)`);
  await expect(history.getByText("Online-Zahlung eingegangen")).toHaveCount(2);
  await expect(history).not.toContainText("Geändert");
  await expect(history).not.toContainText("adminBookings.");
  for (const width of [390, 1366]) {
    await admin.setViewportSize({ width, height: 900 });
    await history.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `tmp/screens/stripe-balance-history-${width}.png` });
  }
  await admin.context().close();

  // The next job runs leave the paid balance alone (no second charge).
  expect(stripe.charges.filter((c) => c.params.customer === customer)).toHaveLength(1);
});
