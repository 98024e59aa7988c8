import "~/locales/admin-texts";
import { Archive, ArchiveRestore, ArrowLeft, Mail, MailOpen, Send, Trash2 } from "lucide-react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteError,
} from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { replyGreeting } from "~/features/email/templates/contact-reply";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { UrlDialog } from "~/components/ui/url-dialog";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  CONTACT_REPLY_FIELDS,
  CONTACT_REPLY_MAX,
  contactReplySchema,
} from "~/features/contact/inbox.schema";
import {
  changeContactMessage,
  deleteContactMessage,
  openContactMessage,
  replyToContactMessage,
  type ContactMessageChange,
} from "~/features/contact/inbox.server";
import { formatDateTime } from "~/lib/date-time";
import { parseForm } from "~/lib/form.server";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useRootData } from "~/root";
import type { Route } from "./+types/inbox-message";

const NOTICES = ["replied", "unarchive"] as const;
type Notice = (typeof NOTICES)[number];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = languageFromCookie(request.headers.get("cookie"));
  const { t } = getTranslator(language);
  // Opening marks the message read (an unknown or malformed id: 404, nothing changes).
  const message = await openContactMessage(params.id);
  if (!message) throw data({ notFound: true }, { status: 404 });
  const notice = new URL(request.url).searchParams.get("hinweis");
  return {
    title: `${t("adminInbox.title")}: ${message.subject}`,
    notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : null,
    // "Löschen" asks first, in a dialog whose open state is the URL (works without JavaScript).
    isDeleting: new URL(request.url).searchParams.has("loeschen"),
    // The reply box starts with the salutation the e-mail used to add on its own (decision 099).
    replyGreeting: replyGreeting(message.language === "en" ? "en" : "de", message.firstName),
    message: {
      ...message,
      received: formatDateTime(message.createdAt, language),
      replies: message.replies.map((reply) => ({
        ...reply,
        sent: formatDateTime(reply.createdAt, language),
      })),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Nachricht" },
  { name: "robots", content: "noindex" },
];

type ActionData = {
  ok: false;
  error: string;
  fieldErrors?: Partial<Record<"reply", string>>;
  values?: Partial<Record<"reply", string>>;
};

const CHANGES = ["unread", "archive", "unarchive"] as const satisfies ContactMessageChange[];

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const fail = (error: string, extra: Partial<ActionData> = {}) =>
    data({ ok: false, error, ...extra } satisfies ActionData, {
      status: error === "notFound" ? 404 : error === "stale" ? 409 : error === "failed" ? 500 : 400,
    });
  if (!isUuid(params.id)) return fail("notFound");
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    // The reply count the confirmation showed: a reply sent since makes the request stale.
    const replies = form.get("replies");
    if (typeof replies !== "string" || !/^\d{1,4}$/.test(replies)) return fail("invalid");
    const result = await deleteContactMessage({
      actor: admin,
      id: params.id,
      expectedReplies: Number(replies),
    });
    if (!result.ok) return fail(result.error);
    throw redirect("/admin/nachrichten?hinweis=deleted");
  }

  if (intent === "reply") {
    const parsed = parseForm(form, contactReplySchema, {
      fields: CONTACT_REPLY_FIELDS,
      echoMax: CONTACT_REPLY_MAX + 100,
    });
    if (!parsed.ok) {
      return fail("invalid", { fieldErrors: parsed.fieldErrors, values: parsed.values });
    }
    const result = await replyToContactMessage({
      actor: admin,
      id: params.id,
      reply: parsed.data.reply,
    });
    if (!result.ok && result.error === "greetingOnly") {
      return fail("invalid", { fieldErrors: { reply: "greetingOnly" }, values: parsed.values });
    }
    if (!result.ok) return fail(result.error, { values: parsed.values });
    throw redirect(`/admin/nachrichten/${params.id}?hinweis=replied`);
  }

  const change = CHANGES.find((known) => known === intent);
  if (change) {
    const result = await changeContactMessage({ actor: admin, id: params.id, change });
    if (!result.ok) return fail(result.error);
    // Unread and archived messages go back to the list: opening the message again would
    // mark it read at once.
    if (change === "unarchive") throw redirect(`/admin/nachrichten/${params.id}?hinweis=unarchive`);
    throw redirect(
      change === "archive" ? "/admin/nachrichten?filter=archiv" : "/admin/nachrichten",
    );
  }
  return fail("invalid");
}

const DELIVERY_TONES = {
  failed: "bg-red-100 text-red-900",
  sent: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
} as const;

