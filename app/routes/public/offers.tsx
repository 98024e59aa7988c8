import { CalendarClock, MapPin } from "~/components/ui/icons";
import { localizedLocation } from "~/lib/country-names.server";
import { LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { PageHeader } from "~/components/content/page-header";
import type { Route } from "./+types/offers";
import type { OffersContent } from "~/features/company/content-types";
import { listActiveOffers } from "~/features/company/offers.server";
import { getPageContent } from "~/features/company/page-content.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { formatDate, formatMoney, languageFromCookie, type Language } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/info";

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const [content, offers] = await Promise.all([
    getPageContent<OffersContent>("offers", language, request),
    listActiveOffers(todayInBerlin()),
  ]);
  return {
    content,
    // The stored location is German ("Sylt, Deutschland"); its country in the page's language.
    offers: offers.map((offer) => ({
      ...offer,
      location: localizedLocation(offer.location, language),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.content.title,
    description: args.data?.content.description,
  });

export default function OffersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { content, offers } = loaderData;
  return (
    <main id="main">
      <PageHeader title={content.heading} intro={content.intro} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {offers.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg text-slate-700">{t("info.offers.empty")}</p>
            <LinkButton to="/properties" className="mt-4">
              {t("info.offers.browseAll")}
            </LinkButton>
          </div>
        ) : (
          <ul
            aria-label={t("info.offers.listLabel")}
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {offers.map((offer, index) => {
              const cover = offer.image ? imageUrls(offer.image) : undefined;
              const percent = Math.round((1 - offer.offerPrice / offer.pricePerNight) * 100);
              return (
                <li
                  key={offer.id}
                  data-testid="offer"
                  className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
                >
                  <div className="relative">
                    {cover?.src ? (
                      <img
                        src={cover.src}
                        srcSet={cover.srcSet}
                        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                        alt={offer.title}
                        width={offer.image?.width ?? 800}
                        height={offer.image?.height ?? 533}
                        loading={index < 3 ? "eager" : "lazy"}
                        className="aspect-[3/2] w-full object-cover"
                      />
                    ) : (
                      <div className="aspect-[3/2] w-full bg-slate-200" />
                    )}
                    {percent > 0 && (
                      <span className="absolute top-3 left-3 rounded-full bg-primary-strong px-3 py-1 text-sm font-semibold text-white">
                        <span aria-hidden>{t("info.offers.discount", { percent })}</span>
                        <span className="sr-only">
                          {t("info.offers.discountLabel", { percent })}
                        </span>
                      </span>
                    )}
                  </div>
                  <div className="flex flex-1 flex-col p-4">
                    <h2 className="text-lg font-semibold text-secondary">{offer.title}</h2>
                    <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                      <MapPin aria-hidden className="size-4" />
                      {offer.location}
                    </p>
                    <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
                      <span className="sr-only">{t("info.offers.regularPrice")}: </span>
                      <s className="text-slate-600" data-testid="regular-price">
                        {formatMoney(offer.pricePerNight, language)}
                      </s>
                      <span className="sr-only">{t("info.offers.offerPrice")}: </span>
                      <strong className="text-xl text-slate-900" data-testid="offer-price">
                        {formatMoney(offer.offerPrice, language)}
                      </strong>
                      <span className="text-sm text-slate-600">{t("common.perNight")}</span>
                    </p>
                    <p className="mt-2 flex items-center gap-1 text-sm text-slate-700">
                      <CalendarClock aria-hidden className="size-4" />
                      {t("info.offers.validUntil", {
                        date: formatDate(offer.offerEndDate, language),
                      })}
                    </p>
                    <LinkButton
                      to={`/properties/${offer.id}`}
                      size="md"
                      className="mt-4 self-start"
                    >
                      <span aria-hidden>{t("info.offers.view")}</span>
                      <span className="sr-only">
                        {t("info.offers.viewLabel", { title: offer.title })}
                      </span>
                    </LinkButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </main>
  );
}
