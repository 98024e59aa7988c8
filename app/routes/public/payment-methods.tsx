import { Check, CircleCheck, CreditCard, Landmark, Lock, Wallet } from "~/components/ui/icons";
import { LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { PageHeader } from "~/components/content/page-header";
import type { Route } from "./+types/payment-methods";
import type { PaymentMethodsContent } from "~/features/company/content-types";
import type { PaymentMethod } from "~/features/settings/settings";
import { getPageContentWithFacts } from "~/features/company/page-content.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/info";

export async function loader({ request }: Route.LoaderArgs) {
  const { content, facts } = await getPageContentWithFacts<PaymentMethodsContent>(
    "payment-methods",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
  // Only the offered methods are named (decision 031): a page listing "Kreditkarte – nicht
  // verfügbar" still tells guests about a way to pay that does not exist here.
  return { content, methods: facts.offeredPaymentMethods };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.content.title,
    description: args.data?.content.description,
  });

const icons: Record<PaymentMethod, typeof Landmark> = {
  "bank-transfer": Landmark,
  "credit-card": CreditCard,
  paypal: Wallet,
  "sepa-debit": Landmark,
};

export default function PaymentMethodsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { content, methods } = loaderData;
  return (
    <main id="main">
      <PageHeader title={content.heading} intro={content.intro} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <ul
          aria-label={t("info.payments.listLabel")}
          className="grid grid-cols-1 gap-6 md:grid-cols-3"
        >
          {methods.map((method) => {
            const Icon = icons[method];
            const text = content.methods[method];
            return (
              <li
                key={method}
                data-testid={`payment-method-${method}`}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h2 className="flex items-center gap-2 text-lg font-semibold text-secondary">
                  <Icon aria-hidden className="size-6" />
                  {t(`paymentMethods.${method}`)}
                </h2>
                <p className="mt-2">
                  <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-1 text-sm font-medium text-green-800">
                    <CircleCheck aria-hidden className="size-4" />
                    {t("info.payments.available")}
                  </span>
                </p>
                <p className="mt-3 text-slate-700">{text.description}</p>
                <ul className="mt-3 space-y-1 text-sm text-slate-700">
                  {text.points.map((point) => (
                    <li key={point} className="flex items-start gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                      <span className="min-w-0">{point}</span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>

        <section
          aria-labelledby="security-heading"
          className="mt-10 flex gap-4 rounded-xl border border-slate-200 bg-slate-50 p-6"
        >
          <Lock aria-hidden className="size-6 shrink-0 text-secondary" />
          <div>
            <h2 id="security-heading" className="text-lg font-semibold text-secondary">
              {content.security.heading}
            </h2>
            <p className="mt-2 text-slate-700">{content.security.text}</p>
          </div>
        </section>

        <p className="mt-8">
          <LinkButton to="/kontakt">{t("info.payments.contact")}</LinkButton>
        </p>
      </div>
    </main>
  );
}
