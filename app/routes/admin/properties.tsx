import "~/locales/admin-texts";
import {
  Award,
  FileUp,
  Hotel,
  ImageIcon,
  MapPinned,
  Pencil,
  Plus,
  Trash2,
  TriangleAlert,
  UsersRound,
} from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { UrlDialog } from "~/components/ui/url-dialog";
import { dayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  adminPropertiesHref,
  adminPropertyFilter,
  PROPERTY_STATUS_FILTERS,
  type PropertyStatus,
} from "~/features/properties/admin-property.schema";
import {
  deleteProperty,
  getAdminProperty,
  listAdminProperties,
  type DeletePropertyError,
} from "~/features/properties/admin-properties.server";
import { formatDate, formatMoney, getTranslator, languageFromCookie } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/properties";

const NOTICES = ["saved", "deleted", "archived"] as const;
type Notice = (typeof NOTICES)[number];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const url = new URL(request.url);
  const filter = adminPropertyFilter(url.searchParams);
  const remove = url.searchParams.get("loeschen");
  const notice = url.searchParams.get("hinweis");
  const base = {
    title: t("adminProperties.title"),
    filter,
    notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : null,
  };
  // A forged or stale id in the URL opens nothing, with the German 404 of the admin area.
  if (remove !== null && !isUuid(remove)) throw data({ notFound: true }, { status: 404 });
  try {
    const [list, removing] = await Promise.all([
      listAdminProperties(filter),
      remove ? getAdminProperty(remove) : null,
    ]);
    if (remove && !removing) throw data({ notFound: true }, { status: 404 });
    return {
      ...base,
      loadFailed: false,
      ...list,
      removing: removing && { id: removing.id, title: removing.title, location: removing.location },
    };
  } catch (error) {
    if (error && typeof error === "object" && "init" in error) throw error;
    logger.error({ err: error }, "loading the property list failed");
    return {
      ...base,
      loadFailed: true,
      properties: [],
      total: 0,
      isCapped: false,
      pageCount: 1,
      removing: null,
    };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Unterkünfte" },
  { name: "robots", content: "noindex" },
];

type ActionData = { ok: false; error: DeletePropertyError | "sessionExpired" | "invalid" };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const form = await request.formData();
  const id = form.get("id");
  if (form.get("intent") !== "delete" || typeof id !== "string") {
    return data({ ok: false, error: "invalid" } satisfies ActionData, { status: 400 });
  }
  const result = await deleteProperty({ actor: admin, id });
  if (!result.ok) {
    const status = result.error === "notFound" ? 404 : result.error === "upcoming" ? 409 : 500;
    return data({ ok: false, error: result.error } satisfies ActionData, { status });
  }
  const filter = adminPropertyFilter(new URL(request.url).searchParams);
  throw redirect(adminPropertiesHref(filter, { hinweis: result.outcome }));
}

const STATUS_STYLES: Record<PropertyStatus, string> = {
  published: "bg-green-100 text-green-900",
  draft: "bg-amber-100 text-amber-950",
  archived: "bg-slate-200 text-slate-800",
};

