import { Link } from "react-router";
import { BathIcon, BedIcon, GuestsIcon, StarIcon } from "~/components/card-icons";
import { useTranslation } from "~/lib/i18n-react";
import type { PropertyImage } from "../../db/schema";
import { formatMoney, type Language } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";
import "~/locales/texts/home";
import "~/locales/texts/search";

export type PropertyCardData = {
  id: string;
  title: string;
  location: string;
  maxGuests: number;
  bedrooms: number;
  bathrooms?: number;
  image: PropertyImage | null;
  /** cents, from the one price function (offer price while active) */
  nightlyPrice: number;
  regularNightlyPrice: number;
  isOffer: boolean;
  /** With searched dates: the stay's nights and total in cents incl. all fees (computePrice). */
  stay?: { nights: number; total: number } | null;
  /** Real review numbers; leave out where the list does not show ratings. */
  rating?: { average: number | null; count: number };
};

/**
 * A property in a grid: photo, title, location, size, nightly price (offer price with the
 * regular price struck through while an offer is active) and, where given, the real rating or
 * "Neu". The whole card is one link (the title's link is stretched over it).
 */
export function PropertyCard({
  property,
  href,
  badge,
  isEager = false,
  headingLevel: Heading = "h3",
}: {
  property: PropertyCardData;
  href: string;
  badge?: string;
  isEager?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const cover = property.image ? imageUrls(property.image) : undefined;
  return (
    <article className="relative h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-secondary hover:shadow-md">
      {cover?.src ? (
        <img
          src={cover.src}
          srcSet={cover.srcSet}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={800}
          height={533}
          loading={isEager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
      ) : (
        <div className="aspect-[3/2] w-full bg-slate-200" />
      )}
      {badge && (
        <span className="absolute left-3 top-3 rounded-full bg-white px-3 py-1 text-sm font-semibold text-secondary shadow">
          {badge}
        </span>
      )}
      <div className="p-4">
        <Heading className="font-semibold text-slate-900">
          <Link
            to={href}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {property.title}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">{property.location}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <BedIcon />
            {t("home.bedrooms", { count: property.bedrooms })}
          </span>
          {property.bathrooms !== undefined && (
            <span className="flex items-center gap-1">
              <BathIcon />
              {t("search.card.bathrooms", { count: property.bathrooms })}
            </span>
          )}
          <span className="flex items-center gap-1">
            <GuestsIcon />
            {t("home.guests", { count: property.maxGuests })}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p>
            {property.isOffer && (
              <>
                <span className="sr-only">{t("search.card.regularPrice")} </span>
                <s className="mr-2 text-sm text-slate-600">
                  {formatMoney(property.regularNightlyPrice, language)}
                </s>
                <span className="sr-only">{t("search.card.offerPrice")} </span>
              </>
            )}
            <span
              data-testid="nightly-price"
              className={property.isOffer ? "font-semibold text-primary-strong" : "font-semibold"}
            >
              {formatMoney(property.nightlyPrice, language)}
            </span>
            <span className="text-sm text-slate-600"> {t("common.perNight")}</span>
            {property.stay && (
              <span data-testid="stay-total" className="block text-sm text-slate-800">
                {t("search.card.stayNights", { count: property.stay.nights })} ·{" "}
                <span className="font-semibold">{formatMoney(property.stay.total, language)}</span>{" "}
                <span className="text-slate-600">{t("search.card.inclFees")}</span>
              </span>
            )}
          </p>
          {property.rating && (
            <p className="flex shrink-0 items-center gap-1 text-sm text-slate-800">
              {property.rating.count > 0 && property.rating.average !== null ? (
                <>
                  <StarIcon className="size-4 fill-amber-400 text-amber-500" />
                  <span className="sr-only">
                    {t("search.card.rating", {
                      rating: property.rating.average.toLocaleString(language),
                    })}
                  </span>
                  <span aria-hidden>{property.rating.average.toLocaleString(language)}</span>
                  <span className="text-slate-600">
                    ({t("search.card.reviews", { count: property.rating.count })})
                  </span>
                </>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">
                  {t("search.card.new")}
                </span>
              )}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
