import { z } from "zod";
import { PAYMENT_METHODS, type SiteSettings } from "~/features/settings/settings";
import { isCalendarDay } from "~/domain/calendar-day";
import { CLOCK_TIME } from "~/domain/property-facts";
import { termsTextSchema } from "~/lib/terms-text";

/**
 * Every e-mail the platform sends, by template name: the data each one needs (checked when the
 * e-mail is queued and again when it is sent), whether it is optional, which of its fields are
 * secrets. This is what the outbox stores and must stay readable for rows queued long ago.
 *
 * How an e-mail looks – subject, plain text and HTML in German or English (`language` in the
 * data, German by default) – is one React component per template in `templates/<name>.tsx`,
 * rendered by `renderEmail` (decision 016). This file imports no React, so the code that queues
 * e-mails (bookings, password reset) and the outbox bookkeeping do not load the e-mail renderer.
 */
export type RenderContext = {
  /** Public address of the site without trailing slash, for links. */
  baseUrl: string;
  platformName: string;
  /**
   * The Impressum data as the settings say when the e-mail is sent (`emailCompany(settings)`):
   * the footer of the e-mails whose data has no `company` of its own (password reset,
   * newsletter confirmation). German law wants it in every commercial e-mail (decision 066).
   */
  company: EmailCompany;
};

export type RenderedEmail = {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
  headers?: Record<string, string>;
  /**
   * Inline images the HTML refers to as `cid:<cid>` (the payment QR code), and files without a
   * cid that travel as ordinary attachments (the stay's .ics file).
   */
  attachments?: { filename: string; content: Buffer; cid?: string; contentType: string }[];
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
};

/**
 * How a template is marked optional. "transactional" e-mails (bookings, password reset, replies
 * to something the recipient just asked for) are always sent. "notification" e-mails are skipped
 * when the recipient has an account whose "E-Mail-Benachrichtigungen" are off; "marketing"
 * e-mails go only to a confirmed newsletter subscriber (double opt-in, which is what
 * "Marketing-E-Mails" in the account turns on and off; decision 069).
 */
export type EmailKind = "transactional" | "notification" | "marketing";
export type RecipientEmailSettings = {
  /** The account's "E-Mail-Benachrichtigungen"; null: no account has the address. */
  emailNotifications: boolean | null;
  /** The address is a confirmed newsletter subscriber. */
  isSubscribed: boolean;
};

export function emailKindOf(template: string): EmailKind {
  if (!isEmailTemplateName(template)) return "transactional";
  return (emailTemplates[template] as Template<z.ZodType>).kind ?? "transactional";
}

/** The rule: transactional always; notifications unless turned off; marketing only by consent. */
export function isEmailWanted(kind: EmailKind, recipient: RecipientEmailSettings) {
  if (kind === "transactional") return true;
  if (kind === "notification") return recipient.emailNotifications ?? true;
  return recipient.isSubscribed;
}

const defineTemplate = <S extends z.ZodType>(template: Template<S>) => template;

const language = z.enum(["de", "en"]).default("de");

// ---------------------------------------------------------------------------------------------
// contact-message: a visitor's message from /kontakt, to the company e-mail.

const contactMessageData = z.object({
  language,
  firstName: z.string(),
  lastName: z.string(),
  /** The reply address the visitor typed into the form. */
  email: z.string(),
  subject: z.string(),
  message: z.string(),
});

const contactMessage = defineTemplate({ data: contactMessageData });

// ---------------------------------------------------------------------------------------------
// contact-copy: the spec's optional "contact form copy" (decision 069): a signed-in guest's own
// message from /kontakt, to their ACCOUNT's address (never to the address typed into the form,
// or the form would mail any text to anyone), in the language they wrote in, with the Impressum
// of the render context. A "notification": "E-Mail-Benachrichtigungen" off sends none.

const contactCopy = defineTemplate({
  kind: "notification",
  // The same message; its reply address is shown in the copy, never written to.
  data: contactMessageData.extend({
    /** ISO time the message was sent. */
    sentAt: z.iso.datetime({ offset: true }),
  }),
});

