import { formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { cancelledTexts } from "./booking-cancelled";
import { BookingEmailLayout, ButtonLink, P, Rows, type EmailContent } from "./layout";
import {
  adminUrl,
  paymentMethodName,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  totalRows,
  type EmailRow,
} from "./shared";

/**
 * To the company e-mail when a guest cancelled: what the guest had paid, the fee, the refund and
 * who sends it (decision 107); replies go to the guest.
 */
export function bookingCancelledOperator(
  data: ParsedEmailData<"booking-cancelled-operator">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = cancelledTexts[data.language];
  const money = (value: number) => formatMoney(value, data.language);
  const subject = l.operatorSubject(singleLine(data.bookingNumber));
  const guestName = singleLine(data.guestName);
  // The booking's own page (decision 107), where a transfer is marked refunded; rows queued
  // before name no booking and link to /admin.
  const adminLink = data.bookingId
    ? `${adminUrl(baseUrl)}/bookings/${data.bookingId}`
    : adminUrl(baseUrl);
  const { amountPaid, refund } = data;
  const refundTotal = refund ? refund.online + refund.transfer : 0;
  const fee: EmailRow = [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)];
  const rows: EmailRow[] = [
    [l.guestName, guestName],
    [l.guestEmail, data.guestEmail],
    ...stayRows(data),
    ...totalRows(data, { withPaymentMethod: true }),
    ...(amountPaid !== undefined && refund
      ? ([
          [l.paid, money(amountPaid)],
          fee,
          ...(refundTotal > 0 ? ([[l.refundAmount, money(refundTotal)]] satisfies EmailRow[]) : []),
        ] satisfies EmailRow[])
      : // Rows queued before decision 104 carry no amounts: the old estimate.
        [
          fee,
          ...(data.wasPaid
            ? [[l.toRefund, money(data.totalPrice - data.cancellationFee)] satisfies EmailRow]
            : []),
        ]),
  ];
  const notes =
    amountPaid !== undefined && refund
      ? operatorNotes(data, amountPaid, refund)
      : !data.wasPaid && data.cancellationFee > 0
        ? [l.feeToCollect]
        : [];
  const button = data.bookingId ? l.booking : l.admin;
  const text = textWithSignature(
    [
      l.operatorIntro(platformName),
      "",
      ...rowLines(rows),
      ...notes.flatMap((note) => ["", note]),
      "",
      l.dates,
      `${button}: ${adminLink}`,
    ],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P margin="0 0 16px">{l.operatorIntro(platformName)}</P>
      <Rows rows={rows} />
      {notes.map((note) => (
        <P key={note}>{note}</P>
      ))}
      <P>{l.dates}</P>
      <ButtonLink href={adminLink}>{button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: { name: guestName, address: data.guestEmail } };
}

/**
 * What the operator has to do about the money (decision 107), from the amounts the server
 * computed for this cancellation (decision 104): nothing for what Stripe pays back; a transfer
 * by hand, to be marked refunded in the booking; nothing to refund when the fee keeps the
 * payment (and the rest of the fee still to collect).
 */
function operatorNotes(
  data: ParsedEmailData<"booking-cancelled-operator">,
  amountPaid: number,
  refund: { online: number; transfer: number },
): string[] {
  const l = cancelledTexts[data.language];
  const money = (value: number) => formatMoney(value, data.language);
  const fee = data.cancellationFee;
  const method = paymentMethodName(data);
  if (refund.online > 0 && refund.transfer > 0) {
    const total = money(refund.online + refund.transfer);
    return [l.operatorRefundBoth(total, money(refund.online), method, money(refund.transfer))];
  }
  if (refund.online > 0) return [l.operatorRefundOnline(money(refund.online), method)];
  if (refund.transfer > 0) return [l.operatorRefundTransfer(money(refund.transfer))];
  if (amountPaid === 0) return fee > 0 ? [l.feeToCollect] : [];
  if (amountPaid <= fee) {
    return [
      l.operatorPaidKept(money(amountPaid)),
      ...(fee > amountPaid ? [l.operatorFeeRest(money(fee - amountPaid))] : []),
    ];
  }
  return [l.operatorRefundedBefore];
}
