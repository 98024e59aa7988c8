import {
  CalendarDays,
  LayoutDashboard,
  LogOut,
  Settings,
  BriefcaseBusiness,
  UserRound,
} from "~/components/ui/icons";
import { Form, Link, NavLink, Outlet } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/layout";
import type { PublicRouteHandle } from "~/components/layout/public-chrome";
import { requireUser } from "~/features/accounts/session.server";
import "~/locales/texts/dashboard";
import "~/locales/texts/footer";

/**
 * The guest dashboard frame (spec 05), inside the public layout: the site's own top bar (with
 * the language switch) and header, so a guest stays on the same site and can switch language
 * here too (issue 16); a sidebar (on phones a grid of all its items, none hidden in a scroll
 * box) and a small footer line instead of the public footer. Visitors go to /auth?redirectTo=….
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { isAdmin: user.role === "admin" };
}

export const handle: PublicRouteHandle = { footer: "none" };

const navItems = [
  { to: "/dashboard", label: "dashboard.overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/bookings", label: "dashboard.bookings", icon: CalendarDays, end: false },
  { to: "/dashboard/profile", label: "dashboard.profile", icon: UserRound, end: false },
  { to: "/dashboard/settings", label: "dashboard.settings", icon: Settings, end: false },
] as const;

const itemClass = "flex items-center gap-2 rounded-lg px-3 py-2 font-medium";

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col bg-slate-50">
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
          <Link to="/impressum" className="mx-2 hover:underline">
            {t("footer.imprint")}
          </Link>
        </nav>
      </footer>
    </div>
  );
}
