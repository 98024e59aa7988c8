import "~/locales/admin-texts";
import { todayInBerlin } from "~/domain/calendar-day";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  accessExportDocument,
  accessExportFilename,
} from "~/features/data-requests/access-export.server";
import { dataRequestSearchSchema } from "~/features/data-requests/data-request.schema";
import { exportPersonalData } from "~/features/data-requests/data-request.server";
import { getSettingsStrict } from "~/features/settings/settings.server";
import { getEnv } from "~/lib/env.server";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/data-request-export";

/**
 * POST /admin/datenschutz-anfragen/auskunft: "Auskunft herunterladen" (decision 085). The
 * page's form posts the address (never a GET: the address would sit in the URL, and a prefetch
 * or a typed address would export and log). Answers the JSON file as a download, written to the
 * audit log in the same transaction as it is read.
 */

const plain = (status: number, text: string, headers: HeadersInit = {}) =>
  new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });

/** Only POST: a GET gets 405 after the role check. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return plain(405, "POST", { Allow: "POST" });
}

export async function action({ request }: Route.ActionArgs) {
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const admin = await requireAdmin(request, "save");
  if (!admin) return plain(401, t("errors.sessionExpired"));
  // The server checked size and encoding before this runs (server/request-checks.ts).
  const form = await request.formData().catch(() => null);
  const email = form?.get("email");
  const parsed = dataRequestSearchSchema.safeParse({
    email: typeof email === "string" ? email : undefined,
  });
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message ?? "emailInvalid";
    return plain(400, t(`adminDataRequests.errors.${key}`));
  }
  try {
    // Strict: the file names the controller; never the defaults of a failed read (decision 087).
    const settings = await getSettingsStrict();
    const now = new Date();
    const found = await exportPersonalData({
      actor: admin,
      email: parsed.data.email,
      today: todayInBerlin(now),
    });
    const document = accessExportDocument(found, {
      title: t("adminDataRequests.file.title"),
      generatedAt: now,
      controller: {
        name: settings.companyName,
        address: [
          settings.companyAddress,
          `${settings.companyPostalCode} ${settings.companyCity}`.trim(),
          settings.companyCountry,
        ]
          .filter(Boolean)
          .join(", "),
        email: settings.companyEmail,
      },
      privacyPolicyUrl: `${getEnv().BASE_URL}/datenschutz`,
      notes: [
        t("adminDataRequests.file.noteContent"),
        t("adminDataRequests.file.noteRetention"),
        t("adminDataRequests.file.notePassword"),
        t("adminDataRequests.file.notePolicy"),
      ],
      auditLabel: (entity, action) => ({
        area: t(`adminAudit.entities.${entity}`),
        action: t(`adminAudit.actions.${action}`),
      }),
    });
    return new Response(`${JSON.stringify(document, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${accessExportFilename(parsed.data.email, todayInBerlin(now))}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    logger.error({ err: error }, "exporting the personal data of an address failed");
    return plain(500, t("adminDataRequests.errors.loadFailed"));
  }
}
