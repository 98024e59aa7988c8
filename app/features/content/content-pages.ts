import type { Language } from "~/lib/i18n";

/**
 * The content pages an operator edits in /admin/inhalte (decision 030): the page's content file
 * (`content/<language>/<page>.json`), the German URL segment of its editor, and where guests
 * see it. Which fields a page has is never listed here: the editor reads it from the file.
 */
export const CONTENT_PAGES = [
  { page: "home", slug: "startseite", publicPath: "/" },
  { page: "destinations", slug: "reiseziele", publicPath: "/reiseziele/europa" },
  { page: "about", slug: "ueber-uns", publicPath: "/ueber-uns" },
  { page: "booking-process", slug: "buchungsprozess", publicPath: "/buchungsprozess" },
  { page: "payment-methods", slug: "zahlungsmethoden", publicPath: "/zahlungsmethoden" },
  { page: "faq", slug: "faq", publicPath: "/faq" },
  { page: "travel-packages", slug: "reisepakete", publicPath: "/reisepakete" },
  { page: "hotel-booking", slug: "hotelbuchung", publicPath: "/hotelbuchung" },
  { page: "flight-booking", slug: "flugbuchung", publicPath: "/flugbuchung" },
  { page: "travel-insurance", slug: "reiseversicherung", publicPath: "/reiseversicherung" },
  { page: "privacy", slug: "datenschutz", publicPath: "/datenschutz" },
  { page: "terms", slug: "agb", publicPath: "/agb" },
  { page: "contact", slug: "kontakt", publicPath: "/kontakt" },
  { page: "imprint", slug: "impressum", publicPath: "/impressum" },
  { page: "offers", slug: "angebote", publicPath: "/angebote" },
  { page: "reviews", slug: "bewertungen", publicPath: "/bewertungen" },
] as const;

export type ContentPage = (typeof CONTENT_PAGES)[number]["page"];
export type ContentPageInfo = (typeof CONTENT_PAGES)[number];

export function contentPageBySlug(slug: string | undefined): ContentPageInfo | null {
  return CONTENT_PAGES.find((p) => p.slug === slug) ?? null;
}

export function contentPageById(page: string): ContentPageInfo | null {
  return CONTENT_PAGES.find((p) => p.page === page) ?? null;
}

export function contentEditorHref(info: ContentPageInfo, language: Language = "de") {
  return `/admin/inhalte/${info.slug}${language === "en" ? "?sprache=en" : ""}`;
}
