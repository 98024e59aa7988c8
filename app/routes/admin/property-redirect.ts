import { redirect } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import type { Route } from "./+types/property-redirect";

/**
 * /admin/properties/{id} is the edit page's short address. Any id goes on (encoded); the edit
 * page answers an unknown or forged one with its German 404 ("Unterkunft nicht gefunden").
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect(`/admin/properties/edit/${encodeURIComponent(params.id)}`);
}
