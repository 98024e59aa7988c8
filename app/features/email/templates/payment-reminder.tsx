import { formatDate } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import type { EmailContent } from "./layout";
import { bankTransferEmail } from "./payment-details";
import { singleLine, texts } from "./shared";

/**
 * The bank-transfer payment reminders (spec/09-payments.md, decision 047): 3 days before a due
 * date ("upcoming"), the day after it was missed ("overdue") and the final notice before the
 * automatic cancellation, with its deadline ("final", decision 084), with the same account,
 * amount, reference and GiroCode as "Zahlungsdaten senden".
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
    final: {
      subject: (number: string) => `Letzte Zahlungsaufforderung: Ihre Buchung ${number}`,
      intro: (day: string, deadline: string) =>
        `leider ist die Zahlung für Ihre Buchung, fällig am ${day}, bisher nicht (vollständig) bei uns eingegangen. Bitte überweisen Sie den folgenden Betrag so, dass er spätestens am ${deadline} auf unserem Konto eingeht. Geht die fällige Zahlung bis dahin nicht vollständig ein, stornieren wir Ihre Buchung; bereits gezahlte Beträge erstatten wir Ihnen dann. Falls Sie bereits überwiesen haben, betrachten Sie diese E-Mail bitte als gegenstandslos.`,
      dueLabel: "Eingang spätestens am",
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
    final: {
      subject: (number: string) => `Final payment request: your booking ${number}`,
      intro: (day: string, deadline: string) =>
        `unfortunately the payment for your booking that was due on ${day} has not reached us (in full). Please transfer the following amount so that it reaches our account by ${deadline} at the latest. If the payment due has not arrived in full by then, we will cancel your booking and refund any amounts already paid. If you have already paid, please disregard this e-mail.`,
      dueLabel: "To arrive by",
    },
  },
});

export function paymentReminder(
  data: ParsedEmailData<"payment-reminder">,
  context: RenderContext,
): Promise<EmailContent> {
  const l = reminderTexts[data.language][data.reminder];
  const day = formatDate(data.reminderDueDate, data.language);
  const deadline = data.deadline ? formatDate(data.deadline, data.language) : "";
  return bankTransferEmail(data, context, {
    subject: l.subject(singleLine(data.bookingNumber)),
    intro: l.intro(day, deadline),
    dueLabel: l.dueLabel,
  });
}
