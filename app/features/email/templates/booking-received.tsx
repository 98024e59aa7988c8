import { formatIban, paymentSchedule, paymentTermsText } from "~/domain/payment-schedule";
import { catalogueOf, formatDate, formatMoney, translate } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import {
  BookingEmailLayout,
  ButtonLink,
  P,
  Rows,
  SectionHeading,
  TextLink,
  type EmailContent,
} from "./layout";
import {
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

/**
 * To the guest right after booking (status "pending"); for bank transfer with the payment
 * instructions and the schedule, computed with `paymentSchedule` like the success page.
 */
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
  },
});

export function bookingReceived(
  data: ParsedEmailData<"booking-received">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = receivedTexts[data.language];
  const p = catalogueOf(data.language).bookingSuccess.payment;
  const money = (value: number) => formatMoney(value, data.language);
  const subject = l.subject(singleLine(data.bookingNumber));
  const greeting = l.greeting(singleLine(data.guestName));
  const dashboardUrl = myBookingsUrl(baseUrl);
  const termsUrl = `${baseUrl}/agb#zahlung`;
  const termsText = paymentTermsText(data);
  const rule = translate(data.language, "bookingSuccess.payment.rule", termsText);

  const priceRows: EmailRow[] = [
    [
      l.nightsTimesPrice(money(data.nightlyPrice), data.nights),
      money(data.nightlyPrice * data.nights),
    ],
    [l.cleaningFee, money(data.cleaningFee)],
    [l.serviceFee, money(data.serviceFee)],
    [bookingTexts[data.language].total, money(data.totalPrice)],
  ];
  const methodRow: EmailRow = [bookingTexts[data.language].paymentMethod, paymentMethodName(data)];
  const account = data.paymentMethod === "bank-transfer" ? data.bankAccount : null;
  const accountRows: EmailRow[] = account
    ? [
        [p.accountHolder, account.accountHolder],
        [p.iban, formatIban(account.iban)],
        [p.bic, account.bic],
        [p.bank, account.bankName],
        [p.reference, data.bookingNumber],
      ]
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
        </>
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
  };
}
