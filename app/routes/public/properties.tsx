import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/properties";
import { PropertyCard } from "~/components/property-card";
import { SearchFilters } from "~/features/properties/components/search-filters";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import {
  activeFilterCount,
  parsePropertySearch,
  propertySearchQuery,
  SEARCH_SORTS,
  type PropertySearch,
} from "~/features/properties/search.schema";
import {
  amenityLabelsOf,
  listAmenityOptions,
  searchProperties,
} from "~/features/properties/search.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { bookingHorizonEnd, stayProblem } from "~/domain/availability";
import { getSettings } from "~/features/settings/settings.server";
import { formatDate, languageFromCookie, catalogueOf, type Language } from "~/lib/i18n";
import { localizedLocation } from "~/lib/country-names.server";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/price-box";
import "~/locales/texts/search";

export async function loader({ request }: Route.LoaderArgs) {
  const today = todayInBerlin();
  const url = new URL(request.url);
  const { search, notices } = parsePropertySearch(url.searchParams, today);
  const language = languageFromCookie(request.headers.get("cookie"));
  const texts = catalogueOf(language).search;
  const meta = { title: texts.metaTitle, description: texts.metaDescription };
  const activeFilters = activeFilterCount(search);
  const settings = await getSettings();
  // Cards show stay totals only for a stay the property page would let a guest book: outside
  // the settings' stay rules it shows no total either, and the page says why (decision 035).
  const stayRule = search.checkIn && search.checkOut ? stayRuleOf(search, today, settings) : null;
  const pricing = search.checkIn && !stayRule ? { serviceFee: settings.serviceFee } : undefined;
  try {
    const [result, amenityOptions] = await Promise.all([
      searchProperties(search, today, pricing),
      listAmenityOptions(),
    ]);
    for (const item of result.items) item.location = localizedLocation(item.location, language);
    // The filter's labels in the page's language, translated here so the browser gets no list.
    const amenityLabels = amenityLabelsOf([...amenityOptions, ...search.amenities], language);
    return {
      search,
      notices,
      stayRule,
      activeFilters,
      result,
      amenityOptions,
      amenityLabels,
      today,
      meta,
    };
  } catch (error) {
    // The page stays usable (filters, reset) with a German message; details go to the log.
    logger.error({ err: error }, "property search failed");
    const failed = { result: null, amenityOptions: [], amenityLabels: {} };
    return { search, notices, stayRule, activeFilters, ...failed, today, meta };
  }
}

/** The settings' stay rule a searched stay breaks (minimum, maximum, horizon), with its number. */
function stayRuleOf(
  search: PropertySearch,
  today: string,
  settings: { minStayDays: number; maxStayDays: number; bookingHorizonMonths: number },
) {
  const { minStayDays, maxStayDays, bookingHorizonMonths } = settings;
  const lastCheckIn = bookingHorizonEnd(today, bookingHorizonMonths);
  const rules = { today, lastCheckIn, stays: [], minStayDays, maxStayDays };
  const problem = stayProblem(search.checkIn, search.checkOut, rules);
  if (problem === "tooShort") return { problem, count: minStayDays };
  if (problem === "tooLong") return { problem, count: maxStayDays };
  if (problem === "tooFarAhead") return { problem, count: bookingHorizonMonths };
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.meta.title, description: args.data?.meta.description });

/** Dates and guests travel on to the detail page, so its price box starts with them. */
function detailHref(id: string, search: PropertySearch) {
  const params = new URLSearchParams();
  if (search.checkIn && search.checkOut) {
    params.set("checkIn", search.checkIn);
    params.set("checkOut", search.checkOut);
  }
  if (search.guests) params.set("guests", String(search.guests));
  const query = params.toString();
  return `/properties/${id}${query ? `?${query}` : ""}`;
}

