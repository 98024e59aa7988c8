import type { Route } from "./+types/events";
import { createSettingsEventStream } from "~/features/settings/event-stream.server";

/** Server-sent events: open pages learn about settings changes (public data only). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  createSettingsEventStream(request.signal, context.clientIp);