export default function AdminInboxMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { message, notice, isDeleting } = loaderData;
  const hasPendingReply = message.replies.some((reply) => reply.emailStatus === "pending");
  // The root loader already reads the settings for every page.
  const companyEmail = useRootData()?.settings.companyEmail ?? "";
  const result = useActionAnswer(actionData) as ActionData | undefined;
  const navigation = useNavigation();
  const isSending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const name = `${message.firstName} ${message.lastName}`;
  const replyError = result?.fieldErrors?.reply
    ? t(`adminInbox.errors.${result.fieldErrors.reply}`)
    : undefined;
  const isDeleteSubmitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const closeTo = `/admin/nachrichten/${message.id}`;
  const formError =
    result && !result.fieldErrors?.reply && result.error !== "sessionExpired"
      ? t(`adminInbox.errors.${result.error}`)
      : null;

  return (
    <main id="main" className="max-w-4xl">
      <Link
        to="/admin/nachrichten"
        className="inline-flex items-center gap-1 font-medium text-secondary underline underline-offset-2 hover:no-underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("adminInbox.back")}
      </Link>
      <h1 className="mt-3 flex items-center gap-2 text-2xl font-semibold break-words text-slate-900">
        <Mail aria-hidden className="size-6 shrink-0 text-secondary" />
        {message.subject}
      </h1>

      {notice && (
        <Banner tone="success" className="mt-4">
          {t(`adminInbox.notices.${notice}`)}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {formError && !isDeleting && (
        <Banner tone="error" className="mt-4">
          {formError}
        </Banner>
      )}

      {isDeleting && (
        <UrlDialog
          title={t("adminInbox.deleteTitle")}
          closeTo={closeTo}
          size="md"
          testId="contact-message-delete"
        >
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="replies" value={message.replies.length} />
            {formError && <Banner tone="error">{formError}</Banner>}
            <p>{t("adminInbox.deleteConfirm", { name, subject: message.subject })}</p>
            {hasPendingReply && <p className="font-medium">{t("adminInbox.deletePending")}</p>}
            <div className="flex flex-wrap justify-end gap-2">
              <LinkButton to={closeTo} variant="subtle" size="md" replace preventScrollReset>
                {t("adminInbox.cancel")}
              </LinkButton>
              <Button type="submit" variant="danger" disabled={isDeleteSubmitting} data-autofocus>
                {t("adminInbox.deleteSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      <section
        aria-label={t("adminInbox.message")}
        className="mt-4 rounded-xl border border-slate-200 bg-white p-5"
        data-testid="contact-message"
      >
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-700">{t("adminInbox.from")}</dt>
          <dd className="text-slate-900">{name}</dd>
          <dt className="font-medium text-slate-700">{t("adminInbox.email")}</dt>
          <dd className="break-all">
            <a href={`mailto:${message.email}`} className="text-secondary underline">
              {message.email}
            </a>
          </dd>
          <dt className="font-medium text-slate-700">{t("adminInbox.received")}</dt>
          <dd className="text-slate-900">{message.received}</dd>
          <dt className="font-medium text-slate-700">{t("adminInbox.language")}</dt>
          <dd className="text-slate-900">{t(`adminInbox.languages.${message.language}`)}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-line break-words text-slate-900">{message.message}</p>
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="unread" />
            <Button type="submit" variant="outline" size="sm">
              <MailOpen aria-hidden className="size-4" />
              {t("adminInbox.markUnread")}
            </Button>
          </Form>
          <Form method="post">
            <input
              type="hidden"
              name="intent"
              value={message.isArchived ? "unarchive" : "archive"}
            />
            <Button type="submit" variant="outline" size="sm">
              {message.isArchived ? (
                <ArchiveRestore aria-hidden className="size-4" />
              ) : (
                <Archive aria-hidden className="size-4" />
              )}
              {message.isArchived ? t("adminInbox.unarchive") : t("adminInbox.archive")}
            </Button>
          </Form>
          <LinkButton
            to={`${closeTo}?loeschen=1`}
            variant="outline"
            size="sm"
            preventScrollReset
            className="text-red-800 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-4" />
            {t("adminInbox.delete")}
          </LinkButton>
        </div>
      </section>

      <section aria-labelledby="replies-heading" className="mt-6">
        <h2 id="replies-heading" className="text-lg font-semibold text-slate-900">
          {t("adminInbox.replies")}
        </h2>
        {message.replies.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("adminInbox.noReplies")}</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {message.replies.map((reply) => (
              <li
                key={reply.id}
                className="rounded-xl border border-slate-200 bg-white p-4"
                data-testid="contact-reply"
              >
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span className="font-medium text-slate-900">
                    {reply.author
                      ? t("adminInbox.replyBy", { name: reply.author, date: reply.sent })
                      : t("adminInbox.replyByUnknown", { date: reply.sent })}
                  </span>
                  {reply.emailStatus && (
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                        DELIVERY_TONES[reply.emailStatus]
                      }`}
                    >
                      {t(`adminInbox.delivery.${reply.emailStatus}`)}
                    </span>
                  )}
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-slate-900">{reply.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section
        aria-labelledby="reply-heading"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="reply-heading" className="text-lg font-semibold text-slate-900">
          {t("adminInbox.replyHeading")}
        </h2>
        <Form method="post" noValidate className="mt-3 space-y-3" key={message.replies.length}>
          <input type="hidden" name="intent" value="reply" />
          <Field
            label={t("adminInbox.replyLabel")}
            hint={t("adminInbox.replyHint", {
              email: message.email,
              language: t(`adminInbox.languages.${message.language}`),
              companyEmail,
            })}
            error={replyError}
          >
            <Textarea
              name="reply"
              rows={8}
              maxLength={CONTACT_REPLY_MAX}
              required
              defaultValue={result?.values?.reply ?? `${loaderData.replyGreeting}\n\n`}
            />
          </Field>
          <Button type="submit" disabled={isSending}>
            <Send aria-hidden className="size-4" />
            {isSending ? t("adminInbox.sending") : t("adminInbox.send")}
          </Button>
        </Form>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // Sign-in and role answers (401, 403) are the admin layout's to show.
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) throw error;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="space-y-4">
      <p role="alert" className="text-lg font-semibold text-slate-900">
        {notFound ? t("adminInbox.errors.notFound") : t("adminInbox.errors.loadFailed")}
      </p>
      <Link to="/admin/nachrichten" className="font-medium text-secondary underline">
        {t("adminInbox.back")}
      </Link>
    </main>
  );
}
