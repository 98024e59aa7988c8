import "~/locales/admin-texts";
import { TriangleAlert, Users } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { Table, Td, Th } from "~/components/ui/table";
import {
  adminUserFilter,
  USER_ROLE_FILTERS,
  type AdminUserFilter,
} from "~/features/accounts/admin-users.schema";
import { changeUserRole, listAdminUsers } from "~/features/accounts/admin-users.server";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { formatDate, getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/users";
import { mediaUrl } from "~/lib/media-url";

function listHref(filter: Partial<AdminUserFilter>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.role && filter.role !== "alle") params.set("role", filter.role);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return `/admin/users${query ? `?${query}` : ""}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const url = new URL(request.url);
  const filter = adminUserFilter(url.searchParams);
  const base = {
    title: t("adminUsers.title"),
    filter,
    selfId: admin.id,
    saved: url.searchParams.get("hinweis") === "saved",
  };
  try {
    return { ...base, loadFailed: false, ...(await listAdminUsers(filter)) };
  } catch (error) {
    logger.error({ err: error }, "loading the user list failed");
    return { ...base, loadFailed: true, users: [], total: 0, isCapped: false, pageCount: 1 };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Benutzer" },
  { name: "robots", content: "noindex" },
];

type ActionData = { ok: false; error: string; userId?: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const form = await request.formData();
  const userId = form.get("userId");
  const role = form.get("role");
  if (typeof userId !== "string" || (role !== "user" && role !== "admin")) {
    return data({ ok: false, error: "invalid" } satisfies ActionData, { status: 400 });
  }
  const result = await changeUserRole({ userId, role, actorId: admin.id });
  if (!result.ok) {
    const status =
      result.error === "notFound"
        ? 404
        : result.error === "lastAdmin"
          ? 409
          : result.error === "failed"
            ? 500
            : 400;
    return data({ ok: false, error: result.error, userId } satisfies ActionData, { status });
  }
  // Demoting oneself ends one's own admin access at once.
  if (userId.toLowerCase() === admin.id) throw redirect("/dashboard");
  const filter = adminUserFilter(new URL(request.url).searchParams);
  throw redirect(listHref(filter, { hinweis: "saved" }));
}

const initials = (name: string | null, email: string) =>
  (name ?? email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

export default function AdminUsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const { filter, users, total, isCapped, pageCount, loadFailed, selfId, saved } = loaderData;
  const result = useActionAnswer(actionData) as (ActionData & { error: string }) | undefined;
  const navigation = useNavigation();
  const isLoading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  const submit = useSubmit();
  const isHydrated = useIsHydrated();
  const errorText = (code: string) =>
    t(`adminUsers.errors.${code}` as "adminUsers.errors.failed", {
      defaultValue: t("adminUsers.errors.failed"),
    });

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <Users aria-hidden className="size-6 text-secondary" />
        {t("adminUsers.title")}
      </h1>
      <p className="mt-1 text-slate-700">{t("adminUsers.intro")}</p>

      {saved && !result && (
        <Banner tone="success" className="mt-4">
          {t("adminUsers.saved")}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {result && result.error !== "sessionExpired" && (
        <Banner tone="error" className="mt-4">
          {errorText(result.error)}
        </Banner>
      )}

      <Form
        method="get"
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto]"
      >
        <Field label={t("adminUsers.search")}>
          <Input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder={t("adminUsers.searchPlaceholder")}
          />
        </Field>
        <Field label={t("adminUsers.role")}>
          <Select name="role" defaultValue={filter.role}>
            {USER_ROLE_FILTERS.map((role) => (
              <option key={role} value={role}>
                {t(`adminUsers.roles.${role}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" size="md">
            {t("adminUsers.apply")}
          </Button>
        </div>
      </Form>

      {isLoading && (
        <p role="status" className="mt-4 text-slate-700">
          {t("adminUsers.loading")}
        </p>
      )}

      {loadFailed ? (
        <Banner tone="error" className="mt-6" icon={false}>
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5" />
            {t("adminUsers.errors.loadFailed")}
          </span>
        </Banner>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-700">
            {isCapped
              ? t("adminUsers.countMore", { count: total })
              : t("adminUsers.count", { count: total })}
          </p>
          {users.length === 0 ? (
            <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {t("adminUsers.empty")}
            </p>
          ) : (
            <Table
              caption={t("adminUsers.caption")}
              hideCaption
              className="mt-3"
              testId="admin-users"
            >
              <thead>
                <tr>
                  <Th>{t("adminUsers.user")}</Th>
                  <Th>{t("adminUsers.role")}</Th>
                  <Th>{t("adminUsers.registered")}</Th>
                  <Th>{t("adminUsers.actions")}</Th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => {
                  const name = user.name ?? t("adminUsers.noName");
                  return (
                    <tr key={user.id} data-user-id={user.id}>
                      <Td>
                        <div className="flex items-center gap-3">
                          {user.avatarUrl ? (
                            <img
                              src={mediaUrl(user.avatarUrl)}
                              alt=""
                              width={36}
                              height={36}
                              className="size-9 rounded-full object-cover"
                            />
                          ) : (
                            <span
                              aria-hidden
                              className="flex size-9 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-800"
                            >
                              {initials(user.name, user.email)}
                            </span>
                          )}
                          <div className="min-w-0">
                            <p className="font-medium text-slate-900">
                              {name} {user.id === selfId && t("adminUsers.you")}
                            </p>
                            <p className="text-sm break-all text-slate-600">{user.email}</p>
                          </div>
                        </div>
                        {result?.userId === user.id && result.error !== "sessionExpired" && (
                          <p className="mt-1 text-sm font-medium text-red-800">
                            {errorText(result.error)}
                          </p>
                        )}
                      </Td>
                      <Td>
                        <Form method="post" className="flex items-center gap-2">
                          <input type="hidden" name="userId" value={user.id} />
                          <Select
                            name="role"
                            aria-label={t("adminUsers.roleOf", { name })}
                            defaultValue={user.role}
                            key={`${user.id}-${user.role}`}
                            className="w-auto"
                            onChange={(event) => submit(event.currentTarget.form)}
                          >
                            <option value="user">{t("adminUsers.roles.user")}</option>
                            <option value="admin">{t("adminUsers.roles.admin")}</option>
                          </Select>
                          {!isHydrated && (
                            <Button type="submit" size="sm" variant="subtle">
                              {t("adminUsers.saveRole")}
                            </Button>
                          )}
                        </Form>
                      </Td>
                      <Td className="whitespace-nowrap">
                        {formatDate(dayInBerlin(new Date(user.createdAt)), language)}
                      </Td>
                      <Td>
                        <Link
                          to={`/admin/bookings?user=${user.id}`}
                          className="font-medium text-secondary underline"
                          aria-label={t("adminUsers.bookingsOf", { name })}
                        >
                          {t("adminUsers.bookings")}
                        </Link>
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          <Pagination
            page={filter.page}
            pageCount={pageCount}
            hasMore={isCapped}
            label={t("adminUsers.pagesLabel")}
            href={(page) => listHref({ ...filter, page })}
          />
        </>
      )}
    </main>
  );
}
