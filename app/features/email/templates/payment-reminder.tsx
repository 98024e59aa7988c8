import { formatDate } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import type { EmailContent } from "./layout";
import { bankTransferEmail } from "./payment-details";
import { singleLine, texts } from "./shared";

/**
 * The bank-transfer payment reminders (spec/09-payments.md, decision 047): 3 days before a due
 * date ("upcoming") and the day after it was missed ("overdue"), with the same account, amount,
 * reference and GiroCode as "Zahlungsdaten senden".
 */
const reminderTexts = texts({
  de: {
    upcoming: {
      subject: (number: string) => `Zahlungserinnerung für Ihre Buchung ${number}`,
      intro: (day: string) =>
        `freundliche Erinnerung: Am ${day} ist die nächste Zahlung für Ihre Buchung fällig. Bitte überweisen Sie den folgenden Betrag auf unser Konto:`,
      dueLabel: "Fällig bis",
    },
    overdue: {
      subject: (number: string) => `Zahlung überfällig: Ihre Buchung ${number}`,
      intro: (day: string) =>
        `leider ist bis zum ${day} keine (vollständige) Zahlung für Ihre Buchung bei uns eingegangen. Bitte überweisen Sie den folgenden Betrag so bald wie möglich auf unser Konto. Falls Sie bereits überwiesen haben, betrachten Sie diese E-Mail bitte als gegenstandslos.`,
      dueLabel: "Fällig seit",
    },
  },
  en: {
    upcoming: {
      subject: (number: string) => `Payment reminder for your booking ${number}`,
      intro: (day: string) =>
        `a friendly reminder: the next payment for your booking is due on ${day}. Please transfer the following amount to our account:`,
      dueLabel: "Due by",
    },
    overdue: {
      subject: (number: string) => `Payment overdue: your booking ${number}`,
      intro: (day: string) =>
        `unfortunately we have not received (the full) payment for your booking that was due on ${day}. Please transfer the following amount to our account as soon as possible. If you have already paid, please disregard this e-mail.`,
      dueLabel: "Due since",
    },
  },
});

export function paymentReminder(
  data: ParsedEmailData<"payment-reminder">,
  context: RenderContext,
): Promise<EmailContent> {
  const l = reminderTexts[data.language][data.reminder];
  const day = formatDate(data.reminderDueDate, data.language);
  return bankTransferEmail(data, context, {
    subject: l.subject(singleLine(data.bookingNumber)),
    intro: l.intro(day),
    dueLabel: l.dueLabel,
  });
}
