import { useTranslation } from "~/lib/i18n-react";
import { formatDate, type Language } from "~/lib/i18n";
import "~/locales/texts/reviews";

export type OwnerReplyItem = { text: string; date: string | null };

/** The operator's public answer under a review (/bewertungen and the property page). */
export function OwnerReply({ reply }: { reply: OwnerReplyItem }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="mt-4 rounded-lg border-l-4 border-secondary bg-slate-50 p-4"
      data-testid="owner-reply"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900">
        {t("reviews.ownerReply")}
        {reply.date && (
          <time dateTime={reply.date} className="font-normal text-slate-600">
            {formatDate(reply.date, i18n.language as Language)}
          </time>
        )}
      </p>
      <p className="mt-1 whitespace-pre-line text-slate-700">{reply.text}</p>
    </div>
  );
}
