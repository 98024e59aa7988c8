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
    balanceNote:
      "Den Restbetrag buchen wir zum Fälligkeitsdatum von Ihrer gespeicherten Zahlungsart ab; vorher erinnern wir Sie daran.",
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
    balanceNote:
      "We will charge the balance to your saved payment method on its due date and remind you beforehand.",
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
  const receiptNote = receipt ? (receipt.open > 0 ? l.balanceNote : l.nothingOpen) : null;
  const text = textWithSignature(
    [
      greeting,
      "",
      intro,
      "",
      ...rowLines(rows),
      ...(receipt ? ["", `${l.receipt}:`, ...rowLines(receiptRows), receiptNote ?? ""] : []),
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
          <P margin="8px 0 0">{receiptNote}</P>
        </>
      )}
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
