import { z } from "zod";
import { formatIban, paymentSchedule } from "~/domain/payment-schedule";
import { PAYMENT_METHODS, type SiteSettings } from "~/features/settings/settings";
import { formatDate, formatMoney, catalogueOf } from "~/lib/i18n";
import { isCalendarDay } from "~/domain/calendar-day";
import {
  escapeHtml,
  htmlButton,
  htmlDocument,
  htmlLink,
  htmlParagraphs,
  singleLine,
  type EmailLanguage,
} from "./layout";

/**
 * Every e-mail the platform sends, by template name. A template declares the data it needs
 * (checked when the e-mail is queued and again when it is sent) and renders subject, plain
 * text and HTML in German or English (`language` in the data, German by default).
 * New e-mails (bookings, password reset) are added to `emailTemplates` below.
 */
export type RenderContext = {
  /** Public address of the site without trailing slash, for links. */
  baseUrl: string;
  platformName: string;
};

export type RenderedEmail = {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
  headers?: Record<string, string>;
};

type Template<S extends z.ZodType> = {
  data: S;
  /** Left out: "transactional" (always sent). See `EmailKind`. */
  kind?: EmailKind;
  /**
   * Fields of the data that are secrets (a link that signs someone in or changes a password).
   * The outbox blanks them once the e-mail is sent or given up, so a database dump or backup
   * holds no usable link; see `redactEmailData`.
   */
  secretFields?: readonly string[];
  /**
   * How long the secret works after the e-mail is queued. Without an SMTP server the e-mail is
   * written to the outbox folder; that copy is deleted once the secret has expired
   * (`deleteExpiredOutboxFiles`), so the folder holds no link longer than it works.
   */
  secretLifetimeSeconds?: number;
  render: (data: z.output<S>, context: RenderContext) => RenderedEmail;
};

/**
 * How a template is marked optional. "transactional" e-mails (bookings, password reset, replies
 * to something the recipient just asked for) are always sent. "notification" and "marketing"
 * e-mails are optional: the sender skips them when the recipient has an account whose
 * notification settings turned them off (`emailNotifications` / `marketingEmails`).
 */
export type EmailKind = "transactional" | "notification" | "marketing";
export type RecipientEmailSettings = { emailNotifications: boolean; marketingEmails: boolean };

export function emailKindOf(template: string): EmailKind {
  if (!isEmailTemplateName(template)) return "transactional";
  return (emailTemplates[template] as Template<z.ZodType>).kind ?? "transactional";
}

/** The rule: transactional always; optional kinds only when the recipient's setting allows. */
export function isEmailWanted(kind: EmailKind, settings: RecipientEmailSettings | null) {
  if (kind === "transactional" || !settings) return true;
  return kind === "notification" ? settings.emailNotifications : settings.marketingEmails;
}

const defineTemplate = <S extends z.ZodType>(template: Template<S>) => template;

const language = z.enum(["de", "en"]).default("de");

const texts = <T>(value: Record<EmailLanguage, T>) => value;

// ---------------------------------------------------------------------------------------------
// contact-message: a visitor's message from /kontakt, to the company e-mail.

const contactTexts = texts({
  de: {
    subject: (subject: string) => `Neue Kontaktanfrage: ${subject}`,
    intro: (platform: string) => `Neue Nachricht über das Kontaktformular von ${platform}.`,
    name: "Name",
    email: "E-Mail",
    subjectLabel: "Betreff",
    message: "Nachricht",
    replyHint: (firstName: string) =>
      `Antworten Sie direkt auf diese E-Mail, um ${firstName} zu antworten.`,
  },
  en: {
    subject: (subject: string) => `New contact request: ${subject}`,
    intro: (platform: string) => `New message from the contact form of ${platform}.`,
    name: "Name",
    email: "E-mail",
    subjectLabel: "Subject",
    message: "Message",
    replyHint: (firstName: string) => `Reply to this e-mail to answer ${firstName}.`,
  },
});

