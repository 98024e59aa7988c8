import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { newsletterSchema, type NewsletterResult } from "~/features/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { languageFromCookie } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";

const statusCodes: Record<NewsletterResult, number> = {
  pending: 200,
  invalid: 400,
  tooMany: 429,
  failed: 500,
};

/**
 * Newsletter sign-up from the footer and the home page. The form's fetcher marks its requests
 * (`via=fetcher`) and gets the result as data; without JavaScript the browser posts the form
 * itself and is sent back to the page with `?newsletter=<result>` for the form to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = form.get("email");
  const parsed = newsletterSchema.safeParse({ email: typeof email === "string" ? email : "" });
  const result: NewsletterResult = parsed.success
    ? await subscribeToNewsletter({
        email: parsed.data.email,
        language: languageFromCookie(request.headers.get("cookie")),
        clientIp: context.clientIp,
      })
    : "invalid";

  if (form.get("via") === "fetcher") {
    return data({ result }, { status: statusCodes[result] });
  }
  const back = new URL(safeRedirectPath(form.get("redirectTo"), "/"), "http://localhost");
  back.searchParams.set("newsletter", result);
  const formId = form.get("formId");
  const anchor = typeof formId === "string" && /^[\w-]{1,50}$/.test(formId) ? formId : "";
  if (anchor) back.searchParams.set("newsletterForm", anchor);
  return redirect(`${back.pathname}${back.search}${anchor ? `#${anchor}` : ""}`);
}

export const loader = () => redirect("/");
