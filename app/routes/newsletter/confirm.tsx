import type { Route } from "./+types/confirm";
import { confirmationState, confirmSubscription } from "~/features/newsletter/newsletter.server";
import { NewsletterTokenAction } from "~/features/newsletter/token-page";
import { languageFromCookie, catalogueOf } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useActionAnswer } from "~/lib/use-action-answer";
import "~/locales/texts/newsletter";

/**
 * The link in the confirmation e-mail. Opening it (GET) changes nothing, because mail scanners
 * open links too; the button posts the confirmation.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const token = new URL(request.url).searchParams.get("token");
  return {
    title: catalogueOf(language).newsletter.confirm.title,
    token: token ?? "",
    state: await confirmationState(token),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const token = (await request.formData()).get("token");
  return { state: await confirmSubscription(typeof token === "string" ? token : null) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, noindex: true });

export default function ConfirmNewsletter({
  loaderData,
  actionData: answer,
}: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  return (
    <NewsletterTokenAction
      kind="confirm"
      state={actionData?.state ?? loaderData.state}
      token={loaderData.token}
    />
  );
}