// ---------------------------------------------------------------------------------------------
// newsletter-confirm: the double opt-in link, with an unsubscribe link as in every newsletter mail.

const newsletterConfirm = defineTemplate({
  data: z.object({ language, token: z.string().min(1) }),
});

// ---------------------------------------------------------------------------------------------
// Booking e-mails: shared parts.
//
// Money is integer cents and stay dates are "YYYY-MM-DD"; the templates format both in the
// recipient's language ("1.234,50 €", "24.12.2026"). The company's Impressum data travels in the
// data (`company`, filled with `emailCompany(await getSettingsStrict())` in the transaction that
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

/**
 * The footer data from the settings, read where the e-mail is queued with `getSettingsStrict()`:
 * the defaults of a failed read are the demo company's (decisions 078, 087).
 */
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

/** What every booking e-mail knows about the stay (the rows "Buchungsnummer" … "Gäste"). */
export type StayEmailData = z.output<z.ZodObject<typeof stayFields>> & {
  language: "de" | "en";
};

// ---------------------------------------------------------------------------------------------
// booking-received: to the guest right after booking (status "pending"); for bank transfer with
// the payment instructions. Data (all money in cents, days "YYYY-MM-DD"):
//
//   { language?, guestName, bookingNumber, propertyTitle, propertyLocation, checkIn, checkOut,
//     nights, guests, nightlyPrice, cleaningFee, serviceFee, totalPrice, paymentMethod,
//     bookingDay, depositPercentage?, balanceDueDays?, bankAccount: null | { accountHolder, iban, bic, bankName },
//     cancellation: { freeHours, feePercentage }, company: EmailCompany,
//     bookingId?, arrival?: { checkInFrom, checkOutUntil }, specialRequests? }
//
// Pass the STORED breakdown of the booking. The payment schedule is not part of the data: the
// template computes it from totalPrice, bookingDay and checkIn with `paymentSchedule`, the
// function the success page and the dashboard use, so they can never disagree. `bookingDay` is
// the day the booking was created in Europe/Berlin (`dayInBerlin(booking.createdAt)`). Bank
// transfer needs the bank account (the default account the guest pays to).

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
    // The terms stored with the booking; the defaults for e-mails queued before they existed.
    depositPercentage: z.number().int().min(0).max(100).default(20),
    balanceDueDays: z.number().int().min(0).max(365).default(30),
    bankAccount: bankAccountSchema.nullable(),
    cancellation: z.object({
      freeHours: z.number().int().min(0),
      feePercentage: z.number().int().min(0).max(100),
    }),
    // Issue 16; optional, so rows queued before them still render (without those parts).
    /** the booking's id: the calendar link and the .ics file's UID */
    bookingId: z.uuid().optional(),
    /** the property's check-in/out times (its own, else the settings'), null when none */
    arrival: z
      .object({
        checkInFrom: z.string().regex(CLOCK_TIME).nullable(),
        checkOutUntil: z.string().regex(CLOCK_TIME).nullable(),
        /** the host's name as the property page names it; absent in rows queued before */
        hostName: z.string().max(200).nullable().optional(),
      })
      .optional(),
    /** the guest's "Besondere Wünsche", as sent */
    specialRequests: z.string().nullable().default(null),
    // Issue 18 (seasons): the nights grouped by price and the long-stay discount, as stored
    // with the booking. Absent in rows queued before: nights × nightlyPrice, no discount.
    priceLines: z
      .array(z.object({ nights: count, price: cents, regularPrice: cents }))
      .min(1)
      .optional(),
    discountPercent: z.number().int().min(0).max(100).default(0),
    discount: cents.default(0),
  })
  .refine((data) => data.paymentMethod !== "bank-transfer" || data.bankAccount !== null, {
    path: ["bankAccount"],
    message: "bank transfer needs the bank account the guest pays to",
  });

