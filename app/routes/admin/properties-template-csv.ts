import { requireAdmin } from "~/features/accounts/session.server";
import { csvTemplate, CSV_TEMPLATE_NAME } from "~/features/properties/csv-import";
import { csvResponse } from "~/lib/csv";
import type { Route } from "./+types/properties-template-csv";

/** The import template: the header row and one example row (spec 06 "CSV import"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return csvResponse(csvTemplate(), CSV_TEMPLATE_NAME);
}
