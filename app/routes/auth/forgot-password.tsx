import { House } from "~/components/ui/icons";
import { StandaloneFrame } from "~/components/layout/standalone-frame";
import { data, Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/forgot-password";
import { forgotPasswordSchema } from "~/features/accounts/account.schema";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { languageFromCookie, getTranslator } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import { parseForm } from "~/lib/form.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import "~/locales/texts/password-reset";

export function loader({ request }: Route.LoaderArgs) {
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  return {
    title: t("passwordReset.forgotTitle"),
    description: t("passwordReset.forgotMetaDescription"),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.title,
    description: args.data?.description,
    noindex: true,
  });

type ActionError = "invalidEmail" | "tooManyAttempts";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(await request.formData(), forgotPasswordSchema, { fields: ["email"] });
  const email = (parsed.values.email ?? "").slice(0, 300);
  if (!parsed.ok) {
    return data({ error: "invalidEmail" as ActionError, email }, { status: 400 });
  }
  const result = await requestPasswordReset({
    email: parsed.data.email,
    clientIp: context.clientIp,
    language: languageFromCookie(request.headers.get("cookie")),
  });
  if (!result.ok) return data({ error: result.error as ActionError, email }, { status: 429 });
  // The same answer whether or not the account exists.
  return { requested: true as const };
}

export default function ForgotPasswordPage({ actionData: answer }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const isRequested = Boolean(actionData && "requested" in actionData);

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
              {t("passwordReset.forgotTitle")}
            </h1>
            {isRequested ? (
              <Banner tone="success" className="mt-4">
                <p>{t("passwordReset.requested")}</p>
                <p className="mt-1">{t("passwordReset.requestedHint")}</p>
              </Banner>
            ) : (
              <>
                <p className="mt-1 text-slate-600">{t("passwordReset.forgotIntro")}</p>
                {error && (
                  <Banner tone="error" className="mt-4">
                    {t(`passwordReset.${error}`)}
                  </Banner>
                )}
                <Form method="post" replace noValidate className="mt-6 space-y-4">
                  <Field label={t("passwordReset.email")} id="email">
                    <Input
                      name="email"
                      type="email"
                      autoComplete="email"
                      required
                      maxLength={254}
                      defaultValue={actionData && "email" in actionData ? actionData.email : ""}
                      aria-invalid={error === "invalidEmail" || undefined}
                    />
                  </Field>
                  <Button
                    type="submit"
                    size="lg"
                    block
                    disabled={navigation.state === "submitting"}
                  >
                    {t("passwordReset.submitRequest")}
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
