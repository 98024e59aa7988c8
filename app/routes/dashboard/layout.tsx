import { LayoutDashboard, LogOut } from "lucide-react";
import { Form, Link, NavLink, Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/layout";
import { Brand } from "~/components/layout/brand";
import { requireUser } from "~/features/accounts/session.server";
import { useRootData } from "~/root";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-2 rounded-lg px-3 py-2 font-medium ${isActive ? "bg-slate-100 text-secondary" : "text-slate-700 hover:bg-slate-50"}`;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
          {root && <Brand settings={root.settings} />}
          <p className="text-sm text-slate-600">
            {t("dashboard.signedInAs", { email: loaderData.email })}
          </p>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-8 md:flex-row">
        <aside className="md:w-60">
          <nav aria-label={t("dashboard.navLabel")} className="flex flex-col gap-1">
            <NavLink to="/dashboard" end className={item}>
              <LayoutDashboard aria-hidden className="size-4" />
              {t("dashboard.overview")}
            </NavLink>
            <Form method="post" action="/auth/logout">
              <button
                type="submit"
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-50"
              >
                <LogOut aria-hidden className="size-4" />
                {t("nav.signOut")}
              </button>
            </Form>
          </nav>
        </aside>
        <div className="flex-1">
          <Outlet />
        </div>
      </div>
      <footer className="border-t border-slate-200 bg-white py-4 text-center text-sm text-slate-600">
        <Link to="/datenschutz" className="mx-2 hover:underline">
          {t("footer.privacy")}
        </Link>
        <Link to="/agb" className="mx-2 hover:underline">
          {t("footer.terms")}
        </Link>
        <Link to="/kontakt" className="mx-2 hover:underline">
          {t("footer.contact")}
        </Link>
      </footer>
    </div>
  );
}
