import { Download, Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { TFunction } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { CSV_TEMPLATE_NAME, type CsvIssue } from "../../csv-import";

export const CSV_IMPORT_PATH = "/admin/properties/import";
export const CSV_TEMPLATE_PATH = `/admin/properties/${CSV_TEMPLATE_NAME}`;

/** What the import action answers; the page and a dialog on the list page render it alike. */
export type CsvImportActionData =
  | {
      status: "done";
      imported: number;
      failed: number;
      /** The first rows with errors (CSV_SHOWN_ERRORS), in file order. */
      errors: { line: number; issues: CsvIssue[] }[];
      moreErrors: number;
    }
  | { status: "processingFailed"; error: { code: string; line?: number; columns?: string } }
  | { status: "uploadFailed" }
  | { ok: false; error: "sessionExpired" };

/** One issue of a row in words: "Preis pro Nacht ist erforderlich". */
export function csvIssueText(t: TFunction, issue: CsvIssue): string {
  const values: Record<string, string | number> = {};
  if ("field" in issue) values.label = t(`csvImport.labels.${issue.field}`);
  if ("url" in issue) values.url = issue.url;
  if ("max" in issue) values.max = issue.max;
  if ("count" in issue) {
    values.count = issue.count;
    values.expected = issue.expected;
  }
  return t(`csvImport.issues.${issue.code}`, values);
}

/**
 * The body of the dialog "Unterkünfte importieren" (spec 06): file picker (.csv, "CSV bis
 * 10MB"), the template link and, after an import, the result box "Import Ergebnis". A plain
 * multipart form posting to /admin/properties/import, so it works before JavaScript runs and
 * from a dialog on the list page alike.
 */
export function CsvImportForm({ result }: { result?: CsvImportActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isSubmitting =
    navigation.state === "submitting" && navigation.formAction === CSV_IMPORT_PATH;
  const fileError =
    result && "status" in result
      ? result.status === "uploadFailed"
        ? t("csvImport.uploadFailed")
        : result.status === "processingFailed"
          ? t("csvImport.processingFailed", {
              message: t(`csvImport.fileErrors.${result.error.code}`, {
                line: result.error.line,
                columns: result.error.columns,
              }),
            })
          : undefined
      : undefined;

  return (
    <div className="space-y-5">
      <Form
        method="post"
        action={CSV_IMPORT_PATH}
        encType="multipart/form-data"
        className="space-y-4"
        data-testid="csv-import-form"
      >
        <Field
          label={t("csvImport.file")}
          hint={t("csvImport.hint")}
          error={fileError}
          id="csv-file"
          announceError
        >
          <Input type="file" name="file" accept=".csv,text/csv" required className="py-1.5" />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* A plain link: the browser downloads the file (no client-side routing). */}
          <a
            href={CSV_TEMPLATE_PATH}
            download={CSV_TEMPLATE_NAME}
            className="inline-flex items-center gap-2 text-sm font-medium text-secondary underline underline-offset-2"
          >
            <Download aria-hidden className="size-4" />
            {t("csvImport.template")}
          </a>
          <Button type="submit" disabled={isSubmitting}>
            <Upload aria-hidden className="size-4" />
            {isSubmitting ? t("csvImport.submitting") : t("csvImport.submit")}
          </Button>
        </div>
      </Form>
      {result && "status" in result && result.status === "done" && (
        <CsvImportResult result={result} />
      )}
    </div>
  );
}

function CsvImportResult({ result }: { result: Extract<CsvImportActionData, { status: "done" }> }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="csv-import-result"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="csv-import-result"
    >
      <h2 id="csv-import-result" className="text-lg font-semibold text-slate-900">
        {t("csvImport.resultTitle")}
      </h2>
      <div role="status" className="mt-2 space-y-1">
        <p className="font-medium text-green-800">
          {t("csvImport.imported", { count: result.imported })}
        </p>
        {result.failed > 0 && (
          <p className="font-medium text-red-800">
            {t("csvImport.failed", { count: result.failed })}
          </p>
        )}
      </div>
      {result.errors.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">{t("csvImport.rowErrors")}</h3>
          <ul
            className="mt-1 max-h-96 space-y-1 overflow-y-auto text-sm text-slate-800"
            data-testid="csv-row-errors"
          >
            {result.errors.map((row) => (
              <li key={row.line}>
                {t("csvImport.rowError", {
                  line: row.line,
                  message: row.issues.map((issue) => csvIssueText(t, issue)).join("; "),
                })}
              </li>
            ))}
            {result.moreErrors > 0 && (
              <li className="font-medium">{t("csvImport.more", { count: result.moreErrors })}</li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}
