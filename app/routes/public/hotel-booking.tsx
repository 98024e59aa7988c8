import { Building2, Check, MapPin, Search } from "lucide-react";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/hotel-booking";
import { Card } from "~/components/content/card";
import { LinkButton } from "~/components/content/link-button";
import { ContentSection, PageHeader } from "~/components/content/page-header";
import type { HotelBookingContent } from "~/features/content/content-types";
import { formatEuro } from "~/features/content/format";
import { contactHref } from "~/features/content/links";
import { GUEST_OPTIONS } from "~/features/content/hotel-guests";
import { buildStaySearchUrl, dayAfter, type StaySearchError } from "~/lib/stay-search";
import { getContent } from "~/lib/content.server";
import { todayInBerlin } from "~/lib/dates";
import { languageFromCookie, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  const content = getContent<HotelBookingContent>(
    "hotel-booking",
    languageFromCookie(request.headers.get("cookie")),
  );
  // "Today" is the calendar day in Europe/Berlin; computed once so server and browser agree.
  return { ...content, today: todayInBerlin() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-secondary focus:ring-2 focus:ring-secondary/30 focus:outline-none aria-invalid:border-red-700";

const errorField: Record<StaySearchError, "checkIn" | "checkOut"> = {
  invalidDate: "checkIn",
  checkInPast: "checkIn",
  checkOutBeforeCheckIn: "checkOut",
  checkOutWithoutCheckIn: "checkOut",
};

export default function HotelBookingPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const { today } = loaderData;
  const [checkIn, setCheckIn] = useState("");
  const [error, setError] = useState<StaySearchError | null>(null);
  const invalid = error ? errorField[error] : null;

  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro} />
      <ContentSection
        id="hotel-search"
        title={loaderData.searchTitle}
        intro={loaderData.searchIntro}
      >
        {/* A GET form to /properties that works without JavaScript; with it, empty fields are
            left out and the dates get a German message. */}
        <Form
          method="get"
          action="/properties"
          noValidate
          aria-labelledby="hotel-search-heading"
          className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.3fr_auto] lg:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const value = (name: string) => String(data.get(name) ?? "");
            const result = buildStaySearchUrl(
              {
                location: value("location"),
                checkIn: value("checkIn"),
                checkOut: value("checkOut"),
                guests: value("guests"),
              },
              today,
              { maxGuests: 4 },
            );
            if ("error" in result) {
              setError(result.error);
              return;
            }
            setError(null);
            navigate(result.url);
          }}
        >
          <div>
            <label htmlFor="hotel-location" className="text-sm font-medium text-slate-800">
              {t("pages.hotels.destination")}
            </label>
            <input
              id="hotel-location"
              name="location"
              type="text"
              maxLength={100}
              placeholder={t("pages.hotels.destinationPlaceholder")}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="hotel-check-in" className="text-sm font-medium text-slate-800">
              {t("pages.hotels.checkIn")}
            </label>
            <input
              id="hotel-check-in"
              name="checkIn"
              type="date"
              min={today}
              value={checkIn}
              onChange={(event) => setCheckIn(event.target.value)}
              aria-invalid={invalid === "checkIn" || undefined}
              aria-describedby={invalid === "checkIn" ? "hotel-search-error" : undefined}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="hotel-check-out" className="text-sm font-medium text-slate-800">
              {t("pages.hotels.checkOut")}
            </label>
            <input
              id="hotel-check-out"
              name="checkOut"
              type="date"
              min={dayAfter(checkIn && checkIn >= today ? checkIn : today)}
              aria-invalid={invalid === "checkOut" || undefined}
              aria-describedby={invalid === "checkOut" ? "hotel-search-error" : undefined}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="hotel-guests" className="text-sm font-medium text-slate-800">
              {t("pages.hotels.guests")}
            </label>
            <select id="hotel-guests" name="guests" defaultValue="2" className={field}>
              {GUEST_OPTIONS.map((option) => (
                <option key={option.key} value={option.people}>
                  {t(`pages.hotels.guestOptions.${option.key}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary-strong px-6 py-2.5 font-semibold text-white hover:opacity-90"
          >
            <Search aria-hidden className="size-4" />
            {t("pages.hotels.search")}
          </button>
          {error && (
            <p
              id="hotel-search-error"
              role="alert"
              className="text-sm font-medium text-red-700 md:col-span-2 lg:col-span-5"
            >
              {t(`pages.hotels.errors.${error}`)}
            </p>
          )}
        </Form>
      </ContentSection>

      <ContentSection
        id="partner-hotels"
        title={loaderData.hotelsTitle}
        intro={loaderData.hotelsIntro}
      >
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
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
                      {amenity}
                    </li>
                  ))}
                </ul>
                <div className="mt-5 border-t border-slate-100 pt-4">
                  <p>
                    <span className="text-xl font-bold text-slate-900">
                      {t("pages.common.priceFrom", {
                        price: formatEuro(hotel.priceFrom, language),
                      })}
                    </span>{" "}
                    <span className="text-sm text-slate-600">{t("pages.common.perNight")}</span>
                  </p>
                  <LinkButton
                    to={contactHref(hotel.name)}
                    className="mt-3 w-full"
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
