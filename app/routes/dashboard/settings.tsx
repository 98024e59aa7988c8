import { Bell, KeyRound, MonitorSmartphone, Trash2 } from "~/components/ui/icons";
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
  isAddressProven,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  updateNotificationSettings,
  type SessionInfo,
} from "~/features/accounts/account-settings.server";
import { sendAddressConfirmation } from "~/features/accounts/address-confirmation.server";
import { PASSWORD_MAX } from "~/domain/password";
import { requireUser, sessionExpired, userForSave } from "~/features/accounts/session.server";
import {
  newsletterStateOf,
  subscribeToNewsletter,
  unsubscribeAddress,
} from "~/features/newsletter/newsletter.server";
import { getAuth } from "~/lib/auth.server";
import { withSetCookies } from "~/lib/http.server";
import { languageFromCookie, getTranslator } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import { parseForm } from "~/lib/form.server";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import "~/locales/texts/account-settings";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const currentSessionId = await getCurrentSessionId(request);
  const [stored, sessions] = await Promise.all([
    getNotificationSettings(user.id, user.fullName),
    listSessions(user.id, currentSessionId),
  ]);
  // "Marketing-E-Mails": the address's newsletter subscription (decision 069), but only for an
  // account that proved its address; otherwise its own choice (decision 075).
  const marketing = await getMarketingSwitch(user, stored.marketingEmails);
  return {
    title: t("accountSettings.title"),
    description: t("accountSettings.metaDescription"),
    notifications: {
      emailNotifications: stored.emailNotifications,
      marketingEmails: marketing.isOn,
    },
    isMarketingPending: marketing.isPending,
    isAddressProven: marketing.isAddressProven,
    // Back from the address confirmation link (decision 077); said only when it is true.
    isAddressJustConfirmed:
      marketing.isAddressProven &&
      new URL(request.url).searchParams.get("adresse") === "bestaetigt",
    email: user.email,
    sessions,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description, noindex: true });

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

