import type { Route } from "./+types/events";
import { getCurrentUser } from "~/features/accounts/session.server";
import { createSettingsEventStream } from "~/features/settings/event-stream.server";

/**
 * Server-sent events: open pages learn about settings changes (public data only) and, when
 * signed in, about a change of their own role (no data, only "load again").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  return createSettingsEventStream(request.signal, context.clientIp, user?.id ?? null);
}
