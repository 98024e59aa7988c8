import { Bell, KeyRound, MonitorSmartphone, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { data, Form, redirect, useFetcher, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/settings";
import {
  changePasswordSchema,
  deleteAccountSchema,
  isSettingsIntent,
  notificationSettingsSchema,
  revokeSessionSchema,
} from "~/features/accounts/account.schema";
import {
  changePassword,
  deleteAccount,
  getCurrentSessionId,
  getNotificationSettings,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  updateNotificationSettings,
  type SessionInfo,
} from "~/features/accounts/account-settings.server";
import { PASSWORD_MAX } from "~/domain/password";
import { getCurrentUser, requireUser } from "~/features/accounts/session.server";
import { getAuth } from "~/lib/auth.server";
import { withSetCookies } from "~/lib/http.server";
import { languageFromCookie, getTranslator } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import { useIsHydrated } from "~/lib/use-is-hydrated";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const currentSessionId = await getCurrentSessionId(request);
  const [notifications, sessions] = await Promise.all([
    getNotificationSettings(user.id, user.fullName),
    listSessions(user.id, currentSessionId),
  ]);
  return {
    title: t("accountSettings.title"),
    description: t("accountSettings.metaDescription"),
    notifications,
    sessions,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description, noindex: true });

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

export async function action({ request, context }: Route.ActionArgs) {
  // An expired session keeps the page (and what was typed) and says so.
  if (!(await getCurrentUser(request))) {
    return data({ intent: null, sessionExpired: true as const }, { status: 401 });
  }
  const user = await requireUser(request);
  const currentSessionId = await getCurrentSessionId(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  if (!isSettingsIntent(intent) || !currentSessionId) {
    return data({ intent: null, error: "generic" as const }, { status: 400 });
  }

  switch (intent) {
    case "notifications": {
      const parsed = notificationSettingsSchema.safeParse({
        emailNotifications: field("emailNotifications"),
        marketingEmails: field("marketingEmails"),
      });
      if (!parsed.success) {
        return data({ intent, error: "notificationsFailed" as const }, { status: 400 });
      }
      try {
        await updateNotificationSettings(user.id, parsed.data);
        return { intent, ok: true as const };
      } catch (error) {
        logger.error({ err: error }, "saving notification settings failed");
        return data({ intent, error: "notificationsFailed" as const }, { status: 500 });
      }
    }
    case "changePassword": {
      const parsed = changePasswordSchema.safeParse({
        currentPassword: field("currentPassword") ?? "",
        newPassword: field("newPassword") ?? "",
        confirmPassword: field("confirmPassword") ?? "",
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return data(
          {
            intent,
            error: "field" as const,
            field: issue.path[0] as PasswordField,
            message: issue.message,
          },
          { status: 400 },
        );
      }
      const result = await changePassword({
        userId: user.id,
        email: user.email,
        clientIp: context.clientIp,
        currentSessionId,
        ...parsed.data,
      });
      if (!result.ok) {
        if (result.error === "wrongCurrentPassword" || result.error === "tooManyAttempts") {
          return data(
            {
              intent,
              error: "field" as const,
              field: "currentPassword" as PasswordField,
              message: result.error,
            },
            { status: result.error === "tooManyAttempts" ? 429 : 400 },
          );
        }
        return data({ intent, error: result.error }, { status: 500 });
      }
      return { intent, ok: true as const, endedSessions: result.endedSessions };
    }
    case "revokeSession": {
      const parsed = revokeSessionSchema.safeParse({ sessionId: field("sessionId") });
      // The current session is ended with "Abmelden" in the menu, not here.
      if (!parsed.success || parsed.data.sessionId === currentSessionId) {
        return data({ intent, error: "sessionNotFound" as const }, { status: 400 });
      }
      const isEnded = await revokeSession({ userId: user.id, sessionId: parsed.data.sessionId });
      if (!isEnded) return data({ intent, error: "sessionNotFound" as const }, { status: 404 });
      return { intent, ok: true as const };
    }
    case "revokeOtherSessions": {
      await revokeOtherSessions({ userId: user.id, currentSessionId });
      return { intent, ok: true as const };
    }
    case "deleteAccount": {
      const parsed = deleteAccountSchema.safeParse({ password: field("password") ?? "" });
      if (!parsed.success) {
        return data({ intent, error: "wrongPassword" as const }, { status: 400 });
      }
      const result = await deleteAccount({
        userId: user.id,
        email: user.email,
        clientIp: context.clientIp,
        password: parsed.data.password,
      });
      if (!result.ok) {
        const status =
          result.error === "deleteFailed" ? 500 : result.error === "tooManyAttempts" ? 429 : 400;
        return data({ intent, error: result.error }, { status });
      }
      // The sessions went with the user; this clears the browser's cookie.
      let headers = new Headers();
      try {
        const signedOut = await getAuth().api.signOut({
          headers: request.headers,
          returnHeaders: true,
        });
        headers = withSetCookies(signedOut.headers);
      } catch {
        // Nothing left to end.
      }
      return redirect("/?konto=geloescht", { headers });
    }
  }
}

type ActionData = Route.ComponentProps["actionData"];

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus:border-secondary focus:outline-none focus:ring-2 focus:ring-secondary/30";
const primaryButton =
  "rounded-lg bg-primary-strong px-4 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60";
const secondaryButton =
  "rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60";

function Section({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-secondary">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Banner({ kind, children }: { kind: "ok" | "error"; children: ReactNode }) {
  return (
    <p
      role={kind === "ok" ? "status" : "alert"}
      className={`mt-4 rounded-lg border px-3 py-2 text-sm ${
        kind === "ok"
          ? "border-green-200 bg-green-50 text-green-900"
          : "border-red-200 bg-red-50 text-red-800"
      }`}
    >
      {children}
    </p>
  );
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sessionExpired = actionData && "sessionExpired" in actionData;
  return (
    <main id="main" className="space-y-6">
      <h1 className="text-2xl font-semibold text-secondary">{t("accountSettings.title")}</h1>
      {sessionExpired && (
        <div
          role="alert"
          className="flex items-center justify-between gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          <span>{t("errors.sessionExpired")}</span>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg bg-secondary px-4 py-2 text-white"
          >
            {t("errors.reload")}
          </button>
        </div>
      )}
      <NotificationsSection settings={loaderData.notifications} actionData={actionData} />
      <PasswordSection actionData={actionData} />
      <SessionsSection sessions={loaderData.sessions} actionData={actionData} />
      <DeleteSection actionData={actionData} />
    </main>
  );
}

function NotificationsSection({
  settings,
  actionData,
}: {
  settings: { emailNotifications: boolean; marketingEmails: boolean };
  actionData: ActionData;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const isHydrated = useIsHydrated();
  // Without JavaScript the form posts normally and the answer arrives as actionData.
  const result = fetcher.data ?? (actionData?.intent === "notifications" ? actionData : undefined);
  // Shown at once on toggle; back to the stored values when saving failed.
  const [values, setValues] = useState(settings);
  useEffect(() => {
    setValues(settings);
  }, [settings]);
  const hasFailed = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data;
  useEffect(() => {
    if (hasFailed) setValues(settings);
  }, [hasFailed, settings]);

  const save = (name: "emailNotifications" | "marketingEmails", isOn: boolean) => {
    const next = { ...values, [name]: isOn };
    setValues(next);
    const body = new FormData();
    body.set("intent", "notifications");
    if (next.emailNotifications) body.set("emailNotifications", "on");
    if (next.marketingEmails) body.set("marketingEmails", "on");
    void fetcher.submit(body, { method: "post" });
  };

  const toggles = [
    {
      name: "emailNotifications" as const,
      label: t("accountSettings.emailNotifications"),
      hint: t("accountSettings.emailNotificationsHint"),
    },
    {
      name: "marketingEmails" as const,
      label: t("accountSettings.marketingEmails"),
      hint: t("accountSettings.marketingEmailsHint"),
    },
  ];

  return (
    <Section
      id="notifications-heading"
      icon={<Bell aria-hidden className="size-5" />}
      title={t("accountSettings.notificationsHeading")}
    >
      <fetcher.Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="notifications" />
        {toggles.map((toggle) => (
          <div key={toggle.name} className="flex items-start gap-3">
            <input
              id={toggle.name}
              name={toggle.name}
              type="checkbox"
              role="switch"
              checked={values[toggle.name]}
              // Saved at once on toggle.
              onChange={(event) => save(toggle.name, event.currentTarget.checked)}
              aria-describedby={`${toggle.name}-hint`}
              className="peer mt-1 size-5 shrink-0 accent-[var(--color-secondary)]"
            />
            <div>
              <label htmlFor={toggle.name} className="font-medium text-slate-900">
                {toggle.label}
              </label>
              <p id={`${toggle.name}-hint`} className="text-sm text-slate-600">
                {toggle.hint}
              </p>
            </div>
          </div>
        ))}
        {!isHydrated && (
          <button type="submit" className={primaryButton}>
            {t("accountSettings.saveNotifications")}
          </button>
        )}
      </fetcher.Form>
      {fetcher.state === "idle" && result && "ok" in result && (
        <Banner kind="ok">{t("accountSettings.notificationsSaved")}</Banner>
      )}
      {fetcher.state === "idle" && result && "error" in result && (
        <Banner kind="error">{t("accountSettings.notificationsFailed")}</Banner>
      )}
    </Section>
  );
}

function PasswordSection({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const result = actionData?.intent === "changePassword" ? actionData : undefined;
  const isOk = Boolean(result && "ok" in result);
  const fieldError = result && "field" in result ? result : undefined;
  const isSubmitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "changePassword";

  useEffect(() => {
    if (isOk) formRef.current?.reset();
  }, [isOk, actionData]);

  const fields: { name: PasswordField; label: string; autoComplete: string }[] = [
    {
      name: "currentPassword",
      label: t("accountSettings.currentPassword"),
      autoComplete: "current-password",
    },
    { name: "newPassword", label: t("accountSettings.newPassword"), autoComplete: "new-password" },
    {
      name: "confirmPassword",
      label: t("accountSettings.confirmPassword"),
      autoComplete: "new-password",
    },
  ];

  return (
    <Section
      id="password-heading"
      icon={<KeyRound aria-hidden className="size-5" />}
      title={t("accountSettings.passwordHeading")}
    >
      {isOk && (
        <Banner kind="ok">
          {t("accountSettings.passwordChanged")}
          {result && "endedSessions" in result && result.endedSessions > 0
            ? ` ${t("accountSettings.otherSessionsEndedHint")}`
            : ""}
        </Banner>
      )}
      {result && "error" in result && result.error === "changeFailed" && (
        <Banner kind="error">{t("accountSettings.changeFailed")}</Banner>
      )}
      <Form method="post" ref={formRef} noValidate className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="intent" value="changePassword" />
        {fields.map((f) => {
          const error = fieldError?.field === f.name ? fieldError.message : undefined;
          const describedBy =
            [f.name === "newPassword" ? "new-password-hint" : "", error ? `${f.name}-error` : ""]
              .filter(Boolean)
              .join(" ") || undefined;
          return (
            <div key={f.name}>
              <label htmlFor={f.name} className="text-sm font-medium text-slate-800">
                {f.label}
              </label>
              <input
                id={f.name}
                name={f.name}
                type="password"
                autoComplete={f.autoComplete}
                required
                minLength={f.name === "newPassword" ? 8 : undefined}
                maxLength={PASSWORD_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
              {f.name === "newPassword" && (
                <p id="new-password-hint" className="mt-1 text-sm text-slate-600">
                  {t("accountSettings.passwordHint")}
                </p>
              )}
              {error && (
                <p id={`${f.name}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {t(`accountSettings.${error}`)}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {t("accountSettings.changePassword")}
        </button>
      </Form>
    </Section>
  );
}

function SessionsSection({
  sessions,
  actionData,
}: {
  sessions: SessionInfo[];
  actionData: ActionData;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle";
  const result =
    actionData?.intent === "revokeSession" || actionData?.intent === "revokeOtherSessions"
      ? actionData
      : undefined;
  const others = sessions.filter((session) => !session.isCurrent);
  const device = (session: SessionInfo) =>
    t("accountSettings.browserOnOs", {
      browser: session.browser ?? t("accountSettings.unknownBrowser"),
      os: session.os ?? t("accountSettings.unknownOs"),
    });
  const lastActive = (days: number) =>
    days === 0
      ? t("accountSettings.lastActiveToday")
      : days === 1
        ? t("accountSettings.lastActiveYesterday")
        : t("accountSettings.lastActiveDaysAgo", { count: days });

  return (
    <Section
      id="sessions-heading"
      icon={<MonitorSmartphone aria-hidden className="size-5" />}
      title={t("accountSettings.sessionsHeading")}
    >
      <p className="mt-1 text-sm text-slate-600">{t("accountSettings.sessionsIntro")}</p>
      {result && "ok" in result && (
        <Banner kind="ok">
          {result.intent === "revokeSession"
            ? t("accountSettings.sessionEnded")
            : t("accountSettings.otherSessionsEnded")}
        </Banner>
      )}
      {result && "error" in result && (
        <Banner kind="error">{t("accountSettings.sessionNotFound")}</Banner>
      )}
      <ul
        className="mt-4 divide-y divide-slate-200"
        aria-label={t("accountSettings.sessionsHeading")}
      >
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-session-current={session.isCurrent || undefined}
          >
            <div>
              <p className="font-medium text-slate-900">
                {device(session)}
                {session.isCurrent && (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    {t("accountSettings.thisDevice")}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600">{lastActive(session.lastActiveDaysAgo)}</p>
            </div>
            {!session.isCurrent && (
              <Form method="post">
                <input type="hidden" name="intent" value="revokeSession" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  disabled={isBusy}
                  aria-label={t("accountSettings.signOutSessionLabel", { device: device(session) })}
                  className={secondaryButton}
                >
                  {t("accountSettings.signOutSession")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="revokeOtherSessions" />
          <button type="submit" disabled={isBusy} className={secondaryButton}>
            {t("accountSettings.signOutOthers")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{t("accountSettings.noOtherSessions")}</p>
      )}
    </Section>
  );
}

function DeleteSection({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = actionData?.intent === "deleteAccount" ? actionData : undefined;
  const error = result && "error" in result ? result.error : undefined;
  const isSubmitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "deleteAccount";
  return (
    <Section
      id="delete-heading"
      icon={<Trash2 aria-hidden className="size-5" />}
      title={t("accountSettings.deleteHeading")}
    >
      <p className="mt-1 max-w-2xl text-sm text-slate-700">{t("accountSettings.deleteIntro")}</p>
      {error && error !== "wrongPassword" && (
        <Banner kind="error">{t(`accountSettings.${error}`)}</Banner>
      )}
      <Form method="post" noValidate className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="intent" value="deleteAccount" />
        <div>
          <label htmlFor="delete-password" className="text-sm font-medium text-slate-800">
            {t("accountSettings.deletePassword")}
          </label>
          <input
            id="delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            aria-invalid={error === "wrongPassword" || undefined}
            aria-describedby={error === "wrongPassword" ? "delete-password-error" : undefined}
            className={inputClass}
          />
          {error === "wrongPassword" && (
            <p id="delete-password-error" role="alert" className="mt-1 text-sm text-red-700">
              {t("accountSettings.wrongPassword")}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {t("accountSettings.deleteAccount")}
        </button>
      </Form>
    </Section>
  );
}
