import { describe, expect, it } from "vitest";
import core from "~/locales/de";
import adminSettings from "~/locales/de/admin-settings";
import { routeTextsDe } from "~/locales/route-texts";
import en from "~/locales/en";
import { renderToStaticMarkup } from "react-dom/server";
import {
  chosenLanguage,
  getTranslator,
  formatDate,
  formatMoney,
  languageFromCookie,
  translate,
} from "./i18n";
import { LanguageProvider, Trans } from "./i18n-react";

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

// Every German text: the core every page downloads and the page texts (decision 055).
const de = { ...core, ...routeTextsDe };

describe("languages", () => {
  it("has an English text for every German one, none empty", () => {
    const deKeys = leaves(de)
      .map(([k]) => k)
      .sort();
    const enEntries = leaves(en);
    expect(enEntries.map(([k]) => k).sort()).toEqual(deKeys);
    for (const [key, text] of [...leaves(de), ...enEntries]) expect(text.trim(), key).not.toBe("");
  });

  it("keeps the spec's fixed German messages word for word", () => {
    expect(de.auth.invalidCredentials).toBe("E-Mail oder Passwort ist falsch");
    expect(de.auth.missingFields).toBe("Bitte geben Sie E-Mail und Passwort ein.");
    expect(de.auth.registrationFailed).toBe(
      "Fehler bei der Registrierung. Bitte versuchen Sie es erneut.",
    );
    expect(de.auth.passwordTooShort).toBe("Das Passwort muss mindestens 8 Zeichen lang sein");
    expect(de.auth.tooManyAttempts).toBe(
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    expect(de.errors.forbiddenTitle).toBe("Kein Zugriff");
    expect(de.errors.notFoundTitle).toBe("Seite nicht gefunden");
    expect(de.errors.serverError).toBe(
      "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
    );
    expect(de.errors.sessionExpired).toBe(
      "Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu...",
    );
    expect(adminSettings.saved).toBe("Einstellungen erfolgreich gespeichert");
    expect(adminSettings.failed).toBe("Fehler beim Speichern der Einstellungen");
  });

  it("reads the language cookie and falls back to German", () => {
    expect(languageFromCookie("a=1; lang=en; b=2")).toBe("en");
    expect(languageFromCookie("lang=fr")).toBe("de");
    expect(languageFromCookie(null)).toBe("de");
  });

  it("tells a chosen language from none (sign-in keeps the profile's language without a choice)", () => {
    expect(chosenLanguage("a=1; lang=en")).toBe("en");
    expect(chosenLanguage("lang=de; b=2")).toBe("de");
    expect(chosenLanguage("flang=en")).toBeNull();
    expect(chosenLanguage("lang=fr")).toBeNull();
    expect(chosenLanguage("a=1")).toBeNull();
    expect(chosenLanguage(null)).toBeNull();
  });

  it("formats money and calendar dates the German way", () => {
    expect(formatMoney(123450, "de").replace(/\u00a0/g, " ")).toBe("1.234,50 €");
    expect(formatDate("2026-12-24", "de")).toBe("24.12.2026");
    // A calendar date never shifts by time zone.
    expect(formatDate("2027-01-01", "de")).toBe("01.01.2027");
  });

  it("renders plurals per language", () => {
    expect(getTranslator("de").t("home.guests", { count: 1 })).toBe("1 Gast");
    expect(getTranslator("de").t("home.guests", { count: 4 })).toBe("4 Gäste");
    expect(getTranslator("en").t("home.guests", { count: 4 })).toBe("4 guests");
  });
});

describe("translate", () => {
  it("fills placeholders and keeps unknown ones", () => {
    expect(translate("de", "dashboard.greeting", { name: "Anna" })).toBe("Hallo Anna!");
    expect(translate("de", "dashboard.greeting")).toBe("Hallo {{name}}!");
  });

  it("picks the plural form per language and shows an unknown key as it is", () => {
    expect(translate("en", "home.guests", { count: 1 })).toBe("1 guest");
    expect(translate("de", "home.guests", { count: 0 })).toBe("0 Gäste");
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });

  it("renders a text with elements inside (Trans)", () => {
    const html = renderToStaticMarkup(
      <LanguageProvider value="de">
        <Trans i18nKey="auth.legal" components={{ agb: <a href="/agb" />, privacy: <b /> }} />
      </LanguageProvider>,
    );
    expect(html).toBe(
      'Für Buchungen gelten unsere <a href="/agb">AGB</a>; wie wir mit Ihren Daten umgehen, ' +
        "steht in der <b>Datenschutzerklärung</b>. Fragen? Kontakt",
    );
  });
});
