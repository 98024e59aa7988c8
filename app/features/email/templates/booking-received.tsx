import { Img } from "@react-email/components";
import { localizedLocation } from "~/lib/country-names.server";
import { paymentSchedule, paymentTermsText } from "~/domain/payment-schedule";
import { storedPriceLines } from "~/domain/price";
import { stayCalendar, stayCalendarFileName } from "~/lib/booking-ics.server";
import { catalogueOf, formatDate, formatMoney, translate } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { paymentQrPng } from "~/lib/payment-qr.server";
import type { ParsedEmailData, RenderContext } from "../templates";
import {
  BookingEmailLayout,
  ButtonLink,
  P,
  Rows,
  SectionHeading,
  TextLink,
  UserText,
  type EmailContent,
} from "./layout";
import {
  bankAccountRows,
  bookingTexts,
  myBookingsUrl,
  paymentMethodName,
  replyToCompany,
  rowLines,
  singleLine,
  stayRows,
  textWithSignature,
  texts,
  type EmailRow,
} from "./shared";
import "~/locales/texts/booking-success";

/**
 * To the guest right after booking (status "pending"); for bank transfer with the payment
 * instructions and the schedule, computed with `paymentSchedule` like the success page, and the
 * EPC QR code ("GiroCode") for the first payment as an inline PNG (`cid:`). Like the success
 * page (issue 16) it says how to get there: check-in/out times, the host's contact, the guest's
 * special request, and the stay as an .ics attachment plus a link to the calendar file.
 */
const QR_CID = "epc-qr@booking-received";

const receivedTexts = texts({
  de: {
    subject: (number: string) => `Buchung eingegangen: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (platform: string) =>
      `vielen Dank für Ihre Buchung bei ${platform}. Ihre Buchung ist bei uns eingegangen.`,
    pending:
      "Diese E-Mail bestätigt den Eingang Ihrer Buchung; sie ist noch keine Buchungsbestätigung. Ihre Buchung ist ausstehend, bis wir sie bestätigt haben. Die Buchungsbestätigung erhalten Sie per E-Mail.",
    pendingBankTransfer:
      "Diese E-Mail bestätigt den Eingang Ihrer Buchung; sie ist noch keine Buchungsbestätigung. Ihre Buchung ist ausstehend, bis Ihre Zahlung eingegangen ist und wir die Buchung bestätigt haben. Die Buchungsbestätigung erhalten Sie per E-Mail.",
    breakdown: "Preisaufschlüsselung",
    nightsTimesPrice: (price: string, nights: number) =>
      `${price} × ${nights} ${nights === 1 ? "Nacht" : "Nächte"}`,
    longStayDiscount: (percent: number) => `Langzeitrabatt (${percent} %)`,
    cleaningFee: "Reinigungsgebühr",
    serviceFee: "Servicegebühr",
    dueBy: "fällig bis",
    cancellationHeading: "Stornierungsbedingungen",
    cancellation: (hours: number, percentage: number) =>
      percentage === 0
        ? "Die Stornierung ist bis zur Anreise kostenlos."
        : `Kostenlose Stornierung bis ${hours} Stunden vor Anreise, danach ${percentage} % des Gesamtpreises.`,
    dashboard: "Ihre Buchungen finden Sie jederzeit in Ihrem Konto:",
    button: "Meine Buchungen",
    arrivalHeading: "Anreise und Kontakt",
    checkIn: "Check-in",
    checkOut: "Check-out",
    from: (time: string) => `ab ${time} Uhr`,
    until: (time: string) => `bis ${time} Uhr`,
    host: "Ihr Gastgeber",
    specialRequests: "Ihre besonderen Wünsche",
    calendar: "In Kalender eintragen",
    calendarHint: "Die Kalenderdatei hängt an dieser E-Mail an.",
    qrHeading: "GiroCode",
    qrHint: (amount: string) =>
      `Mit der Banking-App scannen: Empfänger, IBAN, Betrag (${amount}) und Verwendungszweck sind dann ausgefüllt.`,
    qrAlt: (amount: string) => `GiroCode für die Überweisung von ${amount}`,
  },
  en: {
    subject: (number: string) => `Booking received: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (platform: string) =>
      `thank you for booking with ${platform}. We have received your booking.`,
    pending:
      "This e-mail acknowledges receipt of your booking; it is not yet a booking confirmation. Your booking is pending until we have confirmed it. You will receive the booking confirmation by e-mail.",
    pendingBankTransfer:
      "This e-mail acknowledges receipt of your booking; it is not yet a booking confirmation. Your booking is pending until your payment has arrived and we have confirmed the booking. You will receive the booking confirmation by e-mail.",
    breakdown: "Price breakdown",
    nightsTimesPrice: (price: string, nights: number) =>
      `${price} × ${nights} ${nights === 1 ? "night" : "nights"}`,
    longStayDiscount: (percent: number) => `Long-stay discount (${percent} %)`,
    cleaningFee: "Cleaning fee",
    serviceFee: "Service fee",
    dueBy: "due by",
    cancellationHeading: "Cancellation terms",
    cancellation: (hours: number, percentage: number) =>
      percentage === 0
        ? "Cancellation is free of charge until arrival."
        : `Free cancellation up to ${hours} hours before arrival, afterwards ${percentage} % of the total price.`,
    dashboard: "You can find your bookings in your account at any time:",
    button: "My bookings",
    arrivalHeading: "Arrival and contact",
    checkIn: "Check-in",
    checkOut: "Check-out",
    from: (time: string) => `from ${time}`,
    until: (time: string) => `until ${time}`,
    host: "Your host",
    specialRequests: "Your special requests",
    calendar: "Add to calendar",
    calendarHint: "The calendar file is attached to this e-mail.",
    qrHeading: "GiroCode",
    qrHint: (amount: string) =>
      `Scan it with your banking app: recipient, IBAN, amount (${amount}) and reference are filled in.`,
    qrAlt: (amount: string) => `GiroCode for the transfer of ${amount}`,
  },
});

