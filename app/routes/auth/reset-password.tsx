import { House } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/reset-password";
import { resetPasswordSchema } from "~/features/accounts/account.schema";
import { isResetTokenValid, resetPassword } from "~/features/accounts/password-reset.server";
import { PASSWORD_MAX } from "~/domain/password";
import { languageFromCookie, getTranslator } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";

/** GET only shows the form (mail scanners that open the link use nothing up). */
export async function loader({ request }: Route.LoaderArgs) {
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  return {
    title: t("passwordReset.resetTitle"),
    description: t("passwordReset.resetMetaDescription"),
    token,
    isValid: await isResetTokenValid(token),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.title,
    description: args.data?.description,
    noindex: true,
  });

type FieldError = "passwordTooShort" | "passwordTooLong" | "passwordMismatch";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const parsed = resetPasswordSchema.safeParse({
    token: field("token"),
    password: field("password"),
    confirmPassword: field("confirmPassword"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue.path[0] === "token") return data({ error: "invalidToken" as const }, { status: 400 });
    return data(
      {
        error: "field" as const,
        field: issue.path[0] === "confirmPassword" ? "confirmPassword" : "password",
        message: issue.message as FieldError,
      },
      { status: 400 },
    );
  }
  const result = await resetPassword({ token: parsed.data.token, password: parsed.data.password });
  if (!result.ok) {
    return data({ error: result.error }, { status: result.error === "invalidToken" ? 400 : 500 });
  }
  return redirect("/auth?reset=success");
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus:border-secondary focus:outline-none focus:ring-2 focus:ring-secondary/30";

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const isInvalid = !loaderData.isValid || actionData?.error === "invalidToken";
  const fieldError = actionData?.error === "field" ? actionData : null;

  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12"
    >
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-secondary">
          <House aria-hidden className="size-7 text-primary" />
          <span className="text-xl font-bold">{root?.settings.platformName}</span>
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-semibold text-secondary">{t("passwordReset.resetTitle")}</h1>
          {isInvalid ? (
            <div className="mt-4">
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                {t("passwordReset.invalidToken")}
              </p>
              <Link
                to="/auth/passwort-vergessen"
                className="mt-6 block w-full rounded-lg bg-primary-strong px-4 py-2.5 text-center font-semibold text-white hover:opacity-90"
              >
                {t("passwordReset.requestNewLink")}
              </Link>
            </div>
          ) : (
            <>
              <p className="mt-1 text-slate-600">{t("passwordReset.resetIntro")}</p>
              {actionData?.error === "resetFailed" && (
                <p
                  role="alert"
                  className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {t("passwordReset.resetFailed")}
                </p>
              )}
              <Form method="post" replace noValidate className="mt-6 space-y-4">
                <input type="hidden" name="token" value={loaderData.token} />
                <div>
                  <label htmlFor="password" className="text-sm font-medium text-slate-800">
                    {t("passwordReset.newPassword")}
                  </label>
                  <input
                    id="password"
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={8}
                    maxLength={PASSWORD_MAX}
                    aria-invalid={fieldError?.field === "password" || undefined}
                    aria-describedby={
                      fieldError?.field === "password" ? "password-error" : "password-hint"
                    }
                    className={inputClass}
                  />
                  {fieldError?.field === "password" ? (
                    <p id="password-error" role="alert" className="mt-1 text-sm text-red-700">
                      {t(`passwordReset.${fieldError.message}`)}
                    </p>
                  ) : (
                    <p id="password-hint" className="mt-1 text-sm text-slate-600">
                      {t("passwordReset.passwordHint")}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor="confirmPassword" className="text-sm font-medium text-slate-800">
                    {t("passwordReset.confirmPassword")}
                  </label>
                  <input
                    id="confirmPassword"
                    name="confirmPassword"
                    type="password"
                    autoComplete="new-password"
                    required
                    maxLength={PASSWORD_MAX}
                    aria-invalid={fieldError?.field === "confirmPassword" || undefined}
                    aria-describedby={
                      fieldError?.field === "confirmPassword" ? "confirm-error" : undefined
                    }
                    className={inputClass}
                  />
                  {fieldError?.field === "confirmPassword" && (
                    <p id="confirm-error" role="alert" className="mt-1 text-sm text-red-700">
                      {t(`passwordReset.${fieldError.message}`)}
                    </p>
                  )}
                </div>
                <button
                  type="submit"
                  disabled={navigation.state === "submitting"}
                  className="w-full rounded-lg bg-primary-strong px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
                >
                  {t("passwordReset.submitReset")}
                </button>
              </Form>
            </>
          )}
          <p className="mt-6 text-center text-sm">
            <Link to="/auth" className="font-medium text-secondary underline">
              {t("passwordReset.backToSignIn")}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
