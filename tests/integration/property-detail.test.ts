import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMonthYear } from "~/components/property/host-card";
import { propertyJsonLd, serializeJsonLd } from "~/components/property/property-json-ld";
import {
  getPublishedPropertyDetail,
  LATEST_REVIEWS_COUNT,
  parseInitialStay,
} from "~/features/properties/property-detail.server";
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

let stayCounter = 0;
/** A review of a completed stay, as the guest dashboard would store it. */
async function createReview(
  values: { propertyId: string; rating: number; userId?: string | null } & Partial<
    typeof schema.review.$inferInsert
  >,
) {
  const guestId = values.userId ?? (await createUser()).id;
  stayCounter += 1;
  const checkIn = new Date(Date.UTC(2020, 0, 1 + stayCounter * 7));
  const checkOut = new Date(checkIn.getTime() + 3 * 86_400_000);
  const booking = await createBooking({
    userId: guestId,
    propertyId: values.propertyId,
    checkIn: checkIn.toISOString().slice(0, 10),
    checkOut: checkOut.toISOString().slice(0, 10),
    status: "completed",
  });
  const [row] = await db()
    .insert(schema.review)
    .values({
      title: "Schön",
      text: "Ein sehr schöner Aufenthalt.",
      ...values,
      bookingId: booking.id,
    })
    .returning();
  return row;
}

const setUserCreatedAt = (id: string, createdAt: Date) =>
  db().update(schema.user).set({ createdAt }).where(eq(schema.user.id, id));

describe(`property detail (${databaseKind()})`, () => {
  it("loads a published property with its public fields", async () => {
    const owner = await createUser({ name: "Hanna Gastgeberin" });
    const property = await createProperty({
      ownerId: owner.id,
      title: "Strandhaus Kampen",
      amenities: ["WLAN", "Sauna"],
      images: [{ key: "properties/x/1", widths: [400, 800], category: "Küche" }],
    });
    const detail = await getPublishedPropertyDetail(property.id);
    expect(detail).toMatchObject({
      id: property.id,
      title: "Strandhaus Kampen",
      location: "Sylt, Deutschland",
      city: "Sylt",
      country: "Deutschland",
      maxGuests: 4,
      amenities: ["WLAN", "Sauna"],
      images: [{ key: "properties/x/1", widths: [400, 800], category: "Küche" }],
      pricePerNight: 9500,
      cleaningFee: 7500,
      isSpecialOffer: false,
      rating: { count: 0, average: null },
      latestReviews: [],
    });
    // Nothing internal about the owner leaves the server.
    expect(JSON.stringify(detail)).not.toContain(owner.email);
    expect(JSON.stringify(detail)).not.toContain(owner.id);
  });

  it("gives null (404) for drafts, archived, unknown and malformed ids", async () => {
    const draft = await createProperty({ status: "draft" });
    const archived = await createProperty({ status: "archived" });
    expect(await getPublishedPropertyDetail(draft.id)).toBeNull();
    expect(await getPublishedPropertyDetail(archived.id)).toBeNull();
    expect(await getPublishedPropertyDetail(crypto.randomUUID())).toBeNull();
    for (const id of ["abc", "", "1", "' or 1=1 --", `${draft.id}x`, undefined])
      expect(await getPublishedPropertyDetail(id)).toBeNull();
  });

  it("rates from visible reviews only and lists the newest ones", async () => {
    const property = await createProperty();
    const erika = await createUser({ name: "Erika Musterfrau" });
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    await createReview({ propertyId: property.id, userId: erika.id, rating: 5, createdAt: day(1) });
    await createReview({ propertyId: property.id, rating: 4, createdAt: day(2) });
    await createReview({ propertyId: property.id, rating: 4, createdAt: day(3) });
    const hidden = await createReview({
      propertyId: property.id,
      rating: 1,
      isHidden: true,
      hiddenReason: "abuse",
      createdAt: day(4),
    });
    // Another property's review does not count here.
    await createReview({ propertyId: (await createProperty()).id, rating: 1, createdAt: day(5) });

    const detail = (await getPublishedPropertyDetail(property.id))!;
    expect(detail.rating).toEqual({ count: 3, average: 4.3 }); // (5 + 4 + 4) / 3
    expect(detail.latestReviews.map((r) => r.rating)).toEqual([4, 4, 5]);
    expect(detail.latestReviews.some((r) => r.id === hidden.id)).toBe(false);
    const byErika = detail.latestReviews.at(-1)!;
    expect(byErika).toMatchObject({
      date: "2026-01-01",
      author: { isDeleted: false, name: "Erika M.", initials: "EM" },
    });
    expect(JSON.stringify(detail)).not.toContain("Musterfrau");

    for (let d = 10; d < 10 + LATEST_REVIEWS_COUNT; d++)
      await createReview({ propertyId: property.id, rating: 5, createdAt: day(d) });
    const more = (await getPublishedPropertyDetail(property.id))!;
    expect(more.rating.count).toBe(3 + LATEST_REVIEWS_COUNT);
    expect(more.latestReviews).toHaveLength(LATEST_REVIEWS_COUNT);
    const dates = more.latestReviews.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(`2026-01-${9 + LATEST_REVIEWS_COUNT}`);
  });

  it("names the host from the profile, else the account, else 'unknown'", async () => {
    const owner = await createUser({ name: "Konto Name" });
    await db()
      .update(schema.profile)
      .set({ fullName: "Hanna Meier", avatarUrl: "/media/avatars/hanna.webp" })
      .where(eq(schema.profile.id, owner.id));
    const withProfile = await createProperty({ ownerId: owner.id });
    expect((await getPublishedPropertyDetail(withProfile.id))!.host).toMatchObject({
      name: "Hanna Meier",
      initials: "HM",
      avatarUrl: "/media/avatars/hanna.webp",
    });

    await db()
      .update(schema.profile)
      .set({ fullName: "  ", avatarUrl: null })
      .where(eq(schema.profile.id, owner.id));
    expect((await getPublishedPropertyDetail(withProfile.id))!.host).toMatchObject({
      name: "Konto Name",
      initials: "KN",
      avatarUrl: null,
    });

    const ownerless = await createProperty({ ownerId: null });
    expect((await getPublishedPropertyDetail(ownerless.id))!.host).toEqual({
      name: null,
      initials: null,
      avatarUrl: null,
      hostSince: null,
    });

    // A deleted owner account leaves owner_id null: the page still loads.
    const leaving = await createUser({ name: "Bald Weg" });
    const orphaned = await createProperty({ ownerId: leaving.id });
    await db().delete(schema.user).where(eq(schema.user.id, leaving.id));
    expect((await getPublishedPropertyDetail(orphaned.id))!.host.name).toBeNull();
  });

  it("says since when the owner hosts, from the account's creation in Europe/Berlin", async () => {
    const owner = await createUser({ name: "Lena Seit" });
    const property = await createProperty({ ownerId: owner.id });
    await setUserCreatedAt(owner.id, new Date("2024-03-15T10:00:00Z"));
    const host = (await getPublishedPropertyDetail(property.id))!.host;
    expect(host.hostSince).toBe("2024-03");
    expect(formatMonthYear(host.hostSince!, "de")).toBe("März 2024");
    expect(formatMonthYear(host.hostSince!, "en")).toBe("March 2024");

    // 23:30 UTC on 29 February is already 1 March in Berlin.
    await setUserCreatedAt(owner.id, new Date("2024-02-29T23:30:00Z"));
    expect((await getPublishedPropertyDetail(property.id))!.host.hostSince).toBe("2024-03");
  });
});

