import {
  CalendarDays,
  LayoutDashboard,
  LogOut,
  Settings,
  BriefcaseBusiness,
  UserRound,
} from "lucide-react";
import { Form, Link, NavLink, Outlet } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/layout";
import { SiteHeader } from "~/components/layout/site-header";
import { TopBar } from "~/components/layout/top-bar";
import { requireUser } from "~/features/accounts/session.server";
import { regionsWithProperties } from "~/features/properties/destinations.server";
import { DEFAULT_SETTINGS, publicSettings } from "~/features/settings/settings";
import { todayInBerlin } from "~/domain/calendar-day";
import { logger } from "~/lib/logger.server";
import { useRootData } from "~/root";

/**
 * The guest dashboard frame (spec 05): the site's own top bar (with the language switch) and
 * header, so a guest is still on the same site and can switch language here too (issue 16); a
 * sidebar (on phones a grid of all its items, none hidden in a scroll box) and a small footer
 * line; no public footer. Visitors go to /auth?redirectTo=….
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let destinationRegions: Awaited<ReturnType<typeof regionsWithProperties>> = [];
  try {
    destinationRegions = await regionsWithProperties(todayInBerlin());
  } catch (error) {
    // The menu must not take the dashboard down: without the list it shows no region.
    logger.error({ err: error }, "loading the destination regions failed");
  }
  return { isAdmin: user.role === "admin", destinationRegions };
}

const navItems = [
  { to: "/dashboard", label: "dashboard.overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/bookings", label: "dashboard.bookings", icon: CalendarDays, end: false },
  { to: "/dashboard/profile", label: "dashboard.profile", icon: UserRound, end: false },
  { to: "/dashboard/settings", label: "dashboard.settings", icon: Settings, end: false },
] as const;

const itemClass = "flex items-center gap-2 rounded-lg px-3 py-2 font-medium";

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const settings = root?.settings ?? publicSettings(DEFAULT_SETTINGS);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t("common.skipToContent")}
      </a>
      <TopBar settings={settings} />
      <SiteHeader
        settings={settings}
        user={root?.user ?? null}
        regions={loaderData.destinationRegions}
      />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row md:py-8">
        <aside className="md:w-60 md:shrink-0">
          <nav
            aria-label={t("dashboard.navLabel")}
            className="border-b border-slate-200 pb-3 md:border-0 md:pb-0"
          >
            {/* Phones: two columns, every item in sight; no sideways scrolling to find one. */}
            <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
              {navItems.map(({ to, label, icon: Icon, end }) => (
                <li key={to} className="min-w-0">
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      `${itemClass} ${isActive ? "bg-white text-secondary shadow-sm ring-1 ring-slate-200" : "text-slate-700 hover:bg-white"}`
                    }
                  >
                    <Icon aria-hidden className="size-4" />
                    {t(label)}
                  </NavLink>
                </li>
              ))}
              {loaderData.isAdmin && (
                <li className="min-w-0 md:mt-2 md:border-t md:border-slate-200 md:pt-2">
                  <Link to="/admin" className={`${itemClass} text-slate-700 hover:bg-white`}>
                    <BriefcaseBusiness aria-hidden className="size-4" />
                    {t("dashboard.admin")}
                  </Link>
                </li>
              )}
              <li className="min-w-0 md:mt-2 md:border-t md:border-slate-200 md:pt-2">
                <Form method="post" action="/auth/logout">
                  <button
                    type="submit"
                    className={`${itemClass} w-full text-slate-700 hover:bg-white`}
                  >
                    <LogOut aria-hidden className="size-4" />
                    {t("nav.signOut")}
                  </button>
                </Form>
              </li>
            </ul>
          </nav>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
      <footer className="border-t border-slate-200 bg-white py-4 text-center text-sm text-slate-700">
        <nav aria-label={t("dashboard.footerLabel")}>
          <Link to="/datenschutz" className="mx-2 hover:underline">
            {t("footer.privacy")}
          </Link>
          <Link to="/agb" className="mx-2 hover:underline">
            {t("footer.terms")}
          </Link>
          <Link to="/kontakt" className="mx-2 hover:underline">
            {t("footer.contact")}
          </Link>
        </nav>
      </footer>
    </div>
  );
}
