import { dayInBerlin } from "~/domain/calendar-day";
import { requireAdmin } from "~/features/accounts/session.server";
import { monthlySeries } from "~/features/admin-dashboard/dashboard.server";
import { csvDocument, csvResponse } from "~/lib/csv";
import type { Route } from "./+types/dashboard-csv";

/**
 * The dashboard's monthly series as CSV (spec 06: "with a data table … and a CSV download").
 * Written for a German spreadsheet: semicolons, decimal comma, UTF-8 with BOM (decision 024).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = dayInBerlin(new Date());
  const series = await monthlySeries(today);
  const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
  const lines = [
    "Monat;Buchungen;Umsatz (EUR)",
    ...series.map((row) => `${row.month};${row.bookings};${euros(row.revenue)}`),
  ];
  // Our own numbers and month names: no formula-prefixing (a negative sum stays a number).
  return csvResponse(csvDocument(lines), `buchungen-umsatz-${today}.csv`);
}
