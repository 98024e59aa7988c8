import { TriangleAlert } from "~/components/ui/icons";
import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/info";

/**
 * Tells admins which mandatory Impressum fields are still placeholders, by the settings form's
 * labels (`fields`, translated by the caller: the public imprint page gets them from its loader,
 * so the settings texts stay out of the page's JavaScript). The caller decides on the server who
 * sees it (admins only); nothing renders when every field is complete.
 */
export function ImprintWarning({
  fields,
  showSettingsLink = true,
}: {
  fields: readonly string[];
  showSettingsLink?: boolean;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    // A region with its heading, in the warning banner's look; part of the page, not news.
    <section aria-labelledby="imprint-warning-title" data-testid="imprint-warning">
      <Banner tone="warning" announce="none" icon={false}>
        <h2 id="imprint-warning-title" className="flex items-center gap-2 text-base font-semibold">
          <TriangleAlert aria-hidden className="size-5 shrink-0" />
          {t("info.imprint.warningTitle")}
        </h2>
        <p className="mt-2">{t("info.imprint.warningText")}</p>
        <ul className="mt-2 list-disc pl-6">
          {fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
        <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {showSettingsLink && (
            <Link
              to="/admin/settings"
              className="font-semibold underline underline-offset-2 hover:no-underline"
            >
              {t("info.imprint.warningLink")}
            </Link>
          )}
          <span>{t("info.imprint.warningAdminOnly")}</span>
        </p>
      </Banner>
    </section>
  );
}
