import { pageParam } from "~/lib/paging";
/** What /admin/newsletter (and its CSV export) reads from the URL; shared by page and server. */
export const NEWSLETTER_PAGE_SIZE = 25;
export const NEWSLETTER_STATUS_FILTERS = ["alle", "confirmed", "pending", "unsubscribed"] as const;
export type NewsletterStatusFilter = (typeof NEWSLETTER_STATUS_FILTERS)[number];
export type NewsletterFilter = { q: string; status: NewsletterStatusFilter; page: number };

/** Malformed values fall back to the defaults: the list is a bookmarkable page, not a form. */
export function newsletterFilter(params: URLSearchParams): NewsletterFilter {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: NEWSLETTER_STATUS_FILTERS.includes(status as NewsletterStatusFilter)
      ? (status as NewsletterStatusFilter)
      : "alle",
    page: pageParam(params),
  };
}

/** The query string of a filter (search and status; the page only where asked). */
export function newsletterQuery(
  filter: Partial<NewsletterFilter>,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status && filter.status !== "alle") params.set("status", filter.status);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
