import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import sharp from "sharp";
import type { PropertyImage } from "../../../db/schema";
import { db, schema } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { encodeImageVariants, storeEncodedImage } from "~/lib/images.server";
import { logger } from "~/lib/logger.server";
import { safeFetch, type SafeFetchFailure } from "~/lib/safe-fetch.server";
import { deleteObject } from "~/lib/storage.server";
import { readSubmittedImages } from "./property-images";

/**
 * The background job of the CSV import (decision 028): every image URL of an imported property
 * is fetched once, through the SSRF guard (`safeFetch`), judged by its content (JPEG, PNG or
 * WebP, as uploads), re-encoded to the WebP variants of uploads without metadata, and put in
 * the place of its `{ url }` entry in the property's images. Failures are kept on the job row
 * (`listImageImports`) and the entry leaves the property's images, so no page ever points at
 * the foreign URL.
 *
 * Several processes: rows are claimed with `for update skip locked` and leased by moving
 * `next_attempt_at` ahead; a process that dies mid-fetch leaves a lease that runs out, and any
 * process (the same one after a restart) takes the row again.
 */

export const IMAGE_IMPORT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
  attempts: 3,
} as const;

export type ImageImportError = SafeFetchFailure | "notAnImage";

/** How long a claimed row is left alone before another process may take it again. */
const LEASE = "2 minutes";
const BATCH_SIZE = 8;
const CONCURRENCY = 2;
const POLL_INTERVAL_MS = 5_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_INPUT_PIXELS = 40_000_000;

const jobs = schema.propertyImageImport;
type Job = typeof jobs.$inferSelect;

/** Failures that a second try would not change (the address, the content, the size). */
function isPermanent(error: ImageImportError, httpStatus?: number) {
  if (error === "httpStatus")
    return httpStatus !== undefined && httpStatus < 500 && httpStatus !== 429;
  return !["dnsFailed", "timeout", "connectionFailed"].includes(error);
}

/** Delay before the next try after n failed ones: 1, 2 minutes. */
function retryDelaySeconds(failedAttempts: number) {
  return 60 * 2 ** Math.max(failedAttempts - 1, 0);
}

async function fetchAndStore(job: Job) {
  const fetched = await safeFetch(job.url, {
    allowPrivate: getEnv().IMPORT_ALLOW_PRIVATE,
    maxBytes: IMAGE_IMPORT_LIMITS.maxBytes,
    timeoutMs: IMAGE_IMPORT_LIMITS.timeoutMs,
    maxRedirects: IMAGE_IMPORT_LIMITS.maxRedirects,
  });
  if (!fetched.ok)
    return { ok: false as const, error: fetched.error, httpStatus: fetched.httpStatus };
  try {
    const meta = await sharp(fetched.body, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return { ok: false as const, error: "notAnImage" as const };
    }
    const encoded = await encodeImageVariants(fetched.body);
    return {
      ok: true as const,
      stored: await storeEncodedImage(encoded, `properties/${job.propertyId}`),
    };
  } catch {
    // Truncated or corrupt files, decompression bombs.
    return { ok: false as const, error: "notAnImage" as const };
  }
}

/** Puts the stored image in the place of its pending entry (or drops the entry on failure). */
async function settle(
  job: Job,
  outcome:
    | { ok: true; stored: { key: string; widths: number[]; width: number; height: number } }
    | { ok: false; error: ImageImportError; httpStatus?: number },
) {
  const isFinalFailure =
    !outcome.ok &&
    (isPermanent(outcome.error, outcome.httpStatus) ||
      job.attempts >= IMAGE_IMPORT_LIMITS.attempts);
  let isOrphan = false;
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ images: schema.property.images, draft: schema.property.draft })
      .from(schema.property)
      .where(eq(schema.property.id, job.propertyId))
      .for("update");
    const images: PropertyImage[] = row?.images ?? [];
    const at = images.findIndex((image) => !image.key && image.url === job.url);
    if (outcome.ok) {
      // The admin may have removed the entry meanwhile: then the stored files are not needed.
      isOrphan = at < 0;
      if (!isOrphan) {
        const next = [...images];
        next[at] = {
          ...outcome.stored,
          ...(images[at].category ? { category: images[at].category } : {}),
        };
        await tx
          .update(schema.property)
          .set({
            images: next,
            draft: draftWithFetchedImage(row.draft, job.url, outcome.stored.key),
          })
          .where(eq(schema.property.id, job.propertyId));
      }
      await tx
        .update(jobs)
        .set({ status: "done", error: null, httpStatus: null })
        .where(eq(jobs.id, job.id));
      return;
    }
    if (isFinalFailure) {
      if (at >= 0) {
        await tx
          .update(schema.property)
          .set({ images: images.filter((_, i) => i !== at) })
          .where(eq(schema.property.id, job.propertyId));
      }
      await tx
        .update(jobs)
        .set({ status: "failed", error: outcome.error, httpStatus: outcome.httpStatus ?? null })
        .where(eq(jobs.id, job.id));
      return;
    }
    await tx
      .update(jobs)
      .set({
        error: outcome.error,
        httpStatus: outcome.httpStatus ?? null,
        nextAttemptAt: sql`now() + interval '${sql.raw(String(retryDelaySeconds(job.attempts)))} seconds'`,
      })
      .where(eq(jobs.id, job.id));
  });
  if (outcome.ok && isOrphan) {
    for (const width of outcome.stored.widths) {
      await deleteObject(`${outcome.stored.key}-${width}.webp`).catch(() => undefined);
    }
  }
}

