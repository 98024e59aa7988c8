import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, registerOverHttp, signIn, test } from "./helpers";
import { waitForMail } from "./mail";

const PASSWORD = "Sonnenschein-2027";

/**
 * Registers a fresh guest over HTTP (tests/e2e/helpers.ts); with a page's request it is signed
 * in on that page's browser context. Signing in through the page is what these journeys test.
 */
async function registerGuest(request: APIRequestContext) {
  const email = `sicher.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await registerOverHttp(request, { name: "Sina Sicher", email, password: PASSWORD });
  return email;
}

test.describe("password reset", () => {
  test("the e-mailed link sets a new password once; signing in works with it", async ({
    page,
    request,
  }) => {
    // The account only: this browser stays signed out.
    const email = await registerGuest(request);

    await page.goto("/auth");
    await page.getByRole("link", { name: "Passwort vergessen?" }).click();
    await expect(page).toHaveURL(/\/auth\/passwort-vergessen$/);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("E-Mail").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Link senden" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Falls ein Konto mit dieser E-Mail existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet.",
    );

    const mail = await waitForMail(
      (m) => m.to.includes(email) && m.subject === "Passwort zurücksetzen",
    );
    const link = mail.text.match(/https?:\/\/\S+\/auth\/passwort-zuruecksetzen\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    // The sender's Impressum under the signature, as in every e-mail to a guest (decision 066).
    expect(mail.text).toMatch(/\n--\n.+\nE-Mail: .+ · Telefon: .+\nRegistergericht: /);
    expect(mail.text).toContain("USt-IdNr.: ");
    const resetPath = new URL(link!).pathname + new URL(link!).search;

    await page.goto(resetPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neues Passwort festlegen");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Neues Passwort").fill("Mondschein-2028");
    await page.getByLabel("Passwort bestätigen").fill("Mondschein-2029");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.getByText("Die Passwörter stimmen nicht überein")).toBeVisible();

    await page.getByLabel("Neues Passwort").fill("Mondschein-2028");
    await page.getByLabel("Passwort bestätigen").fill("Mondschein-2028");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page).toHaveURL(/\/auth\?reset=success$/);
    await expect(page.getByRole("status")).toHaveText(
      "Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.",
    );

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText("E-Mail oder Passwort ist falsch");
    await signIn(page, email, "Mondschein-2028");
    await expect(page).toHaveURL(/\/dashboard$/);

    // Used once: the link now explains itself and offers a new one.
    await page.goto(resetPath);
    await expect(page.getByRole("alert")).toHaveText("Dieser Link ist ungültig oder abgelaufen.");
    await expect(page.getByRole("link", { name: "Neuen Link anfordern" })).toHaveAttribute(
      "href",
      "/auth/passwort-vergessen",
    );
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("account settings", () => {
  test("notifications save on toggle; marketing is the newsletter with double opt-in; a wrong current password is refused", async ({
    page,
  }) => {
    const email = await registerGuest(page.request);
    await page.goto("/dashboard/settings");
    await expect(page).toHaveTitle(/^Einstellungen – /);
    await expectNoSeriousA11yViolations(page);

    const marketing = page.getByRole("switch", { name: "Marketing-E-Mails" });
    const notifications = page.getByRole("switch", { name: "E-Mail-Benachrichtigungen" });
    await expect(notifications).toBeChecked();
    await expect(marketing).not.toBeChecked();
    // What each switch covers (decision 069).
    await expect(notifications).toHaveAccessibleDescription(
      /derzeit die Kopie Ihrer Nachricht, wenn Sie angemeldet unser Kontaktformular nutzen/,
    );
    await expect(marketing).toHaveAccessibleDescription(/Unser Newsletter/);

    // A new account has not proven its address (decision 075): the switch is the account's own
    // choice and says how to unsubscribe. On: the confirmation e-mail goes out.
    await expect(marketing).toHaveAccessibleDescription(
      /Abmelden können Sie sich jederzeit über den Link in jeder Newsletter-E-Mail/,
    );
    await marketing.check();
    const status = page.getByRole("region", { name: "Benachrichtigungen" }).getByRole("status");
    await expect(status.getByText("Einstellungen gespeichert")).toBeVisible();
    await expect(status).toContainText(
      `Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen an ${email} gesendet haben.`,
    );
    await expect(marketing).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    const mail = await waitForMail(
      (m) => m.to.includes(email) && m.subject === "Bitte bestätigen Sie Ihre Newsletter-Anmeldung",
    );
    const link = mail.text.match(/https?:\/\/\S+\/newsletter\/bestaetigen\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
    await expect(page.getByText("Ihre Newsletter-Anmeldung ist bestätigt.")).toBeVisible();

    await page.goto("/dashboard/settings");
    await expect(marketing).toBeChecked();
    await expect(marketing).not.toHaveAccessibleDescription(/Bestätigung ausstehend/);

    // Off: the choice is saved; the subscription is ended by the link in the newsletter.
    await marketing.uncheck();
    await expect(status).toContainText(
      "Ihre E-Mail-Adresse ist bei uns nicht bestätigt, deshalb ändern wir hier kein bestehendes Newsletter-Abonnement.",
    );
    await page.reload();
    await expect(page.getByRole("switch", { name: "Marketing-E-Mails" })).not.toBeChecked();

    await notifications.uncheck();
    await expect(status).toHaveText("Einstellungen gespeichert");
    await expect(status).not.toContainText("Newsletter");
    await page.reload();
    await expect(page.getByRole("switch", { name: "E-Mail-Benachrichtigungen" })).not.toBeChecked();

    const passwordSection = page.getByRole("region", { name: "Passwort ändern" });
    await passwordSection.getByLabel("Aktuelles Passwort").fill("falsch-falsch");
    await passwordSection.getByLabel("Neues Passwort", { exact: true }).fill("Mondschein-2028");
    await passwordSection.getByLabel("Neues Passwort bestätigen").fill("Mondschein-2028");
    await passwordSection.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(passwordSection.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
      "Das aktuelle Passwort ist falsch",
    );

    await passwordSection.getByLabel("Aktuelles Passwort").fill(PASSWORD);
    await passwordSection.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
    await passwordSection.getByLabel("Neues Passwort bestätigen").fill("kurz");
    await passwordSection.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(
      passwordSection.getByText("Das neue Passwort muss mindestens 8 Zeichen lang sein"),
    ).toBeVisible();

    await passwordSection.getByLabel("Aktuelles Passwort").fill(PASSWORD);
    await passwordSection.getByLabel("Neues Passwort", { exact: true }).fill("Mondschein-2028");
    await passwordSection.getByLabel("Neues Passwort bestätigen").fill("Mondschein-2028");
    await passwordSection.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(passwordSection.getByRole("status")).toContainText(
      "Passwort erfolgreich geändert",
    );
    // This device stays signed in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an unproven account confirms its address by the mailed link, signed in on another device; then off unsubscribes", async ({
    page,
    browser,
  }) => {
    const email = await registerGuest(page.request);
    await page.goto("/dashboard/settings");
    const notificationsRegion = page.getByRole("region", { name: "Benachrichtigungen" });
    const box = page.getByTestId("address-confirmation");
    // Beside "Marketing-E-Mails": why the switch cannot end a subscription, and the button.
    await expect(box).toContainText(`Ihre E-Mail-Adresse ${email} ist noch nicht bestätigt.`);
    const send = box.getByRole("button", { name: "Bestätigungs-E-Mail senden" });
    await expect(send).toHaveAccessibleDescription(/ist noch nicht bestätigt/);
    await expectNoSeriousA11yViolations(page);

    await send.click();
    await expect(box.getByRole("status")).toHaveText(
      `Wir haben Ihnen eine E-Mail an ${email} gesendet. Öffnen Sie den Link darin innerhalb von 24 Stunden und bestätigen Sie, angemeldet mit diesem Konto. Es gilt nur der Link der neuesten E-Mail.`,
    );
    await expectNoSeriousA11yViolations(page);

    const mail = await waitForMail(
      (m) => m.to.includes(email) && m.subject === "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    );
    // The sender's Impressum under the signature, as in every e-mail to a guest (decision 066).
    expect(mail.text).toMatch(/\n--\n.+\nE-Mail: .+ · Telefon: .+\nRegistergericht: /);
    const link = mail.text.match(/https?:\/\/\S+\/auth\/adresse-bestaetigen\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname + new URL(link!).search;

    // The mail is read on another device: the link asks to sign in first, then confirms.
    const phone = await browser.newContext({ locale: "de-DE", timezoneId: "Europe/Berlin" });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto(path);
      await expect(
        phonePage.getByRole("heading", { name: "E-Mail-Adresse bestätigen" }),
      ).toBeVisible();
      await expect(phonePage.getByText("Bitte melden Sie sich mit dem Konto an")).toBeVisible();
      await expectNoSeriousA11yViolations(phonePage);
      await phonePage.getByRole("link", { name: "Anmelden" }).click();
      await phonePage.getByLabel("E-Mail").fill(email);
      await phonePage.getByLabel("Passwort").fill(PASSWORD);
      await phonePage.getByRole("button", { name: "Anmelden" }).click();
      await expect(
        phonePage.getByText(`Bestätigen Sie, dass ${email} Ihre E-Mail-Adresse ist.`),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(phonePage);
      await phonePage.getByRole("button", { name: "E-Mail-Adresse bestätigen" }).click();
      await expect(phonePage).toHaveURL(/\/dashboard\/settings\?adresse=bestaetigt$/);
      await expect(
        phonePage.getByRole("region", { name: "Benachrichtigungen" }).getByRole("status"),
      ).toHaveText(/^Ihre E-Mail-Adresse ist bestätigt\./);

      // Used once: the link is refused with a German page and a 4xx.
      const again = await phonePage.goto(path);
      expect(again?.status()).toBe(400);
      await expect(
        phonePage.getByText(
          "Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.",
        ),
      ).toBeVisible();
    } finally {
      await phone.close();
    }

    // Proven: no more button; the switch is the address's subscription (decision 075).
    await page.reload();
    await expect(box).toHaveCount(0);
    const marketing = page.getByRole("switch", { name: "Marketing-E-Mails" });
    await expect(marketing).toHaveAccessibleDescription(/Ausschalten meldet Sie sofort ab/);
    await marketing.check();
    const newsletterMail = await waitForMail(
      (m) => m.to.includes(email) && m.subject === "Bitte bestätigen Sie Ihre Newsletter-Anmeldung",
    );
    const newsletterLink = newsletterMail.text.match(
      /https?:\/\/\S+\/newsletter\/bestaetigen\?token=\S+/,
    )?.[0];
    await page.goto(new URL(newsletterLink!).pathname + new URL(newsletterLink!).search);
    await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
    await expect(page.getByText("Ihre Newsletter-Anmeldung ist bestätigt.")).toBeVisible();

    await page.goto("/dashboard/settings");
    await expect(marketing).toBeChecked();
    // Off really unsubscribes the address now.
    await marketing.uncheck();
    await expect(notificationsRegion.getByRole("status")).toContainText(
      "Sie sind vom Newsletter abgemeldet.",
    );
    await page.reload();
    await expect(page.getByRole("switch", { name: "Marketing-E-Mails" })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
  });

  test("signing out another session ends it for that browser", async ({ page, browser }) => {
    const email = await registerGuest(page.request);
    const other = await browser.newContext({ locale: "de-DE", timezoneId: "Europe/Berlin" });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, email, PASSWORD);
      await expect(otherPage).toHaveURL(/\/dashboard$/);

      await page.goto("/dashboard/settings");
      const sessions = page.getByRole("list", { name: "Aktive Sitzungen" });
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await expect(sessions.getByRole("listitem").first()).toContainText("Dieses Gerät");
      await expect(sessions.getByRole("listitem").first()).toContainText("Chrome auf Windows");
      await expect(sessions.getByRole("listitem").first()).toContainText("Zuletzt aktiv: heute");
      await sessions.getByRole("button", { name: /^Sitzung .* abmelden$/ }).click();
      await expect(page.getByRole("status")).toHaveText("Die Sitzung wurde beendet.");
      await expect(sessions.getByRole("listitem")).toHaveCount(1);

      await otherPage.goto("/dashboard");
      await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
      // This browser is still signed in.
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await other.close();
    }
  });

  test("a wrong current password counts as a failed sign-in: after 8, even the right one waits", async ({
    page,
  }) => {
    await registerGuest(page.request);
    await page.goto("/dashboard/settings");
    const passwordSection = page.getByRole("region", { name: "Passwort ändern" });
    const tryPassword = async (current: string) => {
      await passwordSection.getByLabel("Aktuelles Passwort").fill(current);
      await passwordSection.getByLabel("Neues Passwort", { exact: true }).fill("Mondschein-2028");
      await passwordSection.getByLabel("Neues Passwort bestätigen").fill("Mondschein-2028");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        passwordSection.getByRole("button", { name: "Passwort ändern" }).click(),
      ]);
      return response.status();
    };
    for (let i = 0; i < 8; i++) {
      expect(await tryPassword("falsch-falsch")).toBe(400);
      await expect(passwordSection.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
        "Das aktuelle Passwort ist falsch",
      );
    }
    expect(await tryPassword(PASSWORD)).toBe(429);
    await expect(passwordSection.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    const danger = page.getByRole("region", { name: "Konto löschen" });
    await danger.getByLabel("Passwort zur Bestätigung").fill(PASSWORD);
    await danger.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(danger.getByRole("alert")).toHaveText(
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    await expect(page).toHaveURL(/\/dashboard\/settings/);
  });

  test("deleting the account needs the password, then the guest is signed out for good", async ({
    page,
  }) => {
    const email = await registerGuest(page.request);
    // A profile picture, public at /media/… until the account goes.
    await page.goto("/dashboard/profile");
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#0a78c8" },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel("Bild auswählen")
      .setInputFiles({ name: "ich.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Bild hochladen" }).click();
    const avatar = page.getByTestId("avatar-image");
    await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\/[0-9a-f-]+\.webp$/);
    const avatarUrl = (await avatar.getAttribute("src"))!;
    const served = await page.request.get(avatarUrl);
    expect(served.status()).toBe(200);
    // Personal data: shared caches may keep it for an hour, not the year of property images.
    expect(served.headers()["cache-control"]).toBe("public, max-age=3600");

    await page.goto("/dashboard/settings");
    const danger = page.getByRole("region", { name: "Konto löschen" });
    await danger.getByLabel("Passwort zur Bestätigung").fill("Falsch-Falsch-123");
    await danger.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(danger.getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/settings/);

    await danger.getByLabel("Passwort zur Bestätigung").fill(PASSWORD);
    await danger.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(page).toHaveURL(/\/\?konto=geloescht$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Ihr Konto wurde gelöscht." }),
    ).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    await signIn(page, email, PASSWORD);
    await expect(page.getByText("E-Mail oder Passwort ist falsch")).toBeVisible();
    expect((await page.request.get(avatarUrl)).status()).toBe(404);
  });
});
