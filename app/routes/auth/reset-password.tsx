import { House } from "~/components/ui/icons";
import { StandaloneFrame } from "~/components/layout/standalone-frame";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/reset-password";
import { resetPasswordSchema } from "~/features/accounts/account.schema";
import { isResetTokenValid, resetPassword } from "~/features/accounts/password-reset.server";
import { PASSWORD_MAX } from "~/domain/password";
import { languageFromCookie, getTranslator } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import { parseForm } from "~/lib/form.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import "~/locales/texts/password-reset";

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
  const parsed = parseForm(await request.formData(), resetPasswordSchema, {
    fields: ["token", "password", "confirmPassword"],
    secret: ["password", "confirmPassword"],
  });
  if (!parsed.ok) {
    // The first problem, in the order of the form's fields.
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? ["token"];
    if (field === "token") return data({ error: "invalidToken" as const }, { status: 400 });
    return data(
      {
        error: "field" as const,
        field: field === "confirmPassword" ? "confirmPassword" : "password",
        message: message as FieldError,
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

export default function ResetPasswordPage({
  loaderData,
  actionData: answer,
}: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const isInvalid = !loaderData.isValid || actionData?.error === "invalidToken";
  const fieldError = actionData?.error === "field" ? actionData : null;

  return (
    <StandaloneFrame>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-secondary">
            <House aria-hidden className="size-7 text-primary" />
            <span className="text-xl font-bold">{root?.settings.platformName}</span>
          </Link>
          <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
            <h1 className="text-2xl font-semibold text-secondary">
              {t("passwordReset.resetTitle")}
            </h1>
            {isInvalid ? (
              <div className="mt-4">
                <Banner tone="error">{t("passwordReset.invalidToken")}</Banner>
                <LinkButton to="/auth/passwort-vergessen" block className="mt-6">
                  {t("passwordReset.requestNewLink")}
                </LinkButton>
              </div>
            ) : (
              <>
                <p className="mt-1 text-slate-600">{t("passwordReset.resetIntro")}</p>
                {actionData?.error === "resetFailed" && (
                  <Banner tone="error" className="mt-4">
                    {t("passwordReset.resetFailed")}
                  </Banner>
                )}
                <Form method="post" replace noValidate className="mt-6 space-y-4">
                  <input type="hidden" name="token" value={loaderData.token} />
                  <Field
                    label={t("passwordReset.newPassword")}
                    id="password"
                    hint={
                      fieldError?.field === "password" ? undefined : t("passwordReset.passwordHint")
                    }
                    error={
                      fieldError?.field === "password"
                        ? t(`passwordReset.${fieldError.message}`)
                        : undefined
                    }
                    announceError
                  >
                    <Input
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      required
                      minLength={8}
                      maxLength={PASSWORD_MAX}
                    />
                  </Field>
                  <Field
                    label={t("passwordReset.confirmPassword")}
                    id="confirmPassword"
                    error={
                      fieldError?.field === "confirmPassword"
                        ? t(`passwordReset.${fieldError.message}`)
                        : undefined
                    }
                    announceError
                  >
                    <Input
                      name="confirmPassword"
                      type="password"
                      autoComplete="new-password"
                      required
                      maxLength={PASSWORD_MAX}
                    />
                  </Field>
                  <Button
                    type="submit"
                    size="lg"
                    block
                    disabled={navigation.state === "submitting"}
                  >
                    {t("passwordReset.submitReset")}
                  </Button>
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
    </StandaloneFrame>
  );
}
