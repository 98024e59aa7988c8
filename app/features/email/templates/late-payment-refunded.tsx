import { formatMoney } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { ButtonLink, EmailLayout, P, Rows, type EmailContent } from "./layout";
import { adminUrl, rowLines, singleLine, texts, type EmailRow } from "./shared";

/**
 * To every admin when a Stripe payment arrived for a booking whose reservation had already run
 * out (decision 049): the booking stays cancelled (its nights may be someone else's now) and the
 * money goes back to the guest in full, automatically. The admin hears of it so that they can
 * answer the guest, who paid and has no booking. Also when money arrived beyond what a booking
 * still owed (the balance paid twice, decision 072): that part goes back, the booking stays.
 */
const lateTexts = texts({
  de: {
    subject: (number: string, overpaid: boolean) =>
      overpaid
        ? `Zu viel gezahlt, automatisch erstattet: ${number}`
        : `Verspätete Zahlung automatisch erstattet: ${number}`,
    intro: {
      "hold-expired":
        "Für eine Buchung, deren Reservierung bereits abgelaufen war, ist eine Online-Zahlung eingegangen. Die Buchung bleibt storniert; der Betrag wird dem Gast vollständig über Stripe erstattet.",
      "booking-cancelled":
        "Für eine bereits stornierte Buchung ist eine Online-Zahlung über den Zahlungslink der Restzahlung eingegangen. Die Buchung bleibt storniert; der Betrag wird dem Gast vollständig über Stripe erstattet.",
      overpaid:
        "Für eine Buchung ist online mehr Geld eingegangen, als noch offen war – zum Beispiel die Restzahlung ein zweites Mal. Die Buchung bleibt bestehen; der Betrag über dem offenen Betrag wird dem Gast automatisch über Stripe erstattet.",
    },
    booking: "Buchung",
    amount: "Betrag (wird erstattet)",
    reason: "Grund",
    reasons: {
      "hold-expired": "Zahlung nach Ablauf der Reservierung – die Daten waren nicht mehr gehalten",
      "booking-cancelled": "Zahlung nach der Stornierung der Buchung",
      overpaid: "Zahlung über den offenen Betrag hinaus",
    },
    advice: {
      "hold-expired":
        "Der Gast hat bezahlt, aber keine Buchung. Bitte melden Sie sich bei ihm, falls er die Unterkunft noch buchen möchte.",
      "booking-cancelled":
        "Der Gast hat bezahlt, aber keine Buchung. Bitte melden Sie sich bei ihm, falls er die Unterkunft noch buchen möchte.",
      overpaid:
        "Die Buchung ist vollständig bezahlt. Der Gast erhält den zu viel gezahlten Betrag zurück; er sieht die Erstattung bei seiner Buchung.",
    },
    button: "Buchung öffnen",
  },
  en: {
    subject: (number: string, overpaid: boolean) =>
      overpaid
        ? `Paid too much, refunded automatically: ${number}`
        : `Late payment refunded automatically: ${number}`,
    intro: {
      "hold-expired":
        "An online payment arrived for a booking whose reservation had already run out. The booking stays cancelled; the amount is refunded to the guest in full through Stripe.",
      "booking-cancelled":
        "An online payment arrived through the balance payment link of a booking that was already cancelled. The booking stays cancelled; the amount is refunded to the guest in full through Stripe.",
      overpaid:
        "More money arrived online for a booking than was still open – for example the balance a second time. The booking stays as it is; the amount beyond what was open is refunded to the guest automatically through Stripe.",
    },
    booking: "Booking",
    amount: "Amount (refunded)",
    reason: "Reason",
    reasons: {
      "hold-expired": "Payment after the reservation had run out – the dates were no longer held",
      "booking-cancelled": "Payment after the booking was cancelled",
      overpaid: "Payment beyond the amount still open",
    },
    advice: {
      "hold-expired":
        "The guest has paid but has no booking. Please contact them in case they still want to book the property.",
      "booking-cancelled":
        "The guest has paid but has no booking. Please contact them in case they still want to book the property.",
      overpaid:
        "The booking is paid in full. The guest gets the amount paid too much back and sees the refund with their booking.",
    },
    button: "Open the booking",
  },
});

export function latePaymentRefunded(
  data: ParsedEmailData<"late-payment-refunded">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = lateTexts[data.language];
  const subject = l.subject(singleLine(data.bookingNumber), data.reason === "overpaid");
  const link = `${adminUrl(baseUrl)}/bookings/${data.bookingId}`;
  const rows: EmailRow[] = [
    [l.booking, singleLine(data.bookingNumber)],
    [l.amount, formatMoney(data.amount, data.language)],
    [l.reason, l.reasons[data.reason]],
  ];
  const intro = l.intro[data.reason];
  const advice = l.advice[data.reason];
  const text = [intro, "", ...rowLines(rows), "", advice, link].join("\n");
  const html = (
    <EmailLayout language={data.language} title={subject} platformName={platformName}>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      <P>{advice}</P>
      <ButtonLink href={link}>{l.button}</ButtonLink>
    </EmailLayout>
  );
  return { subject, text, html };
}
