import { todayInBerlin } from "~/domain/calendar-day";
import { logger } from "./logger.server";

type JobState = {
  isActive: boolean;
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  lastRunAt?: number;
  lastRunDay?: string;
};
// On globalThis: in development Vite may evaluate a job's module again after an edit, and a
// second copy of the job must not start beside the first.
const holder = globalThis as unknown as { __periodicJobs?: Map<string, JobState> };

/**
 * A background job of every app process (boot starts it after the migrations, and stops it
 * before the database closes): one run at start, then whenever `everyMs` has passed or the day
 * in Europe/Berlin changed (looked at every `checkEveryMs`), never two runs at once in one
 * process. That several processes run it at the same time is the job's own business (claims,
 * unique rows, SKIP LOCKED), and so is catching up after downtime (compute from the data).
 *
 * `run` logs its own results; a throw is logged here and the job goes on. `isActive()` turns
 * false when the job is being stopped, so a long run can end between items.
 */
export function periodicJob(
  name: string,
  {
    everyMs,
    checkEveryMs = 60 * 1000,
    run,
  }: {
    everyMs: number;
    checkEveryMs?: number;
    run: (job: { isActive: () => boolean }) => Promise<unknown>;
  },
) {
  const jobs = (holder.__periodicJobs ??= new Map());

  function start() {
    if (jobs.get(name)?.isActive) return;
    const state: JobState = { isActive: true };
    jobs.set(name, state);
    const tick = () => {
      if (!state.isActive || state.running) return;
      state.lastRunAt = Date.now();
      state.lastRunDay = todayInBerlin();
      state.running = run({ isActive: () => state.isActive })
        .then(() => undefined)
        .catch((error: unknown) => logger.error({ err: error, job: name }, "background job failed"))
        .finally(() => {
          state.running = undefined;
        });
    };
    tick();
    state.timer = setInterval(() => {
      const isDue =
        Date.now() - (state.lastRunAt ?? 0) >= everyMs || todayInBerlin() !== state.lastRunDay;
      if (isDue) tick();
    }, checkEveryMs);
    state.timer.unref();
  }

  /** Stops the job and waits for a run in progress. */
  async function stop() {
    const state = jobs.get(name);
    if (!state) return;
    state.isActive = false;
    clearInterval(state.timer);
    await state.running;
    jobs.delete(name);
  }

  return { start, stop };
}
