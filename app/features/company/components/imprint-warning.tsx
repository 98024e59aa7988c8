import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { ImprintField } from "../imprint";

/**
 * Tells admins which mandatory Impressum fields are still placeholders. The caller decides on
 * the server who sees it (admins only); nothing renders when every field is complete.
 */
export function ImprintWarning({
  fields,
  showSettingsLink = true,
}: {
  fields: readonly ImprintField[];
  showSettingsLink?: boolean;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <section
      aria-labelledby="imprint-warning-title"
      data-testid="imprint-warning"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="imprint-warning-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 shrink-0" />
        {t("info.imprint.warningTitle")}
      </h2>
      <p className="mt-2 text-sm">{t("info.imprint.warningText")}</p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        {fields.map((field) => (
          <li key={field}>{t(`settings.${field}`)}</li>
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {showSettingsLink && (
          <Link
            to="/admin/settings"
            className="font-semibold text-amber-950 underline underline-offset-2 hover:no-underline"
          >
            {t("info.imprint.warningLink")}
          </Link>
        )}
        <span>{t("info.imprint.warningAdminOnly")}</span>
      </p>
    </section>
  );
}
