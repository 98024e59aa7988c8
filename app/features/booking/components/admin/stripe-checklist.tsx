import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { formatDate, type Language } from "~/lib/i18n";

export type StripeChecklist = {
  /** "test" for sk_test_/rk_test_ keys, "live" otherwise; null without a key. Never the key. */
  secretKey: "test" | "live" | null;
  hasWebhookSecret: boolean;
  /** What the operator registers in Stripe's dashboard. */
  webhookUrl: string;
  lastEvent: { type: string; receivedAt: string } | null;
  /** The events to select for the webhook in Stripe's dashboard (all the app acts on). */
  events: string[];
};

function Check({ done, label, children }: { done: boolean; label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const Icon = done ? CircleCheck : CircleAlert;
  return (
    <li className="flex gap-3">
      <Icon
        aria-hidden
        className={`mt-0.5 size-5 shrink-0 ${done ? "text-green-700" : "text-amber-700"}`}
      />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {label}
          {/* Not by colour alone: the state in words for everyone. */}
          <span className="sr-only">
            {" "}
            ({done ? t("adminPayments.ok") : t("adminPayments.open")})
          </span>
        </p>
        <div className="text-sm text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/**
 * /admin/settings › Buchungen: the Stripe checklist of spec/09-payments.md (decision 044) — keys
 * present (never shown), the webhook URL to register, and the last event received and when.
 */
export function StripeChecklistPanel({ checklist }: { checklist: StripeChecklist }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const isOperational = checklist.secretKey !== null && checklist.hasWebhookSecret;
  const last = checklist.lastEvent;
  const time = (iso: string) =>
    new Intl.DateTimeFormat(language === "en" ? "en-GB" : "de-DE", {
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Europe/Berlin",
    }).format(new Date(iso));
  const day = (iso: string) =>
    formatDate(
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date(iso)),
      language,
    );
  return (
    <section
      aria-labelledby="stripe-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="stripe-checklist"
    >
      <h3 id="stripe-heading" className="text-lg font-semibold text-slate-900">
        {t("adminPayments.heading")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t("adminPayments.intro")}</p>
      <p
        className={`mt-3 font-medium ${isOperational ? "text-green-800" : "text-amber-900"}`}
        data-testid="stripe-state"
      >
        {isOperational ? t("adminPayments.operational") : t("adminPayments.notConfigured")}
      </p>
      <ul className="mt-4 space-y-3">
        <Check done={checklist.secretKey !== null} label={t("adminPayments.secretKey")}>
          {checklist.secretKey === "test"
            ? t("adminPayments.presentTest")
            : checklist.secretKey
              ? t("adminPayments.present")
              : t("adminPayments.missing")}
        </Check>
        <Check done={checklist.hasWebhookSecret} label={t("adminPayments.webhookSecret")}>
          {checklist.hasWebhookSecret ? t("adminPayments.present") : t("adminPayments.missing")}
        </Check>
        <Check done={last !== null} label={t("adminPayments.webhookUrl")}>
          <code className="block break-all rounded bg-white px-2 py-1 font-mono text-slate-900">
            {checklist.webhookUrl}
          </code>
          <p className="mt-1 [overflow-wrap:anywhere]" data-testid="stripe-webhook-events">
            {t("adminPayments.webhookEvents", { events: checklist.events.join(", ") })}
          </p>
        </Check>
        <Check done={last !== null} label={t("adminPayments.lastEvent")}>
          <span data-testid="stripe-last-event">
            {last
              ? t("adminPayments.lastEventValue", {
                  type: last.type,
                  date: day(last.receivedAt),
                  time: time(last.receivedAt),
                })
              : t("adminPayments.noEvent")}
          </span>
        </Check>
      </ul>
    </section>
  );
}
