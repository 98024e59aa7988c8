import { CalendarDays, Eye, EyeOff, House, Users } from "~/components/ui/icons";
import { StandaloneFrame } from "~/components/layout/standalone-frame";
import { useState } from "react";
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
import { localizedLocation } from "~/lib/country-names.server";
import { stayInProgress } from "~/features/booking/stay-in-progress.server";
import { todayInBerlin } from "~/domain/calendar-day";
import {
  catalogueOf,
  chosenLanguage,
  formatDate,
  formatMoney,
  languageFromCookie,
} from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import "~/locales/texts/auth";
import "~/locales/texts/booking-success";
import "~/locales/texts/password-reset";

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in user has nothing to do here (spec 05): to their own area.
  const user = await getCurrentUser(request);
  if (user) throw redirect(landingPath(user.role));
  const language = languageFromCookie(request.headers.get("cookie"));
  const texts = catalogueOf(language).auth;
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // The stay the booking page sent the guest here from, priced on the server (issue 16).
  const stay = await stayInProgress(safeRedirectPath(redirectTo), todayInBerlin());
  return {
    titles: { signIn: texts.signInTitle, register: texts.registerTitle },
    stay: stay && { ...stay, location: localizedLocation(stay.location, language) },
  };
}

export const meta: Route.MetaFunction = ({ location, data }) => [
  {
    title:
      new URLSearchParams(location.search).get("mode") === "register"
        ? (data?.titles.register ?? "Registrieren")
        : (data?.titles.signIn ?? "Anmelden"),
  },
  { name: "robots", content: "noindex" },
];

type FieldName = "name" | "email" | "password";

type ActionError =
  | "missingFields"
  | "invalidCredentials"
  | "tooManyAttempts"
  | "registrationFailed"
  | "emailTaken"
  | "nameRequired"
  | "nameTooLong"
  | "invalidEmail"
  | "passwordTooShort"
  | "passwordTooLong"
  | "emailRequired"
  | "passwordRequired";

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
  const fail = (
    error: ActionError,
    submitted: FormValues<(typeof fields)[number]>,
    status = 400,
    fieldErrors: Partial<Record<FieldName, ActionError>> = {},
  ) => data({ error, values: values(submitted), fieldErrors }, { status });
  /** The first problem the schema found, in the order of the form's fields. */
  const firstError = (fieldErrors: Partial<Record<string, string>>) =>
    (fields.map((field) => fieldErrors[field]).find(Boolean) ?? "missingFields") as ActionError;
  /** Each field's own message; sign-in's shared "missing" names the field that is empty. */
  const ownErrors = (fieldErrors: Partial<Record<string, string>>) => {
    const own: Partial<Record<FieldName, ActionError>> = {};
    for (const field of fields) {
      const error = fieldErrors[field] as ActionError | undefined;
      if (!error) continue;
      own[field] =
        error === "missingFields"
          ? field === "password"
            ? "passwordRequired"
            : "emailRequired"
          : error;
    }
    return own;
  };

  if (intent === "register") {
    const parsed = parseForm(form, registerSchema, { fields, secret: ["password"] });
    if (!parsed.ok) {
      return fail(
        firstError(parsed.fieldErrors),
        parsed.values,
        400,
        ownErrors(parsed.fieldErrors),
      );
    }
    const result = await register({
      ...parsed.data,
      clientIp: context.clientIp,
      headers: request.headers,
      language: languageFromCookie(request.headers.get("cookie")),
    });
    if (!result.ok) {
      return fail(
        result.error,
        parsed.values,
        result.error === "tooManyAttempts" ? 429 : 400,
        // A taken address is the e-mail field's problem; the banner says what to do instead.
        result.error === "emailTaken" ? { email: "emailTaken" } : {},
      );
    }
    return redirect(redirectTo, { headers: withSetCookies(result.headers) });
  }

  const parsed = parseForm(form, signInSchema, { fields, secret: ["password"] });
  if (!parsed.ok) {
    return fail(firstError(parsed.fieldErrors), parsed.values, 400, ownErrors(parsed.fieldErrors));
  }
  const result = await signIn({
    ...parsed.data,
    clientIp: context.clientIp,
    headers: request.headers,
    language: chosenLanguage(request.headers.get("cookie")),
  });
  if (!result.ok) {
    return fail(result.error, parsed.values, result.error === "tooManyAttempts" ? 429 : 401);
  }
  // Without a redirectTo an admin lands on /admin (a new account is never an admin).
  const landing = requested ? redirectTo : landingPath(await roleForEmail(parsed.data.email));
  return redirect(landing, { headers: withSetCookies(result.headers) });
}