/** What `enqueueEmail(tx, { template: "booking-received", data })` takes. */
export type BookingReceivedEmailData = z.input<typeof bookingReceivedSchema>;

const bookingReceived = defineTemplate({ data: bookingReceivedSchema });

// ---------------------------------------------------------------------------------------------
// booking-new: to the operator (company e-mail) for every new booking; replies go to the guest.
// Data: { language?, bookingNumber, guestName, guestEmail, guestPhone, specialRequests,
//   propertyTitle, propertyLocation, checkIn, checkOut, nights, guests, totalPrice (cents),
//   paymentMethod, company: EmailCompany, bookingId }

const bookingNewSchema = z.object({
  language,
  ...stayFields,
  guestName: z.string(),
  guestEmail: z.string(),
  guestPhone: z.string().nullable(),
  specialRequests: z.string().nullable(),
  /** The link goes to the booking's admin page (decision 104); absent in rows queued before. */
  bookingId: z.uuid().optional(),
  /** paid online and confirmed when sent (decision 105); absent: pending, as before */
  confirmed: z.boolean().optional(),
});

/** What `enqueueEmail(tx, { template: "booking-new", data })` takes. */
export type BookingNewEmailData = z.input<typeof bookingNewSchema>;

const bookingNew = defineTemplate({ data: bookingNewSchema });

// ---------------------------------------------------------------------------------------------
// password-reset: the single-use link (valid 1 hour) from /auth/passwort-vergessen.
// Data: { language?, name, token }. Transactional: sent whatever the notification settings say.

/** How long a reset link works; the template's texts say "1 Stunde". */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;

const passwordReset = defineTemplate({
  data: z.object({ language, name: z.string().default(""), token: z.string().min(1) }),
  // Whoever holds the token can set the account's password for an hour.
  secretFields: ["token"],
  secretLifetimeSeconds: PASSWORD_RESET_LINK_SECONDS,
});

// ---------------------------------------------------------------------------------------------
// address-confirm: the single-use link (valid 24 hours) of "Bestätigungs-E-Mail senden" in
// /dashboard/settings, which proves the account's address (decision 077).
// Data: { language?, name, token }. Transactional: the account holder just asked for it.

/** How long an address confirmation link works; the template's texts say "24 Stunden". */
export const ADDRESS_CONFIRM_LINK_SECONDS = 24 * 60 * 60;

const addressConfirm = defineTemplate({
  data: z.object({ language, name: z.string().default(""), token: z.string().min(1) }),
  // Whoever holds the token and the account's session can mark the address proven for a day.
  secretFields: ["token"],
  secretLifetimeSeconds: ADDRESS_CONFIRM_LINK_SECONDS,
});

// ---------------------------------------------------------------------------------------------
// booking-cancelled: to the guest after they cancelled in "Meine Buchungen", with the fee.
// booking-cancelled-operator: to the company e-mail for the same cancellation.
// Data (money in cents): { language?, guestName, bookingNumber, propertyTitle, propertyLocation,
//   checkIn, checkOut, nights, guests, totalPrice, paymentMethod, company: EmailCompany,
//   cancellationFee, wasPaid } (+ guestEmail for the operator). `wasPaid`: the booking was
//   received money, so what it paid above the fee is refunded (an open refund item, decision 047).

const cancelledFields = {
  language,
  guestName: z.string(),
  ...stayFields,
  cancellationFee: cents,
  wasPaid: z.boolean(),
  /**
   * Why, when the operator's side cancelled: "unpaid" = the automatic cancellation of a booking
   * whose deposit stayed unpaid (decision 047), with the due date that was missed; "operator" =
   * an admin cancelled it in /admin/bookings. Absent: the guest cancelled.
   */
  reason: z.enum(["unpaid", "operator"]).optional(),
  unpaidDueDate: calendarDay.optional(),
  /** "unpaid": the deadline the final notice named (decision 084); null before it existed */
  noticeDeadline: calendarDay.nullable().optional(),
  /**
   * What the booking had received when it was cancelled, and what the server owes back for this
   * cancellation (decision 104, `cancellationRefundMail`): `online` through Stripe to the
   * booking's method, `transfer` by bank transfer. Absent in rows queued before: the general
   * sentence about refunds.
   */
  amountPaid: cents.optional(),
  refund: z.object({ online: cents, transfer: cents }).optional(),
};
const feeNotAboveTotal = {
  path: ["cancellationFee"],
  message: "the cancellation fee cannot exceed the total",
};
const bookingCancelledSchema = z
  .object(cancelledFields)
  .refine((data) => data.cancellationFee <= data.totalPrice, feeNotAboveTotal);
