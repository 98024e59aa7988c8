import { formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { cancelledTexts } from "./booking-cancelled";
import { ButtonLink, CompanyFooter, EmailLayout, P, Rows, type EmailContent } from "./layout";
import {
  adminUrl,
  bookingTexts,
  companySignature,
  paymentMethodName,
  rowLines,
  singleLine,
  stayRows,
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
    [bookingTexts[data.language].total, money(data.totalPrice)],
    [bookingTexts[data.language].paymentMethod, paymentMethodName(data)],
    [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)],
    ...(data.wasPaid
      ? [[l.toRefund, money(data.totalPrice - data.cancellationFee)] satisfies EmailRow]
      : []),
  ];
  const note = !data.wasPaid && data.cancellationFee > 0 ? l.feeToCollect : null;
  const text = [
    l.operatorIntro(platformName),
    "",
    ...rowLines(rows),
    ...(note ? ["", note] : []),
    "",
    l.dates,
    adminLink,
    "",
    ...companySignature(data.company, data.language),
  ].join("\n");
  const html = (
    <EmailLayout
      language={data.language}
      title={subject}
      platformName={platformName}
      footer={<CompanyFooter company={data.company} language={data.language} />}
    >
      <P margin="0 0 16px">{l.operatorIntro(platformName)}</P>
      <Rows rows={rows} />
      {note ? <P>{note}</P> : null}
      <P>{l.dates}</P>
      <ButtonLink href={adminLink}>{l.admin}</ButtonLink>
    </EmailLayout>
  );
  return { subject, text, html, replyTo: { name: guestName, address: data.guestEmail } };
}
