/**
 * /admin/bewertungen through its real route module (issue 15, part 5; decision 032): hiding
 * needs a reason category and a note, takes the review off every public list and out of the
 * property's count and average (the trigger of migration 0002 keeps review_count, rating_sum and
 * rating_average), unhiding brings it back; the owner reply shows under the review on the
 * property page and /bewertungen; every change is audited in its transaction.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getPublishedPropertyDetail } from "~/features/properties/property-detail.server";
import { getReviewSummary, listReviews } from "~/features/reviews/reviews.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as route from "~/routes/admin/reviews";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
let admin: { id: string; cookie: string };
let guestCookie: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  admin = { id: a.id, cookie: await sessionCookie(a.email) };
  const g = await createUser({ name: "Gina Gast" });
  guestCookie = await sessionCookie(g.email);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await db().delete(schema.auditLog);
  await db().delete(schema.review);
});

let stays = 0;
async function review(propertyId: string, rating: number, text = "Sehr schön am Deich gelegen.") {
  const guest = await createUser({ name: "Erika Musterfrau" });
  stays += 1;
  const booking = await createBooking({
    userId: guest.id,
    propertyId,
    checkIn: `2020-01-${String(stays).padStart(2, "0")}`,
    checkOut: `2020-01-${String(stays + 1).padStart(2, "0")}`,
    status: "completed",
  });
  const [row] = await db()
    .insert(schema.review)
    .values({ bookingId: booking.id, propertyId, userId: guest.id, rating, title: "", text })
    .returning();
  return row;
}

const post = (form: Record<string, string>, cookie: string | null = admin.cookie) =>
  callRoute<{ error: string; fieldErrors?: Record<string, string> }>(route.action as never, {
    url: "/admin/bewertungen",
    form,
    cookie,
  });
const load = (query = "", cookie = admin.cookie) =>
  callRoute<Awaited<ReturnType<typeof route.loader>>>(route.loader as never, {
    url: `/admin/bewertungen${query}`,
    cookie,
  });
const aggregates = async (id: string) => {
  const [row] = await db()
    .select({
      count: schema.property.reviewCount,
      sum: schema.property.ratingSum,
      average: schema.property.ratingAverage,
    })
    .from(schema.property)
    .where(eq(schema.property.id, id));
  return row;
};

describe(`review moderation (${databaseKind()})`, () => {
  it("hiding takes a review off the public pages and out of count and average; unhiding brings it back", async () => {
    const property = await createProperty({ title: "Haus Moderation" });
    await review(property.id, 5);
    await review(property.id, 4);
    const bad = await review(property.id, 1, "Kaufen Sie billige Uhren bei example.com!");
    expect(await aggregates(property.id)).toEqual({ count: 3, sum: 10, average: 3.33 });

    const hidden = await post({
      intent: "hide",
      id: bad.id,
      reason: "advertising",
      note: "Werbung für einen Uhrenhändler",
    });
    expect(hidden.status).toBe(302);
    expect(hidden.location).toBe("/admin/bewertungen?hinweis=hidden");

    expect(await aggregates(property.id)).toEqual({ count: 2, sum: 9, average: 4.5 });
    const page = (await getPublishedPropertyDetail(property.id))!;
    expect(page.rating).toEqual({ count: 2, average: 4.5 });
    expect(page.latestReviews.map((r) => r.id)).not.toContain(bad.id);
    const publicList = await listReviews({ sort: "newest", page: 1, viewerId: null });
    expect(publicList.reviews.map((r) => r.id)).not.toContain(bad.id);
    expect((await getReviewSummary()).hiddenByReason).toEqual([
      { reason: "advertising", count: 1 },
    ]);

    // The admin sees who hid it, when, the reason and the note.
    const admins = await load("?filter=ausgeblendet");
    expect(admins.data!.reviews).toEqual([
      expect.objectContaining({
        id: bad.id,
        hidden: expect.objectContaining({
          reason: "advertising",
          note: "Werbung für einen Uhrenhändler",
          by: "Anton Admin",
        }),
      }),
    ]);
    const [hideEntry] = await db().select().from(schema.auditLog);
    expect(hideEntry).toMatchObject({
      actorId: admin.id,
      entity: "review",
      entityId: bad.id,
      action: "hidden",
      before: { isHidden: false, hiddenReason: null },
      after: { isHidden: true, hiddenReason: "advertising" },
    });

    const shown = await post({ intent: "unhide", id: bad.id, note: "Händler hat sich erklärt" });
    expect(shown.status).toBe(302);
    expect(await aggregates(property.id)).toEqual({ count: 3, sum: 10, average: 3.33 });
    expect((await getPublishedPropertyDetail(property.id))!.rating).toEqual({
      count: 3,
      average: 3.3,
    });
    const [row] = await db().select().from(schema.review).where(eq(schema.review.id, bad.id));
    expect(row).toMatchObject({ isHidden: false, hiddenReason: null, hiddenNote: null });
    const unhide = (await db().select().from(schema.auditLog)).find((e) => e.action === "unhidden");
    expect(unhide?.after).toMatchObject({ isHidden: false, note: "Händler hat sich erklärt" });
  });

  it("needs a listed reason and a note to hide; a wrong state is refused; nothing changes", async () => {
    const property = await createProperty();
    const target = await review(property.id, 2);
    const missing = await post({ intent: "hide", id: target.id, reason: "", note: " " });
    expect(missing.status).toBe(400);
    expect(missing.data!.fieldErrors).toEqual({
      reason: "reasonRequired",
      note: "noteRequired",
    });
    const invented = await post({ intent: "hide", id: target.id, reason: "dislike", note: "x" });
    expect(invented.data!.fieldErrors).toEqual({ reason: "reasonRequired" });
    const notHidden = await post({ intent: "unhide", id: target.id, note: "x" });
    expect(notHidden.status).toBe(409);
    expect(notHidden.data!.error).toBe("notHidden");
    const [row] = await db().select().from(schema.review).where(eq(schema.review.id, target.id));
    expect(row.isHidden).toBe(false);
    expect(await db().select().from(schema.auditLog)).toHaveLength(0);
    // The database itself refuses a hidden review without a reason.
    await expect(
      db().update(schema.review).set({ isHidden: true }).where(eq(schema.review.id, target.id)),
    ).rejects.toThrow();
  });

  it("stores the owner reply with who and when and shows it under the review on the public pages", async () => {
    const property = await createProperty();
    const target = await review(property.id, 3);
    const answered = await post({
      intent: "reply",
      id: target.id,
      reply: "Danke! Die Heizung ist inzwischen erneuert.",
    });
    expect(answered.status).toBe(302);
    const [row] = await db().select().from(schema.review).where(eq(schema.review.id, target.id));
    expect(row.ownerReply).toBe("Danke! Die Heizung ist inzwischen erneuert.");
    expect(row.ownerReplyBy).toBe(admin.id);
    expect(row.ownerReplyAt).toBeInstanceOf(Date);
    // A reply is not an edit of the review by its author.
    expect(row.updatedAt.getTime()).toBe(target.updatedAt.getTime());

    const expected = {
      text: "Danke! Die Heizung ist inzwischen erneuert.",
      date: expect.any(String),
    };
    const onPage = (await getPublishedPropertyDetail(property.id))!.latestReviews[0];
    expect(onPage.ownerReply).toEqual(expected);
    const onList = (await listReviews({ sort: "newest", page: 1, viewerId: null })).reviews[0];
    expect(onList.ownerReply).toEqual(expected);
    // The public side does not name the admin.
    expect(JSON.stringify(onList)).not.toContain("Anton");
    expect((await load()).data!.reviews[0].reply).toMatchObject({ by: "Anton Admin" });

    const removed = await post({ intent: "remove-reply", id: target.id });
    expect(removed.location).toBe("/admin/bewertungen?hinweis=reply-removed");
    expect((await getPublishedPropertyDetail(property.id))!.latestReviews[0].ownerReply).toBeNull();
    const actions = (await db().select().from(schema.auditLog)).map((e) => e.action).sort();
    expect(actions).toEqual(["replied", "reply-removed"]);
  });

  it("answers forged ids with 404, keeps guests and visitors out", async () => {
    const property = await createProperty();
    const target = await review(property.id, 4);
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      expect((await post({ intent: "hide", id, reason: "abuse", note: "x" })).status).toBe(404);
      expect((await post({ intent: "reply", id, reply: "x" })).status).toBe(404);
    }
    expect((await load("?ausblenden=00000000-0000-0000-0000-000000000000")).status).toBe(404);
    // A malformed id in the URL is not a dialog of any review either.
    expect((await load("?antwort=abc")).status).toBe(404);
    expect((await load("?filter=kaputt&page=-3")).status).toBe(200);

    expect((await load("", guestCookie)).status).toBe(403);
    const asGuest = { intent: "hide", id: target.id, reason: "abuse", note: "x" };
    expect((await post(asGuest, guestCookie)).status).toBe(403);
    expect((await post(asGuest, null)).status).toBe(401);
    const [row] = await db().select().from(schema.review).where(eq(schema.review.id, target.id));
    expect(row.isHidden).toBe(false);
  });
});
