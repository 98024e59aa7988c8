import { CircleCheck, CircleDashed } from "~/components/ui/icons";
import { Link } from "react-router";
import type { TranslationValues } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";

/** One point as the dashboard's loader sends it (GoLivePoint without server types). */
export type ChecklistPoint = {
  id: string;
  ok: boolean;
  href: string | null;
  /** Values for the hint; a list holds settings field names (the Impressum's placeholders). */
  detail?: Record<string, string | number | string[]>;
};

/**
 * The go-live checklist on the admin dashboard (decision 033): each point done (green) or open
 * (amber, with what is missing and a link to where it is fixed). Texts by the point's id under
 * `adminFacts.checklist`, so a new point needs its entry in GO_LIVE_CHECKS and its texts only.
 */
export function GoLiveChecklist({ points }: { points: ChecklistPoint[] }) {
  const { t } = useTranslation();
  const done = points.filter((point) => point.ok).length;
  const hint = (point: ChecklistPoint) => {
    const values: TranslationValues = {};
    for (const [name, value] of Object.entries(point.detail ?? {})) {
      values[name] = Array.isArray(value)
        ? value.map((field) => t(`settings.${field}`)).join(", ")
        : value;
    }
    const text = t(`adminFacts.checklist.hints.${point.id}`, values);
    return point.id === "demoData" && values.viewerIsDemo === 1
      ? `${text} ${t("adminFacts.checklist.hints.demoDataSelf")}`
      : text;
  };
  return (
    <section
      aria-labelledby="go-live-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="go-live-checklist"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="go-live-heading" className="text-lg font-semibold text-slate-900">
          {t("adminFacts.checklist.heading")}
        </h2>
        <p className="text-sm text-slate-700" data-testid="go-live-summary">
          {t("adminFacts.checklist.summary", { done, total: points.length })}
        </p>
      </div>
      <ul className="mt-4 divide-y divide-slate-200">
        {points.map((point) => (
          <li
            key={point.id}
            className="flex items-start gap-3 py-3"
            data-testid={`go-live-${point.id}`}
            data-state={point.ok ? "done" : "open"}
          >
            {point.ok ? (
              <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
            ) : (
              <CircleDashed aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
            )}
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 font-medium text-slate-900">
                {t(`adminFacts.checklist.points.${point.id}`)}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${point.ok ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
                >
                  {point.ok ? t("adminFacts.checklist.done") : t("adminFacts.checklist.open")}
                </span>
              </p>
              {!point.ok && (
                <>
                  <p className="mt-1 text-sm text-slate-700">{hint(point)}</p>
                  {point.href && (
                    <Link
                      to={point.href}
                      preventScrollReset={point.href.startsWith("/admin?")}
                      className="mt-1 inline-block text-sm font-semibold text-secondary underline underline-offset-2 hover:no-underline"
                    >
                      {t(`adminFacts.checklist.links.${point.id}`)}
                    </Link>
                  )}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
