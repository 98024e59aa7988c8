import { MapPin } from "lucide-react";
import { data } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/destination";
import { Card } from "~/components/content/card";
import { LinkButton } from "~/components/ui/button";
import { PageHeader } from "~/components/content/page-header";
import { Stars } from "~/components/content/stars";
import { REGIONS, type DestinationsContent, type Region } from "~/features/content/content-types";
import { formatEuro, formatRating } from "~/features/content/format";
import { propertiesByLocationHref } from "~/features/content/links";
import { getContent } from "~/features/content/content.server";
import { languageFromCookie, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";

const isRegion = (value: string | undefined): value is Region =>
  (REGIONS as readonly string[]).includes(value ?? "");

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isRegion(params.region)) throw data(null, { status: 404 });
  const content = await getContent<DestinationsContent>(
    "destinations",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
  return { ...content.regions[params.region], ratingNote: content.ratingNote };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function DestinationPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
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
        <ul className="grid gap-6 sm:grid-cols-2">
          {loaderData.destinations.map((destination) => (
            <li key={destination.title} className="flex">
              <Card className="w-full">
                <p className="flex items-center gap-1.5 text-sm font-medium text-slate-600">
                  <MapPin aria-hidden className="size-4" />
                  {destination.country}
                </p>
                <h3 className="mt-1 text-xl font-semibold text-secondary">{destination.title}</h3>
                <p className="mt-3 flex-1 text-slate-700">{destination.description}</p>
                <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <Stars value={destination.rating} />
                  <span>
                    {t("pages.destination.editorialRating")}:{" "}
                    <span className="font-semibold">
                      {t("pages.common.ratingOutOf", {
                        rating: formatRating(destination.rating, language),
                      })}
                    </span>
                  </span>
                </p>
                <div className="mt-4 flex flex-wrap items-end justify-between gap-4 border-t border-slate-100 pt-4">
                  <p>
                    <span className="text-2xl font-bold text-slate-900">
                      {t("pages.common.priceFrom", {
                        price: formatEuro(destination.priceFrom, language),
                      })}
                    </span>{" "}
                    <span className="text-sm text-slate-600">
                      {t("pages.destination.forDuration", { duration: destination.duration })}
                    </span>
                  </p>
                  <LinkButton
                    to={propertiesByLocationHref(destination.searchLocation)}
                    aria-label={t("pages.destination.bookNowLabel", {
                      destination: destination.title,
                    })}
                  >
                    {t("pages.destination.bookNow")}
                  </LinkButton>
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-sm text-slate-600">{loaderData.ratingNote}</p>
      </section>
    </main>
  );
}
