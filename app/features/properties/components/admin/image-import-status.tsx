import { useTranslation } from "~/lib/i18n-react";

export type ImageImportStatusItem = {
  url: string;
  status: "pending" | "done" | "failed";
  error: string | null;
  httpStatus: number | null;
};

/**
 * The state of a property's images from a CSV import, for the edit page: how many are loaded,
 * which are still pending, and each failure with its reason. Rows come from
 * `listImageImports(propertyId)` (image-import.server.ts); nothing is shown without any.
 */
export function ImageImportStatus({ items }: { items: ImageImportStatusItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const count = (status: ImageImportStatusItem["status"]) =>
    items.filter((item) => item.status === status).length;
  const open = items.filter((item) => item.status !== "done");
  return (
    <section
      aria-labelledby="image-import-status"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="image-import-status"
    >
      <h2 id="image-import-status" className="text-base font-semibold text-slate-900">
        {t("csvImport.images.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("csvImport.images.summary", {
          done: count("done"),
          total: items.length,
          pending: count("pending"),
          failed: count("failed"),
        })}
      </p>
      {open.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {open.map((item, index) => (
            <li key={`${item.url}-${index}`} className="break-all">
              <span
                className={
                  item.status === "failed"
                    ? "font-medium text-red-800"
                    : "font-medium text-slate-700"
                }
              >
                {t(`csvImport.images.status.${item.status}`)}
              </span>
              {": "}
              <span className="text-slate-800">{item.url}</span>
              {item.status === "failed" && item.error && (
                <span className="text-red-800">
                  {" – "}
                  {t(`csvImport.images.errors.${item.error}`, { status: item.httpStatus ?? "" })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
