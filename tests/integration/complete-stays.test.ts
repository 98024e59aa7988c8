import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeFinishedStays } from "~/features/booking/complete-stays.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe(`completing finished stays (${databaseKind()})`, () => {
  it("completes confirmed stays that ended before today and nothing else; a second run is harmless", async () => {
    const guest = await createUser();
    const property = await createProperty();
    const other = {
      guest: await createUser(),
      property: await createProperty({ title: "Nebenan" }),
    };
    const book = (checkIn: string, checkOut: string, status: string, on = { guest, property }) =>
      createBooking({ userId: on.guest.id, propertyId: on.property.id, checkIn, checkOut, status });

    const today = "2026-07-15";
    const ended = await book("2026-07-01", "2026-07-05", "confirmed");
    const endedYesterday = await book("2026-07-10", "2026-07-14", "confirmed", other);
    const leavesToday = await book("2026-07-11", "2026-07-15", "confirmed");
    const future = await book("2026-08-01", "2026-08-05", "confirmed");
    const pending = await book("2026-06-01", "2026-06-05", "pending");
    const cancelled = await book("2026-06-10", "2026-06-12", "cancelled");
    const done = await book("2026-05-01", "2026-05-03", "completed");

    expect(await completeFinishedStays(today)).toBe(2);

    const statusOf = async () => {
      const rows = await db()
        .select({ id: schema.booking.id, status: schema.booking.status })
        .from(schema.booking)
        .where(
          inArray(
            schema.booking.id,
            [ended, endedYesterday, leavesToday, future, pending, cancelled, done].map((b) => b.id),
          ),
        );
      return Object.fromEntries(rows.map((row) => [row.id, row.status]));
    };
    const expected = {
      [ended.id]: "completed",
      [endedYesterday.id]: "completed",
      [leavesToday.id]: "confirmed",
      [future.id]: "confirmed",
      [pending.id]: "pending",
      [cancelled.id]: "cancelled",
      [done.id]: "completed",
    };
    expect(await statusOf()).toEqual(expected);

    // Running again (or in a second process at the same time) changes nothing more.
    expect(await completeFinishedStays(today)).toBe(0);
    const [first, second] = await Promise.all([
      completeFinishedStays(today),
      completeFinishedStays(today),
    ]);
    expect(first + second).toBe(0);
    expect(await statusOf()).toEqual(expected);

    // The next day, the stay that ended "today" is completed as well.
    expect(await completeFinishedStays("2026-07-16")).toBe(1);
    expect((await statusOf())[leavesToday.id]).toBe("completed");
  });

  it("completes each booking exactly once when several processes run at the same time", async () => {
    const guest = await createUser();
    const property = await createProperty({ title: "Zweites Haus" });
    for (let month = 1; month <= 6; month++) {
      const m = String(month).padStart(2, "0");
      await createBooking({
        userId: guest.id,
        propertyId: property.id,
        checkIn: `2025-${m}-01`,
        checkOut: `2025-${m}-05`,
        status: "confirmed",
      });
    }
    const counts = await Promise.all([
      completeFinishedStays("2026-01-01"),
      completeFinishedStays("2026-01-01"),
      completeFinishedStays("2026-01-01"),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(6);
  });
});
