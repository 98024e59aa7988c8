import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInOverHttp,
  test,
  type Account,
} from "./helpers";
import { addDays, berlinDay, euroCents, germanDate } from "./calendar";
import { plainText, waitForMail } from "./mail";

const plain = plainText;
const cents = euroCents;

/** The URL of the success page of a booking the signed-in `page` makes (the form's POST). */
async function bookStay(page: Page, guest: Account, stay: { checkIn: string; checkOut: string }) {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const propertyId = /\/properties\/([0-9a-f-]{36})</.exec(sitemap)?.[1];
  expect(propertyId, "a published property in the sitemap").toBeTruthy();
  const response = await page.request.post(`/properties/${propertyId}/book`, {
    form: {
      ...stay,
      guests: "1",
      guestName: "Gabi Gast",
      guestEmail: guest.email,
      guestPhone: "+49 170 1234567",
      specialRequests: "Späte Anreise <gegen 22 Uhr>",
      paymentMethod: "bank-transfer",
      idempotencyKey: crypto.randomUUID(),
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  const location = response.headers().location;
  expect(location).toMatch(/^\/booking-success\?booking=[0-9a-f-]{36}$/);
  return { url: location, propertyId: propertyId! };
}

test.describe.configure({ mode: "serial" });

let booked: { url: string; propertyId: string; number: string; total: number; guest: Account };

test("the guest sees the booking, the transfer instructions and gets the e-mail", async ({
  page,
  guest,
}) => {
  // Far ahead (a deposit and a balance) and at a random time, so repeated runs on one database
  // do not collide with each other or with the demo bookings.
  const today = berlinDay(new Date());
  // Its own band of days (other specs book 150–340 days ahead on the same properties).
  const checkIn = addDays(today, 400 + crypto.randomInt(0, 300));
  const checkOut = addDays(checkIn, 3);
  const { url, propertyId } = await bookStay(page, guest, { checkIn, checkOut });

  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Buchung eingegangen – /);
  // The slim footer's legal links (decision 083).
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Impressum" })).toHaveAttribute(
    "href",
    "/impressum",
  );
  await expect(footer.getByRole("link", { name: "Datenschutz" })).toHaveAttribute(
    "href",
    "/datenschutz",
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Vielen Dank für Ihre Buchung!");
  const number = (await page.getByTestId("booking-number").innerText()).trim();
  expect(number).toMatch(/^FW-\d{4}-\d{6,}$/);
  await expect(page.getByTestId("booking-status")).toHaveText("Ausstehend");
  await expect(main.locator(`a[href="/properties/${propertyId}"]`)).toBeVisible();
  await expect(main).toContainText(germanDate(checkIn));
  await expect(main).toContainText(germanDate(checkOut));
  await expect(main).toContainText("Banküberweisung");

  // Breakdown adds up to the total.
  const breakdown = main.getByRole("region", { name: "Preisaufschlüsselung" });
  await expect(breakdown).toContainText(/× 3 Nächte/);
  const total = cents(await page.getByTestId("booking-total").innerText());
  const parts = await breakdown.locator("dd").allInnerTexts();
  expect(parts.slice(0, -1).reduce((sum, part) => sum + cents(part), 0)).toBe(total);

  // Payment instructions: the operator's account, grouped IBAN, the number as reference.
  const instructions = page.getByTestId("payment-instructions");
  await expect(instructions.getByRole("heading", { name: "Zahlungsinformationen" })).toBeVisible();
  await expect(instructions).toContainText("Kontoinhaber");
  await expect(instructions).toContainText("TraumUrlaub Reisen GmbH");
  await expect(instructions).toContainText("PBNKDEFF");
  await expect(instructions).toContainText("Postbank");
  const iban = (await page.getByTestId("iban").innerText()).trim();
  expect(iban).toMatch(/^DE\d{2}( \d{4}){4} \d{2}$/);
  await expect(instructions).toContainText("Verwendungszweck");
  await expect(page.getByTestId("payment-reference")).toHaveText(number);
  const payments = page.getByTestId("scheduled-payment");
  await expect(payments).toHaveCount(2);
  await expect(payments.nth(0)).toContainText("Anzahlung (20 %)");
  await expect(payments.nth(0)).toContainText(germanDate(addDays(today, 7)));
  await expect(payments.nth(1)).toContainText("Restbetrag");
  await expect(payments.nth(1)).toContainText(germanDate(addDays(checkIn, -30)));
  const amounts = await payments.locator("td:nth-child(2)").allInnerTexts();
  expect(amounts.map(cents).reduce((a, b) => a + b, 0)).toBe(total);
  expect(cents(amounts[0])).toBe(Math.round(total * 0.2));

  // The copy buttons put the IBAN without spaces and the reference on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await instructions.getByRole("button", { name: "IBAN kopieren" }).click();
  await expect(instructions.getByRole("button", { name: "IBAN kopiert" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iban.replace(/ /g, ""));
  await instructions.getByRole("button", { name: "Verwendungszweck kopieren" }).click();
  await expect(
    instructions.getByRole("button", { name: "Verwendungszweck kopiert" }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);

  await expect(main).toContainText(`Eine Bestätigung wurde an ${guest.email} gesendet.`);
  await expect(main.getByRole("link", { name: "Meine Buchungen" })).toHaveAttribute(
    "href",
    "/dashboard/bookings",
  );
  await expect(main.getByRole("link", { name: "Weitere Unterkünfte entdecken" })).toHaveAttribute(
    "href",
    "/properties",
  );
  await expectNoSeriousA11yViolations(page);

  // The guest's e-mail arrived over SMTP with the same total and instructions.
  const mail = await waitForMail((m) => m.subject === `Buchung eingegangen: ${number}`);
  expect(mail.to).toBe(guest.email);
  const text = plain(mail.text);
  expect(text).toContain(`Gesamt: ${plain(await page.getByTestId("booking-total").innerText())}`);
  expect(text).toContain(`IBAN: ${iban}`);
  expect(text).toContain(`Verwendungszweck: ${number}`);
  expect(text).toContain(`Anzahlung (20 %): ${plain(amounts[0])}`);
  expect(text).toContain(`Restbetrag: ${plain(amounts[1])}`);
  expect(text).toContain("/dashboard/bookings");
  expect(text).toContain("Amtsgericht Berlin-Charlottenburg");
  // … and the operator's, with the guest's input escaped in the HTML.
  const operatorMail = await waitForMail((m) => m.subject === `Neue Buchung: ${number}`);
  expect(operatorMail.to).toBe("info@traumurlaub.example.com");
  expect(operatorMail.html).toContain("Späte Anreise &lt;gegen 22 Uhr&gt;");

  booked = { url, propertyId, number, total, guest };
});

test("another guest gets the 404 page for the same booking", async ({ page }) => {
  expect(booked, "the first test booked a stay").toBeTruthy();
  await page.goto(`/auth?mode=register&redirectTo=${encodeURIComponent(booked.url)}`);
  await page.getByLabel("Name").fill("Fremde Person");
  await page.getByLabel("E-Mail").fill(`fremd.${crypto.randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel("Passwort").fill("Sonnenschein-2027");
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  await expect(page.getByText(booked.number)).toHaveCount(0);

  // A fresh load answers with a real 404, the same as for unknown or malformed ids.
  for (const url of [
    booked.url,
    `/booking-success?booking=${crypto.randomUUID()}`,
    "/booking-success?booking=1%20or%201=1",
    "/booking-success",
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  }
  await expectNoSeriousA11yViolations(page);
});

test("an admin can open the booking; visitors are sent to sign in", async ({ page }) => {
  expect(booked, "the first test booked a stay").toBeTruthy();
  const response = await page.goto(booked.url);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbooking-success%3Fbooking%3D/);
  expect(response?.status()).toBe(200);

  await signIn(
    page,
    demoAdmin.email,
    demoAdmin.password,
    page.url().replace(/^.*?\/auth/, "/auth"),
  );
  await expect(page).toHaveURL(new RegExp(`${booked.url.replace(/[?]/g, "\\?")}$`));
  await expect(page.getByTestId("booking-number")).toHaveText(booked.number);
  expect(cents(await page.getByTestId("booking-total").innerText())).toBe(booked.total);
});

test("the payment instructions work without JavaScript, without copy buttons", async ({
  browser,
}, testInfo) => {
  expect(booked, "the first test booked a stay").toBeTruthy();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
  });
  const page = await context.newPage();
  try {
    await signInOverHttp(page.request, booked.guest);
    await page.goto(booked.url);
    await expect(page.getByTestId("payment-reference")).toHaveText(booked.number);
    await expect(page.getByTestId("iban")).toHaveText(/^DE\d{2}( \d{4}){4} \d{2}$/);
    await expect(page.getByTestId("scheduled-payment")).toHaveCount(2);
    // No copy buttons in the page (the slim footer's "Cookie-Einstellungen" is not one of them).
    await expect(page.locator("#main").getByRole("button")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
