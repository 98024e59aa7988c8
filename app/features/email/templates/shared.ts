import { formatIban } from "~/domain/payment-schedule";
import { catalogueOf, formatDate, formatMoney } from "~/lib/i18n";
import { localizedLocation } from "~/lib/country-names.server";
import type { EmailCompany, StayEmailData } from "../templates";
import "~/locales/texts/booking-success";

/**
 * Texts and rows more than one e-mail shows, for both parts of a message: the HTML (through the
 * components in `layout.tsx`, which React escapes) and the plain text (joined as is: plain text
 * needs no escaping).
 */
export type EmailLanguage = "de" | "en";

/** A label and its value: a table row in HTML, "Label: value" in the plain text. */
export type EmailRow = [label: string, value: string];

export const texts = <T>(value: Record<EmailLanguage, T>) => value;

/** A header line (subject, names) must not carry line breaks into the message headers. */
export function singleLine(value: string) {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/** The plain-text form of rows. */
export const rowLines = (rows: EmailRow[]) => rows.map(([label, value]) => `${label}: ${value}`);

export const myBookingsUrl = (baseUrl: string) => `${baseUrl}/dashboard/bookings`;
export const adminUrl = (baseUrl: string) => `${baseUrl}/admin`;

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
export function companyLines(company: EmailCompany, language: EmailLanguage) {
  const l = footerTexts[language];
  const join = (parts: string[]) => parts.filter((part) => part.trim() !== "").join(" · ");
  // A labelled part only when its value is filled: no register entry or USt-IdNr. (sole
  // traders, § 19 UStG) means no "Registergericht:" with nothing after it (decision 083).
  const labelled = (label: string, value: string) => (value.trim() ? `${label}: ${value}` : "");
  return [
    join([
      company.name,
      company.address,
      `${company.postalCode} ${company.city}`.trim(),
      company.country,
    ]),
    join([labelled(l.email, company.email), labelled(l.phone, company.phone)]),
    join([
      labelled(l.registerCourt, company.registerCourt),
      labelled(l.registration, company.registration),
    ]),
    join([labelled(l.vatId, company.vatId), labelled(l.representative, company.representative)]),
  ].filter((line) => line !== "");
}

/** The end of a plain-text booking e-mail: the signature separator and the Impressum. */
export const companySignature = (company: EmailCompany, language: EmailLanguage) => [
  "--",
  ...companyLines(company, language),
];

/** A booking e-mail's plain text: its lines, an empty line, then the signature. */
export const textWithSignature = (
  lines: string[],
  data: { company: EmailCompany; language: EmailLanguage },
) => [...lines, "", ...companySignature(data.company, data.language)].join("\n");

/** Replies to an e-mail to the guest go to the company. */
export const replyToCompany = (company: EmailCompany) => ({
  name: singleLine(company.name),
  address: company.email,
});

export const bookingTexts = texts({
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

/** Buchungsnummer, Unterkunft, Anreise, Abreise, Nächte, Gäste. */
export function stayRows(data: StayEmailData): EmailRow[] {
  const l = bookingTexts[data.language];
  return [
    [l.number, data.bookingNumber],
    // Stored in German ("Salzburg, Österreich"); the country in the e-mail's language.
    [
      l.property,
      `${data.propertyTitle}, ${localizedLocation(data.propertyLocation, data.language)}`,
    ],
    [l.checkIn, formatDate(data.checkIn, data.language)],
    [l.checkOut, formatDate(data.checkOut, data.language)],
    [l.nights, String(data.nights)],
    [l.guests, String(data.guests)],
  ];
}

export const paymentMethodName = (data: StayEmailData) =>
  catalogueOf(data.language).paymentMethods[data.paymentMethod];

/** Gesamt, then (for the operator and the booking overview) the payment method. */
export function totalRows(
  data: StayEmailData,
  { withPaymentMethod }: { withPaymentMethod: boolean },
): EmailRow[] {
  const l = bookingTexts[data.language];
  const total: EmailRow = [l.total, formatMoney(data.totalPrice, data.language)];
  return withPaymentMethod ? [total, [l.paymentMethod, paymentMethodName(data)]] : [total];
}

/**
 * What a guest needs to transfer: the account and the booking number as the reference, in the
 * words of the booking's success page ("Zahlungsinformationen"). "Buchung eingegangen" and
 * "Buchung bestätigt" (decision 107) show the same rows, followed by `transferTexts().referenceHint`.
 */
export function bankAccountRows(
  account: { accountHolder: string; iban: string; bic: string; bankName: string },
  bookingNumber: string,
  language: EmailLanguage,
): EmailRow[] {
  const p = transferTexts(language);
  return [
    [p.accountHolder, account.accountHolder],
    [p.iban, formatIban(account.iban)],
    [p.bic, account.bic],
    [p.bank, account.bankName],
    [p.reference, bookingNumber],
  ];
}

/** The success page's payment texts (heading, intro, account labels, reference hint). */
export const transferTexts = (language: EmailLanguage) =>
  catalogueOf(language).bookingSuccess.payment;
