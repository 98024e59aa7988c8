import { Check, Copy } from "~/components/ui/icons";
import { useId, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Table, Td, Th } from "~/components/ui/table";
import { useTranslation } from "~/lib/i18n-react";
import type { BankAccount } from "~/features/booking/booking-confirmation.server";
import {
  formatIban,
  paymentSchedule,
  paymentTermsText,
  type PaymentTerms,
} from "~/domain/payment-schedule";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import "~/locales/texts/booking-success";

export type PaymentInstructionsProps = {
  bookingNumber: string;
  /** cents, the stored total */
  totalPrice: number;
  /** The day the booking was made (Europe/Berlin), "YYYY-MM-DD". */
  bookingDay: string;
  checkIn: string;
  /** The terms stored with the booking. */
  paymentTerms: PaymentTerms;
  /** The operator's default account; null when there is none (the guest is told to wait). */
  bankAccount: BankAccount | null;
  /** the EPC QR code for the amount to pay next (server-made SVG data URL) */
  paymentQr?: { dataUrl: string; amount: number } | null;
  headingLevel?: "h2" | "h3";
};

/**
 * How to pay a bank-transfer booking: the operator's account, the booking number as the
 * payment reference, and the amounts with due dates from `paymentSchedule` (the same rule as
 * the e-mail and AGB § 3). Used by the success page and the guest dashboard.
 */
export function PaymentInstructions({
  bookingNumber,
  totalPrice,
  bookingDay,
  checkIn,
  paymentTerms,
  bankAccount,
  paymentQr = null,
  headingLevel: Heading = "h2",
}: PaymentInstructionsProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const headingId = useId();
  const SubHeading = Heading === "h2" ? "h3" : "h4";
  const schedule = paymentSchedule({ total: totalPrice, bookingDay, checkIn, ...paymentTerms });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="payment-instructions"
    >
      <Heading id={headingId} className="text-xl font-semibold text-secondary">
        {t("bookingSuccess.payment.heading")}
      </Heading>
      {bankAccount ? (
        <>
          <p className="mt-2 text-slate-700">{t("bookingSuccess.payment.intro")}</p>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 sm:grid-cols-[auto_1fr] sm:gap-y-2">
            <Row label={t("bookingSuccess.payment.accountHolder")}>{bankAccount.accountHolder}</Row>
            <Row
              label={t("bookingSuccess.payment.iban")}
              copy={bankAccount.iban.replace(/\s+/g, "").toUpperCase()}
            >
              <span className="font-mono" data-testid="iban">
                {formatIban(bankAccount.iban)}
              </span>
            </Row>
            <Row label={t("bookingSuccess.payment.bic")}>
              <span className="font-mono">{bankAccount.bic}</span>
            </Row>
            <Row label={t("bookingSuccess.payment.bank")}>{bankAccount.bankName}</Row>
            <Row label={t("bookingSuccess.payment.reference")} copy={bookingNumber}>
              <span className="font-mono font-semibold" data-testid="payment-reference">
                {bookingNumber}
              </span>
            </Row>
          </dl>
          <p className="mt-3 text-sm text-slate-700">{t("bookingSuccess.payment.referenceHint")}</p>

          {paymentQr && (
            <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
              <img
                src={paymentQr.dataUrl}
                width={176}
                height={176}
                alt={t("bookingSuccess.payment.qrAlt", {
                  amount: formatMoney(paymentQr.amount, language),
                })}
                className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white"
                data-testid="payment-qr"
              />
              <div>
                <SubHeading className="text-lg font-semibold text-secondary">
                  {t("bookingSuccess.payment.qrHeading")}
                </SubHeading>
                <p className="mt-1 text-sm text-slate-700">
                  {t("bookingSuccess.payment.qrHint", {
                    amount: formatMoney(paymentQr.amount, language),
                  })}
                </p>
              </div>
            </div>
          )}

          <SubHeading className="mt-6 text-lg font-semibold text-secondary">
            {t("bookingSuccess.payment.schedule")}
          </SubHeading>
          <Table caption={t("bookingSuccess.payment.schedule")} hideCaption className="mt-2">
            <thead>
              <tr>
                <Th>{t("bookingSuccess.payment.kind")}</Th>
                <Th className="text-right">{t("bookingSuccess.payment.amount")}</Th>
                <Th>{t("bookingSuccess.payment.dueDate")}</Th>
              </tr>
            </thead>
            <tbody>
              {schedule.map((payment) => (
                <tr key={payment.kind} data-testid="scheduled-payment">
                  <Th scope="row">
                    {t(
                      `bookingSuccess.payment.kinds.${payment.kind}`,
                      paymentTermsText(paymentTerms),
                    )}
                  </Th>
                  <Td className="text-right font-semibold tabular-nums">
                    {formatMoney(payment.amount, language)}
                  </Td>
                  <Td className="tabular-nums">{formatDate(payment.dueDate, language)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p className="mt-3 text-sm text-slate-700">
            {t("bookingSuccess.payment.rule", paymentTermsText(paymentTerms))}{" "}
            <Link
              to="/agb#zahlung"
              className="text-secondary underline underline-offset-2 hover:no-underline"
            >
              {t("bookingSuccess.payment.termsLink")}
            </Link>
          </p>
        </>
      ) : (
        <p className="mt-2 text-slate-700">{t("bookingSuccess.payment.noAccount")}</p>
      )}
    </section>
  );
}

function Row({
  label,
  copy,
  children,
}: {
  label: string;
  /** Text a copy button puts on the clipboard (only where the browser offers a clipboard). */
  copy?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <dt className="mt-2 text-sm text-slate-700 sm:mt-0 sm:self-center sm:text-base">{label}</dt>
      <dd className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 font-medium text-slate-900">
        {children}
        {copy && <CopyButton value={copy} label={label} />}
      </dd>
    </>
  );
}

const noSubscription = () => () => {};

/** True once hydrated in a browser with a clipboard (secure context); false on the server. */
function useHasClipboard() {
  return useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== "undefined" && Boolean(navigator.clipboard?.writeText),
    () => false,
  );
}

/**
 * Rendered only where it works: without JavaScript (or without a clipboard) the values are
 * plain selectable text and no button is shown.
 */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const hasClipboard = useHasClipboard();
  const [isCopied, setIsCopied] = useState(false);
  if (!hasClipboard) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 3_000);
    } catch {
      setIsCopied(false);
    }
  };
  return (
    <>
      <Button
        variant="subtle"
        size="sm"
        onClick={() => void copy()}
        aria-label={
          isCopied
            ? t("bookingSuccess.payment.copied", { label })
            : t("bookingSuccess.payment.copy", { label })
        }
      >
        {isCopied ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
        {isCopied ? t("bookingSuccess.payment.copiedShort") : t("bookingSuccess.payment.copyShort")}
      </Button>
      <span role="status" className="sr-only">
        {isCopied ? t("bookingSuccess.payment.copied", { label }) : ""}
      </span>
    </>
  );
}
