import { dayInBerlin } from "~/domain/calendar-day";
import { requireAdmin } from "~/features/accounts/session.server";
import { monthlySeries } from "~/features/admin-dashboard/dashboard.server";
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
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="buchungen-umsatz-${today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
