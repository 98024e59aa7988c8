import type { Route } from "./+types/unsubscribe";
import { unsubscribe, unsubscribeState } from "~/features/newsletter/newsletter.server";
import { NewsletterTokenAction } from "~/features/newsletter/token-page";
import { languageFromCookie, catalogueOf } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useActionAnswer } from "~/lib/use-action-answer";
import "~/locales/texts/newsletter";

/** The unsubscribe link of every newsletter e-mail: GET shows a button, its POST unsubscribes. */
export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const token = new URL(request.url).searchParams.get("token");
  return {
    title: catalogueOf(language).newsletter.unsubscribe.title,
    token: token ?? "",
    state: await unsubscribeState(token),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const token = (await request.formData()).get("token");
  return { state: await unsubscribe(typeof token === "string" ? token : null) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, noindex: true });

export default function UnsubscribeNewsletter({
  loaderData,
  actionData: answer,
}: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  return (
    <NewsletterTokenAction
      kind="unsubscribe"
      state={actionData?.state ?? loaderData.state}
      token={loaderData.token}
    />
  );
}
