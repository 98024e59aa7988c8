import { ArrowLeft } from "~/components/ui/icons";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { useRootData } from "~/root";
import "~/locales/texts/stay";

/**
 * Unknown or unpublished property: "Unterkunft nicht gefunden"; any other failure: "Unterkunft
 * konnte nicht geladen werden" (spec 03, 08). Rendered inside the public layout, no internals; the property and booking pages share it.
 */
export function PropertyErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRootData();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {isNotFound && <p className="text-5xl font-bold text-secondary">404</p>}
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">
        {isNotFound ? t("stay.notFound") : t("stay.loadFailed")}
      </h1>
      <p className="mt-3 text-slate-600">
        {isNotFound ? t("stay.notFoundText") : t("stay.loadFailedText")}
      </p>
      {!isNotFound && root?.requestId && (
        <p className="mt-3 text-sm text-slate-600">
          {t("common.requestId")}: <code>{root.requestId}</code>
        </p>
      )}
      <LinkButton to="/properties" className="mt-8">
        <ArrowLeft aria-hidden className="size-4" />
        {t("stay.backToSearch")}
      </LinkButton>
    </main>
  );
}
