import type { Route } from "./+types/property-count";
import { todayInBerlin } from "~/domain/calendar-day";
import { parsePropertySearch } from "~/features/properties/search.schema";
import { countProperties } from "~/features/properties/search.server";
import { logger } from "~/lib/logger.server";

/**
 * The number of published properties a search finds (the query string of /properties), as
 * JSON: the phone's filter sheet says "12 Unterkünfte anzeigen" for the filters as chosen.
 * Public like the search itself; bad values are corrected exactly as the search corrects them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const today = todayInBerlin();
  const { search } = parsePropertySearch(new URL(request.url).searchParams, today);
  try {
    return Response.json(await countProperties(search, today), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    logger.error({ err: error }, "property count failed");
    return Response.json({ error: "unavailable" }, { status: 503 });
  }
}
