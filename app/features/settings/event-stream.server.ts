import { onContentChanged, onSessionChanged, onSettingsChanged } from "./settings-events.server";

/**
 * Server-sent events for open pages. Each stream gets a "settings" event whenever the settings
 * change on any process, and a signed-in user's stream a "session" event when their role changes;
 * a comment line every 25 s keeps proxies from closing idle streams.
 */
const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
const encoder = new TextEncoder();

/**
 * Each open stream holds a socket, a timer and a listener for as long as the client likes, so
 * the number is bounded: a client address may hold a few (one per open tab), the process a few
 * thousand. Beyond that the answer is 429 — the page still works, it just learns of settings
 * changes on its next navigation. (An EventSource does not retry after a non-200 answer.)
 */
export const EVENT_STREAM_LIMITS = { perClient: 8, total: 2_000 };
const perClient = new Map<string, number>();

export function createSettingsEventStream(
  signal: AbortSignal,
  clientIp = "unknown",
  userId: string | null = null,
): Response {
  const held = perClient.get(clientIp) ?? 0;
  if (held >= EVENT_STREAM_LIMITS.perClient || open.size >= EVENT_STREAM_LIMITS.total) {
    return new Response("Zu viele offene Verbindungen. Bitte schließen Sie andere Tabs.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  perClient.set(clientIp, held + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (perClient.get(clientIp) ?? 1) - 1;
    if (left > 0) perClient.set(clientIp, left);
    else perClient.delete(clientIp);
  };
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      open.add(controller);
      const send = (chunk: string) => {
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      send("retry: 3000\n\n");
      const unsubscribeSettings = onSettingsChanged(() =>
        send(`event: settings\ndata: ${Date.now()}\n\n`),
      );
      // A content page changed: open pages re-read their data (the page says which).
      const unsubscribeContent = onContentChanged((page) =>
        send(`event: content\ndata: ${page.replace(/[^a-z0-9*-]/g, "")}\n\n`),
      );
      const unsubscribeSession = userId
        ? onSessionChanged(userId, () => send(`event: session\ndata: ${Date.now()}\n\n`))
        : () => {};
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), 25_000);
      cleanup = () => {
        unsubscribeSettings();
        unsubscribeContent();
        unsubscribeSession();
        clearInterval(keepAlive);
        open.delete(controller);
        release();
      };
      signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

export function closeEventStreams() {
  for (const controller of open) {
    try {
      controller.close();
    } catch {
      // already closed
    }
  }
  open.clear();
  perClient.clear();
}
