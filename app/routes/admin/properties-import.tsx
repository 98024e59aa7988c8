import "~/locales/admin-texts";
import { ArrowLeft, FileUp } from "lucide-react";
import { data, Link } from "react-router";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { todayInBerlin } from "~/domain/calendar-day";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import { CSV_MAX_BYTES, CSV_SHOWN_ERRORS } from "~/features/properties/csv-import";
import { importPropertiesCsv } from "~/features/properties/csv-import.server";
import {
  CsvImportForm,
  type CsvImportActionData,
} from "~/features/properties/components/admin/csv-import-form";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/properties-import";

/** /admin/properties/import: the dialog "Unterkünfte importieren" as a page (spec 06). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  return { title: t("csvImport.title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? "Unterkünfte importieren"} – Administration` },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  // An expired session keeps the page (and the chosen file's name) instead of a redirect.
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ status: "uploadFailed" } satisfies CsvImportActionData, { status: 400 });
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) {
    return data({ status: "uploadFailed" } satisfies CsvImportActionData, { status: 400 });
  }
  // The server let up to 10 MB + the form's own bytes through (body-limits.ts); the file
  // itself gets the German message here.
  if (file.size > CSV_MAX_BYTES) {
    return data(
      { status: "processingFailed", error: { code: "tooLarge" } } satisfies CsvImportActionData,
      { status: 413 },
    );
  }
  try {
    const result = await importPropertiesCsv({
      actorId: admin.id,
      fileName: file.name || "import.csv",
      bytes: new Uint8Array(await file.arrayBuffer()),
      today: todayInBerlin(),
    });
    if (!result.ok) {
      return data(
        { status: "processingFailed", error: result.error } satisfies CsvImportActionData,
        { status: result.error.code === "tooLarge" ? 413 : 400 },
      );
    }
    return {
      status: "done",
      imported: result.imported,
      failed: result.failed,
      errors: result.errors.slice(0, CSV_SHOWN_ERRORS),
      moreErrors: Math.max(result.errors.length - CSV_SHOWN_ERRORS, 0),
    } satisfies CsvImportActionData;
  } catch (error) {
    logger.error({ err: error }, "CSV import failed");
    return data(
      { status: "processingFailed", error: { code: "saveFailed" } } satisfies CsvImportActionData,
      { status: 500 },
    );
  }
}

export default function PropertiesImportPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionAnswer(actionData) as CsvImportActionData | undefined;
  return (
    <main id="main" className="max-w-3xl">
      <Link
        to="/admin/properties"
        className="inline-flex items-center gap-1 text-sm font-medium text-secondary underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("csvImport.back")}
      </Link>
      <h1 className="mt-3 flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <FileUp aria-hidden className="size-6 text-secondary" />
        {t("csvImport.title")}
      </h1>
      <p className="mt-1 text-slate-700">{t("csvImport.intro")}</p>
      {result && "error" in result && result.error === "sessionExpired" && (
        <SessionExpiredBanner className="mt-4" />
      )}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <CsvImportForm result={result} />
      </div>
    </main>
  );
}
