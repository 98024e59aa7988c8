import { formatDate, formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { BookingEmailLayout, ButtonLink, P, Rows, type EmailContent } from "./layout";
import {
  replyToCompany,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  type EmailRow,
} from "./shared";

/**
 * The balance of an online booking (decision 049): the receipt when it was charged, and the
 * payment link when charging the saved card or PayPal failed.
 */
const balanceTexts = texts({
  de: {
    paidSubject: (number: string) => `Restzahlung erhalten: ${number}`,
    linkSubject: (number: string) => `Restzahlung bitte bestätigen: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    paidIntro: "die Restzahlung für Ihre Buchung ist eingegangen. Vielen Dank!",
    paid: "Bezahlt",
    paidOn: "Am",
    paidTotal: "Insgesamt bezahlt",
    linkIntro:
      "die Restzahlung für Ihre Buchung konnte nicht automatisch abgebucht werden (zum Beispiel weil Ihre Bank eine Bestätigung verlangt oder die Karte abgelehnt wurde). Bitte bezahlen Sie den Betrag über den folgenden Link:",
    unsavedIntro:
      "die Restzahlung für Ihre Buchung ist fällig. Da Ihre Zahlungsart nicht für spätere Zahlungen gespeichert werden konnte, bezahlen Sie den Betrag bitte über den folgenden Link:",
    amount: "Betrag",
    due: "Fällig seit",
    expires: (when: string) =>
      `Der Link ist bis ${when} gültig. Danach versuchen wir die Abbuchung erneut und senden Ihnen bei Bedarf einen neuen Link.`,
    unsavedExpires: (when: string) =>
      `Der Link ist bis ${when} gültig. Danach senden wir Ihnen bei Bedarf einen neuen Link.`,
    button: "Restzahlung bezahlen",
  },
  en: {
    paidSubject: (number: string) => `Balance received: ${number}`,
    linkSubject: (number: string) => `Please confirm your balance payment: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    paidIntro: "we have received the balance for your booking. Thank you!",
    paid: "Paid",
    paidOn: "On",
    paidTotal: "Paid in total",
    linkIntro:
      "the balance for your booking could not be charged automatically (for example because your bank asks for confirmation or the card was declined). Please pay the amount through this link:",
    unsavedIntro:
      "the balance for your booking is due. As your payment method could not be saved for later payments, please pay the amount through this link:",
    amount: "Amount",
    due: "Due since",
    expires: (when: string) =>
      `The link works until ${when}. After that we will try to charge again and send you a new link if needed.`,
    unsavedExpires: (when: string) =>
      `The link works until ${when}. After that we will send you a new link if needed.`,
    button: "Pay the balance",
  },
});

export function balancePaid(
  data: ParsedEmailData<"balance-paid">,
  { platformName }: RenderContext,
): EmailContent {
  const l = balanceTexts[data.language];
  const subject = l.paidSubject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const rows: EmailRow[] = [
    ...stayRows(data),
    [l.paid, formatMoney(data.amount, data.language)],
    [l.paidOn, formatDate(data.paidOn, data.language)],
    [l.paidTotal, formatMoney(data.paidTotal, data.language)],
  ];
  const text = textWithSignature([greeting, "", l.paidIntro, "", ...rowLines(rows)], data);
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{l.paidIntro}</P>
      <Rows rows={rows} />
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}

export function balancePaymentLink(
  data: ParsedEmailData<"balance-payment-link">,
  { platformName }: RenderContext,
): EmailContent {
  const l = balanceTexts[data.language];
  const subject = l.linkSubject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const isUnsaved = data.balanceBy === "payment-link";
  const intro = isUnsaved ? l.unsavedIntro : l.linkIntro;
  const expires = isUnsaved ? l.unsavedExpires : l.expires;
  const until = new Intl.DateTimeFormat(data.language === "de" ? "de-DE" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(data.linkExpiresAt));
  const rows: EmailRow[] = [
    ...stayRows(data),
    [l.amount, formatMoney(data.amount, data.language)],
    [l.due, formatDate(data.dueDate, data.language)],
  ];
  const text = textWithSignature(
    [greeting, "", intro, data.paymentUrl, "", ...rowLines(rows), "", expires(until)],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{intro}</P>
      <ButtonLink href={data.paymentUrl}>{l.button}</ButtonLink>
      <Rows rows={rows} />
      <P margin="16px 0 0">{expires(until)}</P>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
