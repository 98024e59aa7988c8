import "~/locales/admin-texts";
import {
  CalendarDays,
  CalendarRange,
  FileText,
  ExternalLink,
  Hotel,
  Inbox,
  Landmark,
  LayoutDashboard,
  LogOut,
  Menu,
  Newspaper,
  ScrollText,
  Settings,
  ShieldCheck,
  MessageSquareQuote,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import type { Route } from "./+types/layout";
import { ErrorPage } from "~/components/error-page";
import { Brand } from "~/components/layout/brand";
import { requireAdmin } from "~/features/accounts/session.server";
import { countUnreadMessages } from "~/features/contact/inbox.server";
import { logger } from "~/lib/logger.server";
import { onlyQueryChanged } from "~/lib/revalidation";
import { useRootData } from "~/root";
import "~/locales/texts/admin-core";

// The gate for the whole area; every admin loader and action below checks again itself.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // The unread count beside "Nachrichten" (a partial index; capped at 99). A failure hides it
  // rather than the admin area.
  const unread = await countUnreadMessages().catch((error: unknown) => {
    logger.error({ err: error }, "counting unread contact messages failed");
    return null;
  });
  return { email: admin.email, unread };
}

/**
 * The sidebar's data (the admin's e-mail, the unread count) does not depend on a list's filter
 * or page: changing those must not count the inbox again. Another page, a save and the live
 * revalidations still re-read it (reading a message changes the count).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyQueryChanged(args) ? false : args.defaultShouldRevalidate;
}

export const meta = () => [{ title: "Administration" }, { name: "robots", content: "noindex" }];

/**
 * The sidebar of spec/06-admin.md, in its order. A page of a later issue gets its entry when
 * the page exists (no dead links).
 */
const NAV_ITEMS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/admin", label: "admin.dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/users", label: "adminUsers.nav", icon: Users },
  { to: "/admin/properties", label: "adminProperties.nav", icon: Hotel },
  { to: "/admin/bookings", label: "adminBookings.nav", icon: CalendarDays },
  { to: "/admin/kalender", label: "adminOccupancy.nav", icon: CalendarRange },
  { to: "/admin/nachrichten", label: "adminInbox.nav", icon: Inbox },
  { to: "/admin/bewertungen", label: "adminReviews.nav", icon: MessageSquareQuote },
  { to: "/admin/newsletter", label: "adminNewsletter.nav", icon: Newspaper },
  { to: "/admin/datenschutz-anfragen", label: "adminDataRequests.nav", icon: ShieldCheck },
  { to: "/admin/bankkonten", label: "bankAccounts.nav", icon: Landmark },
  { to: "/admin/inhalte", label: "adminContent.nav", icon: FileText },
  { to: "/admin/settings", label: "admin.settings", icon: Settings },
  { to: "/admin/audit", label: "adminAudit.nav", icon: ScrollText },
];

const itemClass =
  "flex items-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-200 hover:bg-white/10 hover:text-white";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const isHydrated = useIsHydrated();
  const location = useLocation();
  const navId = useId();
  // Narrow screens: the menu folds behind a button once JavaScript runs (without it, the list
  // stays open); wide screens always show the sidebar.
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => setIsOpen(false), [location.pathname]);
  const isFolded = isHydrated && !isOpen;

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="bg-secondary md:w-64 md:shrink-0">
        <div className="flex items-center justify-between gap-2 p-4">
          {root && <Brand settings={root.settings} onDark />}
          {isHydrated && (
            <button
              type="button"
              className="inline-flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 font-medium text-white hover:bg-white/10 md:hidden"
              aria-expanded={isOpen}
              aria-controls={navId}
              onClick={() => setIsOpen((open) => !open)}
            >
              {isOpen ? (
                <X aria-hidden className="size-5" />
              ) : (
                <Menu aria-hidden className="size-5" />
              )}
              {t("admin.menu")}
            </button>
          )}
        </div>
        <div id={navId} className={isFolded ? "hidden md:block" : undefined}>
          <nav aria-label={t("admin.navLabel")} className="flex flex-col gap-1 px-3 pb-4">
            {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
              <NavLink
                key={to}
                to={to}
                end={end}
                className={({ isActive }) =>
                  isActive
                    ? "flex items-center gap-2 rounded-lg bg-white/15 px-3 py-2 font-medium text-white"
                    : itemClass
                }
              >
                <Icon aria-hidden className="size-4" />
                {t(label)}
                {to === "/admin/nachrichten" &&
                  loaderData.unread &&
                  loaderData.unread.total > 0 && (
                    <span
                      className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-bold text-secondary"
                      data-testid="unread-count"
                    >
                      <span aria-hidden>
                        {loaderData.unread.isCapped ? "99+" : loaderData.unread.total}
                      </span>
                      <span className="sr-only">
                        {loaderData.unread.isCapped
                          ? t("adminInbox.unreadBadgeMore", { count: 99 })
                          : t("adminInbox.unreadBadge", { count: loaderData.unread.total })}
                      </span>
                    </span>
                  )}
              </NavLink>
            ))}
            <Link to="/" className={`${itemClass} mt-2 border-t border-white/15 pt-3`}>
              <ExternalLink aria-hidden className="size-4" />
              {t("admin.backToSite")}
            </Link>
            <Form method="post" action="/auth/logout">
              <button type="submit" className={`${itemClass} w-full`}>
                <LogOut aria-hidden className="size-4" />
                {t("nav.signOut")}
              </button>
            </Form>
          </nav>
          <p className="px-4 pb-4 text-xs break-all text-slate-300">{loaderData.email}</p>
        </div>
      </aside>
      <div className="min-w-0 flex-1 bg-slate-50 p-4 md:p-6">
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
