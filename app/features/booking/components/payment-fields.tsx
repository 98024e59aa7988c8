import { Building2, CreditCard, Landmark, Wallet } from "~/components/ui/icons";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import {
  isTooLateFor,
  paymentSchedule,
  paymentTermsText,
  type PaymentTerms,
} from "~/domain/payment-schedule";
import type { PaymentMethod } from "~/features/settings/settings";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { Banner } from "~/components/ui/banner";
import { fieldId } from "./details-fields";
import type { ReactNode } from "react";
import "~/locales/texts/booking";

const errorId = `${fieldId("paymentMethod")}-error`;

const ICONS = {
  "bank-transfer": Building2,
  "credit-card": CreditCard,
  paypal: Wallet,
  "sepa-debit": Landmark,
} as const;

/**
 * Step 3: the offered payment methods as radio cards (real radio inputs in a radiogroup), the
 * payment rule for bank transfer and the cancellation terms from the settings. Without any
 * offered method the page says so and points to the contact page.
 */
export function PaymentFields({
  methods,
  value,
  error,
  onChange,
  freeCancellationHours,
  cancellationFeePercentage,
  stay,
  paymentTerms,
  stayCancellation,
}: {
  /** only the offered methods */
  methods: readonly PaymentMethod[];
  value: string;
  /** translated message */
  error?: string;
  onChange: (method: PaymentMethod) => void;
  freeCancellationHours: number;
  cancellationFeePercentage: number;
  /** the chosen stay's total, today and Anreise, for the bank-transfer schedule; null while there is no bookable stay */
  stay: { total: number; bookingDay: string; checkIn: string } | null;
  /** the settings' deposit share and balance days, named in the note */
  paymentTerms: PaymentTerms;
  /** the terms computed for the chosen stay (StayCancellationTerms); null without a stay */
  stayCancellation?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  // The payment rule applied to the chosen stay.
  const bankTransferSchedule = stay ? paymentSchedule({ ...stay, ...paymentTerms }) : null;
  return (
    <div className="space-y-5">
      {methods.length === 0 ? (
        <Banner tone="warning" announce="none" testId="no-payment-method">
          <p>
            {t("booking.payment.noneOffered")}{" "}
            <Link to="/kontakt" className="font-medium underline underline-offset-2">
              {t("booking.payment.noneOfferedContact")}
            </Link>
            {t("booking.payment.noneOfferedRest")}
          </p>
        </Banner>
      ) : (
        <fieldset
          role="radiogroup"
          aria-labelledby="booking-payment-legend"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        >
          <legend id="booking-payment-legend" className="text-sm font-medium text-slate-800">
            {t("booking.payment.methodLegend")}{" "}
            <span aria-hidden className="text-red-700">
              *
            </span>
          </legend>
          <div className="mt-2 grid gap-3">
            {methods.map((method, i) => {
              const Icon = ICONS[method];
              const id =
                i === 0 ? fieldId("paymentMethod") : `${fieldId("paymentMethod")}-${method}`;
              return (
                <label
                  key={method}
                  htmlFor={id}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-4 hover:border-secondary has-[:checked]:border-secondary has-[:checked]:bg-secondary/5 has-[:checked]:ring-1 has-[:checked]:ring-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-secondary"
                >
                  <input
                    id={id}
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    required
                    // SEPA for an arrival less than 14 days away: its hint says why.
                    disabled={!!stay && isTooLateFor(method, stay.bookingDay, stay.checkIn)}
                    checked={value === method}
                    onChange={() => onChange(method)}
                    aria-labelledby={`${id}-name`}
                    aria-describedby={`${id}-hint`}
                    className="mt-1 size-4 accent-secondary"
                  />
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-secondary" />
                  <span>
                    <span id={`${id}-name`} className="block font-medium text-slate-900">
                      {t(`paymentMethods.${method}`)}
                    </span>
                    <span id={`${id}-hint`} className="block text-sm text-slate-600">
                      {t(`booking.payment.methodHints.${method}`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {error && (
            <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      )}

      {methods.includes("bank-transfer") && (
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <p>{t("booking.payment.bankTransferNote", paymentTermsText(paymentTerms))}</p>
          {bankTransferSchedule && (
            <>
              <p className="mt-2 font-medium text-slate-900">
                {t("booking.payment.schedule.heading")}
              </p>
              <ul className="mt-1 list-disc pl-5" data-testid="payment-schedule">
                {bankTransferSchedule.map((payment) => (
                  <li key={payment.kind}>
                    {t(`booking.payment.schedule.${payment.kind}`, {
                      ...paymentTermsText(paymentTerms),
                      amount: formatMoney(payment.amount, language),
                      date: formatDate(payment.dueDate, language),
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          {t("booking.payment.cancellationHeading")}
        </h3>
        {stayCancellation && <div className="mt-1">{stayCancellation}</div>}
        <p className="mt-1 text-sm text-slate-700" data-testid="cancellation-terms">
          {t("booking.payment.cancellation", {
            hours: freeCancellationHours,
            percent: cancellationFeePercentage,
          })}
        </p>
      </div>
    </div>
  );
}
