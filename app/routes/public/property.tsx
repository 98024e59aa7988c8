import { ArrowLeft, Bath, BedDouble, MapPin, Users } from "~/components/ui/icons";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/property";
import { PriceBox } from "~/components/property/price-box";
import { resolvePropertyFacts } from "~/domain/property-facts";
import { PropertyGallery } from "~/components/property/property-gallery";
import { RatingSummary } from "~/components/property/rating-summary";
import { deferred } from "~/components/deferred";
import { getCurrentUser } from "~/features/accounts/session.server";
import { nightlyPriceOn, type PricedProperty } from "~/domain/price";
import { listBookedStays } from "~/features/properties/availability.server";
import {
  getPublishedPropertyDetail,
  isPropertyId,
  parseInitialStay,
} from "~/features/properties/property-detail.server";
import { getSettings } from "~/features/settings/settings.server";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { bookingHorizonEnd } from "~/domain/availability";
import { listSeasons, pageSeasons } from "~/features/properties/seasons.server";
import { imageUrls } from "~/lib/image-urls";
import { pageMeta } from "~/lib/seo";
import { localizedLocation } from "~/lib/country-names.server";
import { languageFromCookie } from "~/lib/i18n";
import { useRootData } from "~/root";
import { translate } from "~/lib/i18n";
import "~/locales/texts/property";
import "~/locales/texts/stay";

// Below the fold (or, for the structured data, not seen at all): their code loads after the
// page's own, the server renders them in full (decision 058).
const PropertyFactsSection = deferred(
  () => import("~/components/property/property-facts"),
  "PropertyFactsSection",
  { withModule: true },
);
const PropertyLocation = deferred(
  () => import("~/components/property/property-facts"),
  "PropertyLocation",
  { withModule: true },
);
const AmenityList = deferred(() => import("~/components/property/amenity-list"), "AmenityList", {
  withModule: true,
});
const HostCard = deferred(() => import("~/components/property/host-card"), "HostCard", {
  withModule: true,
});
const PropertyReviews = deferred(
  () => import("~/components/property/property-reviews"),
  "PropertyReviews",
  { withModule: true },
);
const PropertyJsonLd = deferred(
  () => import("~/components/property/property-json-ld"),
  "PropertyJsonLd",
  { withModule: true },
);

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // One address per property: an id in capitals is the same property, shown at its own URL.
  if (isPropertyId(params.id) && params.id !== params.id.toLowerCase())
    throw redirect(`/properties/${params.id.toLowerCase()}${url.search}`, 301);
  const today = todayInBerlin();
  const [property, settings, user, bookedStays] = await Promise.all([
    getPublishedPropertyDetail(params.id),
    getSettings(),
    getCurrentUser(request),
    listBookedStays(params.id, today),
  ]);
  // Unknown ids, malformed ids, drafts and archived properties: the same 404.
  if (!property) throw data(null, { status: 404 });
  const { minStayDays, maxStayDays, serviceFee, bookingHorizonMonths } = settings;
  // The seasons that can hold a night of a stay chosen here: up to the latest possible Abreise.
  const seasons = await listSeasons(
    property.id,
    today,
    addDays(bookingHorizonEnd(today, bookingHorizonMonths), maxStayDays),
  );
  const { houseRules, checkInFrom, checkOutUntil, touristTaxMode, touristTaxNote, ...rest } =
    property;
  const language = languageFromCookie(request.headers.get("cookie"));
  return {
    property: { ...rest, location: localizedLocation(rest.location, language) },
    // This property's own facts, the settings' for every empty one (decision 033).
    facts: resolvePropertyFacts(
      { houseRules, checkInFrom, checkOutUntil, touristTaxMode, touristTaxNote },
      settings,
    ),
    cancellation: {
      freeCancellationHours: settings.freeCancellationHours,
      cancellationFeePercentage: settings.cancellationFeePercentage,
      now: new Date().toISOString(),
    },
    bookedStays,
    stayRules: {
      minStayDays,
      maxStayDays,
      serviceFee,
      bookingHorizonMonths,
      // Rules and prices only (no names): a few numbers per season in the page's data.
      seasons: pageSeasons(seasons),
    },
    today,
    isSignedIn: user !== null,
    initial: parseInitialStay(url.searchParams, {
      today,
      maxGuests: property.maxGuests,
    }),
  };
}

/** A meta description: the start of the property description, cut at a word. */
function summarize(text: string, maxLength = 160) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

type RootMeta = { baseUrl: string; language: "de" | "en" };

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((match) => match?.id === "root")?.data as RootMeta | undefined;
  const property = args.data?.property;
  if (!property) {
    // From the catalogue the page already has (the browser registers the page's language before
    // hydrating): importing the English texts here put them into the page's JavaScript.
    const isNotFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return pageMeta(args, {
      title: translate(root?.language ?? "de", isNotFound ? "stay.notFound" : "stay.loadFailed"),
      noindex: true,
    });
  }
  const tags = pageMeta(args, {
    title: `${property.title}, ${property.location}`,
    description: summarize(property.description) || undefined,
  });
  // pageMeta has no image; the main photo is what link previews should show.
  const cover = property.images[0] && imageUrls(property.images[0]).src;
  if (cover && root) {
    tags.push({ property: "og:image", content: new URL(cover, root.baseUrl).href });
    tags.push({ property: "og:image:alt", content: property.title });
  }
  return tags;
};

