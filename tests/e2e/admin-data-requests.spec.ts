import crypto from "node:crypto";
import fs from "node:fs";
import { addDays, berlinDay, germanDate } from "./calendar";
import {
  bookOverHttp,
  demoAdmin,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  sitemapPropertyIds,
  test,
  waitForHydration,
} from "./helpers";

/**
 * /admin/datenschutz-anfragen (decision 085): a guest with a booking and a contact message asks
 * what the site stores and then for erasure. The admin finds both by the address, downloads the
 * export, sees that the upcoming stay blocks the erasure, and deletes once it is cancelled: the
 * account goes, the booking stays without the guest. The stay is booked 357–359 days ahead on
 * the last property of the sitemap, a band no other spec uses.
 */

test("an admin answers a guest's access and erasure request by e-mail address", async ({
  page,
  browser,
  baseURL,
  guest,
}) => {
  test.slow();
  const ids = await sitemapPropertyIds(page.request);
  const checkIn = addDays(berlinDay(new Date()), 357 + crypto.randomInt(0, 2));
  const checkOut = addDays(checkIn, 1);
  const bookingId = await bookOverHttp(page.request, guest, ids.at(-1)!, { checkIn, checkOut });
  const subject = `Auskunft bitte ${crypto.randomUUID().slice(0, 8)}`;
  const contact = await page.request.post("/kontakt", {
    headers: { origin: baseURL! },
    form: {
      firstName: "Gabi",
      lastName: "Gast",
      email: guest.email,
      subject,
      message: "Welche Daten speichern Sie über mich? Bitte löschen Sie danach alles.",
    },
  });
  expect(contact.status()).toBe(200);

  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${crypto.randomInt(1, 250)}` },
  });
  const admin = await context.newPage();
  await signInOverHttp(admin.request, demoAdmin);
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.goto("/admin");
  await waitForHydration(admin);
  const nav = admin.getByRole("navigation", { name: "Administrationsbereich" });
  await nav.getByRole("link", { name: "Datenschutz-Anfragen" }).click();
  await expect(
    admin.getByRole("heading", { level: 1, name: "Datenschutz-Anfragen" }),
  ).toBeVisible();
  await expect(nav.getByRole("link", { name: "Datenschutz-Anfragen" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Typed as people write it: the search normalises the address.
  const search = async (typed: string) => {
    await admin.getByLabel("E-Mail-Adresse").fill(typed);
    await admin.getByRole("button", { name: "Suchen" }).click();
    await expect(
      admin.getByRole("heading", { level: 2, name: `Gespeicherte Daten zu ${guest.email}` }),
    ).toBeVisible();
    await admin.mouse.move(0, 0);
  };
  await search(` ${guest.email.toUpperCase()} `);
  const findings = admin.getByTestId("data-findings");
  const account = findings.getByRole("region", { name: "Kundenkonto" });
  await expect(account).toContainText(guest.name);
  const bookings = findings.getByTestId("data-bookings");
  await expect(bookings.getByRole("row")).toHaveCount(2);
  const row = bookings.getByRole("row").nth(1);
  await expect(row).toContainText(/FW-\d{4}-\d{6}/);
  const number = /FW-\d{4}-\d{6}/.exec(await row.innerText())![0];
  await expect(row).toContainText(`${germanDate(checkIn)} – ${germanDate(checkOut)}`);
  await expect(row).toContainText("Ausstehend");
  await expect(row).toContainText("Bevorstehend");
  await expect(findings.getByTestId("data-messages")).toContainText(subject);
  await expect(findings.getByTestId("data-emails")).toContainText(/^\d+ E-Mails?:/);
  // The upcoming stay blocks the erasure, as it blocks the guest's own deletion.
  await expect(findings.getByTestId("erase-blocked")).toContainText(
    `Löschen ist erst möglich, wenn keine Buchung mehr bevorsteht: ${number}`,
  );
  await expect(admin.getByRole("button", { name: "Daten löschen" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);
  fs.mkdirSync("test-results/screens", { recursive: true });
  await admin.screenshot({ path: "test-results/screens/data-requests-1366.png", fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(admin);
  await admin.screenshot({ path: "test-results/screens/data-requests-390.png", fullPage: true });
  await admin.setViewportSize({ width: 1366, height: 900 });

  // The export: everything shown, with its content, as a JSON download.
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("button", { name: "Auskunft herunterladen" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^datenauskunft-.+-\d{4}-\d\d-\d\d\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(file).toMatchObject({
    title: "Auskunft nach Art. 15 DSGVO",
    email: guest.email,
    account: { name: guest.name, email: guest.email },
  });
  expect(file.bookings).toEqual([
    expect.objectContaining({ number, checkIn, checkOut, guestEmail: guest.email }),
  ]);
  expect(file.contactMessages).toEqual([expect.objectContaining({ subject })]);
  // Still on the page with the result.
  await expect(bookings).toContainText(number);

  // The guest cancels (free this far ahead); the admin looks again and deletes.
  const cancel = await page.request.post("/dashboard/bookings", {
    headers: { origin: baseURL! },
    form: { intent: "cancel", bookingId, quotedFee: "0" },
    maxRedirects: 0,
  });
  expect(cancel.status()).toBe(302);
  await search(guest.email);
  await expect(row).toContainText("Storniert");
  const keptUntil = `31.12.${Number(checkOut.slice(0, 4)) + 10}`;
  await expect(row).toContainText(`Aufbewahrungspflicht bis ${keptUntil}`);
  await admin.getByRole("button", { name: "Daten löschen" }).click();
  const dialog = admin.getByRole("dialog", { name: "Daten löschen" });
  await expect(dialog).toContainText(`Zu ${guest.email} wird gelöscht:`);
  await expect(dialog).toContainText("das Kundenkonto");
  await expect(dialog).toContainText("1 Buchung bleibt für die Buchhaltung erhalten");
  await expect(dialog).toContainText("1 Kontaktnachricht");
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: "test-results/screens/data-requests-dialog-1366.png" });
  await dialog.getByRole("button", { name: "Endgültig löschen" }).click();

  const done = admin.getByTestId("data-erased");
  await expect(done).toContainText(`Die Daten zu ${guest.email} wurden gelöscht.`);
  await expect(done).toContainText("Kundenkonto gelöscht");
  await expect(done).toContainText(`${number}: ohne persönliche Daten aufbewahrt bis ${keptUntil}`);
  await expect(done).toContainText("1 Kontaktnachricht gelöscht");
  await expect(dialog).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(admin);
  await admin.screenshot({ path: "test-results/screens/data-requests-erased-390.png" });
  await admin.setViewportSize({ width: 1366, height: 900 });

  // Nothing of the person is left to delete; only the audit log still names the address (the
  // export, the erasure, the payment details sent at booking time: decisions 081, 085).
  await search(guest.email);
  await expect(account).toContainText("Kein Kundenkonto");
  await expect(findings).toContainText("Keine Buchungen");
  await expect(findings).toContainText("Keine Kontaktnachrichten");
  await expect(findings).toContainText("Keine E-Mails");
  await expect(findings).toContainText(/\d+ Einträge im Protokoll nennen diese Adresse/);
  await expect(admin.getByRole("button", { name: "Daten löschen" })).toHaveCount(0);
  // The booking is still in the admin's list, without the guest.
  await admin.goto(`/admin/bookings/${bookingId}`);
  await expect(admin.getByRole("heading", { level: 1, name: `Buchung ${number}` })).toBeVisible();
  const guestSection = admin.getByRole("region", { name: "Gast", exact: true });
  await expect(guestSection).toContainText("Gelöschter Benutzer");
  await expect(guestSection).not.toContainText(guest.email);
  await expect(admin.getByRole("main")).not.toContainText(guest.name);

  // The guest's session ended with the account.
  const dashboard = await page.request.get("/dashboard", { maxRedirects: 0 });
  expect(dashboard.status()).toBe(302);
  await context.close();
});
