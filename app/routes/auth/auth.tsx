import { House } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Trans, useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/auth";
import { registerSchema, signInSchema } from "~/features/accounts/auth.schema";
import { getCurrentUser } from "~/features/accounts/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { register, signIn } from "~/features/accounts/sign-in.server";
import { withSetCookies } from "~/lib/http.server";
import { useRootData } from "~/root";

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in user has nothing to do here (spec 05).
  if (await getCurrentUser(request)) throw redirect("/dashboard");
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => [
  {
    title:
      new URLSearchParams(location.search).get("mode") === "register" ? "Registrieren" : "Anmelden",
  },
  { name: "robots", content: "noindex" },
];

type ActionError =
  | "missingFields"
  | "invalidCredentials"
  | "tooManyAttempts"
  | "registrationFailed"
  | "emailTaken"
  | "nameRequired"
  | "invalidEmail"
  | "passwordTooShort"
  | "passwordTooLong";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const field = (name: string) =>
    typeof form.get(name) === "string" ? (form.get(name) as string) : "";
  const fail = (error: ActionError, status = 400) =>
    data({ error, values: { name: field("name"), email: field("email") } }, { status });

  if (intent === "register") {
    const parsed = registerSchema.safeParse({
      name: field("name"),
      email: field("email"),
      password: field("password"),
    });
    if (!parsed.success) return fail(parsed.error.issues[0].message as ActionError);
    const result = await register({
      ...parsed.data,
      clientIp: context.clientIp,
      headers: request.headers,
    });
    if (!result.ok) return fail(result.error, result.error === "tooManyAttempts" ? 429 : 400);
    return redirect(redirectTo, { headers: withSetCookies(result.headers) });
  }

  const parsed = signInSchema.safeParse({ email: field("email"), password: field("password") });
  if (!parsed.success) return fail(parsed.error.issues[0].message as ActionError);
  const result = await signIn({
    ...parsed.data,
    clientIp: context.clientIp,
    headers: request.headers,
  });
  if (!result.ok) return fail(result.error, result.error === "tooManyAttempts" ? 429 : 401);
  return redirect(redirectTo, { headers: withSetCookies(result.headers) });
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus:border-secondary focus:outline-none focus:ring-2 focus:ring-secondary/30";

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const root = useRootData();
  const isRegister = searchParams.get("mode") === "register";
  const isSubmitting = navigation.state === "submitting";
  const toggleParams = new URLSearchParams(searchParams);
  if (isRegister) toggleParams.delete("mode");
  else toggleParams.set("mode", "register");
  const toggleSearch = toggleParams.toString();
  const error = actionData?.error;

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
          <h1 className="text-2xl font-semibold text-slate-900">
            {isRegister ? t("auth.registerTitle") : t("auth.signInTitle")}
          </h1>
          <p className="mt-1 text-slate-600">
            {isRegister ? t("auth.registerIntro") : t("auth.signInIntro")}
          </p>

          {/* After /auth/passwort-zuruecksetzen (spec 05). */}
          {!error && searchParams.get("reset") === "success" && (
            <p
              role="status"
              className="mt-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
            >
              {t("passwordReset.success")}
            </p>
          )}
          {error && (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {t(`auth.${error}`)}
            </p>
          )}

          {/* key: switching modes starts with a fresh form */}
          <Form
            method="post"
            replace
            className="mt-6 space-y-4"
            key={isRegister ? "register" : "sign-in"}
            noValidate
          >
            <input type="hidden" name="intent" value={isRegister ? "register" : "signIn"} />
            {isRegister && (
              <div>
                <label htmlFor="name" className="text-sm font-medium text-slate-800">
                  {t("auth.name")}
                </label>
                <input
                  id="name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={actionData?.values.name}
                  className={inputClass}
                />
              </div>
            )}
            <div>
              <label htmlFor="email" className="text-sm font-medium text-slate-800">
                {t("auth.email")}
              </label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={actionData?.values.email}
                className={inputClass}
              />
            </div>
            <div>
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor="password" className="text-sm font-medium text-slate-800">
                  {t("auth.password")}
                </label>
                {!isRegister && (
                  <Link
                    to="/auth/passwort-vergessen"
                    className="text-sm font-medium text-secondary underline"
                  >
                    {t("auth.forgotPassword")}
                  </Link>
                )}
              </div>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete={isRegister ? "new-password" : "current-password"}
                required
                minLength={isRegister ? 8 : undefined}
                maxLength={128}
                aria-describedby={isRegister ? "password-hint" : undefined}
                className={inputClass}
              />
              {isRegister && (
                <p id="password-hint" className="mt-1 text-sm text-slate-600">
                  {t("auth.passwordHint")}
                </p>
              )}
            </div>
            <button
              type="submit"
              disabled={isSubmitting}
              className="w-full rounded-lg bg-primary-strong px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
            >
              {isRegister ? t("auth.submitRegister") : t("auth.submitSignIn")}
            </button>
          </Form>

          <div className="mt-6 space-y-2 text-center text-sm">
            <p>
              <Link
                to={{ search: toggleSearch ? `?${toggleSearch}` : "" }}
                replace
                className="font-medium text-secondary underline"
              >
                {isRegister ? t("auth.toSignIn") : t("auth.toRegister")}
              </Link>
            </p>
          </div>
          <p className="mt-6 text-center text-xs text-slate-600">
            <Trans
              i18nKey="auth.legal"
              components={{
                agb: <Link to="/agb" className="underline" />,
                privacy: <Link to="/datenschutz" className="underline" />,
                contact: <Link to="/kontakt" className="underline" />,
              }}
            />
          </p>
        </div>
      </div>
    </main>
  );
}
