import { formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { BookingEmailLayout, ButtonLink, P, Rows, type EmailContent } from "./layout";
import {
  myBookingsUrl,
  paymentMethodName,
  replyToCompany,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  type EmailRow,
} from "./shared";

/**
 * To the guest when more money arrived online for their booking than it still owed (the balance
 * paid twice, a debit that succeeded after a transfer; decision 072) and the excess goes back
 * automatically through Stripe, to the method it was paid with (decision 076). The admins get
 * "Zu viel gezahlt, automatisch erstattet" about the same money (late-payment-refunded.tsx).
 * Also when an admin recorded a transfer beyond what was open (decision 097): then the excess
 * goes back by transfer and the e-mail says so (decision 104). And when an admin recorded a
 * transfer on a booking that was already cancelled: all of it goes back (decisions 074, 105).
 */
const overpaidTexts = texts({
  de: {
    subject: (number: string) => `Zu viel gezahlt – wir erstatten den Betrag: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (amount: string) =>
      `für Ihre Buchung ist mehr Geld eingegangen, als noch offen war – zum Beispiel wurde die Restzahlung doppelt bezahlt. Den zu viel gezahlten Betrag von ${amount} erstatten wir Ihnen automatisch auf dieselbe Zahlungsart, mit der er bezahlt wurde.`,
    amount: "Erstattungsbetrag",
    method: "Erstattung auf",
    timing:
      "Bis der Betrag auf Ihrem Konto oder Ihrer Karte gutgeschrieben ist, kann es je nach Bank einige Werktage dauern. Ihre Buchung bleibt unverändert bestehen und ist vollständig bezahlt; Sie müssen nichts weiter tun.",
    dashboard: "Die Erstattung sehen Sie auch bei Ihrer Buchung in Ihrem Konto:",
    button: "Meine Buchungen",
    // Decision 104: a transfer the admin recorded beyond what was open (decision 097).
    transferIntro: (received: string, amount: string) =>
      `vielen Dank für Ihre Überweisung von ${received}. Das ist ${amount} mehr, als für Ihre Buchung noch offen war. Den zu viel gezahlten Betrag von ${amount} überweisen wir Ihnen zurück, auf das Konto, von dem Ihre Zahlung kam.`,
    received: "Eingegangen",
    transferMethod: "Erstattung per",
    transfer: "Überweisung",
    transferTiming:
      "Ihre Buchung bleibt unverändert bestehen und ist vollständig bezahlt. Möchten Sie das Geld auf ein anderes Konto erhalten, antworten Sie bitte auf diese E-Mail.",
    // Decision 105: a transfer recorded on a booking that was already cancelled.
    cancelledSubject: (number: string) =>
      `Zahlung nach der Stornierung – wir erstatten den Betrag: ${number}`,
    cancelledIntro: (received: string) =>
      `vielen Dank für Ihre Überweisung von ${received}. Ihre Buchung war zu diesem Zeitpunkt bereits storniert. Den Betrag von ${received} überweisen wir Ihnen vollständig zurück, auf das Konto, von dem Ihre Zahlung kam.`,
    cancelledTiming:
      "Möchten Sie das Geld auf ein anderes Konto erhalten, antworten Sie bitte auf diese E-Mail.",
  },
  en: {
    subject: (number: string) => `Paid too much – we are refunding the amount: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (amount: string) =>
      `more money has arrived for your booking than was still open – for example, the balance was paid twice. We are refunding the excess of ${amount} to you automatically, to the same payment method it was paid with.`,
    amount: "Amount refunded",
    method: "Refunded to",
    timing:
      "Depending on your bank, it may take a few working days until the amount reaches your account or card. Your booking stays as it is and is paid in full; there is nothing else you need to do.",
    dashboard: "You can also see the refund with your booking in your account:",
    button: "My bookings",
    transferIntro: (received: string, amount: string) =>
      `thank you for your transfer of ${received}. That is ${amount} more than was still open for your booking. We will transfer the excess of ${amount} back to you, to the account your payment came from.`,
    received: "Received",
    transferMethod: "Refunded by",
    transfer: "Bank transfer",
    transferTiming:
      "Your booking stays as it is and is paid in full. If you would like the money sent to another account, please reply to this e-mail.",
    cancelledSubject: (number: string) =>
      `Payment after the cancellation – we are refunding the amount: ${number}`,
    cancelledIntro: (received: string) =>
      `thank you for your transfer of ${received}. Your booking had already been cancelled by then. We will transfer the full ${received} back to you, to the account your payment came from.`,
    cancelledTiming:
      "If you would like the money sent to another account, please reply to this e-mail.",
  },
});

export function overpaymentRefunded(
  data: ParsedEmailData<"overpayment-refunded">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = overpaidTexts[data.language];
  const amount = formatMoney(data.amount, data.language);
  const cancelled = data.cancelled === true && data.received !== undefined;
  const subject = (cancelled ? l.cancelledSubject : l.subject)(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const dashboardUrl = myBookingsUrl(baseUrl);
  // A transfer recorded by hand goes back by transfer (decisions 097, 104), not to a card.
  const byTransfer = data.refundBy === "bank-transfer" && data.received !== undefined;
  const received = byTransfer ? formatMoney(data.received!, data.language) : "";
  const intro = cancelled
    ? l.cancelledIntro(received)
    : byTransfer
      ? l.transferIntro(received, amount)
      : l.intro(amount);
  const timing = cancelled ? l.cancelledTiming : byTransfer ? l.transferTiming : l.timing;
  const rows: EmailRow[] = byTransfer
    ? [
        ...stayRows(data),
        [l.received, received],
        [l.amount, amount],
        [l.transferMethod, l.transfer],
      ]
    : [...stayRows(data), [l.amount, amount], [l.method, paymentMethodName(data)]];
  const text = textWithSignature(
    [greeting, "", intro, "", ...rowLines(rows), "", timing, "", l.dashboard, dashboardUrl],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      <P>{timing}</P>
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
