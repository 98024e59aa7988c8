import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Dialog } from "~/components/ui/dialog";

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };

/**
 * "App herunterladen": the site is an installable web app. Where the browser offers its
 * install prompt we show it; elsewhere (Safari, Firefox, already dismissed) a short how-to.
 */
export function InstallAppButton() {
  const { t } = useTranslation();
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setInstallEvent(event as InstallPromptEvent);
    };
    const onInstalled = () => setInstallEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  const install = async () => {
    if (installEvent) {
      await installEvent.prompt();
      await installEvent.userChoice.catch(() => undefined);
      setInstallEvent(null);
      return;
    }
    dialog.current?.showModal();
  };

  return (
    <>
      <button
        type="button"
        onClick={install}
        className="inline-flex items-center gap-2 rounded-lg border border-white/40 px-4 py-2 font-medium text-white hover:bg-white/10"
      >
        <Download aria-hidden className="size-4" />
        {t("footer.installApp")}
      </button>
      <Dialog
        dialogRef={dialog}
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
    </>
  );
}
