import { and, eq, lt } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { logger } from "~/lib/logger.server";
import { settleLapsedHolds } from "./online-payment.server";
import { retryOnlineRefunds } from "./stripe-refunds.server";

const b = schema.booking;

/**
 * Confirmed stays whose check-out day lies before `today` (a Berlin calendar day, "YYYY-MM-DD")
 * become `completed`. One UPDATE whose WHERE repeats the condition: several processes running it
 * at the same time complete each booking once, and a second run changes nothing.
 * Returns how many bookings were completed.
 */
export async function completeFinishedStays(today: string): Promise<number> {
  const completed = await db()
    .update(b)
    .set({ status: "completed" })
    .where(and(eq(b.status, "confirmed"), lt(b.checkOut, today)))
    .returning({ id: b.id });
  return completed.length;
}

/** A full run every 15 minutes, and within a minute after midnight in Berlin. */
const RUN_EVERY_MS = 15 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 1000;

type JobState = {
  isActive: boolean;
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  lastRunAt?: number;
  lastRunDay?: string;
};
// On globalThis: in development Vite may evaluate this module again after an edit.
const holder = globalThis as unknown as { __completeStaysJob?: JobState };

async function runOnce(state: JobState) {
  const today = todayInBerlin();
  state.lastRunAt = Date.now();
  state.lastRunDay = today;
  try {
    const count = await completeFinishedStays(today);
    // Every 15 minutes: "none" is only worth a debug line.
    logger[count > 0 ? "info" : "debug"]({ count, today }, "finished stays marked as completed");
  } catch (error) {
    logger.error({ err: error }, "completing finished stays failed");
  }
  // Online holds whose webhook never came (decision 044): settled from Stripe's own state.
  try {
    const settled = await settleLapsedHolds();
    if (settled > 0) logger.warn({ settled }, "online holds settled without their webhook");
  } catch (error) {
    logger.error({ err: error }, "settling lapsed online holds failed");
  }
  // Online refunds Stripe has not accepted yet (decision 049), at their next attempt's time.
  try {
    const refunds = await retryOnlineRefunds();
    if (refunds.sent + refunds.failed > 0) logger.info(refunds, "online refunds retried");
  } catch (error) {
    logger.error({ err: error }, "retrying online refunds failed");
  }
}

/** Starts the job in this process (boot, after the migrations): one run now, then on schedule. */
export function startCompleteStaysJob() {
  if (holder.__completeStaysJob?.isActive) return;
  const state: JobState = { isActive: true };
  holder.__completeStaysJob = state;
  const run = () => {
    if (!state.isActive || state.running) return;
    state.running = runOnce(state).finally(() => {
      state.running = undefined;
    });
  };
  run();
  state.timer = setInterval(() => {
    const isDue =
      Date.now() - (state.lastRunAt ?? 0) >= RUN_EVERY_MS || todayInBerlin() !== state.lastRunDay;
    if (isDue) run();
  }, CHECK_EVERY_MS);
  state.timer.unref();
}

/** Stops the job and waits for a run in progress (before the database closes). */
export async function stopCompleteStaysJob() {
  const state = holder.__completeStaysJob;
  if (!state) return;
  state.isActive = false;
  clearInterval(state.timer);
  await state.running;
  holder.__completeStaysJob = undefined;
}