const contactMessage = defineTemplate({
  data: z.object({
    language,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
  render(data, { platformName }) {
    const l = contactTexts[data.language];
    const name = singleLine(`${data.firstName} ${data.lastName}`);
    const subject = l.subject(singleLine(data.subject));
    const rows: [string, string][] = [
      [l.name, name],
      [l.email, data.email],
      [l.subjectLabel, singleLine(data.subject)],
    ];
    const text = [
      l.intro(platformName),
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      `${l.message}:`,
      data.message,
      "",
      "--",
      l.replyHint(singleLine(data.firstName)),
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: subject,
      platformName,
      body: [
        `<p style="margin:0 0 16px">${escapeHtml(l.intro(platformName))}</p>`,
        '<table style="border-collapse:collapse;margin:0 0 16px">',
        ...rows.map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        ),
        "</table>",
        `<p style="margin:0 0 8px;font-weight:700">${escapeHtml(l.message)}</p>`,
        htmlParagraphs(data.message),
      ].join(""),
      footer: escapeHtml(l.replyHint(singleLine(data.firstName))),
    });
    return { subject, text, html, replyTo: { name, address: data.email } };
  },
});

// ---------------------------------------------------------------------------------------------
// newsletter-confirm: the double opt-in link, with an unsubscribe link as in every newsletter mail.

export const newsletterConfirmUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/newsletter/bestaetigen?token=${encodeURIComponent(token)}`;
export const newsletterUnsubscribeUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/newsletter/abmelden?token=${encodeURIComponent(token)}`;

const newsletterTexts = texts({
  de: {
    subject: "Bitte bestätigen Sie Ihre Newsletter-Anmeldung",
    greeting: "Hallo,",
    intro: (platform: string) =>
      `vielen Dank für Ihr Interesse am Newsletter von ${platform}. Bitte bestätigen Sie Ihre Anmeldung über diesen Link:`,
    button: "Anmeldung bestätigen",
    validity:
      "Der Link ist 7 Tage gültig. Erst nach der Bestätigung erhalten Sie unseren Newsletter. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach.",
    unsubscribe: "Vom Newsletter abmelden",
  },
  en: {
    subject: "Please confirm your newsletter subscription",
    greeting: "Hello,",
    intro: (platform: string) =>
      `thank you for your interest in the ${platform} newsletter. Please confirm your subscription with this link:`,
    button: "Confirm subscription",
    validity:
      "The link is valid for 7 days. You will only receive our newsletter after confirming. If you did not subscribe, simply ignore this e-mail.",
    unsubscribe: "Unsubscribe from the newsletter",
  },
});

