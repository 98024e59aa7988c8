import { House } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Trans, useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/auth";
import { registerSchema, signInSchema } from "~/features/accounts/auth.schema";
import { getCurrentUser, landingPath, roleForEmail } from "~/features/accounts/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { register, signIn } from "~/features/accounts/sign-in.server";
import { withSetCookies } from "~/lib/http.server";
import { useRootData } from "~/root";
import { parseForm, type FormValues } from "~/lib/form.server";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in user has nothing to do here (spec 05): to their own area.
  const user = await getCurrentUser(request);
  if (user) throw redirect(landingPath(user.role));
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
  const requested = new URL(request.url).searchParams.get("redirectTo");
  const redirectTo = safeRedirectPath(requested);
  const fields = ["name", "email", "password"] as const;
  const values = (submitted: FormValues<(typeof fields)[number]>) => ({
    name: submitted.name ?? "",
    email: submitted.email ?? "",
  });
  const fail = (error: ActionError, submitted: FormValues<(typeof fields)[number]>, status = 400) =>
    data({ error, values: values(submitted) }, { status });
  /** The first problem the schema found, in the order of the form's fields. */
  const firstError = (fieldErrors: Partial<Record<string, string>>) =>
    (Object.values(fieldErrors)[0] ?? "missingFields") as ActionError;

  if (intent === "register") {
    const parsed = parseForm(form, registerSchema, { fields, secret: ["password"] });
    if (!parsed.ok) return fail(firstError(parsed.fieldErrors), parsed.values);
    const result = await register({
      ...parsed.data,
      clientIp: context.clientIp,
      headers: request.headers,
    });
    if (!result.ok) {
      return fail(result.error, parsed.values, result.error === "tooManyAttempts" ? 429 : 400);
    }
    return redirect(redirectTo, { headers: withSetCookies(result.headers) });
  }

  const parsed = parseForm(form, signInSchema, { fields, secret: ["password"] });
  if (!parsed.ok) return fail(firstError(parsed.fieldErrors), parsed.values);
  const result = await signIn({
    ...parsed.data,
    clientIp: context.clientIp,
    headers: request.headers,
  });
  if (!result.ok) {
    return fail(result.error, parsed.values, result.error === "tooManyAttempts" ? 429 : 401);
  }
  // Without a redirectTo an admin lands on /admin (a new account is never an admin).
  const landing = requested ? redirectTo : landingPath(await roleForEmail(parsed.data.email));
  return redirect(landing, { headers: withSetCookies(result.headers) });
}

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
            <Banner tone="success" className="mt-4">
              {t("passwordReset.success")}
            </Banner>
          )}
          {error && (
            <Banner tone="error" className="mt-4">
              {t(`auth.${error}`)}
            </Banner>
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
              <Field label={t("auth.name")} id="name">
                <Input
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={actionData?.values.name}
                />
              </Field>
            )}
            <Field label={t("auth.email")} id="email">
              <Input
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={actionData?.values.email}
              />
            </Field>
            <Field
              label={t("auth.password")}
              id="password"
              hint={isRegister ? t("auth.passwordHint") : undefined}
              labelAside={
                isRegister ? undefined : (
                  <Link
                    to="/auth/passwort-vergessen"
                    className="text-sm font-medium text-secondary underline"
                  >
                    {t("auth.forgotPassword")}
                  </Link>
                )
              }
            >
              <Input
                name="password"
                type="password"
                autoComplete={isRegister ? "new-password" : "current-password"}
                required
                minLength={isRegister ? 8 : undefined}
                maxLength={128}
              />
            </Field>
            <Button type="submit" size="lg" block disabled={isSubmitting}>
              {isRegister ? t("auth.submitRegister") : t("auth.submitSignIn")}
            </Button>
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
