import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stayInProgress } from "~/features/booking/stay-in-progress.server";
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { computePrice } from "~/domain/price";
import type { DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createProperty } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
});
afterAll(() => handle.close());

const today = "2026-11-22";

describe(`the stay beside the sign-in form (${databaseKind()})`, () => {
  it("is priced by the server's one price function, whatever the URL says", async () => {
    const property = await createProperty({
      title: "Kapitänshaus",
      pricePerNight: 12_000,
      cleaningFee: 6_000,
      maxGuests: 4,
    });
    const path = `/properties/${property.id}/book?checkIn=2027-03-01&checkOut=2027-03-04&guests=3`;
    const stay = await stayInProgress(`${path}&total=1&price=1&nightlyPrice=1`, today);
    const { serviceFee } = await getSettings();
    expect(stay).toEqual({
      propertyId: property.id,
      title: "Kapitänshaus",
      location: "Sylt, Deutschland",
      image: null,
      checkIn: "2027-03-01",
      checkOut: "2027-03-04",
      nights: 3,
      guests: 3,
      total: computePrice({ property, nights: 3, serviceFee, today }).total,
    });
    expect(stay?.total).toBe(3 * 12_000 + 6_000 + serviceFee);
    // More guests than the property takes: its maximum, as the booking page corrects it.
    expect((await stayInProgress(path.replace("guests=3", "guests=40"), today))?.guests).toBe(4);
  });

  it("shows nothing for other targets, hostile values, drafts or a stay without dates", async () => {
    const published = await createProperty();
    const draft = await createProperty({ status: "draft" });
    const book = (id: string, query = "?checkIn=2027-03-01&checkOut=2027-03-04") =>
      `/properties/${id}/book${query}`;
    for (const target of [
      null,
      "",
      "/dashboard",
      `/properties/${published.id}`,
      book(draft.id),
      book("00000000-0000-4000-8000-000000000000"),
      book("not-a-uuid"),
      book(`${published.id}%2F..%2F..`),
      `//evil.example${book(published.id)}`,
      `https://evil.example${book(published.id)}`,
      book(published.id, "?checkIn=2027-03-04&checkOut=2027-03-01"),
      book(published.id, "?checkIn=2020-01-01&checkOut=2020-01-04"),
      book(published.id, "?checkIn=morgen&checkOut=2027-03-04"),
      book(published.id, ""),
    ]) {
      expect(await stayInProgress(target, today), String(target)).toBeNull();
    }
  });
});
