import { describe, expect, it } from "vitest";
import de from "~/locales/de";
import en from "~/locales/en";
import { createI18n, formatDate, formatMoney, languageFromCookie } from "./i18n";

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

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
    expect(de.settings.saved).toBe("Einstellungen erfolgreich gespeichert");
    expect(de.settings.failed).toBe("Fehler beim Speichern der Einstellungen");
  });

  it("reads the language cookie and falls back to German", () => {
    expect(languageFromCookie("a=1; lang=en; b=2")).toBe("en");
    expect(languageFromCookie("lang=fr")).toBe("de");
    expect(languageFromCookie(null)).toBe("de");
  });

  it("formats money and calendar dates the German way", () => {
    expect(formatMoney(123450, "de").replace(/\u00a0/g, " ")).toBe("1.234,50 €");
    expect(formatDate("2026-12-24", "de")).toBe("24.12.2026");
    // A calendar date never shifts by time zone.
    expect(formatDate("2027-01-01", "de")).toBe("01.01.2027");
  });

  it("renders plurals per language", () => {
    expect(createI18n("de").t("home.guests", { count: 1 })).toBe("1 Gast");
    expect(createI18n("de").t("home.guests", { count: 4 })).toBe("4 Gäste");
    expect(createI18n("en").t("home.guests", { count: 4 })).toBe("4 guests");
  });
});
