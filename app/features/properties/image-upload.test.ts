/**
 * The uploader's retry rules (spec 07: 30 s time-out, 3 attempts, backoff min(1000 × 2^n, 10000)
 * ms): what is retried, how long it waits, and what the admin is told in the end.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  backoffMs,
  uploadWithRetry,
  xhrSender,
  type AttemptResult,
  type SendAttempt,
} from "./image-upload";

const file = new File([new Uint8Array([1, 2, 3])], "foto.jpg", { type: "image/jpeg" });
const image = {
  ref: "property-images/x",
  widths: [400],
  width: 500,
  height: 400,
  previewUrl: "/p",
};

/** A transport that answers the given results in turn and records when it was called. */
function scripted(results: AttemptResult[]) {
  const calls: { at: number; timeoutMs: number }[] = [];
  const send: SendAttempt = async (_file, options) => {
    calls.push({ at: Date.now(), timeoutMs: options.timeoutMs });
    options.onProgress(0.5);
    return results[calls.length - 1] ?? { kind: "network" };
  };
  return { send, calls };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("backoff", () => {
  it("doubles from one second and stops at ten", () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});

describe("uploadWithRetry", () => {
  it("retries network errors, time-outs and 5xx after 1 s and 2 s, with a 30 s time-out each", async () => {
    vi.useFakeTimers({ now: 0 });
    const { send, calls } = scripted([
      { kind: "network" },
      { kind: "timeout" },
      { kind: "ok", image },
    ]);
    const attempts: number[] = [];
    const done = uploadWithRetry(file, {
      send,
      isOnline: () => true,
      onAttempt: (n) => attempts.push(n),
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await done).toEqual({ ok: true, image, attempts: 3 });
    expect(calls.map((c) => c.at)).toEqual([0, 1000, 3000]);
    expect(calls.every((c) => c.timeoutMs === 30_000)).toBe(true);
    expect(attempts).toEqual([2, 3]);
  });

  it("gives up after three attempts and says why", async () => {
    vi.useFakeTimers({ now: 0 });
    for (const [last, reason] of [
      [{ kind: "server", status: 503 }, "server"],
      [{ kind: "timeout" }, "timeout"],
      [{ kind: "network" }, "network"],
    ] as const) {
      const { send, calls } = scripted([
        { kind: "server", status: 500 },
        { kind: "network" },
        last,
      ]);
      const done = uploadWithRetry(file, { send, isOnline: () => true });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await done).toEqual({ ok: false, reason, attempts: 3 });
      expect(calls).toHaveLength(3);
    }
  });

  it("does not retry the server's refusal (4xx) and passes its reason on", async () => {
    const { send, calls } = scripted([
      {
        kind: "refused",
        status: 415,
        error: "notImage",
        message: "Die Datei ist kein gültiges Bild (JPG, PNG oder WebP).",
      },
    ]);
    expect(await uploadWithRetry(file, { send, isOnline: () => true })).toEqual({
      ok: false,
      reason: "refused",
      status: 415,
      error: "notImage",
      message: "Die Datei ist kein gültiges Bild (JPG, PNG oder WebP).",
      attempts: 1,
    });
    expect(calls).toHaveLength(1);
  });

  it("treats 401 as an expired session, not a retryable fault", async () => {
    const { send, calls } = scripted([{ kind: "refused", status: 401 }]);
    expect(await uploadWithRetry(file, { send, isOnline: () => true })).toMatchObject({
      ok: false,
      reason: "sessionExpired",
    });
    expect(calls).toHaveLength(1);
  });

  it("reports no connection without sending when offline, and after failing when it went offline", async () => {
    const first = scripted([]);
    expect(await uploadWithRetry(file, { send: first.send, isOnline: () => false })).toEqual({
      ok: false,
      reason: "offline",
      attempts: 0,
    });
    expect(first.calls).toHaveLength(0);

    vi.useFakeTimers({ now: 0 });
    let online = true;
    const second = scripted([{ kind: "network" }]);
    const done = uploadWithRetry(file, {
      send: async (...args) => {
        const result = await second.send(...args);
        online = false; // the connection dropped during the attempt
        return result;
      },
      isOnline: () => online,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toEqual({ ok: false, reason: "offline", attempts: 1 });
  });

  it("stops at once when the admin removes the file", async () => {
    vi.useFakeTimers({ now: 0 });
    const controller = new AbortController();
    const { send, calls } = scripted([{ kind: "network" }]);
    const done = uploadWithRetry(file, { send, isOnline: () => true, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await done).toMatchObject({ ok: false, reason: "aborted" });
    expect(calls).toHaveLength(1);
  });
});

/** The browser's XMLHttpRequest, as far as xhrSender uses it, driven by the test. */
class FakeXhr {
  static last: FakeXhr;
  timeout = 0;
  status = 0;
  responseText = "";
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  upload: {
    onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe("xhrSender", () => {
  const send = () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const progress: number[] = [];
    const result = xhrSender("/admin/properties/images")(file, {
      timeoutMs: 30_000,
      onProgress: (f) => progress.push(f),
    });
    return { result, progress, xhr: FakeXhr.last };
  };

  it("sends the file as multipart with the time-out and reports real upload progress", async () => {
    const { result, progress, xhr } = send();
    expect(xhr.timeout).toBe(30_000);
    expect((xhr.sent?.get("file") as File).name).toBe("foto.jpg");
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ ok: true, image });
    xhr.onload?.();
    expect(await result).toEqual({ kind: "ok", image });
    expect(progress).toEqual([0.25]);
  });

  it("tells a refusal, a server error, a time-out and an HTML error page apart", async () => {
    let call = send();
    call.xhr.status = 415;
    call.xhr.responseText = JSON.stringify({ ok: false, error: "notImage", message: "Nein" });
    call.xhr.onload?.();
    expect(await call.result).toEqual({
      kind: "refused",
      status: 415,
      error: "notImage",
      message: "Nein",
    });
    call = send();
    call.xhr.status = 413;
    call.xhr.responseText = "<html>Zu groß</html>";
    call.xhr.onload?.();
    expect(await call.result).toEqual({ kind: "refused", status: 413 });
    call = send();
    call.xhr.status = 502;
    call.xhr.onload?.();
    expect(await call.result).toEqual({ kind: "server", status: 502 });
    call = send();
    call.xhr.ontimeout?.();
    expect(await call.result).toEqual({ kind: "timeout" });
  });
});
