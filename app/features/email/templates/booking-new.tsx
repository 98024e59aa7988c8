import type { ParsedEmailData, RenderContext } from "../templates";
import { BookingEmailLayout, ButtonLink, P, Rows, UserText, type EmailContent } from "./layout";
import {
  adminUrl,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  totalRows,
  type EmailRow,
} from "./shared";

/** To the operator (company e-mail) for every new booking; replies go to the guest. */
const newBookingTexts = texts({
  de: {
    subject: (number: string) => `Neue Buchung: ${number}`,
    intro: (platform: string) => `Über ${platform} ist eine neue Buchung eingegangen.`,
    guestName: "Gast",
    guestEmail: "E-Mail",
    guestPhone: "Telefon",
    specialRequests: "Besondere Wünsche",
    none: "–",
    admin: "Die Buchung ist ausstehend. Prüfen und bestätigen Sie sie im Adminbereich:",
    adminConfirmed:
      "Die Zahlung ist online eingegangen, die Buchung ist bestätigt. Sie finden sie im Adminbereich:",
    button: "Zur Buchung",
    replyHint: "Antworten Sie direkt auf diese E-Mail, um dem Gast zu schreiben.",
  },
  en: {
    subject: (number: string) => `New booking: ${number}`,
    intro: (platform: string) => `A new booking has been made on ${platform}.`,
    guestName: "Guest",
    guestEmail: "E-mail",
    guestPhone: "Phone",
    specialRequests: "Special requests",
    none: "–",
    admin: "The booking is pending. Check and confirm it in the admin area:",
    adminConfirmed:
      "The online payment has arrived and the booking is confirmed. You find it in the admin area:",
    button: "Open the booking",
    replyHint: "Reply to this e-mail to write to the guest.",
  },
});

export function bookingNew(
  data: ParsedEmailData<"booking-new">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = newBookingTexts[data.language];
  const subject = l.subject(singleLine(data.bookingNumber));
  const guestName = singleLine(data.guestName);
  // The booking's own page (decision 104); rows queued before name no booking.
  const adminLink = data.bookingId
    ? `${adminUrl(baseUrl)}/bookings/${data.bookingId}`
    : adminUrl(baseUrl);
  const guestRows: EmailRow[] = [
    [l.guestName, guestName],
    [l.guestEmail, data.guestEmail],
    [l.guestPhone, data.guestPhone || l.none],
  ];
  const bookingRows: EmailRow[] = [
    ...stayRows(data),
    ...totalRows(data, { withPaymentMethod: true }),
  ];
  const requests = data.specialRequests?.trim() ? data.specialRequests.trim() : null;
  // An online booking reaches the operator once paid and confirmed: "ausstehend" was untrue.
  const adminLine = data.confirmed ? l.adminConfirmed : l.admin;
  const text = textWithSignature(
    [
      l.intro(platformName),
      "",
      ...rowLines(guestRows),
      "",
      ...rowLines(bookingRows),
      "",
      `${l.specialRequests}:`,
      requests ?? l.none,
      "",
      adminLine,
      adminLink,
      "",
      l.replyHint,
    ],
    data,
  );
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P margin="0 0 16px">{l.intro(platformName)}</P>
      <Rows rows={guestRows} />
      <Rows rows={bookingRows} />
      <P margin="0 0 8px" style={{ fontWeight: 700 }}>
        {l.specialRequests}
      </P>
      {requests ? <UserText text={requests} /> : <P>{l.none}</P>}
      <P margin="16px 0 0">{adminLine}</P>
      <ButtonLink href={adminLink}>{l.button}</ButtonLink>
      <P margin="0">{l.replyHint}</P>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: { name: guestName, address: data.guestEmail } };
}
