import "~/locales/admin-texts";
import { MoveLeft } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select, Textarea } from "~/components/ui/input";
import { UrlDialog } from "~/components/ui/url-dialog";
import { todayInBerlin } from "~/domain/calendar-day";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  blockPropertyId,
  createBlock,
  deleteBlock,
  getCalendarProperty,
  listBlocks,
  updateBlock,
} from "~/features/calendar/blocks.server";
import {
  BLOCK_REASONS,
  blockFormSchema,
  FEED_CHANNELS,
  feedFormSchema,
} from "~/features/calendar/calendar.schema";
import { getExportToken, rotateExportToken } from "~/features/calendar/ical-export.server";
import {
  acknowledgeConflict,
  addFeed,
  deleteFeed,
  feedPropertyId,
  listFeeds,
  STALE_AFTER_MS,
  syncFeed,
} from "~/features/calendar/ical-import.server";
import { formatDateTime } from "~/lib/date-time";
import { getEnv } from "~/lib/env.server";
import { fieldErrorsFromIssues } from "~/lib/form";
import { formatDate, getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/property-calendar";

/**
 * /admin/properties/{id}/kalender: a property's blocks (Sperrzeiten), its iCal export link and
 * its imported calendars (issue 18, decision 045). Every loader and action checks the admin role;
 * the functions it calls write the audit log in their own transaction.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const property = await getCalendarProperty(params.id);
  if (!property) throw data({ notFound: true }, { status: 404 });
  const language = languageFromCookie(request.headers.get("cookie"));
  const today = todayInBerlin();
  const [blocks, token, feeds] = await Promise.all([
    listBlocks(property.id, today),
    getExportToken(property.id),
    listFeeds(property.id),
  ]);
  const now = Date.now();
  return {
    property,
    today,
    blocks,
    exportUrl: `${getEnv().BASE_URL.replace(/\/+$/, "")}/ical/${token}.ics`,
    feeds: feeds.map((feed) => {
      const since = feed.lastSuccessAt ?? feed.createdAt;
      return {
        id: feed.id,
        name: feed.name,
        url: feed.url,
        channel: feed.channel,
        isEndLastNight: feed.isEndLastNight,
        upcomingStays: feed.upcomingStays,
        lastSuccess: feed.lastSuccessAt ? formatDateTime(feed.lastSuccessAt, language) : null,
        staleHours:
          now - since.getTime() > STALE_AFTER_MS
            ? Math.floor((now - since.getTime()) / 3_600_000)
            : null,
        log: feed.log.map((entry) => ({
          id: entry.id,
          time: formatDateTime(entry.createdAt, language),
          result: entry.result,
          error: entry.error,
          // Which error the channel's server answered (404: the address is gone; 503: try later).
          httpStatus: entry.httpStatus,
          added: entry.added,
          changed: entry.changed,
          removed: entry.removed,
          unchanged: entry.unchanged,
        })),
        conflicts: feed.conflicts.map((conflict) => ({
          id: conflict.id,
          kind: conflict.kind,
          checkIn: conflict.checkIn,
          checkOut: conflict.checkOut,
          acknowledged: conflict.acknowledgedAt
            ? formatDateTime(conflict.acknowledgedAt, language)
            : null,
          collidesWith: conflict.collidesWith,
        })),
      };
    }),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Kalender: ${loaderData.property.title}` : "Kalender" }];
}

type ActionData =
  | { ok: true; intent: string; message: string; at: number }
  | {
      ok: false;
      intent: string;
      error: string;
      blockId?: string;
      fieldErrors?: Record<string, string>;
      /** The channel's HTTP status when a sync failed with one */
      httpStatus?: number;
    };