export async function bookingReceived(
  data: ParsedEmailData<"booking-received">,
  { baseUrl, platformName }: RenderContext,
): Promise<EmailContent> {
  const l = receivedTexts[data.language];
  const p = catalogueOf(data.language).bookingSuccess.payment;
  const money = (value: number) => formatMoney(value, data.language);
  const subject = l.subject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const dashboardUrl = myBookingsUrl(baseUrl);
  const termsUrl = `${baseUrl}/agb#zahlung`;
  const termsText = paymentTermsText(data);
  const rule = translate(data.language, "bookingSuccess.payment.rule", termsText);

  // The stored breakdown (issue 18): nights grouped by price, then the long-stay discount.
  const stored = storedPriceLines({
    nightlyPrice: data.nightlyPrice,
    nights: data.nights,
    priceDetails: data.priceLines
      ? { lines: data.priceLines, discountPercent: data.discountPercent, discount: data.discount }
      : null,
  });
  const priceRows: EmailRow[] = [
    ...stored.lines.map((line): EmailRow => [
      l.nightsTimesPrice(money(line.price), line.nights),
      money(line.price * line.nights),
    ]),
    ...(stored.discount > 0
      ? [[l.longStayDiscount(stored.discountPercent), `−${money(stored.discount)}`] as EmailRow]
      : []),
    [l.cleaningFee, money(data.cleaningFee)],
    [l.serviceFee, money(data.serviceFee)],
    [bookingTexts[data.language].total, money(data.totalPrice)],
  ];
  const methodRow: EmailRow = [bookingTexts[data.language].paymentMethod, paymentMethodName(data)];
  const account = data.paymentMethod === "bank-transfer" ? data.bankAccount : null;
  const accountRows: EmailRow[] = account
    ? bankAccountRows(account, data.bookingNumber, data.language)
    : [];
  const scheduleRows: EmailRow[] = account
    ? paymentSchedule({
        total: data.totalPrice,
        bookingDay: data.bookingDay,
        checkIn: data.checkIn,
        depositPercentage: data.depositPercentage,
        balanceDueDays: data.balanceDueDays,
      }).map((payment) => [
        translate(data.language, `bookingSuccess.payment.kinds.${payment.kind}`, termsText),
        `${money(payment.amount)}, ${l.dueBy} ${formatDate(payment.dueDate, data.language)}`,
      ])
    : [];
  const pending = account ? l.pendingBankTransfer : l.pending;
  // The first payment (deposit, or everything for a short-notice stay) as a GiroCode.
  const firstPayment = scheduleRows.length > 0 && account ? firstAmount(data) : 0;
  const qr = account && firstPayment > 0 ? await girocode(account, firstPayment, data) : null;

  const arrivalRows: EmailRow[] = [
    ...(data.arrival?.checkInFrom
      ? [[l.checkIn, l.from(data.arrival.checkInFrom)] as EmailRow]
      : []),
    ...(data.arrival?.checkOutUntil
      ? [[l.checkOut, l.until(data.arrival.checkOutUntil)] as EmailRow]
      : []),
    [
      l.host,
      // The person the property page names as host, then whom to write to (the company).
      [data.arrival?.hostName, data.company.name, data.company.email, data.company.phone]
        .filter(Boolean)
        .join(", "),
    ],
  ];
  const specialRequests = data.specialRequests?.trim() || null;
  const calendarUrl = data.bookingId
    ? `${baseUrl}/booking-success/calendar.ics?booking=${data.bookingId}`
    : null;
  const ics = data.bookingId
    ? stayCalendar({
        uid: data.bookingId,
        bookingNumber: data.bookingNumber,
        propertyTitle: data.propertyTitle,
        address: localizedLocation(data.propertyLocation, data.language),
        checkIn: data.checkIn,
        checkOut: data.checkOut,
        checkInFrom: data.arrival?.checkInFrom ?? null,
        checkOutUntil: data.arrival?.checkOutUntil ?? null,
        guests: data.guests,
        host: { name: data.company.name, email: data.company.email, phone: data.company.phone },
        bookingsUrl: dashboardUrl,
        platformName,
        language: data.language,
      })
    : null;
  const cancellation = l.cancellation(data.cancellation.freeHours, data.cancellation.feePercentage);

  const textLines = [
    greeting,
    "",
    l.intro(platformName),
    pending,
    "",
    ...rowLines(stayRows(data)),
    "",
    l.breakdown,
    ...rowLines(priceRows),
    "",
    ...rowLines([methodRow]),
    ...(account
      ? [
          "",
          p.heading,
          p.intro,
          ...rowLines(accountRows),
          p.referenceHint,
          "",
          p.schedule,
          ...rowLines(scheduleRows),
          rule,
          `${p.termsLink}: ${termsUrl}`,
        ]
      : []),
    "",
    l.arrivalHeading,
    ...rowLines(arrivalRows),
    ...(specialRequests ? ["", `${l.specialRequests}:`, specialRequests] : []),
    ...(calendarUrl ? ["", `${l.calendar}: ${calendarUrl}`, l.calendarHint] : []),
    "",
    l.cancellationHeading,
    cancellation,
    "",
    l.dashboard,
    dashboardUrl,
  ];

  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <P>{greeting}</P>
      <P>{l.intro(platformName)}</P>
      <P margin="0 0 16px">{pending}</P>
      <Rows rows={stayRows(data)} />
      <SectionHeading>{l.breakdown}</SectionHeading>
      <Rows rows={priceRows} />
      <Rows rows={[methodRow]} />
      {account ? (
        <>
          <SectionHeading>{p.heading}</SectionHeading>
          <P margin="0 0 8px">{p.intro}</P>
          <Rows rows={accountRows} />
          <P>{p.referenceHint}</P>
          <SectionHeading>{p.schedule}</SectionHeading>
          <Rows rows={scheduleRows} />
          <P style={{ fontSize: "14px" }}>
            {`${rule} `}
            <TextLink href={termsUrl}>{p.termsLink}</TextLink>
          </P>
          {qr ? (
            <>
              <SectionHeading>{l.qrHeading}</SectionHeading>
              <Img
                src={`cid:${QR_CID}`}
                width="264"
                height="264"
                alt={l.qrAlt(money(firstPayment))}
              />
              <P>{l.qrHint(money(firstPayment))}</P>
            </>
          ) : null}
        </>
      ) : null}
      <SectionHeading>{l.arrivalHeading}</SectionHeading>
      <Rows rows={arrivalRows} />
      {specialRequests ? (
        <>
          <P margin="12px 0 4px">{`${l.specialRequests}:`}</P>
          <UserText text={specialRequests} />
        </>
      ) : null}
      {calendarUrl ? (
        <P>
          <TextLink href={calendarUrl}>{l.calendar}</TextLink>
          {` – ${l.calendarHint}`}
        </P>
      ) : null}
      <SectionHeading>{l.cancellationHeading}</SectionHeading>
      <P>{cancellation}</P>
      <ButtonLink href={dashboardUrl}>{l.button}</ButtonLink>
    </BookingEmailLayout>
  );
  return {
    subject,
    text: textWithSignature(textLines, data),
    html,
    replyTo: replyToCompany(data.company),
    attachments: [
      ...(qr
        ? [{ filename: "girocode.png", content: qr, cid: QR_CID, contentType: "image/png" }]
        : []),
      ...(ics
        ? [
            {
              filename: stayCalendarFileName(data.bookingNumber, data.language),
              content: Buffer.from(ics, "utf8"),
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            },
          ]
        : []),
    ],
  };
}

/** What is due first: the first entry of the one payment schedule. */
function firstAmount(data: ParsedEmailData<"booking-received">) {
  return (
    paymentSchedule({
      total: data.totalPrice,
      bookingDay: data.bookingDay,
      checkIn: data.checkIn,
      depositPercentage: data.depositPercentage,
      balanceDueDays: data.balanceDueDays,
    })[0]?.amount ?? 0
  );
}

async function girocode(
  account: { accountHolder: string; iban: string; bic: string },
  amount: number,
  data: { bookingNumber: string },
) {
  try {
    return await paymentQrPng({
      name: account.accountHolder,
      iban: account.iban,
      bic: account.bic,
      amount,
      text: data.bookingNumber,
    });
  } catch (error) {
    // An account the EPC format cannot carry: the details above stay readable without a code.
    logger.warn({ err: error }, "no payment QR code for this booking e-mail");
    return null;
  }
}
