import { dayInBerlin } from "~/domain/calendar-day";
import { requireAdmin } from "~/features/accounts/session.server";
import { newsletterFilter } from "~/features/newsletter/admin-newsletter.schema";
import { exportSubscribers } from "~/features/newsletter/admin-newsletter.server";
import "~/locales/admin-texts";
import { newsletterUnsubscribeUrl } from "~/features/email/templates/newsletter-confirm";
import { csvDocument, csvLine, csvResponse } from "~/lib/csv";
import { getEnv } from "~/lib/env.server";
import { formatDateTime } from "~/lib/date-time";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import type { Route } from "./+types/newsletter-csv";

/**
 * /admin/newsletter's subscribers as CSV, with the page's search and status filter: UTF-8 with
 * BOM, semicolons, formula-safe cells (app/lib/csv.ts). Read batch by batch (keyset), so a
 * list of 100,000 addresses is never one query; the file itself (about 8 MB then) is built in
 * memory, so a database failure answers an error page rather than a cut-off file.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = languageFromCookie(request.headers.get("cookie"));
  const { t } = getTranslator(language);
  const filter = newsletterFilter(new URL(request.url).searchParams);
  const lines = [
    csvLine([
      t("adminNewsletter.csv.email"),
      t("adminNewsletter.csv.status"),
      t("adminNewsletter.csv.subscribed"),
      t("adminNewsletter.csv.confirmed"),
      t("adminNewsletter.csv.unsubscribe"),
    ]),
  ];
  const { BASE_URL } = getEnv();
  for await (const row of exportSubscribers(filter)) {
    lines.push(
      csvLine([
        row.email,
        t(`adminNewsletter.statuses.${row.status}`),
        formatDateTime(row.createdAt, language),
        row.confirmedAt ? formatDateTime(row.confirmedAt, language) : "",
        // A mailing sent with another tool must carry the address's own unsubscribe link, so
        // that an unsubscribe lands here (§ 7 UWG; audit 20). Only for confirmed addresses: the
        // token also confirms a pending one, which only its owner may do.
        row.status === "confirmed" ? newsletterUnsubscribeUrl(BASE_URL, row.token) : "",
      ]),
    );
  }
  return csvResponse(csvDocument(lines), `newsletter-abonnenten-${dayInBerlin(new Date())}.csv`);
}
