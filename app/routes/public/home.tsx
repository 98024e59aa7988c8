import { BadgeEuro, CalendarCheck, Headset, ShieldCheck } from "~/components/ui/icons";
import { localizedLocation } from "~/lib/country-names.server";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/home";
import { PropertyCard } from "~/components/property-card";
import { StaySearchForm } from "~/components/stay-search-form";
import { Banner } from "~/components/ui/banner";
import { loadHomeLists } from "~/features/home/home.server";
import { Hero } from "~/features/home/hero";
import type { RecommendationReason } from "~/features/home/home-lists";
import { formatRating } from "~/features/reviews/review-display";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { getPageContent } from "~/features/company/page-content.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { formatDate, languageFromCookie, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/home";

type HomeContent = {
  hero: { headline: string; subline: string };
  benefitsHeading: string;
  benefits: { icon: string; title: string; text: string }[];
  articlesHeading: string;
  articles: { title: string; date: string; excerpt: string; body: string[] }[];
};

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const today = todayInBerlin();
  const [lists, content] = await Promise.all([
    loadHomeLists(today),
    getPageContent<HomeContent>("home", language, request),
  ]);
  // Locations in the page's language ("Sylt, Germany"); the lists are cached per process.
  const localize = <T extends { location: string }>(items: T[]) =>
    items.map((item) => ({ ...item, location: localizedLocation(item.location, language) }));
  return {
    ...lists,
    featured: { ...lists.featured, properties: localize(lists.featured.properties) },
    recommended: { ...lists.recommended, properties: localize(lists.recommended.properties) },
    heroImages: localize(lists.heroImages),
    content,
    today,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, {});

const benefitIcons: Record<string, typeof BadgeEuro> = {
  "badge-euro": BadgeEuro,
  "shield-check": ShieldCheck,
  "calendar-check": CalendarCheck,
  headset: Headset,
};

/** Home search: 1–8 guests, 2 preselected (spec 07). */
const GUEST_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8];

const sectionHeading = "text-2xl font-semibold text-secondary md:text-3xl";

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { content, featured, recommended, heroImages, today } = loaderData;
  const language = i18n.language as Language;
  const reasonText = (reason: RecommendationReason | undefined) => {
    if (!reason) return undefined;
    if (reason.kind === "offer") return t("home.reasons.offer", { percent: reason.percent });
    if (reason.kind === "rating")
      return t("home.reasons.rating", {
        rating: formatRating(reason.average, language),
        count: reason.count,
      });
    return t("home.reasons.pets");
  };
  // After deleting the account (/dashboard/settings) the guest lands here with this flag.
  const [searchParams] = useSearchParams();
  const accountDeleted = searchParams.get("konto") === "geloescht";

  return (
    <main id="main">
      {accountDeleted && (
        <div className="mx-auto max-w-7xl px-4 py-3">
          <Banner tone="success">
            <p className="font-medium">{t("home.accountDeleted")}</p>
          </Banner>
        </div>
      )}
      <Hero images={heroImages}>
        <h1 className="max-w-3xl text-4xl font-bold text-white md:text-5xl">
          {content.hero.headline}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-100">{content.hero.subline}</p>
        <div className="mt-8">
          <StaySearchForm
            idPrefix="search"
            today={today}
            role="search"
            aria-label={t("home.searchLabel")}
            className="grid gap-3 rounded-2xl bg-white p-4 shadow-xl md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end"
            guestOptions={GUEST_COUNTS.map((n) => ({
              value: n,
              label: t("home.guests", { count: n }),
            }))}
            labels={{
              destination: t("home.destination"),
              destinationPlaceholder: t("home.destinationPlaceholder"),
              checkIn: t("home.checkIn"),
              checkOut: t("home.checkOut"),
              guests: t("home.guestsLabel"),
              search: t("home.search"),
              error: (error) => t(`home.searchErrors.${error}`),
            }}
          />
        </div>
      </Hero>

      <PropertyListSection
        id="featured"
        title={featured.kind === "new" ? t("home.newHeading") : t("home.featured")}
        errorText={t("home.featuredError")}
        emptyText={t("home.featuredEmpty")}
        section={featured}
        // Cards filled in from the newest say so; the ranked ones need no badge.
        badgeOf={(property) =>
          property.isNew && featured.kind !== "new" ? t("home.newBadge") : undefined
        }
      />

      <section className="bg-slate-50" aria-labelledby="benefits-heading">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="benefits-heading" className={sectionHeading}>
            {content.benefitsHeading}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.benefits.map((benefit) => {
              const Icon = benefitIcons[benefit.icon] ?? ShieldCheck;
              return (
                <li key={benefit.title} className="rounded-xl bg-white p-5 shadow-sm">
                  <Icon aria-hidden className="size-8 text-primary-strong" />
                  <h3 className="mt-3 font-semibold text-slate-900">{benefit.title}</h3>
                  <p className="mt-1 text-sm text-slate-700">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <PropertyListSection
        id="recommended"
        title={t("home.recommended")}
        errorText={t("home.recommendedError")}
        emptyText={t("home.recommendedEmpty")}
        section={recommended}
        badgeOf={(property) => reasonText(property.reason)}
      />

      <section className="bg-slate-50" aria-labelledby="articles-heading">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="articles-heading" className={sectionHeading}>
            {content.articlesHeading}
          </h2>
          <ul className="mt-6 grid gap-6 lg:grid-cols-3">
            {content.articles.map((article) => (
              <li key={article.title}>
                <article className="h-full rounded-xl bg-white p-5 shadow-sm">
                  <p className="text-sm text-slate-600">
                    <time dateTime={article.date}>{formatDate(article.date, language)}</time>
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">{article.title}</h3>
                  <p className="mt-2 text-slate-700">{article.excerpt}</p>
                  <details className="mt-3">
                    <summary className="cursor-pointer font-medium text-secondary underline">
                      {t("home.readMore")}
                    </summary>
                    {article.body.map((paragraph) => (
                      <p key={paragraph} className="mt-2 text-slate-700">
                        {paragraph}
                      </p>
                    ))}
                  </details>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        className="mx-auto max-w-3xl px-4 py-12 text-center"
        aria-labelledby="home-newsletter-heading"
      >
        <h2 id="home-newsletter-heading" className={sectionHeading}>
          {t("home.newsletterHeading")}
        </h2>
        <p className="mt-2 text-slate-700">{t("home.newsletterText")}</p>
        <div className="mx-auto mt-6 max-w-xl text-left">
          <NewsletterForm idPrefix="home-newsletter" />
        </div>
      </section>
    </main>
  );
}

type ListSection = Route.ComponentProps["loaderData"]["featured"];

/** A home list with its own German error and empty texts (spec 02, 08). */
function PropertyListSection({
  id,
  title,
  errorText,
  emptyText,
  section,
  badgeOf,
}: {
  id: string;
  title: string;
  errorText: string;
  emptyText: string;
  section: ListSection;
  badgeOf?: (property: ListSection["properties"][number]) => string | undefined;
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {title}
      </h2>
      {section.hasError ? (
        <Banner tone="error" className="mt-6">
          <p>{errorText}</p>
        </Banner>
      ) : section.properties.length === 0 ? (
        <p className="mt-6 text-slate-600">{emptyText}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid={`${id}-list`}>
          {section.properties.map((property) => (
            <li key={property.id}>
              <PropertyCard
                property={property}
                href={`/properties/${property.id}`}
                badge={badgeOf?.(property)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
