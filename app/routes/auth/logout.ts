import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getAuth } from "~/lib/auth.server";
import { withSetCookies } from "~/lib/http.server";

/** "Abmelden": ends the session on the server and goes to the home page. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return redirect("/", { headers: withSetCookies(headers) });
  } catch {
    // No session (already signed out or expired): nothing to end.
    return redirect("/");
  }
}

export const loader = () => redirect("/");
