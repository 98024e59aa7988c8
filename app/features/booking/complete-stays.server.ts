import { and, eq, lt } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { logger } from "~/lib/logger.server";
import { periodicJob } from "~/lib/periodic-job.server";
import { settleLapsedHolds } from "./online-payment.server";
import { lookUpPendingRefunds, retryOnlineRefunds } from "./stripe-refunds.server";

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

async function runOnce() {
  const today = todayInBerlin();
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
  // Refunds at Stripe whose confirming webhook did not come (decision 051).
  try {
    const looked = await lookUpPendingRefunds();
    if (looked.settled > 0) logger.warn(looked, "online refunds settled without their webhook");
  } catch (error) {
    logger.error({ err: error }, "looking up pending online refunds failed");
  }
}

/** A full run every 15 minutes, and within a minute after midnight in Berlin. */
const job = periodicJob("complete-stays", { everyMs: 15 * 60 * 1000, run: runOnce });
export const startCompleteStaysJob = job.start;
export const stopCompleteStaysJob = job.stop;