const bookingCancelledOperatorSchema = z
  .object({
    ...cancelledFields,
    guestEmail: z.string(),
    /** The link goes to the booking's admin page (decision 107); absent in rows queued before. */
    bookingId: z.uuid().optional(),
  })
  .refine((data) => data.cancellationFee <= data.totalPrice, feeNotAboveTotal);

/** What `enqueueEmail(tx, { template: "booking-cancelled", data })` takes. */
export type BookingCancelledEmailData = z.input<typeof bookingCancelledSchema>;
/** What `enqueueEmail(tx, { template: "booking-cancelled-operator", data })` takes. */
export type BookingCancelledOperatorEmailData = z.input<typeof bookingCancelledOperatorSchema>;

const bookingCancelled = defineTemplate({ data: bookingCancelledSchema });
const bookingCancelledOperator = defineTemplate({ data: bookingCancelledOperatorSchema });

// ---------------------------------------------------------------------------------------------
// booking-confirmed: to the guest when an admin confirms the booking or its online payment does.
// Data: { language?, guestName, <stay fields>, company, receipt?, due?, bankAccount?, contract? }.

const bookingConfirmed = defineTemplate({
  data: z.object({
    language,
    guestName: z.string(),
    ...stayFields,
    /**
     * The receipt of the payment that confirmed the booking: an online payment (decision 044),
     * or a transfer an admin recorded with "zugleich bestätigen" (decision 104; `amount` is then
     * all the booking has received, `paidOn` the day of the latest transfer). What was paid and
     * when, and what is left with its due date (the one payment schedule); absent when an admin
     * confirmed without recording a payment.
     */
    receipt: z
      .object({
        amount: cents,
        paidOn: calendarDay,
        open: cents,
        nextDueDate: calendarDay.nullable(),
        /**
         * How the open balance will be paid (decision 066): charged to the method saved at the
         * checkout, or – PayPal could not be saved (decision 051) – through a payment link
         * e-mailed on its due date. "bank-transfer": the admin recorded a transfer, the guest
         * transfers the rest (decision 104), to `bankAccount` when given (decision 107).
         * "saved-method-earlier": an admin confirmed an online booking whose method was saved
         * at an earlier checkout; the balance job charges it (decision 107). Absent in rows
         * queued before: the saved method.
         */
        balanceBy: z
          .enum(["saved-method", "payment-link", "bank-transfer", "saved-method-earlier"])
          .default("saved-method"),
      })
      .optional(),
    /**
     * An admin confirmed without any payment received (decision 107): the payments still due,
     * in the order of the one payment schedule, which the guest transfers to `bankAccount`.
     * Absent otherwise and in rows queued before.
     */
    due: z
      .object({
        depositPercentage: z.number().int().min(0).max(100),
        items: z
          .array(
            z.object({
              kind: z.enum(["deposit", "balance", "full"]),
              amount: cents,
              dueDate: calendarDay,
            }),
          )
          .min(1),
      })
      .optional(),
    /**
     * The account the guest transfers to (decision 107), with `receipt.balanceBy`
     * "bank-transfer" or with `due`; absent when no account is active, and in rows queued
     * before: then the e-mail names no account.
     */
    bankAccount: bankAccountSchema.optional(),
    /**
     * The contract's content the confirmation carries on a durable medium (§ 312f Abs. 2 BGB,
     * decision 080), from `contractMail`: the cancellation terms stored with the booking, stated
     * as of `at` (the confirmation), and the property's Kurtaxe note (null: none). Absent in rows
     * queued before: the e-mail goes without that part. The terms are not range-checked here:
     * the domain clamps them (`feePercentage`), and a refusal would block the confirmation.
     */
    contract: z
      .object({
        freeCancellationHours: z.number().int(),
        cancellationFeePercentage: z.number().int(),
        at: z.iso.datetime({ offset: true }),
        touristTaxNote: z.string().nullable(),
        /**
         * The AGB this booking was made under, in the language it was made in (decision 087),
         * carried whole: the contract's content includes them (§ 312f Abs. 2 BGB). Null: the
         * booking is older than the record of its AGB, and no other text is put in its place.
         * Absent in rows queued before: as null.
         */
        terms: z
          .object({ language: z.enum(["de", "en"]), text: termsTextSchema })
          .nullable()
          .optional(),
      })
      .optional(),
  }),
});