const fields = (form: FormData, names: string[]) =>
  Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : undefined];
    }),
  );

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired({ intent: "calendar" });
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const property = await getCalendarProperty(params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (error: string, status: number, extra: object = {}) =>
    data({ ok: false, intent, error, ...extra } satisfies ActionData, { status });
  if (!property) return refuse("notFound", 404);
  const id = String(form.get("id") ?? "");

  if (intent === "createBlock" || intent === "updateBlock") {
    if (intent === "updateBlock" && (await blockPropertyId(id)) !== property.id) {
      return refuse("notFound", 404);
    }
    const parsed = blockFormSchema.safeParse(
      fields(form, ["checkIn", "checkOut", "reason", "note"]),
    );
    if (!parsed.success) {
      return refuse("invalid", 400, {
        blockId: intent === "updateBlock" ? id : undefined,
        fieldErrors: fieldErrorsFromIssues(parsed.error.issues),
      });
    }
    const result =
      intent === "createBlock"
        ? await createBlock({ actor: admin, propertyId: property.id, input: parsed.data })
        : await updateBlock({ actor: admin, blockId: id, input: parsed.data });
    if (!result.ok) {
      const status = result.error === "failed" ? 500 : result.error === "notFound" ? 404 : 409;
      return refuse(result.error, status === 500 ? 503 : status, {
        blockId: intent === "updateBlock" ? id : undefined,
      });
    }
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t(
        intent === "createBlock" ? "adminCalendar.blocks.created" : "adminCalendar.blocks.updated",
      ),
    } satisfies ActionData;
  }
  if (intent === "deleteBlock") {
    if ((await blockPropertyId(id)) !== property.id) return refuse("notFound", 404);
    const result = await deleteBlock({ actor: admin, blockId: id });
    if (!result.ok) return refuse(result.error, result.error === "notFound" ? 404 : 503);
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t("adminCalendar.blocks.removed"),
    } satisfies ActionData;
  }
  if (intent === "rotateExport") {
    const result = await rotateExportToken({ actor: admin, propertyId: property.id });
    if (!result.ok) return refuse("notFound", 404);
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t("adminCalendar.export.rotated"),
    } satisfies ActionData;
  }
  if (intent === "addFeed") {
    const parsed = feedFormSchema.safeParse(
      fields(form, ["name", "url", "channel", "isEndLastNight"]),
    );
    if (!parsed.success) {
      return refuse("invalid", 400, { fieldErrors: fieldErrorsFromIssues(parsed.error.issues) });
    }
    const result = await addFeed({ actor: admin, propertyId: property.id, input: parsed.data });
    if (!result.ok) return refuse("notFound", 404);
    // Read at once, so the admin sees whether the address works.
    await syncFeed(result.id);
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t("adminCalendar.feeds.added"),
    } satisfies ActionData;
  }
  if (intent === "acknowledgeConflict") {
    const result = await acknowledgeConflict({
      actor: admin,
      propertyId: property.id,
      eventId: id,
    });
    // Settled already, turned active, moved or released meanwhile: the page shows what is now.
    if (!result.ok) return refuse("conflictGone", 409);
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t("adminCalendar.conflicts.acknowledgedDone"),
    } satisfies ActionData;
  }
  if (intent === "deleteFeed" || intent === "syncFeed") {
    if ((await feedPropertyId(id)) !== property.id) return refuse("notFound", 404);
    if (intent === "deleteFeed") {
      const result = await deleteFeed({ actor: admin, feedId: id });
      if (!result.ok) return refuse("notFound", 404);
      return {
        ok: true,
        intent,
        at: Date.now(),
        message: t("adminCalendar.feeds.removed"),
      } satisfies ActionData;
    }
    const result = await syncFeed(id);
    if (!result.ok) {
      if (result.error === "busy") return refuse("busy", 409);
      if (result.error === "notFound") return refuse("notFound", 404);
      // The sync ran and failed (not the request): its log on the page says why.
      return refuse(`sync.${result.error}`, 422, { httpStatus: result.httpStatus });
    }
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t("adminCalendar.feeds.synced", {
        added: result.added,
        changed: result.changed,
        removed: result.removed,
        unchanged: result.unchanged,
      }),
    } satisfies ActionData;
  }
  return refuse("invalid", 400);
}

