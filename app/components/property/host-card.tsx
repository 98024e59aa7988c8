import { UserRound } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { mediaUrl } from "~/lib/media-url";
import type { Language } from "~/lib/i18n";
import "~/locales/texts/property";

export type Host = {
  name: string | null;
  initials: string | null;
  avatarUrl: string | null;
  /** "YYYY-MM" */
  hostSince: string | null;
};

const monthYearFormats: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
};

/** "2024-03" → "März 2024" (de) / "March 2024" (en). */
export function formatMonthYear(yearMonth: string, language: Language) {
  const [year, month] = yearMonth.split("-").map(Number);
  return monthYearFormats[language].format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The owner of the property: name and avatar (or initials), and since when they host. */
export function HostCard({ host }: { host: Host }) {
  const { t, i18n } = useTranslation();
  const name = host.name ?? t("property.host.unknown");
  return (
    <div className="flex items-center gap-4" data-testid="host">
      {host.avatarUrl ? (
        <img
          src={mediaUrl(host.avatarUrl)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-secondary text-xl font-semibold text-white"
        >
          {host.initials ?? <UserRound className="size-7" />}
        </span>
      )}
      <div>
        <p className="text-lg font-semibold text-slate-900">{name}</p>
        {host.hostSince && (
          <p className="text-slate-600">
            {t("property.host.since", {
              date: formatMonthYear(host.hostSince, i18n.language as Language),
            })}
          </p>
        )}
      </div>
    </div>
  );
}
