import type { RefObject } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Dialog } from "~/components/ui/dialog";
import "~/locales/texts/install";

/** How to install the web app where the browser offers no prompt (Safari, Firefox, dismissed). */
export function InstallHowTo({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const { t } = useTranslation();
  return (
    <Dialog
      dialogRef={dialogRef}
      titleId="install-dialog-title"
      title={t("install.title")}
      closeButton
    >
      <p className="mt-3 text-slate-700">{t("install.intro")}</p>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        <li>{t("install.ios")}</li>
        <li>{t("install.android")}</li>
        <li>{t("install.desktop")}</li>
      </ul>
    </Dialog>
  );
}