export default function PropertyCalendarPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  // "Jetzt synchronisieren" waits for the calendar (at most 10 s): say so on the pressed button.
  const syncingFeedId =
    isBusy && navigation.formData?.get("intent") === "syncFeed"
      ? String(navigation.formData.get("id"))
      : null;
  const result = useActionAnswer(actionData) as ActionData | undefined;
  const { property, blocks, feeds, exportUrl, today } = loaderData;
  const fieldError = (name: string, blockId?: string) => {
    if (!result || result.ok || !result.fieldErrors) return undefined;
    if ((result.blockId ?? undefined) !== blockId) return undefined;
    const key = result.fieldErrors[name];
    if (!key) return undefined;
    return t(`adminCalendar.errors.${key === "tooLong" ? "tooLongText" : key}`);
  };
  const blockError = (blockId?: string) =>
    result && !result.ok && result.blockId === blockId && /Block$/.test(result.intent)
      ? t(`adminCalendar.errors.${result.error}`)
      : null;
  const reasonOptions = BLOCK_REASONS.map((reason) => (
    <option key={reason} value={reason}>
      {t(`adminCalendar.blocks.reasons.${reason}`)}
    </option>
  ));
  const day = (value: string) => formatDate(value, language);
  // The three destructive actions ask first, in a dialog whose open state is the URL (like
  // deleting a property, decision 096): it works without JavaScript, and the dialog's form posts
  // to the bare page, so the answer shows there with the dialog gone.
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const confirmHref = (key: string, value: string) =>
    `${pathname}?${new URLSearchParams({ [key]: value })}`;
  // A stale or forged id in the URL opens nothing.
  const removingBlock = blocks.find((block) => block.id === searchParams.get("sperre-entfernen"));
  const removingFeed = feeds.find((feed) => feed.id === searchParams.get("kalender-entfernen"));
  const rotating = searchParams.has("link-erneuern");
  const cancel = (
    <LinkButton to={pathname} variant="subtle" size="md" replace preventScrollReset data-autofocus>
      {t("adminCalendar.confirm.cancel")}
    </LinkButton>
  );

  return (
    <main id="main" className="max-w-4xl space-y-8">
      <div>
        <Link
          to={`/admin/properties/edit/${property.id}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-secondary underline"
        >
          <MoveLeft aria-hidden className="size-4" />
          {t("adminCalendar.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">
          {t("adminCalendar.title", { title: property.title })}
        </h1>
        <p className="mt-1 text-slate-700">{t("adminCalendar.intro")}</p>
      </div>

      {result?.ok && <Banner tone="success">{result.message}</Banner>}
      {result && !result.ok && !/Block$/.test(result.intent) && (
        <Banner tone="error">
          {t(`adminCalendar.errors.${result.error}`, { status: result.httpStatus ?? "" })}
        </Banner>
      )}

      {removingBlock && (
        <UrlDialog
          title={t("adminCalendar.confirm.blockTitle")}
          closeTo={pathname}
          size="md"
          testId="block-remove"
        >
          <Form method="post" action={pathname} className="space-y-4">
            <input type="hidden" name="intent" value="deleteBlock" />
            <input type="hidden" name="id" value={removingBlock.id} />
            <p>
              {t("adminCalendar.confirm.blockText", {
                from: day(removingBlock.checkIn),
                to: day(removingBlock.checkOut),
              })}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              {/* The focus starts on the harmless choice. */}
              {cancel}
              <Button type="submit" variant="danger" disabled={isBusy}>
                {t("adminCalendar.confirm.blockSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}
      {rotating && (
        <UrlDialog
          title={t("adminCalendar.confirm.rotateTitle")}
          closeTo={pathname}
          size="md"
          testId="export-rotate"
        >
          <Form method="post" action={pathname} className="space-y-4">
            <input type="hidden" name="intent" value="rotateExport" />
            <p>{t("adminCalendar.confirm.rotateText")}</p>
            <div className="flex flex-wrap justify-end gap-2">
              {cancel}
              <Button type="submit" variant="danger" disabled={isBusy}>
                {t("adminCalendar.confirm.rotateSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}
      {removingFeed && (
        <UrlDialog
          title={t("adminCalendar.confirm.feedTitle", { name: removingFeed.name })}
          closeTo={pathname}
          size="md"
          testId="feed-remove"
        >
          <Form method="post" action={pathname} className="space-y-4">
            <input type="hidden" name="intent" value="deleteFeed" />
            <input type="hidden" name="id" value={removingFeed.id} />
            <p>
              {removingFeed.upcomingStays > 0
                ? t("adminCalendar.confirm.feedText", { count: removingFeed.upcomingStays })
                : t("adminCalendar.confirm.feedTextNone")}
            </p>
            <p className="text-sm text-slate-700">{t("adminCalendar.confirm.feedHint")}</p>
            <div className="flex flex-wrap justify-end gap-2">
              {cancel}
              <Button type="submit" variant="danger" disabled={isBusy}>
                {t("adminCalendar.confirm.feedSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      <section aria-labelledby="blocks-heading" className="space-y-4">
        <h2 id="blocks-heading" className="text-xl font-semibold text-slate-900">
          {t("adminCalendar.blocks.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("adminCalendar.blocks.hint")}</p>
        {blocks.length === 0 ? (
          <p className="text-slate-700">{t("adminCalendar.blocks.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {blocks.map((block) => {
              const legend = t("adminCalendar.blocks.edit", {
                from: day(block.checkIn),
                to: day(block.checkOut),
              });
              const error = blockError(block.id);
              return (
                <li
                  key={block.id}
                  id={`block-${block.id}`}
                  className="rounded-lg border border-slate-300 bg-white p-4"
                >
                  <Form method="post" className="space-y-3">
                    <fieldset className="space-y-3">
                      <legend className="font-medium text-slate-900">{legend}</legend>
                      <input type="hidden" name="id" value={block.id} />
                      {error && <Banner tone="error">{error}</Banner>}
                      <div className="grid gap-3 sm:grid-cols-3">
                        <Field
                          label={t("adminCalendar.blocks.checkIn")}
                          error={fieldError("checkIn", block.id)}
                        >
                          <Input type="date" name="checkIn" defaultValue={block.checkIn} required />
                        </Field>
                        <Field
                          label={t("adminCalendar.blocks.checkOut")}
                          error={fieldError("checkOut", block.id)}
                        >
                          <Input
                            type="date"
                            name="checkOut"
                            defaultValue={block.checkOut}
                            required
                          />
                        </Field>
                        <Field label={t("adminCalendar.blocks.reason")}>
                          <Select name="reason" defaultValue={block.reason}>
                            {reasonOptions}
                          </Select>
                        </Field>
                      </div>
                      <Field
                        label={t("adminCalendar.blocks.note")}
                        error={fieldError("note", block.id)}
                      >
                        <Input name="note" defaultValue={block.note} maxLength={500} />
                      </Field>
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" name="intent" value="updateBlock" disabled={isBusy}>
                          {t("adminCalendar.blocks.save")}
                        </Button>
                        <LinkButton
                          to={confirmHref("sperre-entfernen", block.id)}
                          preventScrollReset
                          variant="dangerOutline"
                          size="md"
                          aria-label={t("adminCalendar.confirm.blockLabel", {
                            from: day(block.checkIn),
                            to: day(block.checkOut),
                          })}
                        >
                          {t("adminCalendar.blocks.remove")}
                        </LinkButton>
                      </div>
                    </fieldset>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
        <Form
          // A new, empty form after each saved change.
          key={result?.ok ? result.at : "add-block"}
          method="post"
          className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
        >
          <h3 className="font-semibold text-slate-900">{t("adminCalendar.blocks.add")}</h3>
          {blockError(undefined) && <Banner tone="error">{blockError(undefined)}</Banner>}
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label={t("adminCalendar.blocks.checkIn")}
              error={fieldError("checkIn")}
              id="block-check-in"
            >
              <Input type="date" name="checkIn" min={today} required />
            </Field>
            <Field
              label={t("adminCalendar.blocks.checkOut")}
              error={fieldError("checkOut")}
              id="block-check-out"
            >
              <Input type="date" name="checkOut" min={today} required />
            </Field>
            <Field label={t("adminCalendar.blocks.reason")} id="block-reason">
              <Select name="reason" defaultValue="own-use">
                {reasonOptions}
              </Select>
            </Field>
          </div>
          <Field label={t("adminCalendar.blocks.note")} error={fieldError("note")} id="block-note">
            <Textarea name="note" rows={2} maxLength={500} />
          </Field>
          <Button type="submit" name="intent" value="createBlock" disabled={isBusy}>
            {t("adminCalendar.blocks.add")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="export-heading" className="space-y-3">
        <h2 id="export-heading" className="text-xl font-semibold text-slate-900">
          {t("adminCalendar.export.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("adminCalendar.export.hint")}</p>
        <dl className="space-y-2">
          {[
            { label: t("adminCalendar.export.all"), url: exportUrl },
            ...FEED_CHANNELS.filter((channel) => channel !== "other").map((channel) => ({
              label: t("adminCalendar.export.forChannel", {
                channel: t(`adminCalendar.feeds.channels.${channel}`),
              }),
              url: `${exportUrl}?channel=${channel}`,
            })),
          ].map((entry) => (
            <div key={entry.url}>
              <dt className="text-sm font-medium text-slate-800">{entry.label}</dt>
              <dd className="mt-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
                {entry.url}
              </dd>
            </div>
          ))}
        </dl>
        <div className="space-y-1">
          <LinkButton
            to={confirmHref("link-erneuern", "1")}
            preventScrollReset
            variant="outline"
            size="md"
          >
            {t("adminCalendar.export.rotate")}
          </LinkButton>
          <p className="text-sm text-slate-700">{t("adminCalendar.export.rotateHint")}</p>
        </div>
      </section>

      <section aria-labelledby="feeds-heading" className="space-y-4">
        <h2 id="feeds-heading" className="text-xl font-semibold text-slate-900">
          {t("adminCalendar.feeds.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("adminCalendar.feeds.hint")}</p>
        {feeds.length === 0 ? (
          <p className="text-slate-700">{t("adminCalendar.feeds.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {feeds.map((feed) => (
              <li
                key={feed.id}
                className="space-y-2 rounded-lg border border-slate-300 bg-white p-4"
              >
                <h3 className="font-semibold text-slate-900">
                  {feed.name}{" "}
                  <span className="font-normal text-slate-700">
                    ({t(`adminCalendar.feeds.channels.${feed.channel}`)})
                  </span>
                </h3>
                <p className="break-all text-sm text-slate-700">{feed.url}</p>
                {feed.staleHours !== null ? (
                  <Banner tone="error" announce="none">
                    {feed.lastSuccess
                      ? t("adminCalendar.feeds.stale", { name: feed.name, hours: feed.staleHours })
                      : t("adminCalendar.feeds.staleNever", { name: feed.name })}
                  </Banner>
                ) : (
                  <p className="text-sm text-slate-700">
                    {feed.lastSuccess
                      ? t("adminCalendar.feeds.lastSuccess", { time: feed.lastSuccess })
                      : t("adminCalendar.feeds.never")}
                  </p>
                )}
                {feed.conflicts.length > 0 && (
                  <section aria-label={t("adminCalendar.feeds.conflicts")} className="space-y-2">
                    <h4 className="text-sm font-semibold text-red-800">
                      {t("adminCalendar.feeds.conflicts")}
                    </h4>
                    <ul className="space-y-2">
                      {feed.conflicts.map((conflict) => (
                        <li
                          key={conflict.id}
                          className={`space-y-2 rounded-md border p-3 text-sm ${
                            conflict.acknowledged
                              ? "border-slate-300 bg-slate-50 text-slate-800"
                              : "border-red-300 bg-red-50 text-red-900"
                          }`}
                        >
                          <p className="font-medium">
                            {t("adminCalendar.conflicts.imported", {
                              channel: t(`adminCalendar.feeds.channels.${feed.channel}`),
                              feed: feed.name,
                              kind: t(`adminCalendar.conflicts.kinds.${conflict.kind}`),
                              from: day(conflict.checkIn),
                              to: day(conflict.checkOut),
                            })}
                          </p>
                          {conflict.collidesWith.length === 0 ? (
                            <p>{t("adminCalendar.conflicts.nowFree")}</p>
                          ) : (
                            <div>
                              <p>{t("adminCalendar.conflicts.collidesWith")}</p>
                              <ul className="list-disc pl-5">
                                {conflict.collidesWith.map((other) => {
                                  const range = {
                                    from: day(other.checkIn),
                                    to: day(other.checkOut),
                                  };
                                  return (
                                    <li key={other.id}>
                                      {other.kind === "booking" ? (
                                        <Link
                                          to={`/admin/bookings/${other.id}`}
                                          className="font-medium underline"
                                        >
                                          {t("adminCalendar.conflicts.booking", {
                                            number: other.bookingNumber,
                                            guest: other.guestName,
                                            ...range,
                                          })}
                                        </Link>
                                      ) : other.kind === "block" ? (
                                        <a href={`#block-${other.id}`} className="underline">
                                          {t("adminCalendar.conflicts.block", {
                                            reason: t(
                                              `adminCalendar.blocks.reasons.${other.reason}`,
                                            ),
                                            ...range,
                                          })}
                                        </a>
                                      ) : (
                                        t("adminCalendar.conflicts.external", {
                                          feed: other.feedName,
                                          ...range,
                                        })
                                      )}
                                    </li>
                                  );
                                })}
                              </ul>
                            </div>
                          )}
                          <p>
                            {conflict.acknowledged
                              ? t("adminCalendar.conflicts.acknowledgedAt", {
                                  time: conflict.acknowledged,
                                })
                              : t("adminCalendar.conflicts.howTo")}
                          </p>
                          <div className="flex flex-wrap gap-2">
                            {!conflict.acknowledged && (
                              <Form method="post">
                                <input type="hidden" name="id" value={conflict.id} />
                                <Button
                                  type="submit"
                                  name="intent"
                                  value="acknowledgeConflict"
                                  variant="outline"
                                  disabled={isBusy}
                                >
                                  {t("adminCalendar.conflicts.acknowledge")}
                                </Button>
                              </Form>
                            )}
                            <Form method="post">
                              <input type="hidden" name="id" value={feed.id} />
                              <Button
                                type="submit"
                                name="intent"
                                value="syncFeed"
                                variant="outline"
                                disabled={isBusy}
                              >
                                {syncingFeedId === feed.id
                                  ? t("adminCalendar.feeds.syncing")
                                  : t("adminCalendar.feeds.sync")}
                              </Button>
                            </Form>
                          </div>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
                {feed.log.length > 0 && (
                  <details>
                    <summary className="cursor-pointer text-sm font-medium text-secondary">
                      {t("adminCalendar.feeds.log")}
                    </summary>
                    <ul className="mt-1 space-y-1 text-sm text-slate-700">
                      {feed.log.map((entry) => (
                        <li key={entry.id}>
                          {entry.result === "ok"
                            ? t("adminCalendar.feeds.logOk", {
                                time: entry.time,
                                added: entry.added,
                                changed: entry.changed,
                                removed: entry.removed,
                                unchanged: entry.unchanged,
                              })
                            : t("adminCalendar.feeds.logFailed", {
                                time: entry.time,
                                error: t(
                                  `adminCalendar.errors.sync.${entry.error ?? "connectionFailed"}`,
                                  { status: entry.httpStatus ?? "" },
                                ),
                              })}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={feed.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="syncFeed"
                    variant="outline"
                    disabled={isBusy}
                  >
                    {syncingFeedId === feed.id
                      ? t("adminCalendar.feeds.syncing")
                      : t("adminCalendar.feeds.sync")}
                  </Button>
                  <LinkButton
                    to={confirmHref("kalender-entfernen", feed.id)}
                    preventScrollReset
                    variant="dangerOutline"
                    size="md"
                    aria-label={t("adminCalendar.confirm.feedLabel", { name: feed.name })}
                  >
                    {t("adminCalendar.feeds.remove")}
                  </LinkButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form
          key={result?.ok ? result.at : "add-feed"}
          method="post"
          className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
        >
          <h3 className="font-semibold text-slate-900">{t("adminCalendar.feeds.add")}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("adminCalendar.feeds.name")} error={fieldError("name")} id="feed-name">
              <Input name="name" maxLength={80} required />
            </Field>
            <Field label={t("adminCalendar.feeds.channel")} id="feed-channel">
              <Select name="channel" defaultValue="airbnb">
                {FEED_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {t(`adminCalendar.feeds.channels.${channel}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label={t("adminCalendar.feeds.url")} error={fieldError("url")} id="feed-url">
            <Input name="url" type="url" inputMode="url" required />
          </Field>
          <Checkbox name="isEndLastNight" label={t("adminCalendar.feeds.endIsLastNight")} />
          <Button type="submit" name="intent" value="addFeed" disabled={isBusy}>
            {t("adminCalendar.feeds.add")}
          </Button>
        </Form>
      </section>
    </main>
  );
}
