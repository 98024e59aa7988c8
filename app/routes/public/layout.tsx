import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { ErrorPage } from "~/components/error-page";
import { PublicChrome } from "~/components/layout/public-chrome";
import { useRootData } from "~/root";

export default function PublicLayout() {
  return (
    <PublicChrome>
      <Outlet />
    </PublicChrome>
  );
}

/** German 404 and error pages keep the public layout around them. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const data = useRootData();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PublicChrome>
      {isNotFound ? (
        <ErrorPage status={404} title={t("errors.notFoundTitle")} text={t("errors.notFoundText")} />
      ) : (
        <ErrorPage title={t("errors.serverError")} requestId={data?.requestId} />
      )}
    </PublicChrome>
  );
}
