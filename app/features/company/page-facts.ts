import { paymentTermsText } from "~/domain/payment-schedule";
import type { Language } from "~/lib/i18n";
import { PAYMENT_METHODS, type PaymentMethod } from "~/features/settings/settings";

/**
 * Facts that content texts may only state when they are true on this installation (decision
 * 031): which payment methods are offered right now, the opening hours and the payment schedule
 * from the settings.
 * Content files never name them directly; they use placeholders and conditional blocks:
 *
 * - `{paymentMethods}` in any text becomes the offered methods ("Banküberweisung, Kreditkarte
 *   oder PayPal" or just "Banküberweisung").
 * - `{openingHours}` becomes the opening hours of the settings.
 * - `{depositPercentage}` and `{balanceDueDays}` become the payment schedule's numbers (the
 *   settings' deposit share in percent and days before arrival the balance is due).
 * - `{fullPaymentDays}` becomes the days before arrival up to which a booking pays the whole
 *   price at once (the balance date would not come after the deposit's), from the same schedule.
 * - `{ "onlyWith": ["credit-card", "paypal"], "value": … }` anywhere in the content stands for
 *   `value` when at least one of the listed methods is offered; otherwise it disappears (from
 *   an array) or becomes null (as an object's field). So a sentence about card payments, an FAQ
 *   entry about PayPal or the Stripe paragraph of the privacy policy exist only while true.
 */
export type PageFacts = {
  offeredPaymentMethods: readonly PaymentMethod[];
  openingHours: string;
  /** whole percent, 0–100 (settings) */
  depositPercentage: number;
  /** whole days (settings) */
  balanceDueDays: number;
};

const METHOD_NAMES: Record<Language, Record<PaymentMethod, string>> = {
  de: {
    "bank-transfer": "Banküberweisung",
    "credit-card": "Kreditkarte",
    paypal: "PayPal",
    "sepa-debit": "SEPA-Lastschrift",
  },
  en: {
    "bank-transfer": "bank transfer",
    "credit-card": "credit card",
    paypal: "PayPal",
    "sepa-debit": "SEPA Direct Debit",
  },
};
const OR: Record<Language, string> = { de: "oder", en: "or" };
const NONE: Record<Language, string> = {
  de: "(derzeit keine Zahlungsart verfügbar)",
  en: "(no payment method available at the moment)",
};

/** "Banküberweisung", "Banküberweisung oder PayPal", "Banküberweisung, Kreditkarte oder PayPal". */
export function paymentMethodsPhrase(methods: readonly PaymentMethod[], language: Language) {
  // In the fixed order of PAYMENT_METHODS, whatever order the settings hold them in.
  const names = PAYMENT_METHODS.filter((m) => methods.includes(m)).map(
    (m) => METHOD_NAMES[language][m],
  );
  if (names.length === 0) return NONE[language];
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(", ")} ${OR[language]} ${names[names.length - 1]}`;
}

type Conditional = { onlyWith: unknown; value: unknown };

function isConditional(value: unknown): value is Conditional {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    "onlyWith" in value &&
    "value" in value
  );
}

const DROPPED = Symbol("dropped");

/**
 * The content as a visitor may see it: placeholders filled in, conditional blocks kept or
 * dropped. Pure, and it never mutates `content` (the shipped defaults are shared module state).
 */
export function resolvePageContent<T>(content: T, facts: PageFacts, language: Language): T {
  const methods = paymentMethodsPhrase(facts.offeredPaymentMethods, language);
  const fill = (text: string) =>
    text
      .replaceAll("{paymentMethods}", methods)
      .replaceAll("{openingHours}", facts.openingHours)
      .replaceAll("{depositPercentage}", String(facts.depositPercentage))
      .replaceAll("{balanceDueDays}", String(facts.balanceDueDays))
      .replaceAll("{fullPaymentDays}", String(paymentTermsText(facts).threshold));

  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return fill(value);
    if (Array.isArray(value)) return value.map(walk).filter((item) => item !== DROPPED);
    if (isConditional(value)) {
      const wanted = Array.isArray(value.onlyWith) ? value.onlyWith : [];
      const applies = wanted.some((m) => facts.offeredPaymentMethods.includes(m as PaymentMethod));
      return applies ? walk(value.value) : DROPPED;
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, child]) => {
          const resolved = walk(child);
          return [key, resolved === DROPPED ? null : resolved];
        }),
      );
    }
    return value;
  };
  const resolved = walk(content);
  return (resolved === DROPPED ? null : resolved) as T;
}
