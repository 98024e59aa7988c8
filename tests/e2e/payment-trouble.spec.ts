import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { connectDatabase } from "../../app/lib/db.server";
import * as schema from "../../db/schema";
import { DEMO_LOGINS } from "../../db/demo-logins";
import { addDays, berlinDay, germanDate } from "./calendar";
import { expect, expectNoSeriousA11yViolations, test } from "./helpers";
import {
  START_UP_BUDGET_MS,
  startOwnServer,
  stopOwnServer,
  waitForUp,
  type OwnServer,
} from "./own-server";

/**
 * Online payment trouble in front of the operator and the guest (issue 17, decision 052), in
 * Chromium against the production build: the dashboard's "Überfällige Zahlungen" says how an
 * online booking is stuck (a failed balance charge with its payment link, or nothing charged at
 * all); a SEPA debit in processing is "Lastschrift in Bearbeitung" on the dashboard, in the
 * admin's list and detail and in the guest's bookings, and never "überfällig".
 *
 * Those states need days to pass (a balance due weeks ago, a charge the job tried yesterday),
 * which no journey can wait for. So this spec runs an app process of its own (the
 * "server-process" project, like stripe-checkout.spec.ts): it starts it once for the demo data,
 * stops it, writes the bookings into its embedded database as the jobs and the webhook would
 * have left them, and starts it again.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
const BASE = `http://localhost:${PORT}`;
const [demoAdmin, demoGuest] = DEMO_LOGINS;

test.describe.configure({ mode: "serial" });

let server: OwnServer | undefined;
let dataDir: string;
const today = berlinDay(new Date());
/** What the journeys look for, filled in beforeAll. */
const made = { failed: "", failedId: "", untried: "", processing: "", processingId: "" };

function startServer() {
  // Nothing here is meant to be mailed: an address nobody listens on.
  return startOwnServer({ port: PORT, dataDir, env: { SMTP_URL: "smtp://127.0.0.1:9" } });
}

async function stopServer() {
  await stopOwnServer(server);
  server = undefined;
}

/**
 * Three online bookings of the demo guest, far ahead on the first property (no demo stay is
 * there), each as the app leaves it:
 * - card, deposit paid, the balance (due 200 days ago) charged twice without success, the last
 *   time yesterday, and the payment link e-mailed (valid until tomorrow);
 * - PayPal, deposit paid, the balance never charged (this server has no payment provider);
 * - SEPA, held while the deposit's debit is processing since yesterday; its deposit would be
 *   overdue by now.
 */
