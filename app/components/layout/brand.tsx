import { House } from "~/components/ui/icons";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { PublicSettings } from "~/features/settings/settings";
import { mediaUrl } from "~/lib/media-url";

/** "TraumUrlaub Reisen" → ["TraumUrlaub", "Reisen"]: split at the first space (spec 01). */
export function splitPlatformName(name: string): [string, string] {
  const at = name.indexOf(" ");
  return at === -1 ? [name, ""] : [name.slice(0, at), name.slice(at + 1)];
}

export function Brand({
  settings,
  onDark = false,
}: {
  settings: PublicSettings;
  onDark?: boolean;
}) {
  const { t } = useTranslation();
  const [first, rest] = splitPlatformName(settings.platformName);
  const logo = onDark ? settings.logoDarkUrl || settings.logoLightUrl : settings.logoLightUrl;
  return (
    // The link's name is its visible text plus "– Startseite" for screen readers (WCAG 2.5.3:
    // a spoken command for what one sees must work; an aria-label replacing the text did not
    // contain the text as axe and Lighthouse compute it).
    // min-w-0 and shrink-0: a long platform name wraps (and a long word breaks) beside the
    // header's buttons on a 320 px screen; the mark keeps its size.
    <Link to="/" className="flex min-w-0 items-center gap-2">
      {logo ? (
        <img src={mediaUrl(logo)} alt="" className="h-9 w-auto shrink-0" width={36} height={36} />
      ) : (
        <House aria-hidden className="size-8 shrink-0 text-primary" />
      )}
      <span className="min-w-0 text-xl leading-none" data-testid="platform-name">
        <span className={`font-bold ${onDark ? "text-white" : "text-secondary"}`}>{first}</span>
        {rest && (
          <span className={`font-light ${onDark ? "text-white" : "text-primary-strong"}`}>
            {" "}
            {rest}
          </span>
        )}
      </span>
      <span className="sr-only"> – {t("nav.home")}</span>
    </Link>
  );
}
