import { Download } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { useLazyDialog } from "./use-lazy-dialog";
import "~/locales/texts/footer";

// The how-to is seen only after a click where the browser offers no prompt: it loads then.
const loadHowTo = () => import("./install-how-to").then((module) => module.InstallHowTo);

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };

/**
 * "App herunterladen": the site is an installable web app. Where the browser offers its
 * install prompt we show it; elsewhere (Safari, Firefox, already dismissed) a short how-to.
 */
export function InstallAppButton() {
  const { t } = useTranslation();
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);
  const { dialogRef, Component: InstallHowTo, open } = useLazyDialog(loadHowTo);

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
    open();
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
      {InstallHowTo && <InstallHowTo dialogRef={dialogRef} />}
    </>
  );
}
