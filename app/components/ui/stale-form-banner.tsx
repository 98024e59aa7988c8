import { useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { Banner } from "./banner";

/**
 * "… wurde inzwischen an anderer Stelle geändert …" after a save the server refused because the
 * form was loaded before someone else's change (decision 073). The input stays on screen (it can
 * still be copied); the link loads the page again with the current values. A link, so it works
 * before hydration. `href`: the page to load, when it is not the current address.
 */
export function StaleFormBanner({
  message,
  href,
  className,
}: {
  message: string;
  href?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Banner tone="error" className={className} testId="stale-form">
      <p>{message}</p>
      <a
        href={href ?? `${location.pathname}${location.search}`}
        className="mt-1 inline-block font-medium underline underline-offset-2 hover:no-underline"
      >
        {t("errors.reload")}
      </a>
    </Banner>
  );
}
