import "~/locales/admin-texts";
import { Download, Newspaper, Trash2, TriangleAlert } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { Table, Td, Th } from "~/components/ui/table";
import { UrlDialog } from "~/components/ui/url-dialog";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  NEWSLETTER_STATUS_FILTERS,
  newsletterFilter,
  newsletterQuery,
  type NewsletterFilter,
} from "~/features/newsletter/admin-newsletter.schema";
import {
  getSubscriber,
  listSubscribers,
  removeSubscriber,
} from "~/features/newsletter/admin-newsletter.server";
import { formatDateTime } from "~/lib/date-time";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/newsletter";

const listHref = (filter: Partial<NewsletterFilter>, extra: Record<string, string> = {}) =>
  `/admin/newsletter${newsletterQuery(filter, extra)}`;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = languageFromCookie(request.headers.get("cookie"));
  const { t } = getTranslator(language);
  const url = new URL(request.url);
  const filter = newsletterFilter(url.searchParams);
  const remove = url.searchParams.get("entfernen");
  const base = {
    title: t("adminNewsletter.title"),
    filter,
    removed: url.searchParams.get("hinweis") === "removed",
  };
  let list;
  let removing;
  try {
    [list, removing] = await Promise.all([
      listSubscribers(filter),
      remove !== null ? getSubscriber(remove) : null,
    ]);
  } catch (error) {
    logger.error({ err: error }, "loading the newsletter subscribers failed");
    return {
      ...base,
      loadFailed: true,
      subscribers: [],
      total: 0,
      isCapped: false,
      confirmedCount: 0,
      pageCount: 1,
      removing: null,
    };
  }
  // A forged or stale id in the URL opens nothing rather than an empty dialog.
  if (remove !== null && !removing) throw data({ notFound: true }, { status: 404 });
  return {
    ...base,
    loadFailed: false,
    ...list,
    subscribers: list.subscribers.map((row) => ({
      ...row,
      subscribed: formatDateTime(row.createdAt, language),
      confirmed: row.confirmedAt ? formatDateTime(row.confirmedAt, language) : "–",
    })),
    removing,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Newsletter" },
  { name: "robots", content: "noindex" },
];

type ActionData = { ok: false; error: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const form = await request.formData();
  const id = form.get("id");
  if (form.get("intent") !== "remove") {
    return data({ ok: false, error: "invalid" } satisfies ActionData, { status: 400 });
  }
  if (!isUuid(id)) {
    return data({ ok: false, error: "notFound" } satisfies ActionData, { status: 404 });
  }
  const result = await removeSubscriber({ actor: admin, id });
  if (!result.ok) {
    return data({ ok: false, error: result.error } satisfies ActionData, {
      status: result.error === "notFound" ? 404 : 500,
    });
  }
  const filter = newsletterFilter(new URL(request.url).searchParams);
  throw redirect(listHref({ ...filter, page: 1 }, { hinweis: "removed" }));
}

const STATUS_STYLES = {
  confirmed: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  unsubscribed: "bg-slate-200 text-slate-800",
} as const;

