import { ChevronDown, Menu, X } from "~/components/ui/icons";
import { Form, Link, NavLink } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { PublicSettings } from "~/features/settings/settings";
import type { DestinationRegion } from "~/features/properties/regions";
import { Brand } from "./brand";
import { useDismissableMenu } from "./use-dismiss";

type HeaderUser = { email: string; role: "user" | "admin" } | null;

const allDestinations = [
  { region: "europa", to: "/reiseziele/europa", key: "nav.europe" },
  { region: "asien", to: "/reiseziele/asien", key: "nav.asia" },
  { region: "amerika", to: "/reiseziele/amerika", key: "nav.america" },
  { region: "afrika", to: "/reiseziele/afrika", key: "nav.africa" },
] as const satisfies readonly { region: DestinationRegion; to: string; key: string }[];

type Destination = (typeof allDestinations)[number];

const mainLinks = [
  { to: "/angebote", key: "nav.offers" },
  { to: "/ueber-uns", key: "nav.about" },
  { to: "/kontakt", key: "nav.contact" },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium hover:bg-slate-100 ${isActive ? "text-primary-strong" : "text-slate-800"}`;

export function SiteHeader({
  settings,
  user,
  regions,
}: {
  settings: PublicSettings;
  user: HeaderUser;
  /** Regions with published properties; the others are not offered in the menu (decision 031). */
  regions: readonly DestinationRegion[];
}) {
  const { t } = useTranslation();
  const destinations = allDestinations.filter((d) => regions.includes(d.region));
  const mobile = useDismissableMenu<HTMLDivElement>();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Brand settings={settings} />
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          <NavLink to="/" end className={navLinkClass}>
            {t("nav.home")}
          </NavLink>
          {destinations.length > 0 && <DestinationsMenu destinations={destinations} />}
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <AccountLinks user={user} />
        </div>
        <div ref={mobile.ref} className="lg:hidden">
          <button
            type="button"
            className="rounded-md p-2 text-slate-800 hover:bg-slate-100"
            aria-expanded={mobile.isOpen}
            aria-controls="mobile-menu"
            aria-label={mobile.isOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => mobile.setOpen(!mobile.isOpen)}
          >
            {mobile.isOpen ? (
              <X aria-hidden className="size-6" />
            ) : (
              <Menu aria-hidden className="size-6" />
            )}
          </button>
          {mobile.isOpen && (
            <nav
              id="mobile-menu"
              aria-label={t("nav.main")}
              className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
            >
              <ul className="flex flex-col gap-1 pt-2">
                <li>
                  <NavLink to="/" end className={navLinkClass}>
                    {t("nav.home")}
                  </NavLink>
                </li>
                {destinations.length > 0 && (
                  <li className="px-3 pt-2 text-sm font-semibold text-slate-600">
                    {t("nav.destinations")}
                  </li>
                )}
                {destinations.map((d) => (
                  <li key={d.to} className="pl-3">
                    <NavLink to={d.to} className={navLinkClass}>
                      {t(d.key)}
                    </NavLink>
                  </li>
                ))}
                {mainLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={navLinkClass}>
                      {t(link.key)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3">
                <AccountLinks user={user} isMobile />
              </div>
            </nav>
          )}
        </div>
      </div>
    </header>
  );
}

function DestinationsMenu({ destinations }: { destinations: Destination[] }) {
  const { t } = useTranslation();
  const menu = useDismissableMenu<HTMLDivElement>();
  return (
    <div ref={menu.ref} className="relative">
      <button
        type="button"
        className="flex items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
        aria-expanded={menu.isOpen}
        aria-controls="destinations-menu"
        onClick={() => menu.setOpen(!menu.isOpen)}
      >
        {t("nav.destinations")}
        <ChevronDown aria-hidden className="size-4" />
      </button>
      {menu.isOpen && (
        <ul
          id="destinations-menu"
          className="absolute left-0 top-full mt-1 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {destinations.map((d) => (
            <li key={d.to}>
              <Link to={d.to} className="block px-4 py-2 text-slate-800 hover:bg-slate-100">
                {t(d.key)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AccountLinks({ user, isMobile = false }: { user: HeaderUser; isMobile?: boolean }) {
  const { t } = useTranslation();
  if (!user) {
    return (
      <>
        <LinkButton to="/auth" variant="ghost" size="md">
          {t("nav.signIn")}
        </LinkButton>
        <LinkButton to="/auth?mode=register" size="md">
          {t("nav.register")}
        </LinkButton>
      </>
    );
  }
  if (isMobile) {
    return (
      <div className="flex w-full flex-col gap-1">
        <p className="px-3 text-sm text-slate-600">{user.email}</p>
        <UserMenuItems user={user} />
      </div>
    );
  }
  return <UserMenu user={user} />;
}

function UserMenu({ user }: { user: NonNullable<HeaderUser> }) {
  const { t } = useTranslation();
  const menu = useDismissableMenu<HTMLDivElement>();
  return (
    <div ref={menu.ref} className="relative">
      <Button
        variant="subtle"
        size="sm"
        aria-expanded={menu.isOpen}
        aria-controls="user-menu"
        aria-label={`${t("nav.userMenu")}: ${user.email}`}
        onClick={() => menu.setOpen(!menu.isOpen)}
      >
        {user.email}
        <ChevronDown aria-hidden className="size-4" />
      </Button>
      {menu.isOpen && (
        <div
          id="user-menu"
          className="absolute right-0 top-full mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <UserMenuItems user={user} />
        </div>
      )}
    </div>
  );
}

function UserMenuItems({ user }: { user: NonNullable<HeaderUser> }) {
  const { t } = useTranslation();
  const item = "block w-full px-4 py-2 text-left text-slate-800 hover:bg-slate-100";
  return (
    <>
      <Link to="/dashboard" className={item}>
        {t("nav.dashboard")}
      </Link>
      <Link to="/dashboard/settings" className={item}>
        {t("nav.settings")}
      </Link>
      {user.role === "admin" && (
        <Link to="/admin" className={item}>
          {t("nav.admin")}
        </Link>
      )}
      <Form method="post" action="/auth/logout">
        <button type="submit" className={item}>
          {t("nav.signOut")}
        </button>
      </Form>
    </>
  );
}
