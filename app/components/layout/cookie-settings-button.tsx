import { useTranslation } from "~/lib/i18n-react";
import { useLazyDialog } from "./use-lazy-dialog";
import "~/locales/texts/footer";

const loadDialog = () => import("./cookie-dialog").then((module) => module.CookieDialog);

/** "Cookie-Einstellungen" in the footer: opens the list of the site's cookies. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  const { dialogRef, Component: CookieDialog, open } = useLazyDialog(loadDialog);
  return (
    <>
      <button type="button" className="hover:underline" onClick={open}>
        {t("footer.cookieSettings")}
      </button>
      {CookieDialog && <CookieDialog dialogRef={dialogRef} />}
    </>
  );
}
