import { render } from "@react-email/render";
import { addressConfirm } from "./templates/address-confirm";
import { balancePaid, balancePaymentLink } from "./templates/balance";
import { bankAccountChanged } from "./templates/bank-account-changed";
import type { EmailTemplateName, ParsedEmailData, RenderContext, RenderedEmail } from "./templates";
import { bookingCancelled } from "./templates/booking-cancelled";
import { bookingCancelledOperator } from "./templates/booking-cancelled-operator";
import { bookingConfirmed } from "./templates/booking-confirmed";
import { bookingNew } from "./templates/booking-new";
import { bookingReceived } from "./templates/booking-received";
import { checkoutExpired } from "./templates/checkout-expired";
import { calendarConflict, calendarStale } from "./templates/calendar-alerts";
import { contactCopy } from "./templates/contact-copy";
import { contactMessage } from "./templates/contact-message";
import { contactReply } from "./templates/contact-reply";
import type { EmailContent } from "./templates/layout";
import { latePaymentRefunded } from "./templates/late-payment-refunded";
import { newsletterConfirm } from "./templates/newsletter-confirm";
import { overpaymentRefunded } from "./templates/overpayment-refunded";
import { passwordReset } from "./templates/password-reset";
import { paymentDetails } from "./templates/payment-details";
import { paymentReminder } from "./templates/payment-reminder";

/**
 * The component of every template and the one place that turns them into HTML. Loaded by
 * `renderEmail` (templates.ts) on the first e-mail: only the outbox worker and tests render, and
 * nothing here may reach the browser (`.server`).
 */
const components: {
  [K in EmailTemplateName]: (
    data: ParsedEmailData<K>,
    context: RenderContext,
  ) => EmailContent | Promise<EmailContent>;
} = {
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

/** Subject, plain text and HTML of a template whose data has been checked (`parseEmailData`). */
export async function renderTemplate<K extends EmailTemplateName>(
  template: K,
  data: ParsedEmailData<K>,
  context: RenderContext,
): Promise<RenderedEmail> {
  const content = await components[template](data, context);
  return { ...content, html: await render(content.html) };
}
