import { Check, Clock, Users } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/travel-packages";
import { Badge, Card } from "~/components/content/card";
import { ContactCta } from "~/components/content/contact-cta";
import { LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/content/page-header";
import type { TravelPackagesContent } from "~/features/content/content-types";
import { contactHref } from "~/features/content/links";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  return getPageContent<TravelPackagesContent>(
    "travel-packages",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function TravelPackagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="packages-heading">
        <h2 id="packages-heading" className="sr-only">
          {loaderData.title}
        </h2>
        <ul className="grid grid-cols-1 gap-8 lg:grid-cols-3">
          {loaderData.packages.map((travelPackage) => (
            <li key={travelPackage.id} className="flex">
              <Card className="w-full" isHighlighted={travelPackage.isBestseller}>
                {travelPackage.isBestseller && <Badge>{t("pages.packages.bestseller")}</Badge>}
                <h3 className="text-xl font-semibold text-secondary">{travelPackage.title}</h3>
                <p className="mt-2 text-slate-700">{travelPackage.description}</p>
                <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                  <div>
                    <dt className="flex items-center gap-1.5 text-slate-600">
                      <Clock aria-hidden className="size-4" />
                      {t("pages.packages.duration")}
                    </dt>
                    <dd className="font-medium text-slate-900">{travelPackage.duration}</dd>
                  </div>
                  <div>
                    <dt className="flex items-center gap-1.5 text-slate-600">
                      <Users aria-hidden className="size-4" />
                      {t("pages.packages.groupSize")}
                    </dt>
                    <dd className="font-medium text-slate-900">{travelPackage.groupSize}</dd>
                  </div>
                </dl>
                <h4 className="mt-5 font-semibold text-slate-900">
                  {t("pages.packages.highlights")}
                </h4>
                <ul className="mt-2 flex-1 space-y-1.5 text-slate-700">
                  {travelPackage.highlights.map((highlight) => (
                    <li key={highlight} className="flex gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                      <span className="min-w-0">{highlight}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-6 border-t border-slate-100 pt-4">
                  <LinkButton
                    to={contactHref(travelPackage.title)}
                    className="w-full"
                    aria-label={t("pages.packages.requestLabel", { title: travelPackage.title })}
                  >
                    {t("pages.packages.request")}
                  </LinkButton>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <ContactCta
        title={loaderData.cta.title}
        text={loaderData.cta.text}
        label={t("pages.common.contactUs")}
      />
    </main>
  );
}
