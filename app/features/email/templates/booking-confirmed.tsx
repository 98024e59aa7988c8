import { formatDate, formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { BookingEmailLayout, ButtonLink, P, Rows, type EmailContent } from "./layout";
import {
  myBookingsUrl,
  replyToCompany,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  totalRows,
  type EmailRow,
} from "./shared";

/** To the guest when an admin confirms the booking (spec/06-admin.md: status changes e-mail). */
const confirmedTexts = texts({
  de: {
    subject: (number: string) => `Buchung bestätigt: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: "gute Nachrichten: Ihre Buchung ist bestätigt. Wir freuen uns auf Ihren Besuch.",
    dashboard: "Ihre Buchungen finden Sie jederzeit in Ihrem Konto:",
    button: "Meine Buchungen",
    paidIntro:
      "vielen Dank für Ihre Zahlung: Ihre Buchung ist bestätigt. Wir freuen uns auf Ihren Besuch.",
    receipt: "Zahlungsbeleg",
    paid: "Bezahlt",
    paidOn: "Bezahlt am",
    open: "Noch offen",
    nextDue: "Fällig bis",
    nothingOpen: "Die Buchung ist vollständig bezahlt.",
    // What really happens on the due date (balance-charges.server.ts); no promise of a reminder
    // before the charge, as none is sent (decision 066).
    balanceSaved: (amount: string, date: string) =>
      `Den Restbetrag von ${amount} buchen wir am ${date} von der Zahlungsart ab, mit der Sie gerade bezahlt haben. Gelingt das nicht, senden wir Ihnen einen Zahlungslink per E-Mail.`,
    balanceByLink: (amount: string, date: string) =>
      `Ihre Zahlungsart konnte nicht für spätere Zahlungen gespeichert werden. Den Restbetrag von ${amount} zahlen Sie deshalb über einen Zahlungslink, den wir Ihnen am ${date} per E-Mail senden.`,
  },
  en: {
    subject: (number: string) => `Booking confirmed: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "good news: your booking is confirmed. We look forward to your stay.",
    dashboard: "You can find your bookings in your account at any time:",
    button: "My bookings",
    paidIntro:
      "thank you for your payment: your booking is confirmed. We look forward to your stay.",
    receipt: "Payment receipt",
    paid: "Paid",
    paidOn: "Paid on",
    open: "Still open",
    nextDue: "Due by",
    nothingOpen: "The booking is paid in full.",
    balanceSaved: (amount: string, date: string) =>
      `We will charge the balance of ${amount} on ${date} to the payment method you have just used. If that does not work, we will e-mail you a payment link.`,
    balanceByLink: (amount: string, date: string) =>
      `Your payment method could not be saved for later payments, so you pay the balance of ${amount} through a payment link we will e-mail you on ${date}.`,
  },
});

export function bookingConfirmed(
  data: ParsedEmailData<"booking-confirmed">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = confirmedTexts[data.language];
  const subject = l.subject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const dashboardUrl = myBookingsUrl(baseUrl);
  const rows: EmailRow[] = [...stayRows(data), ...totalRows(data, { withPaymentMethod: true })];
  const { receipt } = data;
  const intro = receipt ? l.paidIntro : l.intro;
  const receiptRows: EmailRow[] = receipt
    ? [
        [l.paid, formatMoney(receipt.amount, data.language)],
        [l.paidOn, formatDate(receipt.paidOn, data.language)],
        ...(receipt.open > 0 && receipt.nextDueDate
          ? ([
              [l.open, formatMoney(receipt.open, data.language)],
              [l.nextDue, formatDate(receipt.nextDueDate, data.language)],
            ] satisfies EmailRow[])
          : []),
      ]
    : [];
  const receiptNote = !receipt
    ? null
    : receipt.open === 0
      ? l.nothingOpen
      : receipt.nextDueDate
        ? (receipt.balanceBy === "payment-link" ? l.balanceByLink : l.balanceSaved)(
            formatMoney(receipt.open, data.language),
            formatDate(receipt.nextDueDate, data.language),
          )
        : null;
  const text = textWithSignature(
    [
      greeting,
      "",
      intro,
      "",
      ...rowLines(rows),
      ...(receipt ? ["", `${l.receipt}:`, ...rowLines(receiptRows)] : []),
      ...(receiptNote ? [receiptNote] : []),
      "",
      l.dashboard,
      dashboardUrl,
    ],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      {receipt && (
        <>
          <P margin="16px 0 8px">
            <strong>{l.receipt}</strong>
          </P>
          <Rows rows={receiptRows} />
          {receiptNote && <P margin="8px 0 0">{receiptNote}</P>}
        </>
      )}
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
