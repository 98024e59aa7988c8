import { eq, sql } from "drizzle-orm";
import { db, schema } from "./db.server";

/**
 * Fixed-window counters in the database, so limits hold across all server processes.
 * `hit` counts an attempt and tells whether the caller is over the limit.
 */
export async function hitRateLimit(key: string, max: number, windowSeconds: number) {
  const t = schema.rateLimit;
  const interval = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const [row] = await db()
    .insert(t)
    .values({ key, count: 1, resetAt: sql`now() + ${interval}` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.resetAt} <= now() then 1 else ${t.count} + 1 end`,
        resetAt: sql`case when ${t.resetAt} <= now() then now() + ${interval} else ${t.resetAt} end`,
      },
    })
    .returning({ count: t.count });
  return { isLimited: row.count > max };
}

/** Whether `key` already used up `max` attempts in its current window (does not count one). */
export async function isRateLimited(key: string, max: number) {
  const t = schema.rateLimit;
  const [row] = await db()
    .select({ count: t.count })
    .from(t)
    .where(sql`${t.key} = ${key} and ${t.resetAt} > now()`);
  return (row?.count ?? 0) >= max;
}

/**
 * Gives back one attempt that `hitRateLimit` counted and that turned out not to count (a right
 * password, or an attempt refused without being tried), while its window lasts. Counting first
 * and giving back afterwards is what keeps concurrent attempts from all passing one check.
 */
export async function releaseRateLimit(key: string) {
  const t = schema.rateLimit;
  await db()
    .update(t)
    .set({ count: sql`greatest(${t.count} - 1, 0)` })
    .where(sql`${t.key} = ${key} and ${t.resetAt} > now()`);
}

export async function clearRateLimit(key: string) {
  await db().delete(schema.rateLimit).where(eq(schema.rateLimit.key, key));
}

/** Counters whose window ended a day ago are of no use any more (privacy: client addresses). */
export async function deleteExpiredRateLimits() {
  await db()
    .delete(schema.rateLimit)
    .where(sql`${schema.rateLimit.resetAt} < now() - interval '1 day'`);
}
