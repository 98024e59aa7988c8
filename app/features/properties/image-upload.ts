/**
 * Uploading one property photo from the admin form (spec 06 "Bilder", spec 07 constants):
 * XMLHttpRequest, because only it reports upload progress (fetch has none); 30 s per attempt;
 * up to 3 attempts, waiting min(1000 × 2^n, 10000) ms before retry n + 1 (n = 0, 1, …). Only
 * what may pass on its own is retried: network errors, time-outs and 5xx. A 4xx is the
 * server's refusal of this file (not an image, too big) and is final.
 * Browser code; the retry loop takes its transport and clock as arguments so its rules can be
 * tested without a network.
 */
import type { UploadedImage } from "./property-images";

export const UPLOAD_TIMEOUT_MS = 30_000;
export const UPLOAD_ATTEMPTS = 3;

/** The wait before retry `n` (0 = the wait before the second attempt). */
export function backoffMs(n: number) {
  return Math.min(1000 * 2 ** n, 10_000);
}

/** What one attempt ended with. */
export type AttemptResult =
  | { kind: "ok"; image: UploadedImage }
  | { kind: "refused"; status: number; error?: string; message?: string }
  | { kind: "server"; status: number }
  | { kind: "network" }
  | { kind: "timeout" }
  | { kind: "aborted" };

export type SendAttempt = (
  file: File,
  options: {
    timeoutMs: number;
    onProgress: (fraction: number) => void;
    signal?: AbortSignal;
  },
) => Promise<AttemptResult>;

export type UploadFailure =
  /** The server refused the file: `error` is its code, `message` its German reason. */
  | { reason: "refused"; status: number; error?: string; message?: string }
  | { reason: "sessionExpired" | "offline" | "timeout" | "network" | "server" | "aborted" };
export type UploadOutcome = (
  { ok: true; image: UploadedImage } | ({ ok: false } & UploadFailure)
) & {
  attempts: number;
};

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function uploadWithRetry(
  file: File,
  options: {
    send: SendAttempt;
    onProgress?: (fraction: number) => void;
    /** Called before attempt 2 and 3 (1-based attempt number). */
    onAttempt?: (attempt: number) => void;
    signal?: AbortSignal;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
    isOnline?: () => boolean;
  },
): Promise<UploadOutcome> {
  const sleep = options.sleep ?? defaultSleep;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  let last: AttemptResult = { kind: "network" };
  for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
    if (attempt > 1) {
      await sleep(backoffMs(attempt - 2), options.signal);
      options.onAttempt?.(attempt);
    }
    if (options.signal?.aborted) return { ok: false, reason: "aborted", attempts: attempt - 1 };
    if (!isOnline()) return { ok: false, reason: "offline", attempts: attempt - 1 };
    options.onProgress?.(0);
    last = await options.send(file, {
      timeoutMs: UPLOAD_TIMEOUT_MS,
      onProgress: (fraction) => options.onProgress?.(fraction),
      signal: options.signal,
    });
    if (last.kind === "ok") return { ok: true, image: last.image, attempts: attempt };
    if (last.kind === "aborted") return { ok: false, reason: "aborted", attempts: attempt };
    if (last.kind === "refused") {
      return last.status === 401
        ? { ok: false, reason: "sessionExpired", attempts: attempt }
        : {
            ok: false,
            reason: "refused",
            status: last.status,
            error: last.error,
            message: last.message,
            attempts: attempt,
          };
    }
  }
  // A network error while the browser knows it is offline is "no connection", not a fault.
  if (last.kind === "network" && !isOnline()) {
    return { ok: false, reason: "offline", attempts: UPLOAD_ATTEMPTS };
  }
  const reason =
    last.kind === "timeout" ? "timeout" : last.kind === "server" ? "server" : "network";
  return { ok: false, reason, attempts: UPLOAD_ATTEMPTS };
}

/** One attempt over XMLHttpRequest: real upload progress, a time-out, the JSON answer read. */
export function xhrSender(url: string): SendAttempt {
  return (file, { timeoutMs, onProgress, signal }) =>
    new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.timeout = timeoutMs;
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let body: { ok?: boolean; image?: UploadedImage; error?: string; message?: string } = {};
        try {
          body = JSON.parse(xhr.responseText) as typeof body;
        } catch {
          // A proxy's or the server's own HTML page (413 beyond the body limit): status only.
        }
        if (xhr.status >= 200 && xhr.status < 300 && body.ok && body.image) {
          resolve({ kind: "ok", image: body.image });
        } else if (xhr.status >= 400 && xhr.status < 500) {
          resolve({
            kind: "refused",
            status: xhr.status,
            error: body.error,
            message: body.message,
          });
        } else {
          resolve({ kind: "server", status: xhr.status });
        }
      };
      xhr.onerror = () => resolve({ kind: "network" });
      xhr.ontimeout = () => resolve({ kind: "timeout" });
      xhr.onabort = () => resolve({ kind: "aborted" });
      signal?.addEventListener("abort", () => xhr.abort());
      const body = new FormData();
      body.append("file", file, file.name);
      xhr.send(body);
    });
}
