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
 * To the guest when the online payment of a held booking did not happen in time or failed
 * (decision 044): nothing was charged, the dates are free again, and they may simply book again.
 */
const expiredTexts = texts({
  de: {
    subject: (number: string) => `Zahlung nicht abgeschlossen: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro:
      "die Zahlung für Ihre Buchung wurde nicht abgeschlossen. Es wurde nichts abgebucht; die Reservierung ist aufgehoben und die Daten sind wieder frei.",
    again: "Sie können die Unterkunft jederzeit erneut buchen, solange die Daten verfügbar sind:",
    button: "Erneut buchen",
  },
  en: {
    subject: (number: string) => `Payment not completed: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro:
      "the payment for your booking was not completed. Nothing was charged; the reservation has been released and the dates are free again.",
    again: "You can book the property again at any time while the dates are available:",
    button: "Book again",
  },
});

export function checkoutExpired(
  data: ParsedEmailData<"checkout-expired">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = expiredTexts[data.language];
  const subject = l.subject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const bookUrl = `${baseUrl}/properties/${data.propertyId}?checkIn=${data.checkIn}&checkOut=${data.checkOut}`;
  const rows: EmailRow[] = stayRows(data);
  const text = textWithSignature(
    [greeting, "", l.intro, "", ...rowLines(rows), "", l.again, bookUrl],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{l.intro}</P>
      <Rows rows={rows} />
      <P margin="16px 0 0">{l.again}</P>
      <ButtonLink href={bookUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
