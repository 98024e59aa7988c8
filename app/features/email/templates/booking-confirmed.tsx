import { dayInBerlin } from "~/domain/calendar-day";
import { stayCancellationTerms } from "~/domain/cancellation";
import { stayCancellationLines } from "~/lib/stay-cancellation-text";
import { formatDate, formatMoney, translate } from "~/lib/i18n";
import { Fragment } from "react";
import type { TermsText } from "~/lib/terms-text";
import type { ParsedEmailData, RenderContext } from "../templates";
import {
  BookingEmailLayout,
  ButtonLink,
  P,
  Rows,
  SectionHeading,
  UserText,
  type EmailContent,
} from "./layout";
import {
  bankAccountRows,
  myBookingsUrl,
  paymentMethodName,
  replyToCompany,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  totalRows,
  transferTexts,
  type EmailRow,
} from "./shared";
import "~/locales/texts/booking";
import "~/locales/texts/booking-success";
import "~/locales/texts/stay";

/**
 * To the guest when an admin confirms the booking (spec/06-admin.md: status changes e-mail) or
 * its online payment does. By AGB § 1 this is the acceptance that makes the contract, so it
 * carries the contract's content (§ 312f Abs. 2 BGB, decision 080): this booking's cancellation
 * terms, the missing right of withdrawal and the Kurtaxe note, in the booking page's words,
 * and the whole text of the AGB the booking was made under (decision 087), appended to the
 * e-mail rather than attached: it is in the text and the HTML part the guest keeps, printable,
 * searchable and readable in every mail program, where an HTML attachment is often blocked or
 * flagged and a PDF would need a renderer the platform does not have.
 */
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
    // Decision 104: the admin recorded a transfer; nothing is charged automatically.
    balanceByTransfer: (amount: string, date: string) =>
      `Den Restbetrag von ${amount} überweisen Sie bitte bis zum ${date} unter Angabe Ihrer Buchungsnummer.`,
    // Decision 107: an admin confirmed an online booking whose method a checkout saved; the
    // balance job charges it then, as for the online path (the guest did not pay "gerade").
    balanceSavedEarlier: (amount: string, date: string, method: string) =>
      `Den Restbetrag von ${amount} buchen wir am ${date} von der Zahlungsart ab, die Sie bei Ihrer Online-Zahlung für diese Buchung hinterlegt haben (${method}). Gelingt das nicht, senden wir Ihnen einen Zahlungslink per E-Mail.`,
    // Decision 107: confirmed with nothing received; nothing is charged, the guest transfers.
    dueIntro:
      "Für diese Buchung ist noch keine Zahlung bei uns eingegangen. Bitte überweisen Sie die folgenden Beträge bis zu den genannten Daten:",
    dueBy: "fällig bis",
    termsHeading: "Unsere AGB für diese Buchung",
    termsIntro:
      "Für Ihre Buchung gelten diese Allgemeinen Geschäftsbedingungen in der Fassung, die bei Ihrer Buchung auf unserer Website stand. Bitte bewahren Sie diese E-Mail auf.",
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
    balanceByTransfer: (amount: string, date: string) =>
      `Please transfer the balance of ${amount} by ${date}, quoting your booking number.`,
    balanceSavedEarlier: (amount: string, date: string, method: string) =>
      `We will charge the balance of ${amount} on ${date} to the payment method you saved with your online payment for this booking (${method}). If that does not work, we will e-mail you a payment link.`,
    dueIntro:
      "No payment for this booking has reached us yet. Please transfer the following amounts by the dates given:",
    dueBy: "due by",
    termsHeading: "Our terms and conditions for this booking",
    termsIntro:
      "Your booking is subject to these terms and conditions as they stood on our website when you booked. Please keep this e-mail.",
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
  const method = paymentMethodName(data);
  const receiptNote = !receipt
    ? null
    : receipt.open === 0
      ? l.nothingOpen
      : receipt.nextDueDate
        ? {
            "saved-method": l.balanceSaved,
            "payment-link": l.balanceByLink,
            "bank-transfer": l.balanceByTransfer,
            "saved-method-earlier": (amount: string, date: string) =>
              l.balanceSavedEarlier(amount, date, method),
          }[receipt.balanceBy](
            formatMoney(receipt.open, data.language),
            formatDate(receipt.nextDueDate, data.language),
          )
        : null;
  // Confirmed with nothing received (decision 107): what is due by when, paid by transfer.
  const { due } = data;
  const t = transferTexts(data.language);
  const dueRows: EmailRow[] = due
    ? due.items.map((item) => [
        translate(data.language, `bookingSuccess.payment.kinds.${item.kind}`, {
          percentage: due.depositPercentage,
        }),
        `${formatMoney(item.amount, data.language)}, ${l.dueBy} ${formatDate(item.dueDate, data.language)}`,
      ])
    : [];
  // The account to transfer to, whenever the guest is asked to transfer (decision 107).
  const asksTransfer =
    Boolean(due) ||
    (receiptNote !== null && receipt?.balanceBy === "bank-transfer" && receipt.open > 0);
  const accountRows: EmailRow[] =
    asksTransfer && data.bankAccount
      ? bankAccountRows(data.bankAccount, data.bookingNumber, data.language)
      : [];
  const contract = contractTexts(data);
  // The AGB the booking was made under (decision 087), last: the contract's full text, kept
  // with the e-mail. In the language the guest booked in, which may differ from the e-mail's.
  const terms = data.contract?.terms ?? null;
  const text = textWithSignature(
    [
      greeting,
      "",
      intro,
      "",
      ...rowLines(rows),
      ...(receipt ? ["", `${l.receipt}:`, ...rowLines(receiptRows)] : []),
      ...(receiptNote ? [receiptNote] : []),
      ...(due ? ["", `${t.schedule}:`, l.dueIntro, ...rowLines(dueRows)] : []),
      ...(accountRows.length > 0
        ? ["", `${t.heading}:`, ...rowLines(accountRows), t.referenceHint]
        : []),
      ...(contract
        ? [
            "",
            contract.cancellationHeading,
            ...contract.cancellation,
            "",
            contract.noWithdrawal,
            ...(contract.touristTax
              ? ["", contract.touristTax.heading, contract.touristTax.note]
              : []),
          ]
        : []),
      "",
      l.dashboard,
      dashboardUrl,
      ...(terms ? ["", "", l.termsHeading, l.termsIntro, "", ...termsLines(terms.text)] : []),
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
      {due && (
        <>
          <P margin="16px 0 8px">
            <strong>{t.schedule}</strong>
          </P>
          <P margin="0 0 8px">{l.dueIntro}</P>
          <Rows rows={dueRows} />
        </>
      )}
      {accountRows.length > 0 && (
        <>
          <P margin="16px 0 8px">
            <strong>{t.heading}</strong>
          </P>
          <Rows rows={accountRows} />
          <P margin="8px 0 0">{t.referenceHint}</P>
        </>
      )}
      {contract && (
        <>
          <SectionHeading>{contract.cancellationHeading}</SectionHeading>
          {contract.cancellation.map((line) => (
            <P key={line} margin="0 0 4px">
              {line}
            </P>
          ))}
          <P margin="12px 0">{contract.noWithdrawal}</P>
          {contract.touristTax && (
            <>
              <SectionHeading>{contract.touristTax.heading}</SectionHeading>
              <UserText text={contract.touristTax.note} />
            </>
          )}
        </>
      )}
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
      {terms && (
        <>
          <SectionHeading>{l.termsHeading}</SectionHeading>
          <P>{l.termsIntro}</P>
          <TermsHtml language={terms.language} text={terms.text} />
        </>
      )}
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}

/**
 * The contract part (decision 080), null for rows queued before it existed. The cancellation
 * line is the booking page's (`StayCancellationTerms`): the same function, with the terms stored
 * with the booking, as of the confirmation; the no-withdrawal sentence is the one beside the
 * order button; the Kurtaxe note is the operator's own text, as the property page shows it.
 */
function contractTexts(data: ParsedEmailData<"booking-confirmed">) {
  const { contract, language } = data;
  if (!contract) return null;
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(language, key, values);
  const at = new Date(contract.at);
  const stay = stayCancellationTerms({
    checkIn: data.checkIn,
    totalPrice: data.totalPrice,
    now: at,
    today: dayInBerlin(at),
    freeCancellationHours: contract.freeCancellationHours,
    cancellationFeePercentage: contract.cancellationFeePercentage,
  });
  const cancellation = stayCancellationLines(stay, t, language);
  const note = contract.touristTaxNote?.trim();
  return {
    cancellationHeading: t("booking.payment.cancellationHeading"),
    cancellation,
    noWithdrawal: t("booking.payment.legal.noWithdrawal"),
    touristTax: note ? { heading: t("stay.touristTax"), note } : null,
  };
}

type TermsBlock = TermsText["intro"][number];

/** One block of the AGB as plain text: a paragraph, "- " bullets or "1. " steps. */
function blockLines(block: TermsBlock): string[] {
  if (typeof block === "string") return [block];
  if ("list" in block) return block.list.map((item) => `- ${item}`);
  return block.steps.map((item, index) => `${index + 1}. ${item}`);
}

/** The AGB as plain text: title, "Stand", intro, then each section's heading and blocks. */
function termsLines(text: TermsText): string[] {
  const blocks = (list: TermsBlock[]) => list.flatMap((block) => [...blockLines(block), ""]);
  return [
    text.title,
    text.updated,
    "",
    ...blocks(text.intro),
    ...text.sections.flatMap((section) => [section.heading, ...blocks(section.blocks)]),
  ].slice(0, -1);
}

function TermsBlocks({ blocks }: { blocks: TermsBlock[] }) {
  return blocks.map((block, index) => {
    if (typeof block === "string") return <P key={index}>{block}</P>;
    const items = "list" in block ? block.list : block.steps;
    const List = "list" in block ? "ul" : "ol";
    return (
      <List key={index} style={{ margin: "0 0 12px", paddingLeft: "24px" }}>
        {items.map((item, itemIndex) => (
          <li key={itemIndex} style={{ fontSize: "16px", lineHeight: "1.5" }}>
            {item}
          </li>
        ))}
      </List>
    );
  });
}

/** The AGB in the HTML part, marked with their own language for screen readers. */
function TermsHtml({ language, text }: { language: "de" | "en"; text: TermsText }) {
  return (
    <div lang={language}>
      <P margin="16px 0 0">
        <strong>{text.title}</strong>
      </P>
      <P style={{ fontSize: "14px", color: "#475569" }}>{text.updated}</P>
      <TermsBlocks blocks={text.intro} />
      {text.sections.map((section, index) => (
        <Fragment key={index}>
          <P margin="16px 0 8px">
            <strong>{section.heading}</strong>
          </P>
          <TermsBlocks blocks={section.blocks} />
        </Fragment>
      ))}
    </div>
  );
}