async function writeBookings() {
  const handle = await connectDatabase({ kind: "pglite", dataDir });
  try {
    const db = handle.db;
    const [guest] = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(eq(schema.user.email, demoGuest.email));
    const [property] = await db
      .select({ id: schema.property.id })
      .from(schema.property)
      .where(eq(schema.property.status, "published"))
      .orderBy(schema.property.createdAt)
      .limit(1);
    const stay = async (
      offset: number,
      values: Partial<typeof schema.booking.$inferInsert> & { paymentMethod: string },
    ) => {
      const checkIn = addDays(today, offset);
      const [row] = await db
        .insert(schema.booking)
        .values({
          number: sql`'FW-' || extract(year from now())::text || '-' || lpad(nextval('booking_number_seq')::text, 6, '0')`,
          userId: guest.id,
          propertyId: property.id,
          checkIn,
          checkOut: addDays(checkIn, 4),
          nights: 4,
          guests: 2,
          guestName: "Gerda Gast",
          guestEmail: demoGuest.email,
          nightlyPrice: 20_000,
          cleaningFee: 0,
          serviceFee: 0,
          totalPrice: 80_000,
          status: "confirmed",
          // Booked 240 days ago with the balance due 200 days before today (the terms of the
          // booking day): deposit 20 % due 233 days ago, balance 80 % due 200 days ago. That
          // far back, they are the most overdue and in the list's first 20 whatever the demo
          // data holds.
          createdAt: new Date(Date.now() - 240 * 86_400_000),
          balanceDueDays: offset + 200,
          ...values,
        })
        .returning({ id: schema.booking.id, number: schema.booking.number });
      return row;
    };
    const failed = await stay(300, { paymentMethod: "credit-card" });
    const untried = await stay(310, { paymentMethod: "paypal" });
    const processing = await stay(320, {
      paymentMethod: "sepa-debit",
      status: "pending",
      createdAt: new Date(Date.now() - 10 * 86_400_000),
      balanceDueDays: 30,
      stripePaymentProcessingSince: new Date(Date.now() - 86_400_000),
    });
    for (const [paid, method] of [
      [failed, "credit-card"],
      [untried, "paypal"],
    ] as const) {
      await db.insert(schema.payment).values({
        bookingId: paid.id,
        method,
        amount: 16_000,
        receivedOn: addDays(today, -238),
        note: "Stripe – Anzahlung",
      });
    }
    const checkoutUrl = `https://checkout.stripe.test/c/pay/cs_test_${crypto.randomUUID()}`;
    await db.insert(schema.balanceCharge).values({
      bookingId: failed.id,
      dueDate: addDays(today, -200),
      amount: 64_000,
      status: "failed",
      attempts: 2,
      lastAttemptOn: addDays(today, -1),
      lastError: "authentication_required",
      checkoutSessionId: `cs_test_${crypto.randomUUID()}`,
      checkoutUrl,
    });
    // The link e-mail as the job queued it, already sent (the outbox leaves it alone).
    await db.insert(schema.emailOutbox).values({
      to: demoGuest.email,
      template: "balance-payment-link",
      bookingId: failed.id,
      status: "sent",
      sentAt: new Date(Date.now() - 3_600_000),
      createdAt: new Date(Date.now() - 3_600_000),
      data: {
        paymentUrl: checkoutUrl,
        linkExpiresAt: new Date(Date.now() + 20 * 3_600_000).toISOString(),
      },
    });
    Object.assign(made, {
      failed: failed.number,
      failedId: failed.id,
      untried: untried.number,
      processing: processing.number,
      processingId: processing.id,
    });
  } finally {
    await handle.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(2 * START_UP_BUDGET_MS + 60_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fw-pay-trouble-"));
  server = startServer();
  await waitForUp(server);
  await stopServer();
  await writeBookings();
  server = startServer();
  await waitForUp(server);
});

test.afterAll(async () => {
  await stopServer();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(browser: Browser, login: { email: string; password: string }) {
  const context = await browser.newContext({
    baseURL: BASE,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    extraHTTPHeaders: { "x-forwarded-for": `203.0.113.${crypto.randomInt(1, 250)}` },
  });
  const page = await context.newPage();
  const response = await page.request.post(`${BASE}/auth`, {
    headers: { origin: BASE },
    form: { intent: "signIn", email: login.email, password: login.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return page;
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tmp/screens/${name}-${width}.png`, fullPage: true });
  }
}

test("the dashboard says how each online payment is stuck, and a debit in processing is not overdue", async ({
  browser,
}) => {
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto("/admin");
  const overdue = admin.getByRole("region", { name: "Überfällige Zahlungen" });
  await expect(overdue).toBeVisible();

  const failed = overdue.getByRole("listitem").filter({ hasText: made.failed });
  await expect(failed.getByRole("link", { name: made.failed })).toHaveAttribute(
    "href",
    `/admin/bookings/${made.failedId}`,
  );
  await expect(failed).toContainText(
    new RegExp(
      `Kreditkarte · offen: 640,00\\s€ · 200 Tage überfällig \\(fällig am ${germanDate(addDays(today, -200))}\\)`,
    ),
  );
  await expect(failed.getByTestId("overdue-charge")).toHaveText(
    "Abbuchung fehlgeschlagen (Versuch 2 von 4), Zahlungslink gesendet",
  );
  const untried = overdue.getByRole("listitem").filter({ hasText: made.untried });
  await expect(untried).toContainText(/PayPal · offen: 640,00\s€ · 200 Tage überfällig/);
  await expect(untried.getByTestId("overdue-charge")).toHaveText("keine Abbuchung versucht");
  // The SEPA deposit is past its date, but the debit is on its way: waiting, not overdue.
  await expect(overdue).not.toContainText(made.processing);
  const pending = admin.getByRole("region", { name: "Ausstehende Zahlungen" });
  await expect(pending.getByRole("listitem").filter({ hasText: made.processing })).toContainText(
    "Lastschrift in Bearbeitung",
  );
  await expect(
    pending.getByRole("listitem").filter({ hasText: made.processing }),
  ).not.toContainText("überfällig");
  await expectNoSeriousA11yViolations(admin);
  await overdue.scrollIntoViewIfNeeded();
  await screenshots(admin, "payment-trouble-dashboard");
});

test("the admin's list and detail show the debit in processing and the failed balance charge", async ({
  browser,
}) => {
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto(`/admin/bookings?q=${made.processing}`);
  const row = admin.getByTestId("admin-booking").filter({ hasText: made.processing });
  await expect(row.getByTestId("debit-processing")).toHaveText("Lastschrift in Bearbeitung");
  await expect(row.getByTestId("payment-status")).toHaveText("Unbezahlt");
  await expectNoSeriousA11yViolations(admin);
  await screenshots(admin, "payment-trouble-admin-list");

  await admin.goto(`/admin/bookings/${made.processingId}`);
  await expect(admin.getByTestId("debit-processing")).toHaveText("Lastschrift in Bearbeitung");
  const payments = admin.getByTestId("payments");
  await expect(payments.getByTestId("debit-processing-note")).toContainText(
    "Lastschrift in Bearbeitung seit",
  );
  await expect(payments).not.toContainText("überfällig");

  await admin.goto(`/admin/bookings/${made.failedId}`);
  const charge = admin.getByTestId("balance-charges");
  await expect(charge.getByRole("heading", { name: "Abbuchung der Restzahlung" })).toBeVisible();
  await expect(charge).toContainText(
    `Abbuchung fehlgeschlagen (Versuch 2 von 4, zuletzt am ${germanDate(addDays(today, -1))}): authentication_required`,
  );
  // This server has no payment provider: the job will not try again, and the page says so.
  await expect(charge).toContainText("Keine weiteren automatischen Versuche.");
  await expect(charge).toContainText(/Zahlungslink an den Gast gesendet am .+, gültig bis .+\./);
  await expectNoSeriousA11yViolations(admin);
  await charge.scrollIntoViewIfNeeded();
  await screenshots(admin, "payment-trouble-admin-detail");
});

test("the guest sees 'Lastschrift in Bearbeitung' in the list and the booking's detail", async ({
  browser,
}) => {
  const guest = await signedIn(browser, demoGuest);
  await guest.goto("/dashboard/bookings");
  const card = guest.getByTestId("booking-card").filter({ hasText: made.processing });
  await expect(card.getByTestId("debit-processing")).toHaveText("Lastschrift in Bearbeitung");
  // Only that booking: the card one's balance is open, not on its way.
  const other = guest.getByTestId("booking-card").filter({ hasText: made.failed });
  await expect(other.getByTestId("debit-processing")).toHaveCount(0);

  await card.getByRole("link", { name: `Details zur Buchung ${made.processing}` }).click();
  const dialog = guest.getByRole("dialog");
  await expect(dialog.getByTestId("debit-processing")).toHaveText("Lastschrift in Bearbeitung");
  await expect(dialog).toContainText("die Lastschrift ist auf dem Weg zu uns");
  await expectNoSeriousA11yViolations(guest);
  await screenshots(guest, "payment-trouble-guest-detail");
  await guest.goto("/dashboard/bookings");
  await card.scrollIntoViewIfNeeded();
  await screenshots(guest, "payment-trouble-guest-list");
});