export default function AuthPage({ actionData: answer, loaderData }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const { stay } = loaderData;
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
  const fieldErrors: Partial<Record<FieldName, string>> = actionData?.fieldErrors ?? {};
  const fieldError = (field: FieldName) => {
    const key = fieldErrors[field];
    // The taken address's long advice stays in the banner; the field only says it is the one.
    if (key === "emailTaken") return t("auth.emailTakenField");
    return key ? t(`auth.${key}`) : undefined;
  };

  return (
    <StandaloneFrame>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className={stay ? "w-full max-w-4xl" : "w-full max-w-md"}>
          <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-secondary">
            <House aria-hidden className="size-7 text-primary" />
            <span className="text-xl font-bold">{root?.settings.platformName}</span>
          </Link>
          <div className={stay ? "grid items-start gap-6 md:grid-cols-[1fr_minmax(0,28rem)]" : ""}>
            {stay && <StaySummary stay={stay} />}
            <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
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
                  <Field label={t("auth.name")} id="name" error={fieldError("name")}>
                    <Input
                      name="name"
                      autoComplete="name"
                      required
                      maxLength={200}
                      defaultValue={actionData?.values.name}
                    />
                  </Field>
                )}
                <Field label={t("auth.email")} id="email" error={fieldError("email")}>
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
                  error={fieldError("password")}
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
                  <PasswordInput
                    autoComplete={isRegister ? "new-password" : "current-password"}
                    minLength={isRegister ? 8 : undefined}
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
        </div>
      </main>
    </StandaloneFrame>
  );
}

/**
 * The password field with "Passwort anzeigen": a toggle button (aria-pressed) that exists only
 * once JavaScript runs; without it the password simply stays hidden text.
 */
function PasswordInput({
  autoComplete,
  minLength,
}: {
  autoComplete: string;
  minLength: number | undefined;
}) {
  const { t } = useTranslation();
  const isHydrated = useIsHydrated();
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        name="password"
        type={isVisible ? "text" : "password"}
        autoComplete={autoComplete}
        required
        minLength={minLength}
        maxLength={128}
        className={isHydrated ? "pr-12" : undefined}
      />
      {isHydrated && (
        <button
          type="button"
          aria-pressed={isVisible}
          onClick={() => setVisible(!isVisible)}
          className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-lg text-slate-700 hover:text-secondary focus-visible:outline-2 focus-visible:outline-secondary"
        >
          {isVisible ? (
            <EyeOff aria-hidden className="size-5" />
          ) : (
            <Eye aria-hidden className="size-5" />
          )}
          {/* The name from content, not aria-label: "Passwort" labels only the field itself. */}
          <span className="sr-only">{t("auth.showPassword")}</span>
        </button>
      )}
    </div>
  );
}

type Stay = NonNullable<Route.ComponentProps["loaderData"]["stay"]>;

/** What the guest is booking, beside the form (issue 16); every number from the server. */
function StaySummary({ stay }: { stay: Stay }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const image = stay.image ? imageUrls(stay.image) : null;
  return (
    <section
      aria-labelledby="stay-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="auth-stay"
    >
      <h2 id="stay-heading" className="text-lg font-semibold text-secondary">
        {t("auth.stayHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("auth.stayIntro")}</p>
      {image?.src && (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 768px) 400px, 100vw"
          alt=""
          width={400}
          height={267}
          className="mt-4 aspect-[3/2] w-full rounded-lg object-cover"
        />
      )}
      <p className="mt-4 font-semibold text-slate-900" data-testid="auth-stay-title">
        {stay.title}
      </p>
      <p className="text-sm text-slate-700">{stay.location}</p>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t("auth.stayDates")}</dt>
          <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-secondary" />
          <dd className="text-slate-900" data-testid="auth-stay-dates">
            {formatDate(stay.checkIn, language)} – {formatDate(stay.checkOut, language)} ·{" "}
            {t("auth.stayNights", { count: stay.nights })}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t("bookingSuccess.guests")}</dt>
          <Users aria-hidden className="mt-0.5 size-4 shrink-0 text-secondary" />
          <dd className="text-slate-900" data-testid="auth-stay-guests">
            {t("auth.stayGuests", { count: stay.guests })}
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-t border-slate-200 pt-3">
          <dt className="font-medium text-slate-900">
            {t("auth.stayTotal")}
            <span className="block text-xs font-normal text-slate-600">
              {t("auth.stayTotalHint")}
            </span>
          </dt>
          <dd
            className="text-xl font-bold text-slate-900 tabular-nums"
            data-testid="auth-stay-total"
          >
            {formatMoney(stay.total, language)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
