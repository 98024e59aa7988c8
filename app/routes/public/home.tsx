import { BedDouble, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/home";
import { listNewestProperties } from "~/features/properties/property-list.server";
import { useRootData } from "~/root";
import { formatMoney, type Language } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";

export async function loader() {
  return { properties: await listNewestProperties(6) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const language = i18n.language as Language;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-secondary to-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20">
          <h1 className="max-w-3xl text-4xl font-bold md:text-5xl">
            {t("home.title", { name: root?.settings.platformName })}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-100">{t("home.intro")}</p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="newest-heading">
        <h2 id="newest-heading" className="text-2xl font-semibold text-secondary">
          {t("home.newest")}
        </h2>
        {loaderData.properties.length === 0 ? (
          <p className="mt-6 text-slate-600">{t("home.empty")}</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.properties.map((property, index) => {
              const cover = property.images[0] ? imageUrls(property.images[0]) : undefined;
              const price =
                property.isSpecialOffer && property.specialOfferPrice != null
                  ? property.specialOfferPrice
                  : property.pricePerNight;
              return (
                <li
                  key={property.id}
                  className="overflow-hidden rounded-xl border border-slate-200 shadow-sm"
                >
                  {cover?.src ? (
                    <img
                      src={cover.src}
                      srcSet={cover.srcSet}
                      sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                      alt={property.title}
                      width={800}
                      height={533}
                      loading={index < 3 ? "eager" : "lazy"}
                      className="aspect-[3/2] w-full object-cover"
                    />
                  ) : (
                    <div className="aspect-[3/2] w-full bg-slate-200" />
                  )}
                  <div className="p-4">
                    <h3 className="font-semibold text-slate-900">{property.title}</h3>
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
                      <span className="text-sm text-slate-600">{t("common.from")} </span>
                      <span className="font-semibold">{formatMoney(price, language)}</span>
                      <span className="text-sm text-slate-600"> {t("common.perNight")}</span>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </main>
  );
}
