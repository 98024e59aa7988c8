import { Building2, Mail, MapPin, Phone } from "~/components/ui/icons";
import { LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { PageHeader } from "~/components/content/page-header";
import type { Route } from "./+types/about";
import { loadSiteFacts } from "~/features/company/site-facts.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { formatMonthYear } from "~/components/property/host-card";
import { formatCount } from "~/features/content/format";
import type { AboutContent } from "~/features/company/content-types";
import { getSettings } from "~/features/settings/settings.server";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/info";

export async function loader({ request }: Route.LoaderArgs) {
  const [content, settings, facts] = await Promise.all([
    getPageContent<AboutContent>(
      "about",
      languageFromCookie(request.headers.get("cookie")),
      request,
    ),
    getSettings(),
    loadSiteFacts(todayInBerlin()),
  ]);
  return {
    content,
    facts,
    company: {
      name: settings.companyName,
      address: settings.companyAddress,
      postalCode: settings.companyPostalCode,
      city: settings.companyCity,
      country: settings.companyCountry,
      phone: settings.companyPhone,
      email: settings.companyEmail,
    },
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.content.title,
    description: args.data?.content.description,
  });

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { content, facts, company } = loaderData;
  // Only figures the database backs (decision 031); one that would read "0" is left out.
  const figures = [
    facts.guestsHosted > 0 && {
      testId: "guests-hosted",
      value: formatCount(facts.guestsHosted, language),
      label: t("info.about.guestsLabel"),
      note: t("info.about.guestsNote"),
    },
    facts.yearsHosting > 0 &&
      facts.firstArrival && {
        testId: "years-hosting",
        value: formatCount(facts.yearsHosting, language),
        label: t("info.about.yearsLabel", { count: facts.yearsHosting }),
        note: t("info.about.yearsNote", {
          date: formatMonthYear(facts.firstArrival.slice(0, 7), language),
        }),
      },
    {
      testId: "published-properties",
      value: formatCount(facts.publishedProperties, language),
      label: t("info.about.propertiesLabel"),
      note: t("info.about.propertiesNote"),
    },
    facts.destinations > 0 && {
      testId: "destinations",
      value: formatCount(facts.destinations, language),
      label: t("info.about.destinationsLabel"),
      note: t("info.about.destinationsNote"),
    },
  ].flatMap((figure) => (figure ? [figure] : []));
  return (
    <main id="main">
      <PageHeader title={content.heading} intro={content.intro} />

      <section aria-labelledby="mission-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="mission-heading" className="text-2xl font-semibold text-secondary">
          {content.mission.heading}
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 text-slate-700">
          {content.mission.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="figures-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="figures-heading" className="text-2xl font-semibold text-secondary">
            {content.figures.heading}
          </h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {figures.map((figure) => (
              <div
                key={figure.testId}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-5"
                data-testid={figure.testId}
              >
                <dt className="order-2 mt-1 font-medium text-slate-800">{figure.label}</dt>
                <dd className="order-1 text-3xl font-bold text-primary-strong">{figure.value}</dd>
                <dd className="order-3 mt-1 text-sm text-slate-600">{figure.note}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-slate-600">{content.figures.asOf}</p>
        </div>
      </section>

      <section aria-labelledby="company-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="company-heading" className="text-2xl font-semibold text-secondary">
            {content.company.heading}
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">{content.company.text}</p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="rounded-xl border border-slate-200 bg-white p-5">
              <dt className="flex items-center gap-2 font-medium text-slate-800">
                <Building2 aria-hidden className="size-4" />
                {t("info.about.company")}
              </dt>
              <dd className="mt-1 text-slate-700">{company.name}</dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-5">
              <dt className="flex items-center gap-2 font-medium text-slate-800">
                <MapPin aria-hidden className="size-4" />
                {t("info.about.address")}
              </dt>
              <dd className="mt-1 text-slate-700">
                {company.address}
                <br />
                {company.postalCode} {company.city}
                <br />
                {company.country}
              </dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-5">
              <dt className="flex items-center gap-2 font-medium text-slate-800">
                <Phone aria-hidden className="size-4" />
                {t("info.about.phone")}
              </dt>
              <dd className="mt-1">
                <a
                  href={`tel:${company.phone.replace(/[^+\d]/g, "")}`}
                  className="text-secondary underline underline-offset-2 hover:no-underline"
                >
                  {company.phone}
                </a>
              </dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-5">
              <dt className="flex items-center gap-2 font-medium text-slate-800">
                <Mail aria-hidden className="size-4" />
                {t("info.about.email")}
              </dt>
              <dd className="mt-1 break-all">
                <a
                  href={`mailto:${company.email}`}
                  className="text-secondary underline underline-offset-2 hover:no-underline"
                >
                  {company.email}
                </a>
              </dd>
            </div>
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton to="/kontakt">{t("info.about.contact")}</LinkButton>
            <LinkButton to="/impressum" variant="subtle">
              {t("info.about.imprint")}
            </LinkButton>
          </div>
        </div>
      </section>
    </main>
  );
}
