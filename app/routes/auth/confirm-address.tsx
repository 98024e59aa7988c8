import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-address";
import { addressTokenSchema } from "~/features/accounts/account.schema";
import {
  addressConfirmationState,
  confirmAddress,
  type AddressConfirmState,
} from "~/features/accounts/address-confirmation.server";
import { getCurrentUser, userForSave } from "~/features/accounts/session.server";
import { NewsletterTokenPage, TokenMessage } from "~/features/newsletter/token-page";
import { Button, LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useActionAnswer } from "~/lib/use-action-answer";
import "~/locales/texts/account-settings";

/**
 * The link of the address confirmation e-mail (decision 077). Opening it (GET) changes nothing,
 * because mail scanners open links too (as the newsletter's and the password reset's links); the
 * button posts the confirmation. It confirms only for someone signed in to the account that
 * asked: the link proves the mailbox, the session the account.
 */

/** A refused link answers 4xx: used, expired or forged (400); another account's (403). */
const STATUS: Record<AddressConfirmState, number> = {
  ready: 200,
  signIn: 200,
  otherAccount: 403,
  invalid: 400,
};

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const url = new URL(request.url);
  const token = (url.searchParams.get("token") ?? "").slice(0, 200);
  const user = await getCurrentUser(request);
  const state = await addressConfirmationState(token, user?.id ?? null);
  return data(
    {
      title: t("accountSettings.confirmAddress.title"),
      description: t("accountSettings.confirmAddress.metaDescription"),
      token,
      // Back here after signing in, with the link's token.
      signInUrl: `/auth?redirectTo=${encodeURIComponent(`${url.pathname}?token=${encodeURIComponent(token)}`)}`,
      email: state === "ready" ? (user?.email ?? "") : "",
      state,
    },
    { status: STATUS[state] },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description, noindex: true });

export async function action({ request }: Route.ActionArgs) {
  // The session decides whose address it is; an expired one asks to sign in again (401).
  const user = await userForSave(request);
  const form = await request.formData();
  if (!user) return data({ state: "signIn" as const }, { status: 401 });
  const token = addressTokenSchema.safeParse(form.get("token"));
  if (!token.success) return data({ state: "invalid" as const }, { status: 400 });
  const result = await confirmAddress({ token: token.data, userId: user.id });
  if (result === "confirmed") return redirect("/dashboard/settings?adresse=bestaetigt");
  return data({ state: result }, { status: STATUS[result] });
}

export default function ConfirmAddressPage({
  loaderData,
  actionData: answer,
}: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const state = actionData?.state ?? loaderData.state;
  return (
    <NewsletterTokenPage title={t("accountSettings.confirmAddress.title")}>
      {state === "ready" && (
        <Form method="post">
          <p className="break-words">
            {t("accountSettings.confirmAddress.intro", { email: loaderData.email })}
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" className="mt-6" disabled={navigation.state !== "idle"}>
            {t("accountSettings.confirmAddress.button")}
          </Button>
        </Form>
      )}
      {state === "signIn" && (
        <>
          <p>{t("accountSettings.confirmAddress.signIn")}</p>
          <LinkButton to={loaderData.signInUrl} className="mt-6">
            {t("accountSettings.confirmAddress.signInButton")}
          </LinkButton>
        </>
      )}
      {state === "otherAccount" && (
        <TokenMessage kind="invalid">
          {t("accountSettings.confirmAddress.otherAccount")}
        </TokenMessage>
      )}
      {state === "invalid" && (
        <>
          <TokenMessage kind="invalid">{t("accountSettings.confirmAddress.invalid")}</TokenMessage>
          <LinkButton to="/dashboard/settings" variant="subtle" className="mt-6">
            {t("accountSettings.confirmAddress.toSettings")}
          </LinkButton>
        </>
      )}
    </NewsletterTokenPage>
  );
}
