import "~/locales/admin-texts";
import { Inbox, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Pagination } from "~/components/ui/pagination";
import { Table, Td, Th } from "~/components/ui/table";
import { requireAdmin } from "~/features/accounts/session.server";
import { INBOX_FILTERS, inboxFilter, type InboxFilter } from "~/features/contact/inbox.schema";
import { listContactMessages } from "~/features/contact/inbox.server";
import { formatDateTime } from "~/lib/date-time";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/inbox";

function listHref(filter: Partial<InboxFilter>) {
  const params = new URLSearchParams();
  if (filter.filter && filter.filter !== "alle") params.set("filter", filter.filter);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return `/admin/nachrichten${query ? `?${query}` : ""}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = languageFromCookie(request.headers.get("cookie"));
  const { t } = getTranslator(language);
  const filter = inboxFilter(new URL(request.url).searchParams);
  const base = {
    title: t("adminInbox.title"),
    filter,
    deleted: new URL(request.url).searchParams.get("hinweis") === "deleted",
  };
  try {
    const list = await listContactMessages(filter);
    return {
      ...base,
      loadFailed: false,
      ...list,
      messages: list.messages.map((message) => ({
        ...message,
        received: formatDateTime(message.createdAt, language),
      })),
    };
  } catch (error) {
    logger.error({ err: error }, "loading the contact messages failed");
    return { ...base, loadFailed: true, messages: [], total: 0, isCapped: false, pageCount: 1 };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Nachrichten" },
  { name: "robots", content: "noindex" },
];

export default function AdminInboxPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filter, messages, total, isCapped, pageCount, loadFailed, deleted } = loaderData;

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <Inbox aria-hidden className="size-6 text-secondary" />
        {t("adminInbox.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("adminInbox.intro")}</p>
      {deleted && (
        <Banner tone="success" className="mt-4">
          {t("adminInbox.notices.deleted")}
        </Banner>
      )}

      <nav aria-label={t("adminInbox.filterLabel")} className="mt-4 flex flex-wrap gap-2">
        {INBOX_FILTERS.map((name) => (
          <Link
            key={name}
            to={listHref({ filter: name })}
            aria-current={name === filter.filter ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ${
              name === filter.filter
                ? "bg-secondary text-white"
                : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
            }`}
          >
            {t(`adminInbox.filters.${name}`)}
          </Link>
        ))}
      </nav>

      {loadFailed ? (
        <Banner tone="error" className="mt-6" icon={false}>
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5" />
            {t("adminInbox.errors.loadFailed")}
          </span>
        </Banner>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-700">
            {isCapped
              ? t("adminInbox.countMore", { count: total })
              : t("adminInbox.count", { count: total })}
          </p>
          {messages.length === 0 ? (
            <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {t(`adminInbox.empty.${filter.filter}`)}
            </p>
          ) : (
            <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4">
              <Table caption={t("adminInbox.caption")} hideCaption testId="contact-messages">
                <thead>
                  <tr>
                    <Th>{t("adminInbox.from")}</Th>
                    <Th>{t("adminInbox.subject")}</Th>
                    <Th>{t("adminInbox.received")}</Th>
                    <Th>{t("adminInbox.status")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((message) => {
                    const name = `${message.firstName} ${message.lastName}`;
                    return (
                      <tr
                        key={message.id}
                        className={message.isRead ? undefined : "bg-sky-50"}
                        data-unread={message.isRead ? undefined : "true"}
                      >
                        <Td>
                          <p
                            className={
                              message.isRead ? "text-slate-900" : "font-semibold text-slate-900"
                            }
                          >
                            {name}
                          </p>
                          <p className="text-sm break-all text-slate-600">{message.email}</p>
                        </Td>
                        <Td className="min-w-56">
                          <Link
                            to={`/admin/nachrichten/${message.id}`}
                            aria-label={t("adminInbox.openLabel", {
                              name,
                              subject: message.subject,
                            })}
                            className={`text-secondary underline underline-offset-2 hover:no-underline ${message.isRead ? "" : "font-semibold"}`}
                          >
                            {message.subject}
                          </Link>
                          <p className="mt-1 line-clamp-2 text-sm text-slate-600">
                            {message.preview}
                          </p>
                        </Td>
                        <Td className="whitespace-nowrap">{message.received}</Td>
                        <Td>
                          <span className="flex flex-wrap gap-1">
                            <span
                              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${message.isRead ? "bg-slate-200 text-slate-800" : "bg-sky-700 text-white"}`}
                            >
                              {message.isRead ? t("adminInbox.read") : t("adminInbox.unread")}
                            </span>
                            {message.isArchived && (
                              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                                {t("adminInbox.archived")}
                              </span>
                            )}
                            {message.replyCount > 0 && (
                              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                                {t("adminInbox.replied", { count: message.replyCount })}
                              </span>
                            )}
                          </span>
                        </Td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </div>
          )}
          <Pagination
            page={filter.page}
            pageCount={pageCount}
            hasMore={isCapped}
            href={(page) => listHref({ ...filter, page })}
            label={t("adminInbox.pagesLabel")}
            className="mt-6"
          />
        </>
      )}
    </main>
  );
}
