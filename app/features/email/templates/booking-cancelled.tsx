import { formatDate, formatMoney } from "~/lib/i18n";
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
    // Decision 104: the amounts the server computed for this cancellation.
    paid: "Bereits bezahlt",
    refundAmount: "Erstattungsbetrag",
    refundOnline: (amount: string, method: string) =>
      `Wir erstatten Ihnen ${amount} automatisch auf die Zahlungsart, mit der Sie bezahlt haben (${method}). Bis zur Gutschrift kann es je nach Bank einige Werktage dauern.`,
    refundTransfer: (amount: string) =>
      `Wir überweisen Ihnen ${amount} zurück, auf das Konto, von dem Ihre Zahlung kam. Möchten Sie das Geld auf ein anderes Konto erhalten, antworten Sie bitte auf diese E-Mail.`,
    refundBoth: (amount: string, online: string, method: string, transfer: string) =>
      `Wir erstatten Ihnen ${amount}: ${online} automatisch auf die Zahlungsart, mit der Sie bezahlt haben (${method}), und ${transfer} per Überweisung auf das Konto, von dem Ihre Überweisung kam. Bis zur Gutschrift kann es je nach Bank einige Werktage dauern.`,
    nothingPaidFree:
      "Für diese Buchung ist noch keine Zahlung bei uns eingegangen. Es gibt daher nichts zu erstatten, und Sie müssen nichts bezahlen.",
    nothingPaid:
      "Für diese Buchung ist noch keine Zahlung bei uns eingegangen; es gibt daher nichts zu erstatten.",
    paidKept: (paid: string) =>
      `Ihre Zahlung von ${paid} verrechnen wir mit der Stornierungsgebühr; es gibt daher nichts zu erstatten.`,
    feeRest: (rest: string) =>
      `Über die Zahlung der restlichen Stornierungsgebühr von ${rest} informieren wir Sie gesondert.`,
    refundedBefore:
      "Ihre Zahlungen abzüglich der Stornierungsgebühr erstatten wir Ihnen bereits; weitere Erstattungen ergeben sich aus dieser Stornierung nicht.",
    guestName: "Gast",
    guestEmail: "E-Mail",
    dates: "Die Nächte sind wieder buchbar.",
    dashboard: "Ihre Buchungen finden Sie jederzeit in Ihrem Konto:",
    button: "Meine Buchungen",
    admin: "Zum Adminbereich",
    // Decision 107: the operator's e-mail states the refund and who sends it.
    booking: "Zur Buchung",
    operatorRefundOnline: (amount: string, method: string) =>
      `Die Erstattung von ${amount} geht automatisch über Stripe an die Zahlungsart des Gastes zurück (${method}). Ihren Stand sehen Sie in der Buchung.`,
    operatorRefundTransfer: (amount: string) =>
      `Bitte überweisen Sie dem Gast ${amount} zurück, auf das Konto, von dem seine Zahlung kam, und markieren Sie die Erstattung danach in der Buchung als erstattet.`,
    operatorRefundBoth: (amount: string, online: string, method: string, transfer: string) =>
      `Die Erstattung von ${amount} geht in zwei Teilen zurück: ${online} automatisch über Stripe an die Zahlungsart des Gastes (${method}); ${transfer} überweisen Sie dem Gast bitte selbst zurück, auf das Konto, von dem seine Überweisung kam, und markieren Sie die Erstattung danach in der Buchung als erstattet.`,
    operatorPaidKept: (paid: string) =>
      `Die Zahlung des Gastes von ${paid} wird mit der Stornierungsgebühr verrechnet; es gibt nichts zu erstatten.`,
    operatorFeeRest: (rest: string) => `Von der Stornierungsgebühr sind noch ${rest} offen.`,
    operatorRefundedBefore:
      "Die Erstattung aus einer früheren Stornierung dieser Buchung läuft bereits; diese Stornierung ergibt keine weitere.",
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
    paid: "Already paid",
    refundAmount: "Amount refunded",
    refundOnline: (amount: string, method: string) =>
      `We are refunding ${amount} to you automatically, to the payment method you paid with (${method}). Depending on your bank, it may take a few working days until it reaches you.`,
    refundTransfer: (amount: string) =>
      `We will transfer ${amount} back to you, to the account your payment came from. If you would like the money sent to another account, please reply to this e-mail.`,
    refundBoth: (amount: string, online: string, method: string, transfer: string) =>
      `We are refunding ${amount} to you: ${online} automatically to the payment method you paid with (${method}), and ${transfer} by bank transfer to the account your transfer came from. Depending on your bank, it may take a few working days until it reaches you.`,
    nothingPaidFree:
      "No payment for this booking has reached us. There is therefore nothing to refund, and you do not have to pay anything.",
    nothingPaid: "No payment for this booking has reached us, so there is nothing to refund.",
    paidKept: (paid: string) =>
      `Your payment of ${paid} is set against the cancellation fee, so there is nothing to refund.`,
    feeRest: (rest: string) =>
      `We will let you know separately how to pay the rest of the cancellation fee, ${rest}.`,
    refundedBefore:
      "Your payments minus the cancellation fee are already being refunded; this cancellation adds no further refund.",
    guestName: "Guest",
    guestEmail: "E-mail",
    dates: "The nights can be booked again.",
    dashboard: "You can find your bookings in your account at any time:",
    button: "My bookings",
    admin: "Open the admin area",
    booking: "Open the booking",
    operatorRefundOnline: (amount: string, method: string) =>
      `The refund of ${amount} goes back automatically through Stripe to the guest's payment method (${method}). You can follow it in the booking.`,
    operatorRefundTransfer: (amount: string) =>
      `Please transfer ${amount} back to the guest, to the account their payment came from, and then mark the refund as refunded in the booking.`,
    operatorRefundBoth: (amount: string, online: string, method: string, transfer: string) =>
      `The refund of ${amount} goes back in two parts: ${online} automatically through Stripe to the guest's payment method (${method}); please transfer ${transfer} back to the guest yourself, to the account their transfer came from, and then mark the refund as refunded in the booking.`,
    operatorPaidKept: (paid: string) =>
      `The guest's payment of ${paid} is set against the cancellation fee; there is nothing to refund.`,
    operatorFeeRest: (rest: string) => `${rest} of the cancellation fee is still outstanding.`,
    operatorRefundedBefore:
      "The refund from an earlier cancellation of this booking is already under way; this cancellation adds none.",
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
  const { amountPaid, refund } = data;
  const refundTotal = refund ? refund.online + refund.transfer : 0;
  const rows: EmailRow[] = [
    ...stayRows(data),
    ...totalRows(data, { withPaymentMethod: false }),
    ...(amountPaid !== undefined ? ([[l.paid, money(amountPaid)]] satisfies EmailRow[]) : []),
    [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)],
    ...(refundTotal > 0 ? ([[l.refundAmount, money(refundTotal)]] satisfies EmailRow[]) : []),
  ];
  const notes =
    amountPaid !== undefined && refund
      ? refundNotes(data, amountPaid, refund, {
          both: l.refundBoth,
          online: l.refundOnline,
          transfer: l.refundTransfer,
          nothingPaid: (withFee) => (withFee ? [l.nothingPaid, l.feeDue] : [l.nothingPaidFree]),
          paidKept: l.paidKept,
          feeRest: l.feeRest,
          refundedBefore: l.refundedBefore,
        })
      : // Rows queued before decision 104: the general sentence.
        [data.wasPaid ? l.refund : data.cancellationFee > 0 ? l.feeDue : null].filter(
          (note) => note !== null,
        );
  const text = textWithSignature(
    [
      greeting,
      "",
      intro,
      "",
      ...rowLines(rows),
      ...notes.flatMap((note) => ["", note]),
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
      {notes.map((note) => (
        <P key={note}>{note}</P>
      ))}
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}

/** The sentences for each money case of a cancellation, for the guest or for the operator. */
export type RefundNoteTexts = {
  both: (total: string, online: string, method: string, transfer: string) => string;
  online: (amount: string, method: string) => string;
  transfer: (amount: string) => string;
  /** nothing was paid: with a fee to collect, or free */
  nothingPaid: (withFee: boolean) => string[];
  paidKept: (amount: string) => string;
  feeRest: (amount: string) => string;
  refundedBefore: string;
};

/**
 * What happens to the money, from the amounts the server computed for this cancellation
 * (decision 104): the refund and how it is paid back; nothing paid, nothing to refund; a payment
 * the fee keeps (and the rest of the fee); a refund already under way from an earlier
 * cancellation of the same booking. One case analysis for both e-mails (the guest's and the
 * operator's, decision 107), each with its own sentences.
 */
export function refundNotes(
  data: ParsedEmailData<"booking-cancelled"> | ParsedEmailData<"booking-cancelled-operator">,
  amountPaid: number,
  refund: { online: number; transfer: number },
  say: RefundNoteTexts,
): string[] {
  const money = (value: number) => formatMoney(value, data.language);
  const fee = data.cancellationFee;
  const method = paymentMethodName(data);
  if (refund.online > 0 && refund.transfer > 0) {
    const total = money(refund.online + refund.transfer);
    return [say.both(total, money(refund.online), method, money(refund.transfer))];
  }
  if (refund.online > 0) return [say.online(money(refund.online), method)];
  if (refund.transfer > 0) return [say.transfer(money(refund.transfer))];
  if (amountPaid === 0) return say.nothingPaid(fee > 0);
  if (amountPaid <= fee) {
    return [
      say.paidKept(money(amountPaid)),
      ...(fee > amountPaid ? [say.feeRest(money(fee - amountPaid))] : []),
    ];
  }
  return [say.refundedBefore];
}
