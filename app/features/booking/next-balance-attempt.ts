import { addDays, dayInBerlin } from "~/domain/calendar-day";
import { berlinMidnight } from "~/domain/cancellation";
import { formatDate, type Translator } from "~/lib/i18n";

/**
 * When the balance job tries a failed charge again, for the admin's booking detail. The job's
 * rule (balance-charges.server.ts, decisions 049 and 072): it runs hourly; a failed due date is
 * tried at most once a day, so not before the day after the last attempt (Berlin), and not while
 * the payment link e-mailed after that attempt can still be paid, so not before the link's end.
 * Whichever is later. The link runs 24 hours, so after a failure at 15:00 the next attempt comes
 * the next day after 15:00, not at its start (decision 076); "due" once both have passed.
 */
export type NextBalanceAttempt = {
  /** ISO time: the earliest moment of the next attempt (now, for "due") */
  at: string;
  /** what decides it: the day after the last attempt, the payment link's end, or nothing more */
  after: "nextDay" | "linkEnd" | "due";
};

export function nextBalanceAttempt(
  lastAttemptOn: string,
  /** the end of the payment link sent after the last attempt, ISO; null without a link */
  linkExpiresAt: string | null,
  now: Date,
): NextBalanceAttempt {
  const nextDay = berlinMidnight(addDays(lastAttemptOn, 1));
  const linkEnd = linkExpiresAt ? new Date(linkExpiresAt) : null;
  const byLink = linkEnd !== null && linkEnd.getTime() > nextDay.getTime();
  const earliest = byLink ? linkEnd : nextDay;
  if (earliest.getTime() <= now.getTime()) return { at: now.toISOString(), after: "due" };
  return { at: earliest.toISOString(), after: byLink ? "linkEnd" : "nextDay" };
}

/** The sentence on the booking detail (Berlin time, as the e-mails and the job count days). */
export function nextBalanceAttemptText(next: NextBalanceAttempt, { t, i18n }: Translator) {
  const at = new Date(next.at);
  const date = formatDate(dayInBerlin(at), i18n.language);
  if (next.after === "due") return t("adminBookings.chargeNextDue");
  if (next.after === "nextDay") return t("adminBookings.chargeNextDay", { date });
  const time = at.toLocaleTimeString(i18n.language === "en" ? "en-GB" : "de-DE", {
    timeZone: "Europe/Berlin",
    hour: "2-digit",
    minute: "2-digit",
  });
  return t("adminBookings.chargeNextAfterLink", { date, time });
}
