import { describe, expect, it } from "vitest";
import { getTranslator } from "~/lib/i18n";
import "~/locales/admin-texts";
import { nextBalanceAttempt, nextBalanceAttemptText } from "./next-balance-attempt";

const de = getTranslator("de");
const en = getTranslator("en");

describe("the next attempt of a failed balance charge, as the admin reads it", () => {
  it("a charge that failed in the afternoon: not at midnight, but when its payment link ends the next day", () => {
    // Failed on 9 May at 17:00 (Berlin); the guest's link works 24 hours, until 10 May 16:59.
    const next = nextBalanceAttempt(
      "2026-05-09",
      "2026-05-10T14:59:00.000Z",
      new Date("2026-05-10T05:00:00Z"),
    );
    expect(next).toEqual({ at: "2026-05-10T14:59:00.000Z", after: "linkEnd" });
    expect(nextBalanceAttemptText(next, de)).toBe(
      "Nächster automatischer Versuch frühestens am 10.05.2026 um 16:59 Uhr, wenn der Zahlungslink abgelaufen ist – sofern der Gast nicht vorher über den Link bezahlt.",
    );
    expect(nextBalanceAttemptText(next, en)).toBe(
      "Next automatic attempt not before 16:59 on 10/05/2026, once the payment link has expired – unless the guest pays through the link before then.",
    );
  });

  it("without a payment link: the next day (Berlin), from its start", () => {
    const next = nextBalanceAttempt("2026-05-09", null, new Date("2026-05-09T20:00:00Z"));
    expect(next).toEqual({ at: "2026-05-09T22:00:00.000Z", after: "nextDay" });
    expect(nextBalanceAttemptText(next, de)).toBe(
      "Nächster automatischer Versuch am 10.05.2026 (die Abbuchung wird stündlich geprüft).",
    );
    // The night the clocks go forward: the day still starts at its own midnight.
    expect(nextBalanceAttempt("2026-03-28", null, new Date("2026-03-28T12:00:00Z"))).toEqual({
      at: "2026-03-28T23:00:00.000Z",
      after: "nextDay",
    });
  });

  it("once the next day has come and the link has ended (or a run was missed): the next hourly run", () => {
    const now = new Date("2026-05-20T10:00:00Z");
    for (const link of [null, "2026-05-10T14:59:00.000Z"]) {
      const next = nextBalanceAttempt("2026-05-09", link, now);
      expect(next).toEqual({ at: now.toISOString(), after: "due" });
      expect(nextBalanceAttemptText(next, de)).toBe(
        "Nächster automatischer Versuch bei der nächsten stündlichen Prüfung.",
      );
    }
    // A link that ended before the next day began (expired early): the next day decides.
    expect(
      nextBalanceAttempt(
        "2026-05-09",
        "2026-05-09T12:00:00.000Z",
        new Date("2026-05-09T13:00:00Z"),
      ),
    ).toEqual({ at: "2026-05-09T22:00:00.000Z", after: "nextDay" });
  });
});
