import { BedDouble, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PropertyImage } from "../../db/schema";
import { formatMoney, type Language } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";

export type PropertyCardData = {
  id: string;
  title: string;
  location: string;
  pricePerNight: number;
  maxGuests: number;
  bedrooms: number;
  images: PropertyImage[];
};

/** A property in a grid: photo, title, location, size and nightly price. */
export function PropertyCard({
  property,
  badge,
  isEager = false,
  headingLevel: Heading = "h3",
}: {
  property: PropertyCardData;
  badge?: string;
  isEager?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const { t, i18n } = useTranslation();
  const cover = property.images[0] ? imageUrls(property.images[0]) : undefined;
  return (
    <article className="relative h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
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
        <Heading className="font-semibold text-slate-900">{property.title}</Heading>
        <p className="text-sm text-slate-600">{property.location}</p>
        <p className="mt-2 flex gap-4 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <Users aria-hidden className="size-4" />
            {t("home.guests", { count: property.maxGuests })}
          </span>
          <span className="flex items-center gap-1">
            <BedDouble aria-hidden className="size-4" />
            {t("home.bedrooms", { count: property.bedrooms })}
          </span>
        </p>
        <p className="mt-2">
          <span className="font-semibold">
            {formatMoney(property.pricePerNight, i18n.language as Language)}
          </span>
          <span className="text-sm text-slate-600"> {t("common.perNight")}</span>
        </p>
      </div>
    </article>
  );
}
