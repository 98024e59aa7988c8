import "~/locales/admin-texts";
import { Eye, EyeOff, MessageSquareQuote, MessageSquareText, TriangleAlert } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select, Textarea } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { UrlDialog } from "~/components/ui/url-dialog";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  getAdminReview,
  hideReview,
  listAdminReviews,
  setOwnerReply,
  unhideReview,
} from "~/features/reviews/admin-reviews.server";
import {
  ADMIN_REVIEW_FILTERS,
  adminReviewFilter,
  HIDE_REVIEW_FIELDS,
  hideReviewSchema,
  OWNER_REPLY_FIELDS,
  OWNER_REPLY_MAX,
  ownerReplySchema,
  REVIEW_HIDE_REASONS,
  REVIEW_NOTE_MAX,
  UNHIDE_REVIEW_FIELDS,
  unhideReviewSchema,
  type AdminReviewFilter,
} from "~/features/reviews/review-moderation";
import { formatDateTime } from "~/lib/date-time";
import { parseForm } from "~/lib/form.server";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/reviews";
import "~/locales/texts/reviews";

const NOTICES = ["hidden", "unhidden", "replied", "reply-removed"] as const;
type Notice = (typeof NOTICES)[number];
/** Dialogs are URLs (`?ausblenden=<id>`), like the bank accounts: they work without JavaScript. */
const DIALOGS = { ausblenden: "hide", einblenden: "unhide", antwort: "reply" } as const;
type DialogKind = (typeof DIALOGS)[keyof typeof DIALOGS];

function listHref(filter: Partial<AdminReviewFilter>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (filter.filter && filter.filter !== "alle") params.set("filter", filter.filter);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return `/admin/bewertungen${query ? `?${query}` : ""}`;
}

function dialogOf(params: URLSearchParams): { kind: DialogKind; id: string } | null {
  for (const [name, kind] of Object.entries(DIALOGS)) {
    const id = params.get(name);
    if (id !== null) return { kind, id };
  }
  return null;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = languageFromCookie(request.headers.get("cookie"));
  const { t } = getTranslator(language);
  const url = new URL(request.url);
  const filter = adminReviewFilter(url.searchParams);
  const notice = url.searchParams.get("hinweis");
  const wanted = dialogOf(url.searchParams);
  const base = {
    title: t("adminReviews.title"),
    filter,
    notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : null,
  };
  let list;
  let review;
  try {
    [list, review] = await Promise.all([
      listAdminReviews(filter),
      wanted ? getAdminReview(wanted.id) : null,
    ]);
  } catch (error) {
    logger.error({ err: error }, "loading the reviews failed");
    return {
      ...base,
      loadFailed: true,
      reviews: [],
      total: 0,
      isCapped: false,
      pageCount: 1,
      dialog: null,
    };
  }
  // A forged or stale id in the URL opens nothing rather than an empty dialog.
  if (wanted && !review) throw data({ notFound: true }, { status: 404 });
  const at = (iso: string | null) => (iso ? formatDateTime(iso, language) : "");
  return {
    ...base,
    loadFailed: false,
    ...list,
    reviews: list.reviews.map((item) => ({
      ...item,
      written: at(item.createdAt),
      hidden: item.hidden ? { ...item.hidden, when: at(item.hidden.at) } : null,
      reply: item.reply ? { ...item.reply, when: at(item.reply.at) } : null,
    })),
    dialog: wanted && review ? { kind: wanted.kind, review } : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Bewertungen" },
  { name: "robots", content: "noindex" },
];

type Field = "reason" | "note" | "reply";
type ActionData = {
  ok: false;
  error: string;
  fieldErrors?: Partial<Record<Field, string>>;
  values?: Partial<Record<Field, string>>;
};

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const form = await request.formData();
  const intent = form.get("intent");
  const id = form.get("id");
  const filter = adminReviewFilter(new URL(request.url).searchParams);
  const fail = (error: string, extra: Partial<ActionData> = {}) =>
    data({ ok: false, error, ...extra } satisfies ActionData, {
      status:
        error === "notFound" ? 404 : error === "failed" ? 500 : error === "invalid" ? 400 : 409,
    });
  if (!isUuid(id)) return fail("notFound");
  const done = (notice: Notice) => redirect(listHref(filter, { hinweis: notice }));

  if (intent === "hide") {
    const parsed = parseForm(form, hideReviewSchema, { fields: HIDE_REVIEW_FIELDS });
    if (!parsed.ok) return fail("invalid", parsed);
    const result = await hideReview({ actor: admin, id, ...parsed.data });
    if (!result.ok) return fail(result.error, { values: parsed.values });
    throw done("hidden");
  }
  if (intent === "unhide") {
    const parsed = parseForm(form, unhideReviewSchema, { fields: UNHIDE_REVIEW_FIELDS });
    if (!parsed.ok) return fail("invalid", parsed);
    const result = await unhideReview({ actor: admin, id, note: parsed.data.note });
    if (!result.ok) return fail(result.error, { values: parsed.values });
    throw done("unhidden");
  }
  if (intent === "reply") {
    const parsed = parseForm(form, ownerReplySchema, { fields: OWNER_REPLY_FIELDS });
    if (!parsed.ok) return fail("invalid", parsed);
    const result = await setOwnerReply({ actor: admin, id, reply: parsed.data.reply });
    if (!result.ok) return fail(result.error, { values: parsed.values });
    throw done("replied");
  }
  if (intent === "remove-reply") {
    const result = await setOwnerReply({ actor: admin, id, reply: null });
    if (!result.ok) return fail(result.error);
    throw done("reply-removed");
  }
  return fail("invalid");
}

