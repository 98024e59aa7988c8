import { Check, HeartPulse, Luggage, Phone, ShieldCheck } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/travel-insurance";
import { Accordion } from "~/components/content/accordion";
import { Badge, Card } from "~/components/content/card";
import { ContactCta } from "~/components/content/contact-cta";
import { LinkButton } from "~/components/ui/button";
import { ContentSection, PageHeader } from "~/components/content/page-header";
import type { TravelInsuranceContent } from "~/features/content/content-types";
import { formatEuro } from "~/features/content/format";
import { contactHref } from "~/features/content/links";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  return getPageContent<TravelInsuranceContent>(
    "travel-insurance",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

const benefitIcons = [ShieldCheck, HeartPulse, Luggage, Phone];

export default function TravelInsurancePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro} />
      <ContentSection id="plans" title={loaderData.plansTitle}>
        <ul className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
          {loaderData.plans.map((plan) => (
            <li key={plan.id} className="flex">
              <Card className="w-full" isHighlighted={plan.isRecommended}>
                {plan.isRecommended && <Badge>{t("pages.insurance.recommended")}</Badge>}
                <h3 className="text-xl font-semibold text-secondary">{plan.name}</h3>
                <p className="mt-2 text-slate-700">{plan.summary}</p>
                <p className="mt-4">
                  <span className="text-3xl font-bold text-slate-900">
                    {formatEuro(plan.price, language)}
                  </span>{" "}
                  <span className="text-sm text-slate-600">{t("pages.insurance.perTrip")}</span>
                </p>
                <ul className="mt-4 flex-1 space-y-2 text-slate-700">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                      <span className="min-w-0">{feature}</span>
                    </li>
                  ))}
                </ul>
                <LinkButton
                  to={contactHref(plan.name)}
                  variant={plan.isRecommended ? "primary" : "secondary"}
                  className="mt-6 w-full"
                  aria-label={t("pages.insurance.requestLabel", { plan: plan.name })}
                >
                  {t("pages.insurance.request")}
                </LinkButton>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-sm text-slate-600">{loaderData.note}</p>
      </ContentSection>

      <div className="bg-slate-50">
        <ContentSection id="benefits" title={loaderData.benefitsTitle}>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.benefits.map((benefit, index) => {
              const Icon = benefitIcons[index % benefitIcons.length];
              return (
                <li key={benefit.title} className="rounded-xl bg-white p-5 shadow-sm">
                  <Icon aria-hidden className="size-8 text-secondary" />
                  <h3 className="mt-3 font-semibold text-slate-900">{benefit.title}</h3>
                  <p className="mt-1 text-sm text-slate-700">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </ContentSection>
      </div>

      <ContentSection id="insurance-faq" title={loaderData.faqTitle}>
        <div className="mt-6 max-w-4xl">
          <Accordion
            items={loaderData.faq.map((entry, index) => ({
              id: `insurance-faq-${index}`,
              ...entry,
            }))}
          />
        </div>
      </ContentSection>
      <ContactCta
        title={loaderData.cta.title}
        text={loaderData.cta.text}
        label={t("pages.common.contactUs")}
      />
    </main>
  );
}
