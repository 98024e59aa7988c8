import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBookedStays } from "~/features/properties/availability.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe(`listBookedStays (${databaseKind()})`, () => {
  it("lists the future non-cancelled stays of one property, ordered, with only their dates", async () => {
    const [anna, ben, carla] = [await createUser(), await createUser(), await createUser()];
    const property = await createProperty();
    const other = await createProperty({ title: "Nebenan" });
    const book = (userId: string, checkIn: string, checkOut: string, status: string) =>
      createBooking({ userId, propertyId: property.id, checkIn, checkOut, status });

    // A past stay and one that ends exactly on fromDay: no night from fromDay on is blocked.
    await book(anna.id, "2027-04-01", "2027-04-05", "completed");
    await book(ben.id, "2027-04-27", "2027-05-01", "completed");
    // Starts on fromDay (the day the previous guest leaves).
    await book(carla.id, "2027-05-01", "2027-05-03", "confirmed");
    // Later, inserted out of order.
    await book(anna.id, "2027-06-10", "2027-06-14", "pending");
    await book(ben.id, "2027-05-20", "2027-05-25", "confirmed");
    // Cancelled: the nights are free again.
    await book(carla.id, "2027-05-10", "2027-05-15", "cancelled");
    // Another property's booking.
    await createBooking({
      userId: anna.id,
      propertyId: other.id,
      checkIn: "2027-05-05",
      checkOut: "2027-05-08",
    });

    const stays = await listBookedStays(property.id, "2027-05-01");
    expect(stays).toEqual([
      { checkIn: "2027-05-01", checkOut: "2027-05-03" },
      { checkIn: "2027-05-20", checkOut: "2027-05-25" },
      { checkIn: "2027-06-10", checkOut: "2027-06-14" },
    ]);
    // No guest data, no ids, no prices: exactly the two dates.
    for (const stay of stays) expect(Object.keys(stay).sort()).toEqual(["checkIn", "checkOut"]);

    expect(await listBookedStays(other.id, "2027-05-01")).toEqual([
      { checkIn: "2027-05-05", checkOut: "2027-05-08" },
    ]);
  });

  it("counts completed stays that are not over yet", async () => {
    const guest = await createUser();
    const property = await createProperty();
    await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2027-08-01",
      checkOut: "2027-08-04",
      status: "completed",
    });
    expect(await listBookedStays(property.id, "2027-08-02")).toEqual([
      { checkIn: "2027-08-01", checkOut: "2027-08-04" },
    ]);
  });

  it("returns an empty list for a property without bookings or an id that is no uuid", async () => {
    const property = await createProperty();
    expect(await listBookedStays(property.id, "2027-01-01")).toEqual([]);
    expect(await listBookedStays("kein-uuid", "2027-01-01")).toEqual([]);
    expect(await listBookedStays("00000000-0000-4000-8000-000000000000", "2027-01-01")).toEqual([]);
  });
});