const stars = (rating: number) => `${"★".repeat(rating)}${"☆".repeat(5 - rating)}`;

export default function AdminReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filter, reviews, total, isCapped, pageCount, loadFailed, notice, dialog } = loaderData;
  const result = useActionAnswer(actionData) as ActionData | undefined;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const closeTo = listHref(filter);
  const fieldError = (field: Field) => {
    const code = result?.fieldErrors?.[field];
    return code ? t(`adminReviews.errors.${code}`) : undefined;
  };
  const formError =
    result && result.error !== "invalid" && result.error !== "sessionExpired"
      ? t(`adminReviews.errors.${result.error}`)
      : null;
  const guestName = (review: (typeof reviews)[number]) =>
    review.guest?.name || review.guest?.email || t("adminReviews.deletedGuest");

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <MessageSquareQuote aria-hidden className="size-6 text-secondary" />
        {t("adminReviews.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("adminReviews.intro")}</p>

      {notice && !result && (
        <Banner tone="success" className="mt-4">
          {t(`adminReviews.notices.${notice}`)}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {formError && !dialog && (
        <Banner tone="error" className="mt-4">
          {formError}
        </Banner>
      )}

      {dialog?.kind === "hide" && (
        <UrlDialog
          title={t("adminReviews.hideTitle")}
          closeTo={closeTo}
          testId="review-hide"
          dismissible={false}
        >
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="hide" />
            <input type="hidden" name="id" value={dialog.review.id} />
            {formError && <Banner tone="error">{formError}</Banner>}
            <p className="text-slate-700">{t("adminReviews.hideIntro")}</p>
            <blockquote className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              <p className="font-semibold">{dialog.review.title || dialog.review.propertyTitle}</p>
              <p className="mt-1 line-clamp-4 whitespace-pre-line">{dialog.review.text}</p>
            </blockquote>
            <Field label={t("adminReviews.reason")} error={fieldError("reason")}>
              <Select
                name="reason"
                required
                data-autofocus
                defaultValue={result?.values?.reason ?? ""}
              >
                <option value="" disabled>
                  {t("adminReviews.reasonPlaceholder")}
                </option>
                {REVIEW_HIDE_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`reviews.hideReasons.${reason}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("adminReviews.noteLabel")} error={fieldError("note")}>
              <Textarea
                name="note"
                rows={3}
                required
                maxLength={REVIEW_NOTE_MAX}
                defaultValue={result?.values?.note ?? ""}
              />
            </Field>
            <DialogButtons
              closeTo={closeTo}
              isSubmitting={isSubmitting}
              submit={t("adminReviews.hide")}
              danger
            />
          </Form>
        </UrlDialog>
      )}

      {dialog?.kind === "unhide" && (
        <UrlDialog
          title={t("adminReviews.unhideTitle")}
          closeTo={closeTo}
          testId="review-unhide"
          dismissible={false}
        >
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="unhide" />
            <input type="hidden" name="id" value={dialog.review.id} />
            {formError && <Banner tone="error">{formError}</Banner>}
            <p className="text-slate-700">{t("adminReviews.unhideIntro")}</p>
            <Field label={t("adminReviews.unhideNoteLabel")} error={fieldError("note")}>
              <Textarea
                name="note"
                rows={3}
                required
                data-autofocus
                maxLength={REVIEW_NOTE_MAX}
                defaultValue={result?.values?.note ?? ""}
              />
            </Field>
            <DialogButtons
              closeTo={closeTo}
              isSubmitting={isSubmitting}
              submit={t("adminReviews.unhide")}
            />
          </Form>
        </UrlDialog>
      )}

      {dialog?.kind === "reply" && (
        <UrlDialog
          title={t("adminReviews.replyTitle")}
          closeTo={closeTo}
          testId="review-reply"
          dismissible={false}
        >
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="id" value={dialog.review.id} />
            {formError && <Banner tone="error">{formError}</Banner>}
            <p className="text-slate-700">{t("adminReviews.replyIntro")}</p>
            <blockquote className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              <p className="font-semibold">{dialog.review.title || dialog.review.propertyTitle}</p>
              <p className="mt-1 line-clamp-4 whitespace-pre-line">{dialog.review.text}</p>
            </blockquote>
            <Field label={t("adminReviews.replyField")} error={fieldError("reply")}>
              <Textarea
                name="reply"
                rows={6}
                required
                data-autofocus
                maxLength={OWNER_REPLY_MAX}
                defaultValue={result?.values?.reply ?? dialog.review.ownerReply ?? ""}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              {dialog.review.ownerReply && (
                <Button
                  type="submit"
                  name="intent"
                  value="remove-reply"
                  variant="dangerOutline"
                  disabled={isSubmitting}
                  className="mr-auto"
                >
                  {t("adminReviews.removeReply")}
                </Button>
              )}
              <LinkButton to={closeTo} variant="subtle" size="md" replace preventScrollReset>
                {t("adminReviews.cancel")}
              </LinkButton>
              <Button type="submit" name="intent" value="reply" disabled={isSubmitting}>
                {isSubmitting ? t("adminReviews.saving") : t("adminReviews.save")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      <nav aria-label={t("adminReviews.filterLabel")} className="mt-4 flex flex-wrap gap-2">
        {ADMIN_REVIEW_FILTERS.map((name) => (
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
            {t(`adminReviews.filters.${name}`)}
          </Link>
        ))}
      </nav>

      {loadFailed ? (
        <Banner tone="error" className="mt-6" icon={false}>
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5" />
            {t("adminReviews.errors.loadFailed")}
          </span>
        </Banner>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-700">
            {isCapped
              ? t("adminReviews.countMore", { count: total })
              : t("adminReviews.count", { count: total })}
          </p>
          {reviews.length === 0 ? (
            <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {t("adminReviews.empty")}
            </p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label={t("adminReviews.title")}>
              {reviews.map((review) => {
                const name = guestName(review);
                return (
                  <li
                    key={review.id}
                    className={`rounded-xl border bg-white p-4 ${review.hidden ? "border-amber-300" : "border-slate-200"}`}
                  >
                    <article aria-label={review.title || name} data-testid="admin-review">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <p className="font-semibold text-slate-900">
                            {review.property.isPublished ? (
                              <Link
                                to={`/properties/${review.property.id}`}
                                className="text-secondary underline underline-offset-2 hover:no-underline"
                              >
                                {review.property.title}
                              </Link>
                            ) : (
                              review.property.title
                            )}
                          </p>
                          <p className="text-sm text-slate-700">
                            {name}
                            {review.guest && review.guest.name ? ` · ${review.guest.email}` : ""}
                            {review.booking && (
                              <>
                                {" · "}
                                <Link
                                  to={`/admin/bookings/${review.booking.id}`}
                                  className="text-secondary underline"
                                >
                                  {review.booking.number}
                                </Link>
                              </>
                            )}
                          </p>
                          <p className="text-sm text-slate-600">
                            {t("adminReviews.written", { date: review.written })}
                          </p>
                        </div>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${review.hidden ? "bg-amber-100 text-amber-900" : "bg-green-100 text-green-900"}`}
                        >
                          {review.hidden ? t("adminReviews.hidden") : t("adminReviews.visible")}
                        </span>
                      </div>
                      <p className="mt-2">
                        <span
                          role="img"
                          aria-label={t("adminReviews.stars", { rating: review.rating })}
                          className="text-amber-700"
                        >
                          {stars(review.rating)}
                        </span>
                      </p>
                      {review.title && (
                        <h2 className="mt-1 font-semibold text-slate-900">{review.title}</h2>
                      )}
                      <p
                        className="mt-1 whitespace-pre-line break-words text-slate-800"
                        data-testid="admin-review-text"
                      >
                        {review.text}
                      </p>
                      {review.hidden && (
                        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
                          <p className="font-medium">
                            {review.hidden.by
                              ? t("adminReviews.hiddenInfo", {
                                  name: review.hidden.by,
                                  date: review.hidden.when,
                                })
                              : t("adminReviews.hiddenInfoUnknown", { date: review.hidden.when })}
                          </p>
                          <p>
                            {t("adminReviews.reason")}:{" "}
                            {t(`reviews.hideReasons.${review.hidden.reason}`)}
                          </p>
                          {review.hidden.note && (
                            <p className="whitespace-pre-line">
                              {t("adminReviews.note")}: {review.hidden.note}
                            </p>
                          )}
                        </div>
                      )}
                      {review.reply && (
                        <div
                          className="mt-3 rounded-lg border-l-4 border-secondary bg-slate-50 p-3 text-sm"
                          data-testid="admin-owner-reply"
                        >
                          <p className="font-medium text-slate-900">
                            {t("adminReviews.ownerReply")} ·{" "}
                            {review.reply.by
                              ? t("adminReviews.replyInfo", {
                                  name: review.reply.by,
                                  date: review.reply.when,
                                })
                              : t("adminReviews.replyInfoUnknown", { date: review.reply.when })}
                          </p>
                          <p className="mt-1 whitespace-pre-line break-words text-slate-800">
                            {review.reply.text}
                          </p>
                        </div>
                      )}
                      <div className="mt-3 flex flex-wrap gap-2">
                        <LinkButton
                          to={listHref(filter, { antwort: review.id })}
                          preventScrollReset
                          variant="outline"
                          size="sm"
                          aria-label={
                            review.reply
                              ? t("adminReviews.editReplyLabel", { name })
                              : t("adminReviews.replyLabel", { name })
                          }
                        >
                          <MessageSquareText aria-hidden className="size-4" />
                          {review.reply ? t("adminReviews.editReply") : t("adminReviews.reply")}
                        </LinkButton>
                        {review.hidden ? (
                          <LinkButton
                            to={listHref(filter, { einblenden: review.id })}
                            preventScrollReset
                            variant="outline"
                            size="sm"
                            aria-label={t("adminReviews.unhideLabel", { name })}
                          >
                            <Eye aria-hidden className="size-4" />
                            {t("adminReviews.unhide")}
                          </LinkButton>
                        ) : (
                          <LinkButton
                            to={listHref(filter, { ausblenden: review.id })}
                            preventScrollReset
                            variant="dangerOutline"
                            size="sm"
                            aria-label={t("adminReviews.hideLabel", { name })}
                          >
                            <EyeOff aria-hidden className="size-4" />
                            {t("adminReviews.hide")}
                          </LinkButton>
                        )}
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            page={filter.page}
            pageCount={pageCount}
            hasMore={isCapped}
            href={(page) => listHref({ ...filter, page })}
            label={t("adminReviews.pagesLabel")}
            className="mt-6"
          />
        </>
      )}
    </main>
  );
}

function DialogButtons({
  closeTo,
  isSubmitting,
  submit,
  danger = false,
}: {
  closeTo: string;
  isSubmitting: boolean;
  submit: string;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <LinkButton to={closeTo} variant="subtle" size="md" replace preventScrollReset>
        {t("adminReviews.cancel")}
      </LinkButton>
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={isSubmitting}>
        {isSubmitting ? t("adminReviews.saving") : submit}
      </Button>
    </div>
  );
}
