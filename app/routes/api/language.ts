import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { rememberLanguage } from "~/features/accounts/language.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE } from "~/lib/i18n";

/**
 * The language switch in the top bar: stores the choice in a cookie and goes back. A signed-in
 * guest's profile remembers it too, so the e-mails sent to them later (an admin confirms the
 * booking, a payment reminder) are in the language they use the site in (decision 066).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const value = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const user = await getCurrentUser(request);
  if (user) await rememberLanguage(user.id, value);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
    },
  });
}

export const loader = () => redirect("/");
