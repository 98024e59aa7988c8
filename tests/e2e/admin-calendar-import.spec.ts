import http from "node:http";
import type { AddressInfo } from "node:net";
import { todayInBerlin } from "../../app/domain/calendar-day";
import { addDays } from "./calendar";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";
import { waitForMail } from "./mail";

/**
 * Issue 18 point 4 (decision 045): an admin adds an Airbnb calendar to a property. Its stay on
 * free nights blocks them on the property page; its stay over a booking made here is kept as a
 * conflict, e-mailed to the admins as "Überschneidung im Kalender" and shown on the dashboard.
 * Removing the feed releases its stays. The feed comes from a local HTTP server in the shape
 * Airbnb sends (ICAL_ALLOW_PRIVATE is set for the E2E server).
 */
const compact = (day: string) => day.replaceAll("-", "");

test("an imported Airbnb calendar blocks free nights and reports a double booking", async ({
  page,
  browser,
}) => {
  // A demo property with a future booking (listed for visitors without JavaScript).
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)].map(
    (match) => match[1],
  );
  const today = todayInBerlin();
  let target: { path: string; checkIn: string; checkOut: string } | undefined;
  for (const path of paths.reverse()) {
    const html = await (await page.request.get(path)).text();
    const stay = [
      ...html.matchAll(
        /data-booked-stay[^>]*>.*?<time dateTime="([\d-]{10})"[^>]*>.*?<time dateTime="([\d-]{10})"/gi,
      ),
    ]
      .map((match) => ({ checkIn: match[1], checkOut: match[2] }))
      .find((s) => s.checkIn > addDays(today, 2));
    if (stay) {
      target = { path, ...stay };
      break;
    }
  }
  expect(target, "a demo property with a future booking").toBeDefined();
  const { path, checkIn } = target!;
  const propertyId = path.split("/").at(-1)!;
  // One stay over the booking's first night, one far ahead on free nights.
  const conflictIn = addDays(checkIn, -1);
  const conflictOut = addDays(checkIn, 1);
  const freeIn = addDays(today, 300);
  const freeOut = addDays(freeIn, 4);
  const feed = [
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${compact(conflictOut)}`,
    `DTSTART;VALUE=DATE:${compact(conflictIn)}`,
    `UID:e2e-conflict-${propertyId}@airbnb.com`,
    "SUMMARY:Reserved",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${compact(freeOut)}`,
    `DTSTART;VALUE=DATE:${compact(freeIn)}`,
    `UID:e2e-free-${propertyId}@airbnb.com`,
    "SUMMARY:Reserved",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(feed);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/airbnb.ics`;
  const visitor = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  const freeStay = `[data-booked-stay]:has(time[datetime="${freeIn}"]):has(time[datetime="${freeOut}"])`;
  try {
    await signInOverHttp(page.request, demoAdmin);
    await page.goto(`/admin/properties/${propertyId}/kalender`);
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Airbnb E2E");
    await page.getByLabel("Kanal").selectOption({ label: "Airbnb" });
    await page.getByLabel("Adresse (URL) des Kalenders").fill(feedUrl);
    await page.getByRole("button", { name: "Kalender hinzufügen" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Kalender hinzugefügt." }),
    ).toBeVisible();
    const item = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: /Airbnb E2E/, level: 3 }) });
    await expect(item.getByRole("heading", { name: "Überschneidungen" })).toBeVisible();
    await expect(item).toContainText("Zuletzt erfolgreich:");

    // The free nights are taken on the property page; the booking here kept its own.
    await visitorPage.goto(path);
    await expect(visitorPage.locator(freeStay)).toHaveCount(1);

    const mail = await waitForMail(
      (m) => m.to.includes(demoAdmin.email) && m.subject === "Überschneidung im Kalender",
    );
    expect(mail.text).toContain("Airbnb E2E");

    await page.goto("/admin");
    const alerts = page.getByTestId("calendar-alerts");
    await expect(alerts).toContainText("Überschneidung:");
    await expect(alerts).toContainText("Airbnb E2E");
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await alerts.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tmp/screens/admin-calendar-alerts-${width}.png` });
    }

    // The Belegungsplan: the conflict red in its own lane, the nights it holds (decision 064)
    // hatched beside the booking, and the detail says what it blocks.
    await page.goto(
      `/admin/kalender?property=${propertyId}&from=${addDays(conflictIn, -3)}&view=2w`,
    );
    const red = page.locator('[data-kind="conflict"]');
    await expect(red).toHaveCount(1);
    await expect(red).toHaveAccessibleName(/^Überschneidung: /);
    await red.click();
    await expect(page.getByRole("heading", { name: /^Überschneidung in / })).toBeVisible();
    await expect(page.locator('[aria-labelledby="detail-heading"]')).toContainText(
      "blockiert seine übrigen Nächte",
    );
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `tmp/screens/admin-plan-conflict-${width}.png`,
        fullPage: true,
      });
    }

    // The conflict on the calendar page: both sides, the booking linked, and what to do.
    await page.goto(`/admin/properties/${propertyId}/kalender`);
    await waitForHydration(page);
    const conflict = item.getByRole("listitem").filter({ hasText: "Überschneidet sich hier mit:" });
    await expect(conflict).toContainText("Airbnb („Airbnb E2E“): Buchung");
    const bookingLink = conflict.getByRole("link", { name: /^Buchung / });
    await expect(bookingLink).toHaveAttribute("href", /^\/admin\/bookings\/[0-9a-f-]{36}$/);
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await conflict.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tmp/screens/admin-calendar-conflict-${width}.png` });
    }

    // Settled with the guest outside: it stays a conflict here but leaves the dashboard.
    await conflict.getByRole("button", { name: "Konflikt als erledigt markieren" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Überschneidung als erledigt markiert." }),
    ).toBeVisible();
    await expect(conflict).toContainText("Als erledigt markiert am");
    await expect(
      conflict.getByRole("button", { name: "Konflikt als erledigt markieren" }),
    ).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByTestId("calendar-alerts")).toHaveCount(0);

    // "Jetzt synchronisieren" in the conflict: nothing new, still settled.
    await page.goto(`/admin/properties/${propertyId}/kalender`);
    await waitForHydration(page);
    await conflict.getByRole("button", { name: "Jetzt synchronisieren" }).click();
    await expect(page.getByRole("status").filter({ hasText: "unverändert 2" })).toBeVisible();
    await expect(conflict).toContainText("Als erledigt markiert am");
    // "Entfernen" sits beside "Jetzt synchronisieren": it asks first and names what it releases.
    const remove = item.getByRole("link", { name: "Kalender „Airbnb E2E“ entfernen" });
    const dialog = page.getByRole("dialog", { name: "Kalender „Airbnb E2E“ entfernen?" });
    await remove.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Seine 2 importierten Aufenthalte werden freigegeben: Diese Nächte sind danach hier buchbar, sofern Sie sie nicht sperren.",
    );
    // The focus starts on "Abbrechen"; Enter there keeps the feed and its stays.
    await expect(dialog.getByRole("link", { name: "Abbrechen" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/admin/properties/${propertyId}/kalender`);
    await expect(item).toHaveCount(1);
    await visitorPage.goto(path);
    await expect(visitorPage.locator(freeStay)).toHaveCount(1);
    // Escape closes it too, and nothing changes.
    await remove.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    // Closing goes back to the bare page (a navigation): wait for it before the next click.
    await expect(page).toHaveURL(`/admin/properties/${propertyId}/kalender`);
    await expect(item).toHaveCount(1);
    // Confirmed: the feed goes, and its stays with it.
    await remove.click();
    await dialog.getByRole("button", { name: "Kalender entfernen" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item).toHaveCount(0);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Kalender entfernt; seine Termine sind freigegeben." }),
    ).toBeVisible();
    await visitorPage.goto(path);
    await expect(visitorPage.locator(freeStay)).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByTestId("calendar-alerts")).toHaveCount(0);
  } finally {
    await visitor.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
