import { formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { cancelledTexts, refundNotes } from "./booking-cancelled";
import { BookingEmailLayout, ButtonLink, P, Rows, type EmailContent } from "./layout";
import {
  adminUrl,
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
      ? // What the operator has to do about the money (decision 107): nothing for what Stripe
        // pays back; a transfer by hand, to be marked refunded in the booking.
        refundNotes(data, amountPaid, refund, {
          both: l.operatorRefundBoth,
          online: l.operatorRefundOnline,
          transfer: l.operatorRefundTransfer,
          nothingPaid: (withFee) => (withFee ? [l.feeToCollect] : []),
          paidKept: l.operatorPaidKept,
          feeRest: l.operatorFeeRest,
          refundedBefore: l.operatorRefundedBefore,
        })
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