export default function AdminPropertiesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const { filter, properties, total, isCapped, pageCount, loadFailed, notice, removing } =
    loaderData;
  const result = useActionAnswer(actionData) as ActionData | undefined;
  const navigation = useNavigation();
  const isLoading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/properties";
  const isSubmitting = navigation.state === "submitting";
  const closeTo = adminPropertiesHref(filter);
  const deleteError =
    result && result.error !== "sessionExpired"
      ? result.error === "upcoming"
        ? t("adminProperties.errors.upcoming")
        : result.error === "notFound"
          ? t("adminProperties.errors.notFound")
          : t("adminProperties.errors.deleteFailed")
      : null;

  return (
    <main id="main">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <Hotel aria-hidden className="size-6 text-secondary" />
            {t("adminProperties.title")}
          </h1>
          <p className="mt-1 text-slate-700">{t("adminProperties.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/admin/properties/import" variant="outline" size="md">
            <FileUp aria-hidden className="size-4" />
            {t("adminProperties.csvImport")}
          </LinkButton>
          <LinkButton to="/admin/properties/add" size="md">
            <Plus aria-hidden className="size-4" />
            {t("adminProperties.add")}
          </LinkButton>
        </div>
      </div>

      {notice && !result && (
        <Banner tone="success" className="mt-4">
          {t(`adminProperties.notices.${notice}`)}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {deleteError && !removing && (
        <Banner tone="error" className="mt-4">
          {deleteError}
        </Banner>
      )}

      {removing && (
        <UrlDialog
          title={t("adminProperties.deleteTitle")}
          closeTo={closeTo}
          size="md"
          testId="property-delete"
        >
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={removing.id} />
            {deleteError && <Banner tone="error">{deleteError}</Banner>}
            <p>{t("adminProperties.deleteConfirm")}</p>
            <p className="font-medium">
              {removing.title || t("adminProperties.untitled")}
              {removing.location && ` · ${removing.location}`}
            </p>
            <p className="text-sm text-slate-700">{t("adminProperties.deleteHint")}</p>
            <div className="flex flex-wrap justify-end gap-2">
              {/* The focus starts on the harmless choice, not on "Löschen". */}
              <LinkButton
                to={closeTo}
                variant="subtle"
                size="md"
                replace
                preventScrollReset
                data-autofocus
              >
                {t("adminProperties.cancel")}
              </LinkButton>
              <Button type="submit" variant="danger" disabled={isSubmitting}>
                {isSubmitting ? t("adminProperties.deleting") : t("adminProperties.delete")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      <Form
        method="get"
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <Field label={t("adminProperties.search")}>
          <Input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder={t("adminProperties.searchPlaceholder")}
          />
        </Field>
        <Field label={t("adminProperties.location")}>
          <Input
            type="search"
            name="ort"
            defaultValue={filter.location}
            maxLength={100}
            placeholder={t("adminProperties.locationPlaceholder")}
          />
        </Field>
        <Field label={t("adminProperties.status")}>
          <Select name="status" defaultValue={filter.status}>
            {PROPERTY_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`adminProperties.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" size="md">
            {t("adminProperties.apply")}
          </Button>
        </div>
      </Form>

      {isLoading && (
        <p role="status" className="mt-4 text-slate-700">
          {t("adminProperties.loading")}
        </p>
      )}

      {loadFailed ? (
        <Banner tone="error" className="mt-6" icon={false}>
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5" />
            {t("adminProperties.loadFailed")}
          </span>
        </Banner>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-700">
            {isCapped
              ? t("adminProperties.countMore", { count: total })
              : t("adminProperties.count", { count: total })}
          </p>
          {properties.length === 0 ? (
            <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {t("adminProperties.empty")}
            </p>
          ) : (
            <ul
              className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
              data-testid="admin-properties"
            >
              {properties.map((property) => {
                const title = property.title || t("adminProperties.untitled");
                const image = property.mainImage ? imageUrls(property.mainImage) : null;
                return (
                  <li
                    key={property.id}
                    data-property-id={property.id}
                    className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
                  >
                    <div className="relative aspect-[4/3] bg-slate-100">
                      {image?.src ? (
                        <img
                          src={image.src}
                          srcSet={image.srcSet}
                          sizes="(min-width: 1280px) 22rem, (min-width: 640px) 45vw, 100vw"
                          alt=""
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      ) : (
                        <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-600">
                          <ImageIcon aria-hidden className="size-8" />
                          <span className="text-sm">{t("adminProperties.noImage")}</span>
                        </div>
                      )}
                      <span
                        className={cx(
                          "absolute top-2 left-2 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                          STATUS_STYLES[property.status],
                        )}
                      >
                        {t(`adminProperties.statuses.${property.status}`)}
                      </span>
                    </div>
                    <div className="flex flex-1 flex-col gap-1 p-4">
                      <div className="flex items-start justify-between gap-2">
                        <h2 className="font-semibold break-words text-slate-900">{title}</h2>
                        {property.rating !== null ? (
                          <span
                            className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-slate-800"
                            aria-label={t("adminProperties.ratingLabel", {
                              rating: property.rating.toLocaleString(language, {
                                maximumFractionDigits: 1,
                              }),
                            })}
                          >
                            <Award aria-hidden className="size-4 text-primary-strong" />
                            {property.rating.toLocaleString(language, {
                              minimumFractionDigits: 1,
                              maximumFractionDigits: 1,
                            })}
                          </span>
                        ) : (
                          <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-950">
                            {t("adminProperties.isNew")}
                          </span>
                        )}
                      </div>
                      {property.location && (
                        <p className="flex items-center gap-1 text-sm text-slate-700">
                          <MapPinned aria-hidden className="size-4" />
                          {property.location}
                        </p>
                      )}
                      <p className="flex items-center gap-1 text-sm text-slate-700">
                        <UsersRound aria-hidden className="size-4" />
                        {t("adminProperties.maxGuests", { count: property.maxGuests })}
                      </p>
                      <p className="text-sm text-slate-600">
                        {t("adminProperties.created", {
                          date: formatDate(dayInBerlin(new Date(property.createdAt)), language),
                        })}
                      </p>
                      <p className="mt-1 font-semibold text-slate-900">
                        {t("adminProperties.perNight", {
                          price: formatMoney(property.pricePerNight, language),
                        })}
                      </p>
                      {property.hasDraft && (
                        <p className="text-sm font-medium text-amber-900">
                          {t("adminProperties.hasDraft")}
                        </p>
                      )}
                      <div className="mt-auto flex flex-wrap gap-2 pt-3">
                        <LinkButton
                          to={`/admin/properties/edit/${property.id}`}
                          variant="outline"
                          size="sm"
                          aria-label={t("adminProperties.editLabel", { title })}
                        >
                          <Pencil aria-hidden className="size-4" />
                          {t("adminProperties.edit")}
                        </LinkButton>
                        <Link
                          to={adminPropertiesHref(filter, { loeschen: property.id })}
                          preventScrollReset
                          aria-label={t("adminProperties.deleteLabel", { title })}
                          className="inline-flex items-center gap-1 rounded-lg border border-red-700 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
                        >
                          <Trash2 aria-hidden className="size-4" />
                          {t("adminProperties.delete")}
                        </Link>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            page={filter.page}
            pageCount={pageCount}
            hasMore={isCapped}
            label={t("adminProperties.pagesLabel")}
            href={(page) => adminPropertiesHref({ ...filter, page })}
          />
        </>
      )}
    </main>
  );
}
