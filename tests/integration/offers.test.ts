import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActiveOffers } from "~/features/company/offers.server";
import { loadSiteFacts } from "~/features/company/site-facts.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createProperty } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const today = "2026-06-15";
const offer = (title: string, regular: number, price: number, endDate: string) =>
  createProperty({
    title,
    pricePerNight: regular,
    isSpecialOffer: true,
    specialOfferPrice: price,
    specialOfferEndDate: endDate,
  });

describe(`special offers (${databaseKind()})`, () => {
  it("lists nothing when there are no offers", async () => {
    expect(await listActiveOffers(today)).toEqual([]);
  });

  it("lists active offers of published properties, cheapest offer price first", async () => {
    await offer("Loft Mitte", 15000, 12000, "2026-07-01");
    await offer("Hütte Harz", 9000, 7000, "2026-06-15"); // ends today: still valid
    await offer("Villa Sylt", 30000, 8000, "2026-12-31");
    await offer("Abgelaufen", 9000, 5000, "2026-06-14"); // ended yesterday
    await createProperty({
      title: "Entwurf",
      status: "draft",
      isSpecialOffer: true,
      specialOfferPrice: 4000,
      specialOfferEndDate: "2026-07-01",
    });
    await createProperty({
      title: "Archiviert",
      status: "archived",
      isSpecialOffer: true,
      specialOfferPrice: 4000,
      specialOfferEndDate: "2026-07-01",
    });
    await createProperty({
      title: "Flag aus",
      isSpecialOffer: false,
      specialOfferPrice: 4000,
      specialOfferEndDate: "2026-07-01",
    });
    await createProperty({ title: "Ohne Enddatum", isSpecialOffer: true, specialOfferPrice: 4000 });
    await offer("Nicht günstiger", 9000, 9000, "2026-07-01");

    const offers = await listActiveOffers(today);
    expect(offers.map((o) => [o.title, o.offerPrice, o.pricePerNight, o.offerEndDate])).toEqual([
      ["Hütte Harz", 7000, 9000, "2026-06-15"],
      ["Villa Sylt", 8000, 30000, "2026-12-31"],
      ["Loft Mitte", 12000, 15000, "2026-07-01"],
    ]);
  });

  it("drops an offer the day after it ended", async () => {
    const titles = (await listActiveOffers("2026-07-02")).map((o) => o.title);
    expect(titles).toEqual(["Villa Sylt"]);
  });

  it("counts only published properties for the about page", async () => {
    // 3 active offers + "Abgelaufen", "Flag aus", "Ohne Enddatum", "Nicht günstiger" are published.
    expect((await loadSiteFacts(today)).publishedProperties).toBe(7);
  });
});
