import { useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { Banner } from "./banner";

/**
 * "Ihre Sitzung ist abgelaufen…" after a save the server refused for want of a session
 * (`sessionExpired()` in session.server.ts). The page and its input stay; the link reloads the
 * same address, which leads through the sign-in back here. A link, so it works before hydration.
 */
export function SessionExpiredBanner({ className }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Banner tone="warning" announce="alert" className={className} testId="session-expired">
      <p>{t("errors.sessionExpired")}</p>
      <a
        href={`${location.pathname}${location.search}`}
        className="mt-1 inline-block font-medium underline underline-offset-2 hover:no-underline"
      >
        {t("errors.reload")}
      </a>
    </Banner>
  );
}
