import { Landmark, LayoutDashboard, LogOut, Settings } from "lucide-react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/layout";
import { ErrorPage } from "~/components/error-page";
import { Brand } from "~/components/layout/brand";
import { requireAdmin } from "~/features/accounts/session.server";
import { useRootData } from "~/root";

// The gate for the whole area; every admin loader and action below checks again itself.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

export const meta = () => [{ title: "Administration" }, { name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-2 rounded-lg px-3 py-2 font-medium ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10"}`;
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="bg-secondary md:w-64">
        <div className="p-4">{root && <Brand settings={root.settings} onDark />}</div>
        <nav aria-label={t("admin.navLabel")} className="flex flex-col gap-1 px-3 pb-4">
          <NavLink to="/admin" end className={item}>
            <LayoutDashboard aria-hidden className="size-4" />
            {t("admin.dashboard")}
          </NavLink>
          <NavLink to="/admin/bankkonten" className={item}>
            <Landmark aria-hidden className="size-4" />
            {t("bankAccounts.nav")}
          </NavLink>
          <NavLink to="/admin/settings" className={item}>
            <Settings aria-hidden className="size-4" />
            {t("admin.settings")}
          </NavLink>
          <Link
            to="/"
            className="flex items-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-200 hover:bg-white/10"
          >
            {t("admin.backToSite")}
          </Link>
          <Form method="post" action="/auth/logout">
            <button
              type="submit"
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-200 hover:bg-white/10"
            >
              <LogOut aria-hidden className="size-4" />
              {t("nav.signOut")}
            </button>
          </Form>
        </nav>
        <p className="px-4 pb-4 text-xs text-slate-300">{loaderData.email}</p>
      </aside>
      <div className="flex-1 bg-slate-50 p-6">
        <Outlet />
      </div>
    </div>
  );
}

/** Non-admins get "Kein Zugriff" (never the admin content); expired sessions a reload hint. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRootData();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <ErrorPage status={403} title={t("errors.forbiddenTitle")} text={t("errors.forbiddenText")} />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 401) {
    return <SessionExpired />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage status={404} title={t("errors.notFoundTitle")} text={t("errors.notFoundText")} />
    );
  }
  return <ErrorPage title={t("errors.serverError")} requestId={root?.requestId} />;
}

export function SessionExpired() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <p role="alert" className="text-lg text-slate-900">
        {t("errors.sessionExpired")}
      </p>
      <Button
        variant="secondary"
        size="lg"
        className="mt-6"
        onClick={() => window.location.reload()}
      >
        {t("errors.reload")}
      </Button>
    </main>
  );
}
