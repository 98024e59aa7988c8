import { ExternalLink, MapPin } from "~/components/ui/icons";
import type { PropertyFacts } from "~/domain/property-facts";
import { openStreetMapUrl } from "~/domain/property-facts";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/property";
import { TouristTaxNote } from "./tourist-tax-note";

/**
 * "Gut zu wissen" on the property page (decision 033): check-in and check-out times, house
 * rules and the Kurtaxe note. Parts without a value are left out; nothing at all renders when
 * the operator has set none of them.
 */
export function PropertyFactsSection({ facts }: { facts: PropertyFacts }) {
  const { t } = useTranslation();
  const hasTimes = facts.checkInFrom !== null || facts.checkOutUntil !== null;
  if (!hasTimes && facts.houseRules.length === 0 && !facts.touristTaxNote) return null;
  const subheading = "text-lg font-semibold text-slate-900";
  return (
    <section aria-labelledby="facts-heading" data-testid="property-facts">
      <h2 id="facts-heading" className="text-2xl font-semibold text-secondary">
        {t("property.facts.heading")}
      </h2>
      <div className="mt-4 grid gap-6">
        {hasTimes && (
          <div>
            <h3 className={subheading}>{t("property.facts.times")}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-3 sm:max-w-md" data-testid="property-times">
              {facts.checkInFrom && (
                <div className="rounded-xl border border-slate-200 p-3">
                  <dt className="text-sm text-slate-600">{t("property.facts.checkIn")}</dt>
                  <dd className="font-semibold text-slate-900">
                    {t("property.facts.checkInFrom", { time: facts.checkInFrom })}
                  </dd>
                </div>
              )}
              {facts.checkOutUntil && (
                <div className="rounded-xl border border-slate-200 p-3">
                  <dt className="text-sm text-slate-600">{t("property.facts.checkOut")}</dt>
                  <dd className="font-semibold text-slate-900">
                    {t("property.facts.checkOutUntil", { time: facts.checkOutUntil })}
                  </dd>
                </div>
              )}
            </dl>
          </div>
        )}
        {facts.houseRules.length > 0 && (
          <div data-testid="house-rules">
            <h3 className={subheading}>{t("property.facts.houseRules")}</h3>
            <div className="mt-2 space-y-2 whitespace-pre-line text-slate-700">
              {facts.houseRules.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </div>
        )}
        {facts.touristTaxNote && <TouristTaxNote note={facts.touristTaxNote} />}
      </div>
    </section>
  );
}

/**
 * The place with a link to OpenStreetMap's search: no embedded map, so the page makes no
 * request to another host (CSP unchanged) and the guest decides to leave for the map.
 */
export function PropertyLocation({ place }: { place: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1 text-slate-700">
      <p className="inline-flex items-center gap-1.5">
        <MapPin aria-hidden className="size-4" />
        {place}
      </p>
      <p>
        <a
          href={openStreetMapUrl(place)}
          rel="noopener noreferrer external"
          referrerPolicy="no-referrer"
          className="inline-flex items-center gap-1.5 font-medium text-secondary underline underline-offset-2 hover:no-underline"
          data-testid="osm-link"
        >
          {t("property.facts.map", { place })}
          <ExternalLink aria-hidden className="size-4" />
        </a>
      </p>
      <p className="text-sm text-slate-600">{t("property.facts.mapNote")}</p>
    </div>
  );
}
