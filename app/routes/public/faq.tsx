import { Search } from "~/components/ui/icons";
import { useRef, useState } from "react";
import {
  Form,
  Link,
  useLocation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/faq";
import { Accordion } from "~/components/content/accordion";
import { ContactCta } from "~/components/content/contact-cta";
import { PageHeader } from "~/components/content/page-header";
import { Button, LinkButton } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { FaqContent } from "~/features/content/content-types";
import { searchFaq, selectedFaqTab } from "~/features/content/faq";
import { contactHref } from "~/features/content/links";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  return getPageContent<FaqContent>(
    "faq",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

/** Searching and switching tabs only change the query string; the content stays the same. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Marks URL updates made by typing or tab clicks (other navigations re-read the URL). */
type OwnUpdate = { isFaqUpdate?: boolean } | null;

/**
 * FAQ with search, tabs and an accordion. The URL (`?q=`, `?tab=`) is the source of truth on
 * the server, so the page works without JavaScript (both forms submit with GET); in the
 * browser, typing filters at once and the URL follows with `replace`. A search covers all
 * categories: the results are grouped by category and the tabs step aside until it is cleared.
 */
export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories } = loaderData;
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get("q") ?? "";
  const urlTab = selectedFaqTab(categories, searchParams.get("tab"));

  const [query, setQuery] = useState(urlQuery);
  const [tab, setTab] = useState(urlTab);
  // Re-read the URL when it changed for another reason (a link to /faq, back and forward).
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (!(location.state as OwnUpdate)?.isFaqUpdate) {
      setQuery(urlQuery);
      setTab(urlTab);
    }
  }

  // Written at once, not debounced: a delayed write could cancel a link the visitor follows
  // right after typing (the router keeps only the latest navigation).
  const writeUrl = (nextQuery: string, nextTab: string) => {
    const params = new URLSearchParams();
    if (nextQuery.trim()) params.set("q", nextQuery);
    if (nextTab !== categories[0]?.id) params.set("tab", nextTab);
    setSearchParams(params, {
      replace: true,
      preventScrollReset: true,
      state: { isFaqUpdate: true },
    });
  };

  const isSearching = query.trim() !== "";
  const results = isSearching ? searchFaq(categories, query) : [];
  const resultCount = results.reduce((sum, category) => sum + category.items.length, 0);

  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro}>
        <Form
          method="get"
          role="search"
          aria-label={t("pages.faq.searchLabel")}
          className="mt-8 flex max-w-2xl gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            writeUrl(query, tab);
          }}
        >
          <label htmlFor="faq-search" className="sr-only">
            {t("pages.faq.searchLabel")}
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="faq-search"
              name="q"
              type="search"
              value={query}
              maxLength={100}
              autoComplete="off"
              placeholder={t("pages.faq.searchPlaceholder")}
              onChange={(event) => {
                const value = event.target.value;
                setQuery(value);
                writeUrl(value, tab);
              }}
              className="pl-10"
            />
          </div>
          {/* Without JavaScript the search keeps the selected tab. */}
          <Button type="submit" size="lg" name="tab" value={tab}>
            {t("pages.faq.searchButton")}
          </Button>
        </Form>
      </PageHeader>

      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="max-w-4xl">
          {isSearching ? (
            <SearchResults
              query={query}
              results={results}
              count={resultCount}
              clearHref={tab === categories[0]?.id ? "/faq" : `/faq?tab=${tab}`}
            />
          ) : (
            <FaqTabs
              categories={categories}
              selected={tab}
              onSelect={(id) => {
                setTab(id);
                writeUrl(query, id);
              }}
            />
          )}
        </div>
      </div>
      <ContactCta
        title={loaderData.cta.title}
        text={loaderData.cta.text}
        label={t("pages.common.contactUs")}
      />
    </main>
  );
}

function FaqTabs({
  categories,
  selected,
  onSelect,
}: {
  categories: FaqContent["categories"];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const select = (id: string, moveFocus: boolean) => {
    onSelect(id);
    if (moveFocus) tabs.current.get(id)?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = categories.findIndex((category) => category.id === selected);
    const last = categories.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(categories[next].id, true);
  };
  return (
    <>
      {/* Without JavaScript the tabs are submit buttons of a GET form (?tab=…). */}
      <Form method="get" onSubmit={(event) => event.preventDefault()}>
        <div
          role="tablist"
          aria-label={t("pages.faq.categories")}
          className="flex flex-wrap gap-2 border-b border-slate-200"
          onKeyDown={onKeyDown}
        >
          {categories.map((category) => {
            const isSelected = category.id === selected;
            return (
              <button
                key={category.id}
                ref={(element) => {
                  if (element) tabs.current.set(category.id, element);
                  else tabs.current.delete(category.id);
                }}
                id={`faq-tab-${category.id}`}
                type="submit"
                name="tab"
                value={category.id}
                role="tab"
                aria-selected={isSelected}
                aria-controls={`faq-panel-${category.id}`}
                tabIndex={isSelected ? 0 : -1}
                onClick={(event) => {
                  event.preventDefault();
                  select(category.id, false);
                }}
                className={`-mb-px border-b-2 px-4 py-2.5 font-semibold ${
                  isSelected
                    ? "border-primary-strong text-primary-strong"
                    : "border-transparent text-slate-700 hover:text-secondary"
                }`}
              >
                {category.label}
              </button>
            );
          })}
        </div>
      </Form>
      {categories.map((category) => (
        <div
          key={category.id}
          id={`faq-panel-${category.id}`}
          role="tabpanel"
          aria-labelledby={`faq-tab-${category.id}`}
          tabIndex={0}
          hidden={category.id !== selected}
          className="mt-6"
        >
          <Accordion items={category.items} />
        </div>
      ))}
    </>
  );
}

function SearchResults({
  query,
  results,
  count,
  clearHref,
}: {
  query: string;
  results: FaqContent["categories"];
  count: number;
  clearHref: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="font-medium text-slate-800">
          {count > 0
            ? t("pages.faq.resultCount", { count, query: query.trim() })
            : t("pages.faq.noResults", { query: query.trim() })}
        </p>
        <Link to={clearHref} className="font-medium text-secondary underline hover:no-underline">
          {t("pages.faq.clearSearch")}
        </Link>
      </div>
      {count === 0 ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-6">
          <p className="text-slate-700">{t("pages.faq.noResultsHint")}</p>
          <LinkButton
            to={contactHref(t("pages.faq.contactSubject", { query: query.trim() }))}
            className="mt-4"
          >
            {t("pages.faq.askUs")}
          </LinkButton>
        </div>
      ) : (
        results.map((category) => (
          <section
            key={category.id}
            aria-labelledby={`faq-results-${category.id}`}
            className="mt-8"
          >
            <h2
              id={`faq-results-${category.id}`}
              className="mb-3 text-lg font-semibold text-secondary"
            >
              {category.label}
            </h2>
            <Accordion items={category.items} />
          </section>
        ))
      )}
    </div>
  );
}
