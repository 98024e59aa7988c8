import type { RefObject } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Dialog } from "~/components/ui/dialog";
import "~/locales/texts/cookies";

/**
 * Lists the only cookies the site sets; there are no tracking cookies, hence no banner. Loaded
 * on the first click of "Cookie-Einstellungen" (cookie-settings-button.tsx, decision 043).
 */
export function CookieDialog({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const { t } = useTranslation();
  const rows = [
    {
      name: "__Secure-better-auth.session_token / better-auth.session_token",
      purpose: t("cookies.session"),
      duration: t("cookies.sessionDuration"),
    },
    { name: "lang", purpose: t("cookies.language"), duration: t("cookies.languageDuration") },
  ];
  return (
    <Dialog
      dialogRef={dialogRef}
      titleId="cookie-dialog-title"
      title={t("cookies.title")}
      size="lg"
      closeButton
    >
      <p className="mt-3 text-slate-700">{t("cookies.intro")}</p>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">
              {t("cookies.name")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("cookies.purpose")}
            </th>
            <th scope="col" className="py-2">
              {t("cookies.duration")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono text-xs break-all">{row.name}</td>
              <td className="py-2 pr-3">{row.purpose}</td>
              <td className="py-2">{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
