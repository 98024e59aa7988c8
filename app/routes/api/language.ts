import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE } from "~/lib/i18n";

/** The language switch in the top bar: stores the choice in a cookie and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const value = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
    },
  });
}

export const loader = () => redirect("/");