const sectionHeading = "text-2xl font-semibold text-secondary";

export default function PropertyPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const { property, bookedStays, stayRules, today, isSignedIn, initial, facts, cancellation } =
    loaderData;
  const pricedProperty: PricedProperty = {
    pricePerNight: property.pricePerNight,
    cleaningFee: property.cleaningFee,
    isSpecialOffer: property.isSpecialOffer,
    specialOfferPrice: property.specialOfferPrice,
    specialOfferEndDate: property.specialOfferEndDate,
    weeklyDiscountPercent: property.weeklyDiscountPercent,
    monthlyDiscountPercent: property.monthlyDiscountPercent,
  };
  const paragraphs = property.description
    .split(/\n\s*\n|\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const baseUrl = root?.baseUrl ?? "";
  const details = [
    { icon: BedDouble, label: t("property.bedrooms"), value: property.bedrooms },
    { icon: Bath, label: t("property.bathrooms"), value: property.bathrooms },
    { icon: Users, label: t("property.maxGuests"), value: property.maxGuests },
  ];

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <PropertyJsonLd
        input={{
          url: `${baseUrl}/properties/${property.id}`,
          name: property.title,
          description: property.description,
          imageUrls: property.images
            .map((image) => imageUrls(image).src)
            .filter(Boolean)
            .map((src) => (baseUrl ? new URL(src, baseUrl).href : src)),
          locality: property.city,
          country: property.country,
          bedrooms: property.bedrooms,
          bathrooms: property.bathrooms,
          maxGuests: property.maxGuests,
          amenities: property.amenities,
          nightlyPrice: nightlyPriceOn(pricedProperty, today),
          language: i18n.language === "en" ? "en" : "de",
          rating:
            property.rating.average !== null && property.rating.count > 0
              ? { average: property.rating.average, count: property.rating.count }
              : null,
        }}
      />

      <p className="mb-4">
        <Link
          to="/properties"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-secondary underline underline-offset-2 hover:no-underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("stay.backToSearch")}
        </Link>
      </p>

      <header className="mb-6">
        <h1 className="text-3xl font-bold text-secondary md:text-4xl">{property.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden className="size-4" />
            {property.location}
          </span>
          <RatingSummary rating={property.rating} href="#reviews-heading" />
        </div>
      </header>

      <PropertyGallery images={property.images} title={property.title} />

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="details-heading" className="lg:col-start-1 lg:row-start-1">
          <h2 id="details-heading" className="sr-only">
            {t("property.details")}
          </h2>
          <dl className="grid grid-cols-3 gap-3" data-testid="details">
            {details.map(({ icon: Icon, label, value }) => (
              <div
                key={label}
                className="flex flex-col items-center gap-1 rounded-xl border border-slate-200 p-4 text-center"
              >
                <Icon aria-hidden className="size-6 text-secondary" />
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-xl font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <aside
          aria-label={t("property.booking")}
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {/* Below the sticky site header (about 4.1 rem high at lg), with room to spare. */}
          <div className="lg:sticky lg:top-24">
            <PriceBox
              propertyId={property.id}
              property={pricedProperty}
              maxGuests={property.maxGuests}
              serviceFee={stayRules.serviceFee}
              minStayDays={stayRules.minStayDays}
              maxStayDays={stayRules.maxStayDays}
              seasons={stayRules.seasons}
              bookingHorizonMonths={stayRules.bookingHorizonMonths}
              bookedStays={bookedStays}
              today={today}
              isSignedIn={isSignedIn}
              initial={initial}
              cancellation={cancellation}
            />
          </div>
        </aside>

        <div className="grid gap-10 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className={sectionHeading}>
              {t("property.description")}
            </h2>
            <div className="mt-3 space-y-3 text-slate-700">
              {paragraphs.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>

          <section aria-labelledby="amenities-heading">
            <h2 id="amenities-heading" className={`${sectionHeading} mb-4`}>
              {t("property.amenities")}
            </h2>
            <AmenityList amenities={property.amenities} />
          </section>

          <PropertyFactsSection facts={facts} />

          <section aria-labelledby="location-heading">
            <h2 id="location-heading" className={`${sectionHeading} mb-3`}>
              {t("property.facts.location")}
            </h2>
            <PropertyLocation place={property.location} />
          </section>

          <section aria-labelledby="host-heading">
            <h2 id="host-heading" className={`${sectionHeading} mb-4`}>
              {t("property.host.heading")}
            </h2>
            <HostCard host={property.host} />
          </section>

          <section aria-labelledby="reviews-heading" className="scroll-mt-24">
            <PropertyReviews
              rating={property.rating}
              reviews={property.latestReviews}
              headingId="reviews-heading"
            />
          </section>
        </div>
      </div>
    </main>
  );
}

export { PropertyErrorBoundary as ErrorBoundary } from "~/components/property/property-error-boundary";
