import { LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";

/** A German error page without internals; admins see the request id to find the log line. */
export function ErrorPage({
  title,
  text,
  requestId,
  status,
}: {
  title: string;
  text?: string;
  requestId?: string | null;
  status?: number;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {status && <p className="text-5xl font-bold text-secondary">{status}</p>}
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">{title}</h1>
      {text && <p className="mt-3 text-slate-600">{text}</p>}
      {requestId && (
        <p className="mt-3 text-sm text-slate-600">
          {t("common.requestId")}: <code>{requestId}</code>
        </p>
      )}
      <LinkButton to="/" className="mt-8">
        {t("common.backHome")}
      </LinkButton>
    </main>
  );
}
