import { requireAdmin } from "~/features/accounts/session.server";
import { csvTemplate, CSV_TEMPLATE_NAME } from "~/features/properties/csv-import";
import type { Route } from "./+types/properties-template-csv";

/** The import template: the header row and one example row (spec 06 "CSV import"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response(csvTemplate(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${CSV_TEMPLATE_NAME}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
