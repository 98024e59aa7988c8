import { Img } from "@react-email/components";
import { formatIban } from "~/domain/payment-schedule";
import { formatDate, formatMoney } from "~/lib/i18n";
import { paymentQrPng } from "~/lib/payment-qr.server";
import type { ParsedEmailData, RenderContext } from "../templates";
import {
  BookingEmailLayout,
  ButtonLink,
  P,
  Rows,
  SectionHeading,
  type EmailContent,
} from "./layout";
import {
  myBookingsUrl,
  replyToCompany,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  type EmailRow,
} from "./shared";

/**
 * "Zahlungsdaten senden" (spec/06-admin.md): the operator's account, the amount to pay now, the
 * booking number as the reference, and the EPC QR code ("GiroCode") for a banking app, as an
 * inline PNG (`cid:`), which mail clients show where they block data URLs. The guest's booking
 * page shows the same details and code, so the e-mail can be compared with the site.
 */
const QR_CID = "epc-qr@payment-details";

const paymentTexts = texts({
  de: {
    subject: (number: string) => `Zahlungsdaten für Ihre Buchung ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: "bitte überweisen Sie den folgenden Betrag auf unser Konto:",
    accountHolder: "Kontoinhaber",
    iban: "IBAN",
    bic: "BIC",
    bank: "Bank",
    amount: "Betrag",
    dueBy: "Fällig bis",
    reference: "Verwendungszweck",
    open: "Insgesamt noch offen",
    referenceHint: "Bitte geben Sie die Buchungsnummer als Verwendungszweck an.",
    qrHeading: "GiroCode",
    qrHint:
      "Mit diesem Code füllt Ihre Banking-App die Überweisung aus. Bitte prüfen Sie Empfänger, IBAN und Betrag vor dem Absenden.",
    qrAlt: (amount: string) => `GiroCode für die Überweisung von ${amount}`,
    booking: "Ihre Buchung",
    compare: "Dieselben Zahlungsdaten finden Sie in Ihrem Konto bei der Buchung:",
    button: "Meine Buchungen",
  },
  en: {
    subject: (number: string) => `Payment details for your booking ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "please transfer the following amount to our account:",
    accountHolder: "Account holder",
    iban: "IBAN",
    bic: "BIC",
    bank: "Bank",
    amount: "Amount",
    dueBy: "Due by",
    reference: "Payment reference",
    open: "Still open in total",
    referenceHint: "Please state the booking number as the payment reference.",
    qrHeading: "GiroCode",
    qrHint:
      "Your banking app fills in the transfer from this code. Please check payee, IBAN and amount before sending.",
    qrAlt: (amount: string) => `GiroCode for the transfer of ${amount}`,
    booking: "Your booking",
    compare: "You will find the same payment details with the booking in your account:",
    button: "My bookings",
  },
});

export function paymentDetails(
  data: ParsedEmailData<"payment-details">,
  context: RenderContext,
): Promise<EmailContent> {
  return bankTransferEmail(data, context, {});
}

/**
 * The e-mail with the account, amount, reference and GiroCode; the payment reminders
 * (payment-reminder.tsx) use it with their own subject, opening line and due-date label, so a
 * reminder carries exactly the details "Zahlungsdaten senden" does.
 */
export async function bankTransferEmail(
  data: ParsedEmailData<"payment-details">,
  { baseUrl, platformName }: RenderContext,
  copy: { subject?: string; intro?: string; dueLabel?: string },
): Promise<EmailContent> {
  const l = paymentTexts[data.language];
  const money = (value: number) => formatMoney(value, data.language);
  const subject = copy.subject ?? l.subject(singleLine(data.bookingNumber));
  const intro = copy.intro ?? l.intro;
  const dueLabel = copy.dueLabel ?? l.dueBy;
  const greeting = l.greeting(singleLine(data.guestName));
  const dashboardUrl = myBookingsUrl(baseUrl);
  const account = data.account;
  const rows: EmailRow[] = [
    [l.accountHolder, account.accountHolder],
    [l.iban, formatIban(account.iban)],
    [l.bic, account.bic],
    [l.bank, account.bankName],
    [l.amount, money(data.amountDue)],
    ...(data.dueDate ? [[dueLabel, formatDate(data.dueDate, data.language)] as EmailRow] : []),
    [l.reference, data.bookingNumber],
    ...(data.openTotal > data.amountDue ? [[l.open, money(data.openTotal)] as EmailRow] : []),
  ];
  const qr = await paymentQrPng({
    name: account.accountHolder,
    iban: account.iban,
    bic: account.bic,
    amount: data.amountDue,
    text: data.bookingNumber,
  });
  const text = textWithSignature(
    [
      greeting,
      "",
      intro,
      "",
      ...rowLines(rows),
      l.referenceHint,
      "",
      l.booking,
      ...rowLines(stayRows(data)),
      "",
      l.compare,
      dashboardUrl,
    ],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      <P>{l.referenceHint}</P>
      <SectionHeading>{l.qrHeading}</SectionHeading>
      <Img src={`cid:${QR_CID}`} width="264" height="264" alt={l.qrAlt(money(data.amountDue))} />
      <P>{l.qrHint}</P>
      <SectionHeading>{l.booking}</SectionHeading>
      <Rows rows={stayRows(data)} />
      <P>{l.compare}</P>
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return {
    subject,
    text,
    html,
    replyTo: replyToCompany(data.company),
    attachments: [{ filename: "girocode.png", content: qr, cid: QR_CID, contentType: "image/png" }],
  };
}
