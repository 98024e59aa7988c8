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

/** To the guest when an admin confirms the booking (spec/06-admin.md: status changes e-mail). */
const confirmedTexts = texts({
  de: {
    subject: (number: string) => `Buchung bestätigt: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: "gute Nachrichten: Ihre Buchung ist bestätigt. Wir freuen uns auf Ihren Besuch.",
    dashboard: "Ihre Buchungen finden Sie jederzeit in Ihrem Konto:",
    button: "Meine Buchungen",
  },
  en: {
    subject: (number: string) => `Booking confirmed: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "good news: your booking is confirmed. We look forward to your stay.",
    dashboard: "You can find your bookings in your account at any time:",
    button: "My bookings",
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
  const text = textWithSignature(
    [greeting, "", l.intro, "", ...rowLines(rows), "", l.dashboard, dashboardUrl],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P margin="0 0 16px">{l.intro}</P>
      <Rows rows={rows} />
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
