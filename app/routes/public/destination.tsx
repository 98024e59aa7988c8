import { MapPin } from "~/components/ui/icons";
import { data } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/destination";
import { Card } from "~/components/content/card";
import { LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/content/page-header";
import { type DestinationsContent } from "~/features/content/content-types";
import { propertiesByLocationHref } from "~/features/content/links";
import { getPageContent } from "~/features/company/page-content.server";
import { groupByCountry, listPlaces } from "~/features/properties/destinations.server";
import { isDestinationRegion } from "~/features/properties/regions";
import { todayInBerlin } from "~/domain/calendar-day";
import { formatMoney, languageFromCookie, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { countryName } from "~/lib/country-names.server";
import "~/locales/texts/pages";

/**
 * A region page lists the operator's real destinations there (decision 031): the countries and
 * cities with published properties, how many, and the lowest price of a night booked today.
 * Editorial text from the content is shown beside a country only while it has properties.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const region = params.region;
  if (!isDestinationRegion(region)) throw data(null, { status: 404 });
  const language = languageFromCookie(request.headers.get("cookie"));
  const [content, places] = await Promise.all([
    getPageContent<DestinationsContent>("destinations", language, request),
    listPlaces(todayInBerlin()),
  ]);
  const page = content.regions[region];
  const notes = new Map(page.notes.map((note) => [note.country.trim(), note.text]));
  return {
    title: page.title,
    description: page.description,
    intro: page.intro,
    countries: groupByCountry(places, region).map((country) => ({
      ...country,
      // Shown in the page's language; links and notes keep the stored name.
      name: countryName(country.country, language),
      note: notes.get(country.country) ?? null,
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function DestinationPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { countries } = loaderData;
  const priceFrom = (cents: number) =>
    t("pages.destination.priceFromPerNight", { price: formatMoney(cents, language) });
  return (
    <main id="main">
      <PageHeader
        kicker={t("nav.destinations")}
        title={loaderData.title}
        intro={loaderData.intro}
      />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="destinations-heading">
        <h2 id="destinations-heading" className="sr-only">
          {loaderData.title}
        </h2>
        {countries.length === 0 ? (
          <div className="max-w-3xl" data-testid="region-empty">
            <p className="text-lg font-medium text-slate-900">{t("pages.destination.empty")}</p>
            <p className="mt-2 text-slate-700">{t("pages.destination.emptyHint")}</p>
            <LinkButton to="/properties" className="mt-6">
              {t("pages.destination.searchAll")}
            </LinkButton>
          </div>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2" data-testid="destination-list">
              {countries.map((country) => (
                <li key={country.country} className="flex">
                  <Card className="w-full">
                    <h3 className="flex items-center gap-1.5 text-xl font-semibold text-secondary">
                      <MapPin aria-hidden className="size-5" />
                      {country.name}
                    </h3>
                    <p className="mt-1 text-sm text-slate-700">
                      {t("pages.destination.properties", { count: country.properties })}
                      {" · "}
                      <span className="font-semibold text-slate-900">
                        {priceFrom(country.lowestNightlyPrice)}
                      </span>
                    </p>
                    {country.note && <p className="mt-3 text-slate-700">{country.note}</p>}
                    <h4 className="mt-4 text-sm font-semibold text-slate-900">
                      {t("pages.destination.cities")}
                    </h4>
                    <ul className="mt-2 flex-1 space-y-1 text-sm">
                      {country.cities.map((city) => (
                        <li key={city.city} className="flex flex-wrap justify-between gap-x-3">
                          <a
                            href={propertiesByLocationHref(city.city)}
                            className="text-secondary underline underline-offset-2 hover:no-underline"
                          >
                            {city.city}
                          </a>
                          <span className="text-slate-700">
                            {t("pages.destination.properties", { count: city.properties })}
                            {" · "}
                            {priceFrom(city.lowestNightlyPrice)}
                          </span>
                        </li>
                      ))}
                    </ul>
                    <div className="mt-4 border-t border-slate-100 pt-4">
                      <LinkButton
                        to={propertiesByLocationHref(country.country)}
                        aria-label={t("pages.destination.showAllLabel", {
                          destination: country.name,
                        })}
                      >
                        {t("pages.destination.showAll")}
                      </LinkButton>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            <p className="mt-8 max-w-3xl text-sm text-slate-600">
              {t("pages.destination.priceNote")}
            </p>
          </>
        )}
      </section>
    </main>
  );
}