export default function PropertiesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { search, notices, stayRule, activeFilters, result, amenityOptions, today } = loaderData;
  const navigation = useNavigation();
  // Rendered together with the loader data: tests (and scripts) can tell which URL the results
  // on screen belong to.
  const renderedSearch = useLocation().search;
  const isLoading =
    navigation.state === "loading" && navigation.location.pathname === "/properties";
  const sortForm = useRef<HTMLFormElement>(null);
  const resultsHeading = useRef<HTMLParagraphElement>(null);

  // After paging, move focus to the result count so keyboard and screen reader users start
  // at the new results instead of at the pagination links at the bottom.
  const page = result?.page ?? 1;
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current !== page) resultsHeading.current?.focus();
    previousPage.current = page;
  }, [page]);

  const sortHidden = propertySearchQuery(search, { sort: "newest", page: 1 });

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-secondary">
        {search.location
          ? t("search.headingIn", { location: search.location })
          : t("search.heading")}
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <SearchFilters
          search={search}
          amenityOptions={amenityOptions}
          amenityLabels={loaderData.amenityLabels}
          today={today}
          activeFilters={activeFilters}
          resultCount={result && { total: result.total, isTotalCapped: result.isTotalCapped }}
        />

        <section
          aria-labelledby="results-heading"
          aria-busy={isLoading}
          data-rendered-search={renderedSearch}
          className="min-w-0"
        >
          {(notices.length > 0 || stayRule) && (
            // Not a Banner: the page's JavaScript budget (tests/http) has no room for its icons.
            <ul className="mb-4 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {notices.map((notice) => (
                <li key={notice}>{t(`search.notices.${notice}`)}</li>
              ))}
              {stayRule && (
                <li>
                  {t(`priceBox.problem.${stayRule.problem}`, { count: stayRule.count })}{" "}
                  {t("search.notices.noStayTotals")}
                </li>
              )}
            </ul>
          )}
          <h2 id="results-heading" className="sr-only">
            {t("search.results")}
          </h2>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p
                ref={resultsHeading}
                tabIndex={-1}
                role="status"
                className="text-lg font-semibold text-slate-900 outline-none"
              >
                {result
                  ? result.isTotalCapped
                    ? t("search.foundMore", { total: result.total.toLocaleString(language) })
                    : t("search.found", {
                        count: result.total,
                        total: result.total.toLocaleString(language),
                      })
                  : null}
              </p>
              {search.checkIn && search.checkOut && (
                <p className="text-sm text-slate-600">
                  {t("search.freeBetween", {
                    checkIn: formatDate(search.checkIn, language),
                    checkOut: formatDate(search.checkOut, language),
                  })}
                </p>
              )}
            </div>
            {/* Its own GET form: changing the order keeps every filter (hidden fields). */}
            <Form ref={sortForm} method="get" action="/properties" className="flex items-end gap-2">
              {[...new URLSearchParams(sortHidden)].map(([name, value], index) => (
                <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
              ))}
              <Field id="sort" label={t("search.sort")}>
                <Select
                  name="sort"
                  defaultValue={search.sort}
                  key={search.sort}
                  onChange={() => sortForm.current?.requestSubmit()}
                >
                  {SEARCH_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`search.sorts.${sort}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <noscript>
                <Button type="submit" variant="subtle">
                  {t("search.applySort")}
                </Button>
              </noscript>
            </Form>
          </div>

          {!result ? (
            <p role="alert" className="mt-8 text-red-700">
              {t("search.loadFailed")}
            </p>
          ) : result.total === 0 ? (
            <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center">
              <p className="text-lg text-slate-700">{t("search.empty")}</p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <LinkButton to="/properties">{t("search.reset")}</LinkButton>
                <LinkButton to="/kontakt" variant="outline">
                  {t("search.enquire")}
                </LinkButton>
              </div>
            </div>
          ) : (
            <>
              <ul
                className={`mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${isLoading ? "opacity-60" : ""}`}
                data-testid="search-results"
              >
                {result.items.map((item, index) => (
                  <li key={item.id}>
                    <PropertyCard
                      property={{
                        ...item,
                        rating: { average: item.ratingAverage, count: item.reviewCount },
                      }}
                      href={detailHref(item.id, search)}
                      headingLevel="h3"
                      isEager={index < 3}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                href={(page) => {
                  const query = propertySearchQuery(search, { page });
                  return `/properties${query ? `?${query}` : ""}`;
                }}
                label={t("search.pagination")}
                page={result.page}
                pageCount={result.pageCount}
                hasMore={result.isTotalCapped}
              />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
