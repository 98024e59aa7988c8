import { formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { cancelledTexts } from "./booking-cancelled";
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

/** To the company e-mail when a guest cancelled: the fee and what to refund; replies go to the guest. */
export function bookingCancelledOperator(
  data: ParsedEmailData<"booking-cancelled-operator">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = cancelledTexts[data.language];
  const money = (value: number) => formatMoney(value, data.language);
  const subject = l.operatorSubject(singleLine(data.bookingNumber));
  const guestName = singleLine(data.guestName);
  const adminLink = adminUrl(baseUrl);
  const rows: EmailRow[] = [
    [l.guestName, guestName],
    [l.guestEmail, data.guestEmail],
    ...stayRows(data),
    ...totalRows(data, { withPaymentMethod: true }),
    [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)],
    ...(data.wasPaid
      ? [[l.toRefund, money(data.totalPrice - data.cancellationFee)] satisfies EmailRow]
      : []),
  ];
  const note = !data.wasPaid && data.cancellationFee > 0 ? l.feeToCollect : null;
  const text = textWithSignature(
    [
      l.operatorIntro(platformName),
      "",
      ...rowLines(rows),
      ...(note ? ["", note] : []),
      "",
      l.dates,
      adminLink,
    ],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P margin="0 0 16px">{l.operatorIntro(platformName)}</P>
      <Rows rows={rows} />
      {note ? <P>{note}</P> : null}
      <P>{l.dates}</P>
      <ButtonLink href={adminLink}>{l.admin}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: { name: guestName, address: data.guestEmail } };
}
