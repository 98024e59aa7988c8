import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { PublicSettings } from "~/features/settings/settings";
import { CookieSettingsButton } from "./cookie-settings-button";
import "~/locales/texts/footer";

const LEGAL_LINKS = [
  { to: "/agb", key: "footer.terms" },
  { to: "/datenschutz", key: "footer.privacy" },
  { to: "/impressum", key: "footer.imprint" },
] as const;

/**
 * The footer of the checkout (issue 16): only what the law asks to be reachable from every page
 * (AGB, Datenschutz, Impressum, cookie settings) – no newsletter, app install or link lists that
 * lead a guest away from the booking they are making.
 */
export function SlimFooter({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white text-slate-700">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
        <nav aria-label={t("footer.legalLinks")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="underline underline-offset-2 hover:no-underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-4">
          <CookieSettingsButton />
          <p>
            © {year} {settings.companyName}. {t("footer.rights")}
          </p>
        </div>
      </div>
    </footer>
  );
}
