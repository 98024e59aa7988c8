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
  },
});

export function overpaymentRefunded(
  data: ParsedEmailData<"overpayment-refunded">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = overpaidTexts[data.language];
  const amount = formatMoney(data.amount, data.language);
  const subject = l.subject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const intro = l.intro(amount);
  const dashboardUrl = myBookingsUrl(baseUrl);
  const rows: EmailRow[] = [
    ...stayRows(data),
    [l.amount, amount],
    [l.method, paymentMethodName(data)],
  ];
  const text = textWithSignature(
    [greeting, "", intro, "", ...rowLines(rows), "", l.timing, "", l.dashboard, dashboardUrl],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      <P>{l.timing}</P>
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
