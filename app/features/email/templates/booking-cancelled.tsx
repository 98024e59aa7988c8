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

/**
 * To the guest after a cancellation (theirs in "Meine Buchungen", an admin's, or the automatic
 * one of an unpaid deposit), with the fee. The operator's e-mail
 * about the same cancellation (`booking-cancelled-operator.tsx`) shares these texts.
 */
export const cancelledTexts = texts({
  de: {
    subject: (number: string) => `Buchung storniert: ${number}`,
    operatorSubject: (number: string) => `Stornierung durch den Gast: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: "wir haben Ihre Stornierung erhalten. Die folgende Buchung ist storniert:",
    operatorCancelledIntro: "wir haben die folgende Buchung storniert:",
    unpaidIntro: (day: string) =>
      `leider ist die Anzahlung für die folgende Buchung, fällig am ${day}, nicht (vollständig) bei uns eingegangen. Die Buchung ist deshalb storniert:`,
    unpaidAfterNoticeIntro: (day: string, deadline: string) =>
      `leider ist die Zahlung für die folgende Buchung, fällig am ${day}, auch bis zum Ende der Frist aus unserer letzten Zahlungsaufforderung (${deadline}) nicht (vollständig) bei uns eingegangen. Die Buchung ist deshalb storniert:`,
    operatorIntro: (platform: string) => `Ein Gast hat seine Buchung über ${platform} storniert.`,
    fee: "Stornierungsgebühr",
    free: "kostenlos",
    refund: "Bereits geleistete Zahlungen erstatten wir Ihnen abzüglich der Stornierungsgebühr.",
    feeDue: "Über die Zahlung der Stornierungsgebühr informieren wir Sie gesondert.",
    toRefund: "Zu erstatten (bezahlt, abzüglich Gebühr)",
    feeToCollect: "Die Buchung war noch nicht bezahlt; die Stornierungsgebühr ist offen.",
    guestName: "Gast",
    guestEmail: "E-Mail",
    dates: "Die Nächte sind wieder buchbar.",
    dashboard: "Ihre Buchungen finden Sie jederzeit in Ihrem Konto:",
    button: "Meine Buchungen",
    admin: "Zum Adminbereich",
  },
  en: {
    subject: (number: string) => `Booking cancelled: ${number}`,
    operatorSubject: (number: string) => `Cancelled by the guest: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "we have received your cancellation. The following booking is cancelled:",
    operatorCancelledIntro: "we have cancelled the following booking:",
    unpaidIntro: (day: string) =>
      `unfortunately the deposit for the following booking, due on ${day}, has not reached us (in full). The booking has therefore been cancelled:`,
    unpaidAfterNoticeIntro: (day: string, deadline: string) =>
      `unfortunately the payment for the following booking, due on ${day}, has not reached us (in full), not even by the deadline of our final payment request (${deadline}). The booking has therefore been cancelled:`,
    operatorIntro: (platform: string) => `A guest has cancelled their booking on ${platform}.`,
    fee: "Cancellation fee",
    free: "free of charge",
    refund: "We will refund any payments already made, minus the cancellation fee.",
    feeDue: "We will let you know separately how to pay the cancellation fee.",
    toRefund: "To refund (paid, minus the fee)",
    feeToCollect: "The booking was not paid yet; the cancellation fee is outstanding.",
    guestName: "Guest",
    guestEmail: "E-mail",
    dates: "The nights can be booked again.",
    dashboard: "You can find your bookings in your account at any time:",
    button: "My bookings",
    admin: "Open the admin area",
  },
});

export function bookingCancelled(
  data: ParsedEmailData<"booking-cancelled">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = cancelledTexts[data.language];
  const money = (value: number) => formatMoney(value, data.language);
  const subject = l.subject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const dashboardUrl = myBookingsUrl(baseUrl);
  const day = (value: string) => formatDate(value, data.language);
  const intro =
    data.reason === "unpaid" && data.unpaidDueDate
      ? data.noticeDeadline
        ? l.unpaidAfterNoticeIntro(day(data.unpaidDueDate), day(data.noticeDeadline))
        : l.unpaidIntro(day(data.unpaidDueDate))
      : data.reason === "operator"
        ? l.operatorCancelledIntro
        : l.intro;
  const rows: EmailRow[] = [
    ...stayRows(data),
    ...totalRows(data, { withPaymentMethod: false }),
    [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)],
  ];
  const note = data.wasPaid ? l.refund : data.cancellationFee > 0 ? l.feeDue : null;
  const text = textWithSignature(
    [
      greeting,
      "",
      intro,
      "",
      ...rowLines(rows),
      ...(note ? ["", note] : []),
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
      {note ? <P>{note}</P> : null}
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
