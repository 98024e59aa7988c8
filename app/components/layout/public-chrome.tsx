import { useTranslation } from "~/lib/i18n-react";
import { useMatches, useRouteLoaderData } from "react-router";
import { useRootData } from "~/root";
import type { DestinationRegion } from "~/features/properties/regions";
import { deferred } from "~/components/deferred";
import { SiteHeader } from "./site-header";
import { TopBar } from "./top-bar";

// Below the fold on every page: their code loads after the page's own (decision 058).
const SiteFooter = deferred(() => import("./site-footer"), "SiteFooter");
const SlimFooter = deferred(() => import("./slim-footer"), "SlimFooter");

/**
 * What a public route may ask of the chrome through its `handle` export. `footer: "slim"`: only
 * the legal links (the checkout, issue 16), so nothing leads a guest away mid-booking; `"none"`:
 * a layout with a footer line of its own (the guest dashboard, spec 05).
 */
export type PublicRouteHandle = { footer?: "full" | "slim" | "none" };

/** The footer the deepest route that names one asks for; the full one by default. */
function useFooterKind(): "full" | "slim" | "none" {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const footer = (matches[i].handle as PublicRouteHandle | undefined)?.footer;
    if (footer) return footer;
  }
  return "full";
}

/** Top bar, header and footer around public content (also around public error pages). */
export function PublicChrome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const data = useRootData();
  // Regions with published properties (public layout loader); none when it could not load.
  const layout = useRouteLoaderData<{ destinationRegions: DestinationRegion[] }>(
    "routes/public/layout",
  );
  const regions = layout?.destinationRegions ?? [];
  const footer = useFooterKind();
  // Root's data is there whenever a page of the public layout renders: when root's loader
  // fails, root's own error page shows instead. (No fallback settings: they would put the whole
  // default settings into every page's scripts.)
  if (!data) return <>{children}</>;
  const { settings } = data;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t("common.skipToContent")}
      </a>
      <TopBar settings={settings} />
      <SiteHeader settings={settings} user={data?.user ?? null} regions={regions} />
      {/* A layout with its own footer line fills the height, so that line stays at the bottom. */}
      <div className={footer === "none" ? "flex flex-1 flex-col" : "flex-1"}>{children}</div>
      {footer === "none" ? null : footer === "slim" ? (
        <SlimFooter settings={settings} />
      ) : (
        <SiteFooter settings={settings} />
      )}
    </div>
  );
}
