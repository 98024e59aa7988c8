import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { regionsWithProperties } from "~/features/properties/destinations.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { logger } from "~/lib/logger.server";
import { useTranslation } from "~/lib/i18n-react";
import { ErrorPage } from "~/components/error-page";
import { PublicChrome } from "~/components/layout/public-chrome";
import { useRootData } from "~/root";

/**
 * The destination regions the menu shows: only those with published properties (decision 031).
 * Cached per process (destinations.server.ts), so this costs nothing on most requests.
 */
export async function loader(_: Route.LoaderArgs) {
  try {
    return { destinationRegions: await regionsWithProperties(todayInBerlin()) };
  } catch (error) {
    // The menu must not take a page down: without the list it shows no region.
    logger.error({ err: error }, "loading the destination regions failed");
    return { destinationRegions: [] };
  }
}

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
