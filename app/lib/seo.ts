import type { MetaDescriptor } from "react-router";

type RootMatch = { id: string; data?: unknown };
type MetaArgs = { matches: readonly (RootMatch | undefined)[]; location: { pathname: string } };
type RootMetaData = {
  baseUrl: string;
  language: "de" | "en";
  settings: {
    platformName: string;
    pageTitle: string;
    metaDescription: string;
    metaKeywords: string;
  };
};

/**
 * Title, description, canonical URL and Open Graph tags for a public page. React Router uses
 * the deepest route's meta only, so every page returns the full set through this helper.
 * `title` undefined = the site's page title from the settings (home page).
 */
export function pageMeta(
  args: MetaArgs,
  page: { title?: string; description?: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.data as RootMetaData | undefined;
  if (!root) return [{ title: page.title ?? "TraumUrlaub Reisen" }];
  const { settings } = root;
  const title = page.title ? `${page.title} – ${settings.platformName}` : settings.pageTitle;
  const description = page.description ?? settings.metaDescription;
  const url = `${root.baseUrl}${args.location.pathname}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: settings.metaKeywords },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: settings.platformName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: root.language === "en" ? "en_GB" : "de_DE" },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