const newsletterConfirm = defineTemplate({
  data: z.object({ language, token: z.string().min(1) }),
  render(data, { baseUrl, platformName }) {
    const l = newsletterTexts[data.language];
    const confirmUrl = newsletterConfirmUrl(baseUrl, data.token);
    const unsubscribeUrl = newsletterUnsubscribeUrl(baseUrl, data.token);
    const text = [
      l.greeting,
      "",
      l.intro(platformName),
      confirmUrl,
      "",
      l.validity,
      "",
      "--",
      `${l.unsubscribe}: ${unsubscribeUrl}`,
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: l.subject,
      platformName,
      body: [
        `<p style="margin:0 0 12px">${escapeHtml(l.greeting)}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(l.intro(platformName))}</p>`,
        htmlButton(confirmUrl, l.button),
        `<p style="margin:0 0 12px;font-size:14px;word-break:break-all">${htmlLink(confirmUrl)}</p>`,
        `<p style="margin:0">${escapeHtml(l.validity)}</p>`,
      ].join(""),
      footer: htmlLink(unsubscribeUrl, l.unsubscribe),
    });
    return {
      subject: l.subject,
      text,
      html,
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Booking e-mails: shared parts.
//
// Money is integer cents and stay dates are "YYYY-MM-DD"; both are formatted here in the
// recipient's language ("1.234,50 €", "24.12.2026"). The company's Impressum data travels in the
// data (`company`, filled with `emailCompany(await getSettings())` in the transaction that
// stores the booking), so the footer names the company the guest contracted with.

const calendarDay = z.string().refine(isCalendarDay, "expected a calendar day YYYY-MM-DD");
const cents = z.number().int().min(0);
const count = z.number().int().min(1);

const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  registerCourt: z.string(),
  registration: z.string(),
  vatId: z.string(),
  representative: z.string(),
});

/** The Impressum data in every booking e-mail's footer. */
export type EmailCompany = z.input<typeof companySchema>;

/** The footer data from the settings (call `getSettings()` where the e-mail is queued). */
export function emailCompany(settings: SiteSettings): EmailCompany {
  return {
    name: settings.companyName,
    address: settings.companyAddress,
    postalCode: settings.companyPostalCode,
    city: settings.companyCity,
    country: settings.companyCountry,
    email: settings.companyEmail,
    phone: settings.companyPhone,
    registerCourt: settings.companyRegisterCourt,
    registration: settings.companyRegistration,
    vatId: settings.companyVatId,
    representative: settings.companyRepresentative,
  };
}

const footerTexts = texts({
  de: {
    email: "E-Mail",
    phone: "Telefon",
    registerCourt: "Registergericht",
    registration: "Registernummer",
    vatId: "USt-IdNr.",
    representative: "Vertreten durch",
  },
  en: {
    email: "E-mail",
    phone: "Phone",
    registerCourt: "Register court",
    registration: "Registration number",
    vatId: "VAT ID",
    representative: "Represented by",
  },
});

/** The Impressum lines: name and address, contact, register, VAT id and representative. */
function companyLines(company: z.output<typeof companySchema>, language: EmailLanguage) {
  const l = footerTexts[language];
  const join = (parts: string[]) => parts.filter((part) => part.trim() !== "").join(" · ");
  return [
    join([
      company.name,
      company.address,
      `${company.postalCode} ${company.city}`.trim(),
      company.country,
    ]),
    join([`${l.email}: ${company.email}`, `${l.phone}: ${company.phone}`]),
    join([
      `${l.registerCourt}: ${company.registerCourt}`,
      `${l.registration}: ${company.registration}`,
    ]),
    join([`${l.vatId}: ${company.vatId}`, `${l.representative}: ${company.representative}`]),
  ].filter((line) => line !== "");
}

const companyFooterHtml = (company: z.output<typeof companySchema>, language: EmailLanguage) =>
  companyLines(company, language).map(escapeHtml).join("<br>");

const htmlRows = (rows: [string, string][]) =>
  [
    '<table style="border-collapse:collapse;margin:0 0 16px">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 16px 4px 0;vertical-align:top;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
  ].join("");

const htmlHeading = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:16px;color:#0A2463">${escapeHtml(text)}</h2>`;

const bookingTexts = texts({
  de: {
    number: "Buchungsnummer",
    property: "Unterkunft",
    checkIn: "Anreise",
    checkOut: "Abreise",
    nights: "Nächte",
    guests: "Gäste",
    total: "Gesamt",
    paymentMethod: "Zahlungsmethode",
  },
  en: {
    number: "Booking number",
    property: "Property",
    checkIn: "Check-in",
    checkOut: "Check-out",
    nights: "Nights",
    guests: "Guests",
    total: "Total",
    paymentMethod: "Payment method",
  },
});

const stayFields = {
  bookingNumber: z.string().min(1),
  propertyTitle: z.string(),
  propertyLocation: z.string(),
  checkIn: calendarDay,
  checkOut: calendarDay,
  nights: count,
  guests: count,
  totalPrice: cents,
  paymentMethod: z.enum(PAYMENT_METHODS),
  company: companySchema,
};

type StayData = z.output<z.ZodObject<typeof stayFields>> & { language: EmailLanguage };

/** Buchungsnummer, Unterkunft, Anreise, Abreise, Nächte, Gäste. */
function stayRows(data: StayData): [string, string][] {
  const l = bookingTexts[data.language];
  return [
    [l.number, data.bookingNumber],
    [l.property, `${data.propertyTitle}, ${data.propertyLocation}`],
    [l.checkIn, formatDate(data.checkIn, data.language)],
    [l.checkOut, formatDate(data.checkOut, data.language)],
    [l.nights, String(data.nights)],
    [l.guests, String(data.guests)],
  ];
}

const paymentMethodName = (data: StayData) =>
  catalogueOf(data.language).paymentMethods[data.paymentMethod];

// ---------------------------------------------------------------------------------------------
// booking-received: to the guest right after booking (status "pending"); for bank transfer with
// the payment instructions. Data (all money in cents, days "YYYY-MM-DD"):
//
//   { language?, guestName, bookingNumber, propertyTitle, propertyLocation, checkIn, checkOut,
//     nights, guests, nightlyPrice, cleaningFee, serviceFee, totalPrice, paymentMethod,
//     bookingDay, bankAccount: null | { accountHolder, iban, bic, bankName },
//     cancellation: { freeHours, feePercentage }, company: EmailCompany }
//
// Pass the STORED breakdown of the booking. The payment schedule is not part of the data: it is
// computed here from totalPrice, bookingDay and checkIn with `paymentSchedule`, the function the
// success page and the dashboard use, so they can never disagree. `bookingDay` is the day the
// booking was created in Europe/Berlin (`dayInBerlin(booking.createdAt)`). Bank transfer needs
// the bank account (the default account the guest pays to).

const bankAccountSchema = z.object({
  accountHolder: z.string().min(1),
  iban: z.string().min(1),
  bic: z.string().min(1),
  bankName: z.string().min(1),
});

const bookingReceivedSchema = z
  .object({
    language,
    guestName: z.string(),
    ...stayFields,
    nightlyPrice: cents,
    cleaningFee: cents,
    serviceFee: cents,
    bookingDay: calendarDay,
    bankAccount: bankAccountSchema.nullable(),
    cancellation: z.object({
      freeHours: z.number().int().min(0),
      feePercentage: z.number().int().min(0).max(100),
    }),
  })
  .refine((data) => data.paymentMethod !== "bank-transfer" || data.bankAccount !== null, {
    path: ["bankAccount"],
    message: "bank transfer needs the bank account the guest pays to",
  });

/** What `enqueueEmail(tx, { template: "booking-received", data })` takes. */
export type BookingReceivedEmailData = z.input<typeof bookingReceivedSchema>;

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

export const myBookingsUrl = (baseUrl: string) => `${baseUrl}/dashboard/bookings`;

const bookingReceived = defineTemplate({
  data: bookingReceivedSchema,
  render(data, { baseUrl, platformName }) {
    const l = receivedTexts[data.language];
    const p = catalogueOf(data.language).bookingSuccess.payment;
    const money = (value: number) => formatMoney(value, data.language);
    const subject = l.subject(singleLine(data.bookingNumber));
    const guestName = singleLine(data.guestName);
    const dashboardUrl = myBookingsUrl(baseUrl);
    const termsUrl = `${baseUrl}/agb#zahlung`;

    const priceRows: [string, string][] = [
      [
        l.nightsTimesPrice(money(data.nightlyPrice), data.nights),
        money(data.nightlyPrice * data.nights),
      ],
      [l.cleaningFee, money(data.cleaningFee)],
      [l.serviceFee, money(data.serviceFee)],
      [bookingTexts[data.language].total, money(data.totalPrice)],
    ];
    const methodRow: [string, string] = [
      bookingTexts[data.language].paymentMethod,
      paymentMethodName(data),
    ];
    const account = data.paymentMethod === "bank-transfer" ? data.bankAccount : null;
    const accountRows: [string, string][] = account
      ? [
          [p.accountHolder, account.accountHolder],
          [p.iban, formatIban(account.iban)],
          [p.bic, account.bic],
          [p.bank, account.bankName],
          [p.reference, data.bookingNumber],
        ]
      : [];
    const scheduleRows: [string, string][] = account
      ? paymentSchedule({
          total: data.totalPrice,
          bookingDay: data.bookingDay,
          checkIn: data.checkIn,
        }).map((payment) => [
          p.kinds[payment.kind],
          `${money(payment.amount)}, ${l.dueBy} ${formatDate(payment.dueDate, data.language)}`,
        ])
      : [];
    const pending = account ? l.pendingBankTransfer : l.pending;
    const cancellation = l.cancellation(
      data.cancellation.freeHours,
      data.cancellation.feePercentage,
    );
    const footerLines = companyLines(data.company, data.language);
    const lines = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`);

    const text = [
      l.greeting(guestName),
      "",
      l.intro(platformName),
      pending,
      "",
      ...lines(stayRows(data)),
      "",
      l.breakdown,
      ...lines(priceRows),
      "",
      ...lines([methodRow]),
      ...(account
        ? [
            "",
            p.heading,
            p.intro,
            ...lines(accountRows),
            p.referenceHint,
            "",
            p.schedule,
            ...lines(scheduleRows),
            p.rule,
            `${p.termsLink}: ${termsUrl}`,
          ]
        : []),
      "",
      l.cancellationHeading,
      cancellation,
      "",
      l.dashboard,
      dashboardUrl,
      "",
      "--",
      ...footerLines,
    ].join("\n");

    const html = htmlDocument({
      language: data.language,
      title: subject,
      platformName,
      body: [
        `<p style="margin:0 0 12px">${escapeHtml(l.greeting(guestName))}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(l.intro(platformName))}</p>`,
        `<p style="margin:0 0 16px">${escapeHtml(pending)}</p>`,
        htmlRows(stayRows(data)),
        htmlHeading(l.breakdown),
        htmlRows(priceRows),
        htmlRows([methodRow]),
        account
          ? [
              htmlHeading(p.heading),
              `<p style="margin:0 0 8px">${escapeHtml(p.intro)}</p>`,
              htmlRows(accountRows),
              `<p style="margin:0 0 12px">${escapeHtml(p.referenceHint)}</p>`,
              htmlHeading(p.schedule),
              htmlRows(scheduleRows),
              `<p style="margin:0 0 12px;font-size:14px">${escapeHtml(p.rule)} ${htmlLink(termsUrl, p.termsLink)}</p>`,
            ].join("")
          : "",
        htmlHeading(l.cancellationHeading),
        `<p style="margin:0 0 12px">${escapeHtml(cancellation)}</p>`,
        htmlButton(dashboardUrl, l.button),
      ].join(""),
      footer: companyFooterHtml(data.company, data.language),
    });
    return {
      subject,
      text,
      html,
      replyTo: { name: singleLine(data.company.name), address: data.company.email },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// booking-new: to the operator (company e-mail) for every new booking; replies go to the guest.
// Data: { language?, bookingNumber, guestName, guestEmail, guestPhone, specialRequests,
//   propertyTitle, propertyLocation, checkIn, checkOut, nights, guests, totalPrice (cents),
//   paymentMethod, company: EmailCompany }

const bookingNewSchema = z.object({
  language,
  ...stayFields,
  guestName: z.string(),
  guestEmail: z.string(),
  guestPhone: z.string().nullable(),
  specialRequests: z.string().nullable(),
});

/** What `enqueueEmail(tx, { template: "booking-new", data })` takes. */
export type BookingNewEmailData = z.input<typeof bookingNewSchema>;

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
    button: "Zum Adminbereich",
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
    button: "Open the admin area",
    replyHint: "Reply to this e-mail to write to the guest.",
  },
});

const bookingNew = defineTemplate({
  data: bookingNewSchema,
  render(data, { baseUrl, platformName }) {
    const l = newBookingTexts[data.language];
    const subject = l.subject(singleLine(data.bookingNumber));
    const guestName = singleLine(data.guestName);
    const adminUrl = `${baseUrl}/admin`;
    const guestRows: [string, string][] = [
      [l.guestName, guestName],
      [l.guestEmail, data.guestEmail],
      [l.guestPhone, data.guestPhone || l.none],
    ];
    const bookingRows: [string, string][] = [
      ...stayRows(data),
      [bookingTexts[data.language].total, formatMoney(data.totalPrice, data.language)],
      [bookingTexts[data.language].paymentMethod, paymentMethodName(data)],
    ];
    const requests = data.specialRequests?.trim() ? data.specialRequests.trim() : null;
    const lines = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`);
    const text = [
      l.intro(platformName),
      "",
      ...lines(guestRows),
      "",
      ...lines(bookingRows),
      "",
      `${l.specialRequests}:`,
      requests ?? l.none,
      "",
      l.admin,
      adminUrl,
      "",
      l.replyHint,
      "",
      "--",
      ...companyLines(data.company, data.language),
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: subject,
      platformName,
      body: [
        `<p style="margin:0 0 16px">${escapeHtml(l.intro(platformName))}</p>`,
        htmlRows(guestRows),
        htmlRows(bookingRows),
        `<p style="margin:0 0 8px;font-weight:700">${escapeHtml(l.specialRequests)}</p>`,
        requests ? htmlParagraphs(requests) : `<p style="margin:0 0 12px">${l.none}</p>`,
        `<p style="margin:16px 0 0">${escapeHtml(l.admin)}</p>`,
        htmlButton(adminUrl, l.button),
        `<p style="margin:0">${escapeHtml(l.replyHint)}</p>`,
      ].join(""),
      footer: companyFooterHtml(data.company, data.language),
    });
    return { subject, text, html, replyTo: { name: guestName, address: data.guestEmail } };
  },
});

