import { onSettingsChanged } from "./settings-events.server";

/**
 * Server-sent events for open pages. Each stream gets a "settings" event whenever the settings
 * change on any process; a comment line every 25 s keeps proxies from closing idle streams.
 */
const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
const encoder = new TextEncoder();

export function createSettingsEventStream(signal: AbortSignal): Response {
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
      const unsubscribe = onSettingsChanged(() => send(`event: settings\ndata: ${Date.now()}\n\n`));
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), 25_000);
      cleanup = () => {
        unsubscribe();
        clearInterval(keepAlive);
        open.delete(controller);
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
}