// ---------------------------------------------------------------------------------------------
// checkout-expired: to the guest when the online payment of a held booking did not happen in
// time (or failed): the booking is cancelled, the dates are free again, they may try again.
// Data: { language?, guestName, <stay fields>, company, propertyId }.

const checkoutExpired = defineTemplate({
  data: z.object({ language, guestName: z.string(), ...stayFields, propertyId: z.uuid() }),
});

// ---------------------------------------------------------------------------------------------
// payment-details: "Zahlungsdaten senden" from the admin: the account, the amount to pay now,
// the booking number as the reference and an EPC QR code (GiroCode) drawn when the e-mail is
// rendered. Data (money in cents): { language?, guestName, <stay fields>, company,
//   account: { accountHolder, iban, bic, bankName }, amountDue, dueDate: day | null, openTotal }.

const paymentDetails = defineTemplate({
  data: z
    .object({
      language,
      guestName: z.string(),
      ...stayFields,
      account: bankAccountSchema,
      amountDue: cents.refine((value) => value > 0, "nothing to pay"),
      dueDate: calendarDay.nullable(),
      openTotal: cents,
    })
    .refine((data) => data.amountDue <= data.openTotal, {
      path: ["amountDue"],
      message: "the amount due cannot exceed what is open",
    }),
});
/** What `enqueueEmail(tx, { template: "payment-details", data })` takes. */
export type PaymentDetailsEmailData = z.input<typeof paymentDetails.data>;

// ---------------------------------------------------------------------------------------------
// payment-reminder: the bank-transfer reminders of the job (decision 047), 3 days before a due
// date ("upcoming"), the day after it was missed ("overdue") and the final notice before the
// automatic cancellation ("final", decision 084, with its `deadline`): the payment-details data
// plus which reminder and the due date it is about (`reminderDueDate`; `dueDate` is the row
// shown).

const paymentReminder = defineTemplate({
  data: z
    .object({
      language,
      guestName: z.string(),
      ...stayFields,
      account: bankAccountSchema,
      amountDue: cents.refine((value) => value > 0, "nothing to pay"),
      dueDate: calendarDay.nullable(),
      openTotal: cents,
      reminder: z.enum(["upcoming", "overdue", "final"]),
      reminderDueDate: calendarDay,
      deadline: calendarDay.optional(),
    })
    .refine((data) => data.amountDue <= data.openTotal, {
      path: ["amountDue"],
      message: "the amount due cannot exceed what is open",
    })
    .refine((data) => (data.reminder === "final") === (data.deadline !== undefined), {
      path: ["deadline"],
      message: "a final notice names its deadline, the other reminders none",
    }),
});
/** What `enqueueEmail(tx, { template: "payment-reminder", data })` takes. */
export type PaymentReminderEmailData = z.input<typeof paymentReminder.data>;

// ---------------------------------------------------------------------------------------------
// bank-account-changed: to every admin after a bank account was added, its IBAN changed or the
// default account changed. IBANs arrive masked (`maskIban`), so the outbox holds none in full.