// ---------------------------------------------------------------------------------------------
// password-reset: the single-use link (valid 1 hour) from /auth/passwort-vergessen.
// Data: { language?, name, token }. Transactional: sent whatever the notification settings say.

/** How long a reset link works; the texts below say "1 Stunde". */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;

export const passwordResetUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/auth/passwort-zuruecksetzen?token=${encodeURIComponent(token)}`;

const passwordResetTexts = texts({
  de: {
    subject: "Passwort zurücksetzen",
    greeting: (name: string) => (name ? `Hallo ${name},` : "Hallo,"),
    intro: (platform: string) =>
      `Sie haben angefordert, das Passwort Ihres Kontos bei ${platform} zurückzusetzen. Über diesen Link legen Sie ein neues Passwort fest:`,
    button: "Neues Passwort festlegen",
    validity:
      "Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach; Ihr Passwort bleibt unverändert.",
  },
  en: {
    subject: "Reset your password",
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: (platform: string) =>
      `You asked to reset the password of your ${platform} account. Use this link to choose a new password:`,
    button: "Choose a new password",
    validity:
      "The link is valid for 1 hour and can be used only once. If you did not ask for this, simply ignore this e-mail; your password stays unchanged.",
  },
});

const passwordReset = defineTemplate({
  data: z.object({ language, name: z.string().default(""), token: z.string().min(1) }),
  // Whoever holds the token can set the account's password for an hour.
  secretFields: ["token"],
  secretLifetimeSeconds: PASSWORD_RESET_LINK_SECONDS,
  render(data, { baseUrl, platformName }) {
    const l = passwordResetTexts[data.language];
    const url = passwordResetUrl(baseUrl, data.token);
    const greeting = l.greeting(singleLine(data.name));
    const text = [greeting, "", l.intro(platformName), url, "", l.validity].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: l.subject,
      platformName,
      body: [
        `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(l.intro(platformName))}</p>`,
        htmlButton(url, l.button),
        `<p style="margin:0 0 12px;font-size:14px;word-break:break-all">${htmlLink(url)}</p>`,
        `<p style="margin:0">${escapeHtml(l.validity)}</p>`,
      ].join(""),
    });
    return { subject: l.subject, text, html };
  },
});

// ---------------------------------------------------------------------------------------------
// booking-cancelled: to the guest after they cancelled in "Meine Buchungen", with the fee.
// booking-cancelled-operator: to the company e-mail for the same cancellation.
// Data (money in cents): { language?, guestName, bookingNumber, propertyTitle, propertyLocation,
//   checkIn, checkOut, nights, guests, totalPrice, paymentMethod, company: EmailCompany,
//   cancellationFee, wasPaid } (+ guestEmail for the operator). `wasPaid`: the booking was
//   marked paid, so the payments minus the fee are to be refunded.

const cancelledFields = {
  language,
  guestName: z.string(),
  ...stayFields,
  cancellationFee: cents,
  wasPaid: z.boolean(),
};
const feeNotAboveTotal = {
  path: ["cancellationFee"],
  message: "the cancellation fee cannot exceed the total",
};
const bookingCancelledSchema = z
  .object(cancelledFields)
  .refine((data) => data.cancellationFee <= data.totalPrice, feeNotAboveTotal);
const bookingCancelledOperatorSchema = z
  .object({ ...cancelledFields, guestEmail: z.string() })
  .refine((data) => data.cancellationFee <= data.totalPrice, feeNotAboveTotal);

/** What `enqueueEmail(tx, { template: "booking-cancelled", data })` takes. */
export type BookingCancelledEmailData = z.input<typeof bookingCancelledSchema>;
/** What `enqueueEmail(tx, { template: "booking-cancelled-operator", data })` takes. */
export type BookingCancelledOperatorEmailData = z.input<typeof bookingCancelledOperatorSchema>;

const cancelledTexts = texts({
  de: {
    subject: (number: string) => `Buchung storniert: ${number}`,
    operatorSubject: (number: string) => `Stornierung durch den Gast: ${number}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: "wir haben Ihre Stornierung erhalten. Die folgende Buchung ist storniert:",
    operatorIntro: (platform: string) => `Ein Gast hat seine Buchung über ${platform} storniert.`,
    fee: "Stornierungsgebühr",
    free: "kostenlos",
    refund: "Bereits geleistete Zahlungen erstatten wir Ihnen abzüglich der Stornierungsgebühr.",
    feeDue: "Über die Zahlung der Stornierungsgebühr informieren wir Sie gesondert.",
    toRefund: "Zu erstatten (bezahlt, abzüglich Gebühr)",
    feeToCollect: "Die Buchung war noch nicht bezahlt; die Stornierungsgebühr ist offen.",
    guestName: "Gast",
    guestEmail: "E-Mail",
    dates: "Die Nächte sind wieder buchbar.",
    dashboard: "Ihre Buchungen finden Sie jederzeit in Ihrem Konto:",
    button: "Meine Buchungen",
    admin: "Zum Adminbereich",
  },
  en: {
    subject: (number: string) => `Booking cancelled: ${number}`,
    operatorSubject: (number: string) => `Cancelled by the guest: ${number}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "we have received your cancellation. The following booking is cancelled:",
    operatorIntro: (platform: string) => `A guest has cancelled their booking on ${platform}.`,
    fee: "Cancellation fee",
    free: "free of charge",
    refund: "We will refund any payments already made, minus the cancellation fee.",
    feeDue: "We will let you know separately how to pay the cancellation fee.",
    toRefund: "To refund (paid, minus the fee)",
    feeToCollect: "The booking was not paid yet; the cancellation fee is outstanding.",
    guestName: "Guest",
    guestEmail: "E-mail",
    dates: "The nights can be booked again.",
    dashboard: "You can find your bookings in your account at any time:",
    button: "My bookings",
    admin: "Open the admin area",
  },
});

const bookingCancelled = defineTemplate({
  data: bookingCancelledSchema,
  render(data, { baseUrl, platformName }) {
    const l = cancelledTexts[data.language];
    const money = (value: number) => formatMoney(value, data.language);
    const subject = l.subject(singleLine(data.bookingNumber));
    const guestName = singleLine(data.guestName);
    const dashboardUrl = myBookingsUrl(baseUrl);
    const rows: [string, string][] = [
      ...stayRows(data),
      [bookingTexts[data.language].total, money(data.totalPrice)],
      [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)],
    ];
    const note = data.wasPaid ? l.refund : data.cancellationFee > 0 ? l.feeDue : null;
    const text = [
      l.greeting(guestName),
      "",
      l.intro,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(note ? ["", note] : []),
      "",
      l.dashboard,
      dashboardUrl,
      "",
      "--",
      ...companyLines(data.company, data.language),
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: subject,
      platformName,
      body: [
        `<p style="margin:0 0 12px">${escapeHtml(l.greeting(guestName))}</p>`,
        `<p style="margin:0 0 16px">${escapeHtml(l.intro)}</p>`,
        htmlRows(rows),
        note ? `<p style="margin:0 0 12px">${escapeHtml(note)}</p>` : "",
        htmlButton(dashboardUrl, l.button),
      ].join(""),
      footer: companyFooterHtml(data.company, data.language),
    });
    return {
      subject,
      text,
      html,
      replyTo: { name: singleLine(data.company.name), address: data.company.email },
    };
  },
});

const bookingCancelledOperator = defineTemplate({
  data: bookingCancelledOperatorSchema,
  render(data, { baseUrl, platformName }) {
    const l = cancelledTexts[data.language];
    const money = (value: number) => formatMoney(value, data.language);
    const subject = l.operatorSubject(singleLine(data.bookingNumber));
    const guestName = singleLine(data.guestName);
    const adminUrl = `${baseUrl}/admin`;
    const rows: [string, string][] = [
      [l.guestName, guestName],
      [l.guestEmail, data.guestEmail],
      ...stayRows(data),
      [bookingTexts[data.language].total, money(data.totalPrice)],
      [bookingTexts[data.language].paymentMethod, paymentMethodName(data)],
      [l.fee, data.cancellationFee === 0 ? l.free : money(data.cancellationFee)],
      ...(data.wasPaid
        ? [[l.toRefund, money(data.totalPrice - data.cancellationFee)] as [string, string]]
        : []),
    ];
    const note = !data.wasPaid && data.cancellationFee > 0 ? l.feeToCollect : null;
    const text = [
      l.operatorIntro(platformName),
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(note ? ["", note] : []),
      "",
      l.dates,
      adminUrl,
      "",
      "--",
      ...companyLines(data.company, data.language),
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: subject,
      platformName,
      body: [
        `<p style="margin:0 0 16px">${escapeHtml(l.operatorIntro(platformName))}</p>`,
        htmlRows(rows),
        note ? `<p style="margin:0 0 12px">${escapeHtml(note)}</p>` : "",
        `<p style="margin:0 0 12px">${escapeHtml(l.dates)}</p>`,
        htmlButton(adminUrl, l.admin),
      ].join(""),
      footer: companyFooterHtml(data.company, data.language),
    });
    return { subject, text, html, replyTo: { name: guestName, address: data.guestEmail } };
  },
});

// ---------------------------------------------------------------------------------------------

export const emailTemplates = {
  "contact-message": contactMessage,
  "newsletter-confirm": newsletterConfirm,
  "booking-received": bookingReceived,
  "booking-new": bookingNew,
  "booking-cancelled": bookingCancelled,
  "booking-cancelled-operator": bookingCancelledOperator,
  "password-reset": passwordReset,
};

export type EmailTemplateName = keyof typeof emailTemplates;
/** What a caller passes when queueing `template` (language may be left out: German). */
export type EmailTemplateData<K extends EmailTemplateName> = z.input<
  (typeof emailTemplates)[K]["data"]
>;

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(emailTemplates, name);
}

/** Checks the data of a queued e-mail; throws a ZodError when it does not fit the template. */
export function parseEmailData<K extends EmailTemplateName>(template: K, data: unknown) {
  return emailTemplates[template].data.parse(data) as z.output<(typeof emailTemplates)[K]["data"]>;
}

/** What a secret field holds after the outbox has redacted it. */
export const REDACTED = "[redacted]";

/**
 * The stored data of an e-mail that is done (sent or given up) with its template's secret
 * fields replaced by `REDACTED`; null when the template has no secret there (nothing to change).
 * The marker instead of deleting the field keeps the row readable: it shows the value existed.
 */
export function redactEmailData(template: string, data: unknown): Record<string, unknown> | null {
  if (!isEmailTemplateName(template)) return null;
  const fields = (emailTemplates[template] as Template<z.ZodType>).secretFields ?? [];
  if (!data || typeof data !== "object") return null;
  const record = data as Record<string, unknown>;
  const present = fields.filter(
    (field) => Object.hasOwn(record, field) && record[field] !== REDACTED,
  );
  if (present.length === 0) return null;
  return { ...record, ...Object.fromEntries(present.map((field) => [field, REDACTED])) };
}

/** Seconds the template's secret works (null: it has none that expires). */
export function secretLifetimeOf(template: string): number | null {
  if (!isEmailTemplateName(template)) return null;
  return (emailTemplates[template] as Template<z.ZodType>).secretLifetimeSeconds ?? null;
}

/** Renders a stored e-mail. Throws on an unknown template or data that does not fit it. */
export function renderEmail(
  template: string,
  data: unknown,
  context: RenderContext,
): RenderedEmail {
  if (!isEmailTemplateName(template)) throw new Error(`Unknown e-mail template "${template}"`);
  const definition = emailTemplates[template] as Template<z.ZodType>;
  return definition.render(definition.data.parse(data), context);
}
