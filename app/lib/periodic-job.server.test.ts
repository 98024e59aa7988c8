import { afterEach, describe, expect, it, vi } from "vitest";
import { periodicJob } from "./periodic-job.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("periodicJob", () => {
  it("runs at start, again when its time has come or the Berlin day changed, never twice at once", async () => {
    vi.useFakeTimers({ now: new Date("2027-03-10T10:00:00Z") });
    let runs = 0;
    let release: () => void = () => {};
    const job = periodicJob("test-schedule", {
      everyMs: 15 * 60 * 1000,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    job.start();
    job.start(); // a second start (a module evaluated again) adds no second copy
    expect(runs).toBe(1);
    // Still running at the next due time: no second run beside it.
    await vi.advanceTimersByTimeAsync(16 * 60 * 1000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(runs).toBe(2);
    release();
    // Nothing due for the next 14 minutes …
    await vi.advanceTimersByTimeAsync(13 * 60 * 1000);
    expect(runs).toBe(2);
    // … but midnight in Berlin (23:00 UTC in March) starts a run at once.
    vi.setSystemTime(new Date("2027-03-10T22:59:30Z"));
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(runs).toBe(3);
    release();
    await job.stop();
  });

  it("goes on after a failed run, and stop waits for the run in progress and ends the job", async () => {
    vi.useFakeTimers({ now: new Date("2027-03-10T10:00:00Z") });
    const seen: boolean[] = [];
    let fail = true;
    let release: () => void = () => {};
    const job = periodicJob("test-stop", {
      everyMs: 0,
      run: async ({ isActive }) => {
        if (fail) {
          fail = false;
          throw new Error("database gone for a moment");
        }
        await new Promise<void>((resolve) => (release = resolve));
        seen.push(isActive());
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(60 * 1000); // the failed first run did not end the job
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // waits for the run in progress …
    release();
    await stopping;
    expect(seen).toEqual([false]); // … which could see that the job is ending
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(seen).toEqual([false]); // and no run after the stop
  });
});
