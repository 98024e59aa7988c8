import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import {
  clearRateLimit,
  deleteExpiredRateLimits,
  hitRateLimit,
  isRateLimited,
} from "~/lib/rate-limit.server";
import { databaseKind, openTestDatabase } from "../helpers/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe(`rate limits in the database (${databaseKind()})`, () => {
  it("limits after max attempts in a window and starts over when the window ends", async () => {
    const key = "test:window";
    for (let i = 1; i <= 3; i++)
      expect(await hitRateLimit(key, 3, 60)).toEqual({ isLimited: false });
    expect(await hitRateLimit(key, 3, 60)).toEqual({ isLimited: true });
    expect(await isRateLimited(key, 3)).toBe(true);

    // The window ends: the next attempt counts as the first of a new window.
    await db()
      .update(schema.rateLimit)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${schema.rateLimit.key} = ${key}`);
    expect(await isRateLimited(key, 3)).toBe(false);
    expect(await hitRateLimit(key, 3, 60)).toEqual({ isLimited: false });
  });

  it("counts concurrent attempts exactly", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit("test:concurrent", 5, 60)),
    );
    expect(results.filter((r) => r.isLimited)).toHaveLength(5);
  });

  it("clears a key and deletes counters that ended more than a day ago", async () => {
    await hitRateLimit("test:clear", 1, 60);
    await clearRateLimit("test:clear");
    expect(await isRateLimited("test:clear", 1)).toBe(false);

    await hitRateLimit("test:old", 5, 60);
    await hitRateLimit("test:recent", 5, 60);
    await db()
      .update(schema.rateLimit)
      .set({ resetAt: sql`now() - interval '2 days'` })
      .where(sql`${schema.rateLimit.key} = 'test:old'`);
    await deleteExpiredRateLimits();
    const keys = (await db().select({ key: schema.rateLimit.key }).from(schema.rateLimit)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain("test:old");
    expect(keys).toContain("test:recent");
  });
});
