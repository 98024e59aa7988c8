import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/**
 * The request a piece of server code runs for. The Node server (server/app-listener.ts) runs
 * React Router inside `withRequestContext`, so every log line written while a request is being
 * answered carries its id — in loaders, actions, feature code and the database layer alike —
 * without passing the id through every call.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function withRequestContext<T>(context: { requestId: string }, run: () => T): T {
  return requestContext.run(context, run);
}

/** The fields every log line gets from the request it is written for (none outside a request). */
export function requestLogFields(): { requestId?: string } {
  const context = requestContext.getStore();
  return context ? { requestId: context.requestId } : {};
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "password"],
  mixin: requestLogFields,
});