export async function action({ request, context }: Route.ActionArgs) {
  // An expired session keeps the page (and what was typed) and says so.
  const user = await userForSave(request);
  if (!user) return sessionExpired({ intent: null });
  const currentSessionId = await getCurrentSessionId(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isSettingsIntent(intent) || !currentSessionId) {
    return data({ intent: null, error: "generic" as const }, { status: 400 });
  }

  switch (intent) {
    case "notifications": {
      const parsed = parseForm(form, notificationSettingsSchema, {
        fields: ["emailNotifications", "marketingEmails"],
      });
      if (!parsed.ok) {
        return data({ intent, error: "notificationsFailed" as const }, { status: 400 });
      }
      try {
        await updateNotificationSettings(user.id, {
          emailNotifications: parsed.data.emailNotifications,
        });
        const marketing = await saveMarketingSwitch({
          userId: user.id,
          email: user.email,
          isOn: parsed.data.marketingEmails,
          language: languageFromCookie(request.headers.get("cookie")),
          clientIp: context.clientIp,
        });
        if (marketing === "tooMany") {
          return data({ intent, error: "marketingTooMany" as const }, { status: 429 });
        }
        if (marketing === "failed") throw new Error("newsletter sign-up failed");
        return { intent, ok: true as const, marketing };
      } catch (error) {
        logger.error({ err: error }, "saving notification settings failed");
        return data({ intent, error: "notificationsFailed" as const }, { status: 500 });
      }
    }
    case "changePassword": {
      const fields = ["currentPassword", "newPassword", "confirmPassword"] as const;
      const parsed = parseForm(form, changePasswordSchema, { fields, secret: fields });
      if (!parsed.ok) {
        // The first problem, in the order of the form's fields.
        const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? [
          "currentPassword",
          "wrongCurrentPassword",
        ];
        return data(
          { intent, error: "field" as const, field: field as PasswordField, message },
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
    case "sendAddressConfirmation": {
      // Size-limited like every form (FORM_BODY_LIMIT); the form has no fields but the intent.
      try {
        const result = await sendAddressConfirmation({
          userId: user.id,
          clientIp: context.clientIp,
        });
        if (result === "tooMany") {
          return data({ intent, error: "addressConfirmationTooMany" as const }, { status: 429 });
        }
        if (result === "alreadyProven") {
          return data({ intent, error: "addressAlreadyProven" as const }, { status: 409 });
        }
        return { intent, ok: true as const, confirmationSent: true as const };
      } catch (error) {
        logger.error({ err: error }, "address confirmation e-mail failed");
        return data({ intent, error: "addressConfirmationFailed" as const }, { status: 500 });
      }
    }
    case "revokeSession": {
      const parsed = parseForm(form, revokeSessionSchema, { fields: ["sessionId"] });
      // The current session is ended with "Abmelden" in the menu, not here.
      if (!parsed.ok || parsed.data.sessionId === currentSessionId) {
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
      const parsed = parseForm(form, deleteAccountSchema, {
        fields: ["password"],
        secret: ["password"],
      });
      if (!parsed.ok) {
        return data({ intent, error: "wrongPassword" as const }, { status: 400 });
      }
      const result = await deleteAccount({
        userId: user.id,
        email: user.email,
        clientIp: context.clientIp,
        password: parsed.data.password,
      });
      if (!result.ok) {
        const status = DELETE_STATUS[result.error as keyof typeof DELETE_STATUS] ?? 400;
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

/** The account deletion's refusals that are not a wrong input (400). */
const DELETE_STATUS = { deleteFailed: 500, tooManyAttempts: 429, lastAdmin: 409 } as const;

type MarketingSwitch = {
  /** What the switch shows. */
  isOn: boolean;
  /** A confirmation link that still works was sent (shown beside the switch). */
  isPending: boolean;
  isAddressProven: boolean;
};

/**
 * "Marketing-E-Mails" as the page shows it. With a proven address: the newsletter subscription
 * of the address (decision 069). Without: the account's own last choice, and nothing about the
 * address's subscription, which may be a stranger's consent (decision 075).
 */
async function getMarketingSwitch(
  user: { id: string; email: string },
  storedChoice: boolean,
): Promise<MarketingSwitch> {
  if (!(await isAddressProven(user.id))) {
    return { isOn: storedChoice, isPending: false, isAddressProven: false };
  }
  const state = await newsletterStateOf(user.email);
  return { isOn: state === "subscribed", isPending: state === "pending", isAddressProven: true };
}

type MarketingSaveResult =
  "pending" | "unsubscribed" | "unchanged" | "notProven" | "tooMany" | "failed";

/**
 * Saves "Marketing-E-Mails". Only a change from what the switch shows acts: the form posts both
 * switches as shown, so saving the other one changes nothing here (decision 069).
 * - On starts the footer form's double opt-in for the account's address (a confirmation e-mail,
 *   subscribed after the click; the same limits, the same answer whatever the address's state).
 * - Off ends a confirmed subscription at once, but only for a proven address. Without one the
 *   choice is stored and the subscription left alone: it is ended with the link in every
 *   newsletter e-mail, by whoever reads that mailbox ("notProven", decision 075).
 */
async function saveMarketingSwitch(input: {
  userId: string;
  email: string;
  isOn: boolean;
  language: ReturnType<typeof languageFromCookie>;
  clientIp: string;
}): Promise<MarketingSaveResult> {
  const { isOn: shown, isAddressProven: isProven } = await getMarketingSwitch(
    { id: input.userId, email: input.email },
    (await getNotificationSettings(input.userId)).marketingEmails,
  );
  if (input.isOn === shown) return "unchanged";
  if (input.isOn) {
    const result = await subscribeToNewsletter({
      email: input.email,
      language: input.language,
      clientIp: input.clientIp,
    });
    // The choice shown without a proven address; stored only once the sign-up went out.
    if (result === "pending") {
      await updateNotificationSettings(input.userId, { marketingEmails: true });
    }
    return result;
  }
  await updateNotificationSettings(input.userId, { marketingEmails: false });
  if (!isProven) return "notProven";
  await unsubscribeAddress(input.email);
  return "unsubscribed";
}

type ActionData = Route.ComponentProps["actionData"];

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

/** A saved change or a refusal inside a section. */
function Message({ kind, children }: { kind: "ok" | "error"; children: ReactNode }) {
  return (
    <Banner tone={kind === "ok" ? "success" : "error"} className="mt-4">
      {children}
    </Banner>
  );
}

/** Whether an answer is this save's success (a refused save has `ok: false` or no `ok`). */
function isSaved(result: object | undefined): boolean {
  return Boolean(result && "ok" in result && result.ok);
}

export default function SettingsPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const isSessionExpired =
    actionData && "error" in actionData && actionData.error === "sessionExpired";
  return (
    <main id="main" className="space-y-6">
      <h1 className="text-2xl font-semibold text-secondary">{t("accountSettings.title")}</h1>
      {isSessionExpired && <SessionExpiredBanner />}
      <NotificationsSection
        settings={loaderData.notifications}
        isMarketingPending={loaderData.isMarketingPending}
        isAddressProven={loaderData.isAddressProven}
        isAddressJustConfirmed={loaderData.isAddressJustConfirmed}
        email={loaderData.email}
        actionData={actionData}
      />
      <PasswordSection actionData={actionData} />
      <SessionsSection sessions={loaderData.sessions} actionData={actionData} />
      <DeleteSection actionData={actionData} />
    </main>
  );
}

function NotificationsSection({
  settings,
  isMarketingPending,
  isAddressProven,
  isAddressJustConfirmed,
  email,
  actionData,
}: {
  settings: { emailNotifications: boolean; marketingEmails: boolean };
  isMarketingPending: boolean;
  isAddressProven: boolean;
  isAddressJustConfirmed: boolean;
  email: string;
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
  const hasExpired =
    fetcher.state === "idle" &&
    fetcher.data &&
    "error" in fetcher.data &&
    fetcher.data.error === "sessionExpired";
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
      status: null,
    },
    {
      name: "marketingEmails" as const,
      label: t("accountSettings.marketingEmails"),
      // Without a proven address the switch is the account's own choice and cannot end a
      // subscription (decision 075): the hint says how to unsubscribe instead.
      hint: isAddressProven
        ? t("accountSettings.marketingEmailsHint")
        : t("accountSettings.marketingEmailsHintUnproven"),
      // Shown beside the switch while the double opt-in waits for the click.
      status: isMarketingPending ? t("accountSettings.marketingPending", { email }) : null,
    },
  ];

  return (
    <Section
      id="notifications-heading"
      icon={<Bell aria-hidden className="size-5" />}
      title={t("accountSettings.notificationsHeading")}
    >
      {isAddressJustConfirmed && (
        <Message kind="ok">{t("accountSettings.addressConfirmed")}</Message>
      )}
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
              aria-describedby={
                toggle.status ? `${toggle.name}-hint ${toggle.name}-status` : `${toggle.name}-hint`
              }
              className="peer mt-1 size-5 shrink-0 accent-[var(--color-secondary)]"
            />
            <div>
              <label htmlFor={toggle.name} className="font-medium text-slate-900">
                {toggle.label}
              </label>
              <p id={`${toggle.name}-hint`} className="text-sm text-slate-600">
                {toggle.hint}
              </p>
              {toggle.status && (
                <p
                  id={`${toggle.name}-status`}
                  className="mt-1 text-sm font-medium text-amber-900"
                  data-testid={`${toggle.name}-status`}
                >
                  {toggle.status}
                </p>
              )}
            </div>
          </div>
        ))}
        {!isHydrated && <Button type="submit">{t("accountSettings.saveNotifications")}</Button>}
      </fetcher.Form>
      {!isAddressProven && <AddressConfirmation email={email} actionData={actionData} />}
      {fetcher.state === "idle" && result && "marketing" in result && (
        <Message kind="ok">
          <p>{t("accountSettings.notificationsSaved")}</p>
          {result.marketing === "pending" && (
            <p>{t("accountSettings.marketingConfirmSent", { email })}</p>
          )}
          {result.marketing === "unsubscribed" && (
            <p>{t("accountSettings.marketingUnsubscribed")}</p>
          )}
          {result.marketing === "notProven" && <p>{t("accountSettings.marketingOffUnproven")}</p>}
        </Message>
      )}
      {hasExpired && <SessionExpiredBanner className="mt-4" />}
      {fetcher.state === "idle" && !hasExpired && result && "error" in result && (
        <Message kind="error">
          {result.error === "marketingTooMany"
            ? t("accountSettings.marketingTooMany")
            : t("accountSettings.notificationsFailed")}
        </Message>
      )}
    </Section>
  );
}

/**
 * Beside "Marketing-E-Mails" while the account's address is not proven: why the switch cannot
 * end a subscription, and the button that mails the link that proves it (decision 077). Its own
 * form after the switches' one (forms do not nest), sent without leaving the page.
 */
function AddressConfirmation({ email, actionData }: { email: string; actionData: ActionData }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the form posts normally and the answer arrives as actionData.
  const result =
    fetcher.data ?? (actionData?.intent === "sendAddressConfirmation" ? actionData : undefined);
  const isBusy = fetcher.state !== "idle";
  const error = !isBusy && result && "error" in result ? result.error : undefined;
  return (
    <div
      // break-words: a long address must not widen the page (decision 063).
      className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 break-words sm:ml-8"
      data-testid="address-confirmation"
    >
      <p id="address-confirmation-intro" className="text-sm text-slate-700">
        {t("accountSettings.addressUnproven", { email })}
      </p>
      <fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="sendAddressConfirmation" />
        <Button
          type="submit"
          variant="subtle"
          size="sm"
          disabled={isBusy}
          aria-describedby="address-confirmation-intro"
        >
          {t("accountSettings.sendAddressConfirmation")}
        </Button>
      </fetcher.Form>
      {!isBusy && result && "confirmationSent" in result && (
        <Message kind="ok">{t("accountSettings.addressConfirmationSent", { email })}</Message>
      )}
      {error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {error && error !== "sessionExpired" && (
        <Message kind="error">
          {t(
            `accountSettings.${
              error === "addressConfirmationTooMany" || error === "addressAlreadyProven"
                ? error
                : "addressConfirmationFailed"
            }`,
          )}
        </Message>
      )}
    </div>
  );
}

function PasswordSection({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const result = actionData?.intent === "changePassword" ? actionData : undefined;
  const isOk = isSaved(result);
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
        <Message kind="ok">
          {t("accountSettings.passwordChanged")}
          {result && "endedSessions" in result && result.endedSessions > 0
            ? ` ${t("accountSettings.otherSessionsEndedHint")}`
            : ""}
        </Message>
      )}
      {result && "error" in result && result.error === "changeFailed" && (
        <Message kind="error">{t("accountSettings.changeFailed")}</Message>
      )}
      <Form method="post" ref={formRef} noValidate className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="intent" value="changePassword" />
        {fields.map((f) => {
          const error = fieldError?.field === f.name ? fieldError.message : undefined;
          return (
            <Field
              key={f.name}
              label={f.label}
              id={f.name}
              hint={f.name === "newPassword" ? t("accountSettings.passwordHint") : undefined}
              error={error ? t(`accountSettings.${error}`) : undefined}
              announceError
            >
              <Input
                name={f.name}
                type="password"
                autoComplete={f.autoComplete}
                required
                minLength={f.name === "newPassword" ? 8 : undefined}
                maxLength={PASSWORD_MAX}
              />
            </Field>
          );
        })}
        <Button type="submit" disabled={isSubmitting}>
          {t("accountSettings.changePassword")}
        </Button>
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
      {result && isSaved(result) && (
        <Message kind="ok">
          {result.intent === "revokeSession"
            ? t("accountSettings.sessionEnded")
            : t("accountSettings.otherSessionsEnded")}
        </Message>
      )}
      {result && "error" in result && (
        <Message kind="error">{t("accountSettings.sessionNotFound")}</Message>
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
                <Button
                  type="submit"
                  variant="subtle"
                  size="sm"
                  disabled={isBusy}
                  aria-label={t("accountSettings.signOutSessionLabel", { device: device(session) })}
                >
                  {t("accountSettings.signOutSession")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="revokeOtherSessions" />
          <Button type="submit" variant="subtle" size="sm" disabled={isBusy}>
            {t("accountSettings.signOutOthers")}
          </Button>
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
        <Message kind="error">{t(`accountSettings.${error}`)}</Message>
      )}
      <Form method="post" noValidate className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="intent" value="deleteAccount" />
        <Field
          label={t("accountSettings.deletePassword")}
          id="delete-password"
          error={error === "wrongPassword" ? t("accountSettings.wrongPassword") : undefined}
          announceError
        >
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
          />
        </Field>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {t("accountSettings.deleteAccount")}
        </Button>
      </Form>
    </Section>
  );
}