export default function AdminNewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const {
    filter,
    subscribers,
    total,
    isCapped,
    confirmedCount,
    pageCount,
    loadFailed,
    removing,
    removed,
  } = loaderData;
  const result = useActionAnswer(actionData) as ActionData | undefined;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const closeTo = listHref(filter);
  const formError =
    result && result.error !== "sessionExpired"
      ? t(`adminNewsletter.errors.${result.error}`)
      : null;

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <Newspaper aria-hidden className="size-6 text-secondary" />
        {t("adminNewsletter.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("adminNewsletter.intro")}</p>
      <p className="mt-1 font-medium text-slate-900" data-testid="confirmed-count">
        {t("adminNewsletter.confirmedCount", { count: confirmedCount })}
      </p>

      {removed && !result && (
        <Banner tone="success" className="mt-4">
          {t("adminNewsletter.notices.removed")}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {formError && !removing && (
        <Banner tone="error" className="mt-4">
          {formError}
        </Banner>
      )}

      {removing && (
        <UrlDialog
          title={t("adminNewsletter.removeTitle")}
          closeTo={closeTo}
          size="md"
          testId="newsletter-remove"
        >
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={removing.id} />
            {formError && <Banner tone="error">{formError}</Banner>}
            <p>{t("adminNewsletter.removeConfirm")}</p>
            <p className="font-medium break-all">{removing.email}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <LinkButton to={closeTo} variant="subtle" size="md" replace preventScrollReset>
                {t("adminNewsletter.cancel")}
              </LinkButton>
              <Button type="submit" variant="danger" disabled={isSubmitting} data-autofocus>
                {t("adminNewsletter.removeSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      <Form
        method="get"
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto]"
      >
        <Field label={t("adminNewsletter.search")}>
          <Input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder={t("adminNewsletter.searchPlaceholder")}
          />
        </Field>
        <Field label={t("adminNewsletter.statusFilter")}>
          <Select name="status" defaultValue={filter.status}>
            {NEWSLETTER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`adminNewsletter.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" size="md">
            {t("adminNewsletter.apply")}
          </Button>
        </div>
      </Form>

      {loadFailed ? (
        <Banner tone="error" className="mt-6" icon={false}>
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5" />
            {t("adminNewsletter.errors.loadFailed")}
          </span>
        </Banner>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm text-slate-700">
              {isCapped
                ? t("adminNewsletter.countMore", { count: total })
                : t("adminNewsletter.count", { count: total })}
            </p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span id="export-hint" className="text-xs text-slate-600">
                {t("adminNewsletter.exportHint")}
              </span>
              {/* A plain link: the browser downloads the file (no client-side navigation). */}
              <a
                href={`/admin/newsletter.csv${newsletterQuery({ q: filter.q, status: filter.status })}`}
                download
                aria-describedby="export-hint"
                className="inline-flex items-center gap-2 rounded-lg border border-secondary bg-white px-3 py-1.5 text-sm font-medium text-secondary hover:bg-slate-100"
              >
                <Download aria-hidden className="size-4" />
                {t("adminNewsletter.export")}
              </a>
            </div>
          </div>
          {subscribers.length === 0 ? (
            <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {t("adminNewsletter.empty")}
            </p>
          ) : (
            <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4">
              <Table caption={t("adminNewsletter.caption")} hideCaption testId="subscribers">
                <thead>
                  <tr>
                    <Th>{t("adminNewsletter.email")}</Th>
                    <Th>{t("adminNewsletter.status")}</Th>
                    <Th>{t("adminNewsletter.subscribed")}</Th>
                    <Th>{t("adminNewsletter.confirmed")}</Th>
                    <Th>
                      <span className="sr-only">{t("adminNewsletter.actions")}</span>
                    </Th>
                  </tr>
                </thead>
                <tbody>
                  {subscribers.map((row) => (
                    <tr key={row.id}>
                      <Td className="font-medium whitespace-nowrap text-slate-900">{row.email}</Td>
                      <Td>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[row.status]}`}
                        >
                          {t(`adminNewsletter.statuses.${row.status}`)}
                        </span>
                      </Td>
                      <Td className="whitespace-nowrap">{row.subscribed}</Td>
                      <Td className="whitespace-nowrap">{row.confirmed}</Td>
                      <Td className="text-right whitespace-nowrap">
                        <LinkButton
                          to={listHref(filter, { entfernen: row.id })}
                          preventScrollReset
                          variant="ghost"
                          size="sm"
                          className="text-red-800 hover:bg-red-50"
                          aria-label={t("adminNewsletter.removeLabel", { email: row.email })}
                        >
                          <Trash2 aria-hidden className="size-4" />
                          {t("adminNewsletter.remove")}
                        </LinkButton>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <Pagination
            page={filter.page}
            pageCount={pageCount}
            hasMore={isCapped}
            href={(page) => listHref({ ...filter, page })}
            label={t("adminNewsletter.pagesLabel")}
            className="mt-6"
          />
        </>
      )}
    </main>
  );
}