/** Fetches the images that are due, once. Returns how many rows were claimed. */
export async function processImageImportsOnce(options: { limit?: number } = {}) {
  const limit = options.limit ?? BATCH_SIZE;
  const due = db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), lte(jobs.nextAttemptAt, sql`now()`)))
    .orderBy(asc(jobs.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db()
    .update(jobs)
    .set({
      attempts: sql`${jobs.attempts} + 1`,
      nextAttemptAt: sql`now() + interval '${sql.raw(LEASE)}'`,
    })
    .where(and(inArray(jobs.id, due), eq(jobs.status, "pending")))
    .returning();
  const result = { claimed: claimed.length, done: 0, failed: 0, retried: 0 };
  const queue = [...claimed];
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      try {
        const outcome = await fetchAndStore(job);
        await settle(job, outcome);
        if (outcome.ok) result.done++;
        else if (
          isPermanent(outcome.error, outcome.httpStatus) ||
          job.attempts >= IMAGE_IMPORT_LIMITS.attempts
        ) {
          result.failed++;
        } else result.retried++;
      } catch (error) {
        // The lease runs out and the row is tried again; nothing else to undo.
        logger.error({ err: error, jobId: job.id }, "an imported image could not be stored");
      }
    }
  });
  await Promise.all(workers);
  return result;
}

/**
 * An autosaved draft that names the image by its URL names it by its new key (decision 067):
 * else the form, which lists only refs the property has, would lose the fetched image.
 */
export function draftWithFetchedImage(
  draft: Record<string, unknown> | null,
  url: string,
  key: string,
): Record<string, unknown> | null {
  if (!draft || typeof draft.images !== "string") return draft;
  const images = readSubmittedImages(draft.images);
  if (!images.some((image) => image.ref === url)) return draft;
  return {
    ...draft,
    images: JSON.stringify(
      images.map((image) => (image.ref === url ? { ...image, ref: key } : image)),
    ),
  };
}

export type ImageImportStatusRow = {
  url: string;
  status: "pending" | "done" | "failed";
  error: ImageImportError | null;
  httpStatus: number | null;
};

/** The import state of a property's images, in the file's order (for the edit page). */
export async function listImageImports(propertyId: string): Promise<ImageImportStatusRow[]> {
  const rows = await db()
    .select({ url: jobs.url, status: jobs.status, error: jobs.error, httpStatus: jobs.httpStatus })
    .from(jobs)
    .where(eq(jobs.propertyId, propertyId))
    .orderBy(asc(jobs.position));
  return rows as ImageImportStatusRow[];
}

type WorkerState = {
  isActive: boolean;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  wakeRequested?: boolean;
  wake?: () => void;
};
// On globalThis: in development Vite may evaluate this module again after an edit.
const holder = globalThis as unknown as { __imageImportWorker?: WorkerState };

/** Starts polling for image jobs in this process (boot, next to the e-mail worker). */
export function startImageImportWorker(options: { intervalMs?: number } = {}) {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  if (holder.__imageImportWorker?.isActive) return;
  const state: WorkerState = { isActive: true };
  holder.__imageImportWorker = state;
  const tick = () => {
    state.timer = undefined;
    state.wakeRequested = false;
    state.running = (async () => {
      try {
        // A full batch means more may be due: keep going until none is.
        while (state.isActive && (await processImageImportsOnce()).claimed === BATCH_SIZE);
      } catch (error) {
        logger.error({ err: error }, "image import worker run failed");
      }
    })();
    void state.running.then(() => {
      state.running = undefined;
      if (!state.isActive) return;
      if (state.wakeRequested) tick();
      else schedule();
    });
  };
  const schedule = () => {
    state.timer = setTimeout(tick, interval);
    state.timer.unref();
  };
  state.wake = () => {
    if (!state.isActive) return;
    if (state.running) state.wakeRequested = true;
    else {
      if (state.timer) clearTimeout(state.timer);
      tick();
    }
  };
  tick();
}

/** After an import: start fetching now rather than at the next poll (no-op without a worker). */
export function wakeImageImportWorker() {
  holder.__imageImportWorker?.wake?.();
}

/** Stops polling and waits for a run in progress (shutdown, before the database closes). */
export async function stopImageImportWorker() {
  const state = holder.__imageImportWorker;
  if (!state) return;
  state.isActive = false;
  if (state.timer) clearTimeout(state.timer);
  await state.running;
  holder.__imageImportWorker = undefined;
}
