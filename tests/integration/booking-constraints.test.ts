import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  db,
  pgErrorCode,
  PG_EXCLUSION_VIOLATION,
  schema,
  type DatabaseHandle,
} from "~/lib/db.server";
import { openTestDatabase, databaseKind } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

async function expectRejectedAsOverlap(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the database must reject the overlapping booking").toBeDefined();
  expect(pgErrorCode(error)).toBe(PG_EXCLUSION_VIOLATION);
}

describe(`booking exclusion constraints (${databaseKind()})`, () => {
  it("rejects a second booking of the same property for overlapping nights", async () => {
    const [anna, ben] = [await createUser(), await createUser()];
    const property = await createProperty();
    await createBooking({
      userId: anna.id,
      propertyId: property.id,
      checkIn: "2027-07-01",
      checkOut: "2027-07-08",
    });

    await expectRejectedAsOverlap(
      createBooking({
        userId: ben.id,
        propertyId: property.id,
        checkIn: "2027-07-05",
        checkOut: "2027-07-10",
      }),
    );
    const rows = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.propertyId, property.id));
    expect(rows).toHaveLength(1);
  });

  it("allows a check-in on the day the previous guest checks out", async () => {
    const [anna, ben] = [await createUser(), await createUser()];
    const property = await createProperty();
    await createBooking({
      userId: anna.id,
      propertyId: property.id,
      checkIn: "2027-08-01",
      checkOut: "2027-08-05",
    });
    const next = await createBooking({
      userId: ben.id,
      propertyId: property.id,
      checkIn: "2027-08-05",
      checkOut: "2027-08-09",
    });
    expect(next.number).toMatch(/^FW-TEST-\d{6}$/);
  });

  it("does not count a cancelled booking", async () => {
    const [anna, ben] = [await createUser(), await createUser()];
    const property = await createProperty();
    const first = await createBooking({
      userId: anna.id,
      propertyId: property.id,
      checkIn: "2027-09-01",
      checkOut: "2027-09-08",
    });
    await db()
      .update(schema.booking)
      .set({ status: "cancelled" })
      .where(eq(schema.booking.id, first.id));

    const second = await createBooking({
      userId: ben.id,
      propertyId: property.id,
      checkIn: "2027-09-03",
      checkOut: "2027-09-06",
    });
    expect(second.status).toBe("pending");

    // Re-activating the cancelled one would now double-book: the database refuses that too.
    await expectRejectedAsOverlap(
      db()
        .update(schema.booking)
        .set({ status: "confirmed" })
        .where(eq(schema.booking.id, first.id)),
    );
  });

  it("rejects two overlapping stays of one guest in different properties", async () => {
    const anna = await createUser();
    const [sylt, wien] = [
      await createProperty(),
      await createProperty({ city: "Wien", country: "Österreich", location: "Wien, Österreich" }),
    ];
    await createBooking({
      userId: anna.id,
      propertyId: sylt.id,
      checkIn: "2027-10-01",
      checkOut: "2027-10-05",
    });
    await expectRejectedAsOverlap(
      createBooking({
        userId: anna.id,
        propertyId: wien.id,
        checkIn: "2027-10-04",
        checkOut: "2027-10-06",
      }),
    );
  });

  it("rejects a stay whose check-out is not after its check-in", async () => {
    const anna = await createUser();
    const property = await createProperty();
    const error = await createBooking({
      userId: anna.id,
      propertyId: property.id,
      checkIn: "2027-11-05",
      checkOut: "2027-11-05",
    }).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("23514");
  });
});
