import { and, eq } from "drizzle-orm";
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type SiteSettings,
} from "~/features/settings/settings";
import { getSettings } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { isStripeConfigured } from "~/lib/stripe.server";

/** Why a method is not offered; null when it is. */
export type PaymentMethodUnavailableReason =
  /** switched off in the admin settings */
  | "disabledInSettings"
  /** bank transfer without an active bank account to pay into */
  | "noDefaultBankAccount"
  /** card and PayPal need a configured payment provider (Stripe) */
  | "providerNotConfigured";

export type OfferedPaymentMethod = {
  method: PaymentMethod;
  isOffered: boolean;
  reason: PaymentMethodUnavailableReason | null;
};

/** The methods a guest can use, from getOfferedPaymentMethods' answer. */
export const offeredOnly = (methods: readonly OfferedPaymentMethod[]): PaymentMethod[] =>
  methods.filter((m) => m.isOffered).map((m) => m.method);

/**
 * Offered = allowed in the settings AND operational (spec 04). The one place that decides it:
 * /zahlungsmethoden and the booking page both call this, so the info page never promises a
 * method the booking page will not offer. Every method is offered to every guest alike.
 *
 * `settings`: those a booking is stored with (createBooking's strict read, decision 078), so
 * the check and the stored terms come from one read; pages leave it out and get the rendering
 * read, with its defaults when the database cannot be read.
 */
export async function getOfferedPaymentMethods(
  settings?: Pick<SiteSettings, "allowedPaymentMethods">,
): Promise<OfferedPaymentMethod[]> {
  // Bank transfer needs the operator's default account (spec 04): that is the one guests pay to.
  const [{ allowedPaymentMethods }, defaultAccounts] = await Promise.all([
    settings ?? getSettings(),
    db()
      .select({ id: schema.bankAccount.id })
      .from(schema.bankAccount)
      .where(and(eq(schema.bankAccount.isDefault, true), eq(schema.bankAccount.isActive, true)))
      .limit(1),
  ]);
  // Both Stripe keys (decision 044): without the webhook secret no payment could be confirmed.
  const hasPaymentProvider = isStripeConfigured();

  return PAYMENT_METHODS.map((method) => {
    let reason: PaymentMethodUnavailableReason | null = null;
    if (!allowedPaymentMethods.includes(method)) reason = "disabledInSettings";
    else if (method === "bank-transfer" && defaultAccounts.length === 0)
      reason = "noDefaultBankAccount";
    else if (method !== "bank-transfer" && !hasPaymentProvider) reason = "providerNotConfigured";
    return { method, isOffered: reason === null, reason };
  });
}