const maskedIban = z.string().refine((value) => value.includes("•"), "expected a masked IBAN");
const bankAccountChanged = defineTemplate({
  data: z.object({
    language,
    actorName: z.string(),
    actorEmail: z.string(),
    /** ISO timestamp of the change. */
    changedAt: z.iso.datetime({ offset: true }),
    accountHolder: z.string(),
    reasons: z.array(z.enum(["added", "ibanChanged", "defaultChanged"])).min(1),
    oldIban: maskedIban.nullable(),
    newIban: maskedIban.nullable(),
    oldDefaultIban: maskedIban.nullable(),
    newDefaultIban: maskedIban.nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// balance-paid: to the guest when the balance of an online booking was charged (off-session on
// its due date, or paid through the payment link): the receipt (decision 049).
// balance-payment-link: to the guest when that charge failed (the bank asks for confirmation,
// the card was declined): a link to a Checkout Session for the balance, valid 24 hours.

const balancePaid = defineTemplate({
  data: z.object({
    language,
    guestName: z.string(),
    ...stayFields,
    amount: cents.refine((value) => value > 0, "nothing paid"),
    paidOn: calendarDay,
    paidTotal: cents,
  }),
});
const balancePaymentLink = defineTemplate({
  data: z.object({
    language,
    guestName: z.string(),
    ...stayFields,
    amount: cents.refine((value) => value > 0, "nothing to pay"),
    dueDate: calendarDay,
    paymentUrl: z.url(),
    /** ISO time the link stops working */
    linkExpiresAt: z.iso.datetime({ offset: true }),
    /**
     * Why there is a link (decision 066): the charge of the saved method failed, or no method
     * could be saved (PayPal, decision 051). Absent in rows queued before: a failed charge.
     */
    balanceBy: z.enum(["saved-method", "payment-link"]).default("saved-method"),
  }),
});

// ---------------------------------------------------------------------------------------------
// late-payment-refunded: to every admin when money arrived through Stripe for a booking that was
// no longer held (its reservation had run out, its nights may be someone else's) and is paid
// back in full automatically (decision 049, 051). Data: { language?, bookingId, bookingNumber,
// amount (cents), reason: "hold-expired" | "booking-cancelled" (a balance payment link paid
// after the cancellation) | "overpaid" (the part of a payment beyond what a booking still owed,
// decision 072: the booking stays as it is) }.

const latePaymentRefunded = defineTemplate({
  data: z.object({
    language,
    bookingId: z.uuid(),
    bookingNumber: z.string(),
    amount: cents.refine((value) => value > 0, "nothing to refund"),
    reason: z.enum(["hold-expired", "booking-cancelled", "overpaid"]),
  }),
});

// ---------------------------------------------------------------------------------------------
// overpayment-refunded: to the guest when money beyond what their booking still owed arrived
// online (the balance paid twice, decision 072) and that part is refunded automatically through
// Stripe to the method it came with (decision 076). The booking stays; `amount` is the part
// refunded (cents). Also when an admin recorded a transfer beyond what was open (decision 097)
// and that surplus goes back by transfer (decision 104): `refundBy: "bank-transfer"` with the
// transfer `received`.

const overpaymentRefunded = defineTemplate({
  data: z
    .object({
      language,
      guestName: z.string(),
      ...stayFields,
      amount: cents.refine((value) => value > 0, "nothing to refund"),
      /** how the surplus goes back; absent in rows queued before: through Stripe */
      refundBy: z.enum(["stripe", "bank-transfer"]).default("stripe"),
      /** "bank-transfer": the transfer the admin recorded (cents), of which `amount` is surplus */
      received: cents.optional(),
      /**
       * the transfer arrived for a booking already cancelled and goes back whole (decisions
       * 074, 105); absent: a surplus on a booking that stays
       */
      cancelled: z.boolean().optional(),
    })
    .refine((data) => data.refundBy === "stripe" || data.received !== undefined, {
      path: ["received"],
      message: "a surplus recorded by hand names the transfer it came with",
    }),
});

// ---------------------------------------------------------------------------------------------
// contact-reply: an admin's answer to a contact message (/admin/nachrichten), to the visitor, in
// the language they wrote in; replies go to the company e-mail, the Impressum is in the footer
// (decision 032). Data: { language?, firstName, subject, message (theirs, quoted), sentAt (ISO,
// when they wrote), reply, company: EmailCompany }.

const contactReply = defineTemplate({
  data: z.object({
    language,
    firstName: z.string(),
    subject: z.string(),
    message: z.string(),
    sentAt: z.iso.datetime({ offset: true }),
    reply: z.string().min(1),
    company: companySchema,
  }),
});

// ---------------------------------------------------------------------------------------------
// calendar-conflict: to every admin when an imported calendar brings an event whose nights are
// already taken here (decision 045). No guest data: the channel's event has none we keep.

const calendarConflict = defineTemplate({
  data: z.object({
    language,
    propertyId: z.string(),
    propertyTitle: z.string(),
    feedName: z.string(),
    checkIn: calendarDay,
    checkOut: calendarDay,
  }),
});

// calendar-stale: to every admin, once, when a feed has had no successful sync for 2 hours.
const calendarStale = defineTemplate({
  data: z.object({
    language,
    propertyId: z.string(),
    propertyTitle: z.string(),
    feedName: z.string(),
    /** ISO time of the last successful sync, or null for never. */
    lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------

/** New e-mails get an entry here and a component in `templates/<name>.tsx`. */
export const emailTemplates = {
  "contact-message": contactMessage,
  "contact-reply": contactReply,
  "contact-copy": contactCopy,
  "newsletter-confirm": newsletterConfirm,
  "booking-received": bookingReceived,
  "booking-new": bookingNew,
  "booking-cancelled": bookingCancelled,
  "booking-cancelled-operator": bookingCancelledOperator,
  "booking-confirmed": bookingConfirmed,
  "checkout-expired": checkoutExpired,
  "payment-details": paymentDetails,
  "payment-reminder": paymentReminder,
  "password-reset": passwordReset,
  "address-confirm": addressConfirm,
  "bank-account-changed": bankAccountChanged,
  "calendar-conflict": calendarConflict,
  "calendar-stale": calendarStale,
  "late-payment-refunded": latePaymentRefunded,
  "overpayment-refunded": overpaymentRefunded,
  "balance-paid": balancePaid,
  "balance-payment-link": balancePaymentLink,
};

export type EmailTemplateName = keyof typeof emailTemplates;
/** What a caller passes when queueing `template` (language may be left out: German). */
export type EmailTemplateData<K extends EmailTemplateName> = z.input<
  (typeof emailTemplates)[K]["data"]
>;
/** The checked data a template's component gets (defaults filled in). */
export type ParsedEmailData<K extends EmailTemplateName> = z.output<
  (typeof emailTemplates)[K]["data"]
>;

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(emailTemplates, name);
}

/** Checks the data of a queued e-mail; throws a ZodError when it does not fit the template. */
export function parseEmailData<K extends EmailTemplateName>(template: K, data: unknown) {
  return emailTemplates[template].data.parse(data) as ParsedEmailData<K>;
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

/**
 * Renders a stored e-mail (the outbox worker; tests). Throws on an unknown template or data that
 * does not fit it. The components and the renderer are loaded on the first call, not when this
 * module is: importing `@react-email/components` takes a second or two of CPU (it brings a
 * Tailwind compiler and a syntax highlighter along), which neither the server's start nor the
 * code that only queues e-mails should pay.
 */
export async function renderEmail(
  template: string,
  data: unknown,
  context: RenderContext,
): Promise<RenderedEmail> {
  if (!isEmailTemplateName(template)) throw new Error(`Unknown e-mail template "${template}"`);
  const parsed = parseEmailData(template, data);
  const { renderTemplate } = await import("./render.server");
  return renderTemplate(template, parsed, context);
}