describe("initial stay from the query string", () => {
  const today = "2026-06-10";
  const parse = (query: string, maxGuests = 4) =>
    parseInitialStay(new URLSearchParams(query), { today, maxGuests });

  it("passes a valid stay through", () => {
    expect(parse("checkIn=2026-06-10&checkOut=2026-06-14&guests=3")).toEqual({
      checkIn: "2026-06-10",
      checkOut: "2026-06-14",
      guests: 3,
    });
    expect(parse("checkIn=2026-07-01")).toEqual({ checkIn: "2026-07-01" });
    expect(parse("guests=4")).toEqual({ guests: 4 });
  });

  it("drops invalid values silently", () => {
    expect(parse("")).toEqual({});
    expect(parse("checkIn=2026-06-09&checkOut=2026-06-12")).toEqual({}); // arrival in the past
    expect(parse("checkIn=2026-02-30&checkOut=2026-03-02")).toEqual({}); // no such day
    expect(parse("checkIn=10.07.2026")).toEqual({});
    expect(parse("checkIn=2026-07-05&checkOut=2026-07-05")).toEqual({ checkIn: "2026-07-05" });
    expect(parse("checkIn=2026-07-05&checkOut=2026-07-01")).toEqual({ checkIn: "2026-07-05" });
    expect(parse("checkOut=2026-07-05")).toEqual({});
    for (const guests of ["0", "-1", "2.5", "abc", "1e1", " ", "1234567890"])
      expect(parse(`guests=${encodeURIComponent(guests)}`)).toEqual({});
  });

  it("corrects more guests than the property takes to its maximum, and says so", () => {
    expect(parse("guests=5")).toEqual({ guests: 4, isGuestCountCorrected: true });
    expect(parse("guests=12", 6)).toEqual({ guests: 6, isGuestCountCorrected: true });
    expect(parse("guests=999999")).toEqual({ guests: 4, isGuestCountCorrected: true });
    expect(parse("guests=4")).toEqual({ guests: 4 });
  });
});

describe("structured data", () => {
  const input = {
    url: "http://localhost:3000/properties/1",
    name: "Loft </script><script>alert(1)</script>",
    description: "Hell & ruhig <b>direkt</b> am Meer",
    imageUrls: [],
    locality: "Sylt",
    country: "Deutschland",
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    amenities: ["WLAN"],
    nightlyPrice: 12950,
    language: "de" as const,
    rating: null,
  };

  it("cannot be broken out of by a title containing </script>", () => {
    const json = serializeJsonLd(propertyJsonLd(input));
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe(input.name);
  });

  it("states the nightly price in EUR and a rating only when there are reviews", () => {
    const data = propertyJsonLd(input);
    expect(data.offers).toMatchObject({ price: "129.50", priceCurrency: "EUR" });
    expect(data).not.toHaveProperty("aggregateRating");
    expect(propertyJsonLd({ ...input, rating: { average: 4.3, count: 3 } })).toMatchObject({
      aggregateRating: { ratingValue: 4.3, reviewCount: 3 },
    });
  });

  it("names the price's unit in the page's language", () => {
    const unit = (language: "de" | "en") =>
      propertyJsonLd({ ...input, language }).offers.priceSpecification.unitText;
    expect(unit("de")).toBe("Nacht");
    expect(unit("en")).toBe("night");
  });
});
