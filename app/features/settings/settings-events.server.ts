import { EventEmitter } from "node:events";
import pg from "pg";
import { logger } from "~/lib/logger.server";

/**
 * Settings changes fan out to every open page on every server process:
 * a save publishes locally and, on PostgreSQL, through NOTIFY; every process LISTENs and
 * re-publishes to its own server-sent-event streams. PGlite is single-process, so the local
 * emitter is all there is.
 */
export const SETTINGS_CHANNEL = "settings_changed";
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function onSettingsChanged(listener: () => void) {
  emitter.on("change", listener);
  return () => emitter.off("change", listener);
}

export function emitSettingsChanged() {
  emitter.emit("change");
}

/**
 * A user's role changed (issue 13 part 5): that user's open pages re-run their loaders at once,
 * so a demoted admin's open admin tab turns into "Kein Zugriff" without waiting for a click.
 * Same channel as the settings; the payload names the user.
 */
const USER_PAYLOAD = "user:";

export function onSessionChanged(userId: string, listener: () => void) {
  const filtered = (changed: string) => {
    if (changed === userId) listener();
  };
  emitter.on("session", filtered);
  return () => emitter.off("session", filtered);
}

/** Publishes a change of `userId`'s session: locally, and to other processes with the SQL NOTIFY. */
export function emitSessionChanged(userId: string) {
  emitter.emit("session", userId);
}

/** The NOTIFY payload that tells every other process about a change of `userId`'s session. */
export function sessionChangedPayload(userId: string) {
  return `${USER_PAYLOAD}${userId}`;
}

/**
 * A content page was saved or restored (issue 15, decision 030): every process drops its cached
 * copy of that page and open pages re-read it. Same channel; the payload names the page
 * (`content:terms`); `*` means "anything may have changed" (after a reconnect).
 */
const CONTENT_PAYLOAD = "content:";

export function onContentChanged(listener: (page: string) => void) {
  emitter.on("content", listener);
  return () => emitter.off("content", listener);
}

/** Publishes a change of `page` in this process (PGlite, or the saving process's own cache). */
export function emitContentChanged(page: string) {
  emitter.emit("content", page);
}

/** The NOTIFY payload that tells every process that `page` changed. */
export function contentChangedPayload(page: string) {
  return `${CONTENT_PAYLOAD}${page}`;
}

/**
 * Rows that show on public pages changed (decision 038): statement-level triggers on those
 * tables send `data` on this channel when their transaction commits (migration 0021), on
 * PostgreSQL to every process, on PGlite to this one. Every process then drops its page cache
 * and the per-process caches behind the pages. No code path has to remember to send it.
 */
const DATA_PAYLOAD = "data";

export function onPageDataChanged(listener: () => void) {
  emitter.on("data", listener);
  return () => emitter.off("data", listener);
}

/** Tells this process's caches that page data may have changed (tests, a missed NOTIFY). */
export function emitPageDataChanged() {
  emitter.emit("data");
}

/** PGlite (one process): the triggers' notifications come through the embedded database. */
export async function listenForPageDataOnPglite(
  listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>,
) {
  await listen(SETTINGS_CHANNEL, (payload) => {
    if (payload === DATA_PAYLOAD) emitter.emit("data");
  });
}

let listener: pg.Client | undefined;
let stopped = false;

/** Keeps one LISTEN connection open (reconnecting after failures) while the process runs. */
export async function listenForSettingsChanges(url: string) {
  stopped = false;
  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => {
      if (msg.channel !== SETTINGS_CHANNEL) return;
      if (msg.payload?.startsWith(USER_PAYLOAD)) {
        emitter.emit("session", msg.payload.slice(USER_PAYLOAD.length));
      } else if (msg.payload?.startsWith(CONTENT_PAYLOAD)) {
        emitter.emit("content", msg.payload.slice(CONTENT_PAYLOAD.length));
      } else if (msg.payload === DATA_PAYLOAD) {
        emitter.emit("data");
      } else emitter.emit("change");
    });
    client.on("error", (error) => {
      logger.warn({ err: error }, "settings listener lost its connection");
      client.end().catch(() => {});
      if (listener === client) listener = undefined;
      setTimeout(connect, 2000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SETTINGS_CHANNEL}`);
      listener = client;
      // Changes made while we were disconnected: tell the pages to re-read.
      emitter.emit("change");
      emitter.emit("content", "*");
      // Page data too: a missed notification must not leave a stale page cached.
      emitter.emit("data");
    } catch (error) {
      logger.warn({ err: error }, "settings listener could not connect; retrying");
      client.end().catch(() => {});
      setTimeout(connect, 2000).unref();
    }
  };
  await connect();
}

export async function stopListening() {
  stopped = true;
  await listener?.end().catch(() => {});
  listener = undefined;
}
