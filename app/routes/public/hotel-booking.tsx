import { Building2, Check, MapPin } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/hotel-booking";
import { StaySearchForm } from "~/components/stay-search-form";
import { Card } from "~/components/content/card";
import { LinkButton } from "~/components/ui/button";
import { ContentSection, PageHeader } from "~/components/content/page-header";
import type { HotelBookingContent } from "~/features/content/content-types";
import { contactHref } from "~/features/content/links";
import { GUEST_OPTIONS } from "~/features/content/hotel-guests";
import { getPageContent } from "~/features/company/page-content.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  const content = await getPageContent<HotelBookingContent>(
    "hotel-booking",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
  // "Today" is the calendar day in Europe/Berlin; computed once so server and browser agree.
  return { ...content, today: todayInBerlin() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function HotelBookingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();

  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro} />
      <ContentSection
        id="hotel-search"
        title={loaderData.searchTitle}
        intro={loaderData.searchIntro}
      >
        <StaySearchForm
          idPrefix="hotel-search"
          today={loaderData.today}
          aria-labelledby="hotel-search-heading"
          className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.3fr_auto] lg:items-end"
          guestOptions={GUEST_OPTIONS.map((option) => ({
            value: option.people,
            label: t(`pages.hotels.guestOptions.${option.key}`),
          }))}
          labels={{
            destination: t("pages.hotels.destination"),
            destinationPlaceholder: t("pages.hotels.destinationPlaceholder"),
            checkIn: t("pages.hotels.checkIn"),
            checkOut: t("pages.hotels.checkOut"),
            guests: t("pages.hotels.guests"),
            search: t("pages.hotels.search"),
            error: (error) => t(`pages.hotels.errors.${error}`),
          }}
        />
      </ContentSection>

      <ContentSection
        id="partner-hotels"
        title={loaderData.hotelsTitle}
        intro={loaderData.hotelsIntro}
      >
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.hotels.map((hotel) => (
            <li key={hotel.id} className="flex">
              <Card className="w-full">
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <MapPin aria-hidden className="size-4" />
                  {hotel.location}
                </p>
                <h3 className="mt-1 text-xl font-semibold text-secondary">{hotel.name}</h3>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                  <Building2 aria-hidden className="size-4" />
                  {t("pages.hotels.category", { stars: hotel.category })}
                </p>
                <p className="mt-3 text-slate-700">{hotel.description}</p>
                <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                  {hotel.amenities.map((amenity) => (
                    <li key={amenity} className="flex gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                      <span className="min-w-0">{amenity}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-5 border-t border-slate-100 pt-4">
                  <LinkButton
                    to={contactHref(hotel.name)}
                    className="w-full"
                    aria-label={t("pages.hotels.requestLabel", { name: hotel.name })}
                  >
                    {t("pages.hotels.request")}
                  </LinkButton>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </ContentSection>
    </main>
  );
}
