/**
 * Guest A against guest B (issue 6): every route and action that takes an id of a booking,
 * review or session is called with A's session and B's ids. Nothing of B's may be read or
 * changed; the answer is the same 404 as for an id that does not exist. Visitors are sent to
 * sign in. The route modules are called directly with real session cookies.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as bookingsRoute from "~/routes/dashboard/bookings";
import * as profileRoute from "~/routes/dashboard/profile";
import * as reviewsRoute from "~/routes/dashboard/reviews";
import * as settingsRoute from "~/routes/dashboard/settings";
import * as successRoute from "~/routes/booking/success";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
type Guest = { id: string; email: string; cookie: string };
let a: Guest;
let b: Guest;
let bPending: { id: string };
let bReview: { id: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  const property = await createProperty();
  const userA = await createUser({ name: "Anna A" });
  const userB = await createUser({ name: "Bernd B" });
  a = { ...userA, cookie: await sessionCookie(userA.email) };
  b = { ...userB, cookie: await sessionCookie(userB.email) };
  bPending = await createBooking({
    userId: b.id,
    propertyId: property.id,
    checkIn: "2030-06-01",
    checkOut: "2030-06-05",
  });
  const bCompleted = await createBooking({
    userId: b.id,
    propertyId: property.id,
    checkIn: "2024-06-01",
    checkOut: "2024-06-05",
    status: "completed",
  });
  [bReview] = await db()
    .insert(schema.review)
    .values({
      bookingId: bCompleted.id,
      propertyId: property.id,
      userId: b.id,
      rating: 5,
      title: "Bernds Bewertung",
      text: "Alles bestens, gerne wieder in dieser Wohnung.",
    })
    .returning();
});
afterAll(() => handle.close());

type Handler = (args: never) => unknown;
/** The HTTP status a loader or action answers with (thrown or returned), as React Router sends it. */
async function statusOf(handler: Handler, request: Request): Promise<number> {
  try {
    const result = (await handler({ request, params: {}, context: {} } as never)) as unknown;
    if (result instanceof Response) return result.status;
    const init = (result as { init?: { status?: number } | null } | null)?.init;
    return init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: { status?: number } | null } | null)?.init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

const get = (path: string, cookie: string | null) =>
  new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
  });

async function bookingOfB() {
  const [row] = await db().select().from(schema.booking).where(eq(schema.booking.id, bPending.id));
  return row;
}

describe(`guest A cannot reach guest B's data (${databaseKind()})`, () => {
  it("B's booking: no success page, no detail, no cancel dialog — 404 like an unknown id", async () => {
    expect(
      await statusOf(successRoute.loader, get(`/booking-success?booking=${bPending.id}`, a.cookie)),
    ).toBe(404);
    expect(
      await statusOf(
        bookingsRoute.loader,
        get(`/dashboard/bookings?booking=${bPending.id}`, a.cookie),
      ),
    ).toBe(404);
    expect(
      await statusOf(
        bookingsRoute.loader,
        get(`/dashboard/bookings?cancel=${bPending.id}`, a.cookie),
      ),
    ).toBe(404);
    // B sees their own booking.
    expect(
      await statusOf(successRoute.loader, get(`/booking-success?booking=${bPending.id}`, b.cookie)),
    ).toBe(200);
    expect(
      await statusOf(
        bookingsRoute.loader,
        get(`/dashboard/bookings?booking=${bPending.id}`, b.cookie),
      ),
    ).toBe(200);
  });

  it("B's booking cannot be cancelled with A's session", async () => {
    const before = await bookingOfB();
    const status = await statusOf(
      bookingsRoute.action,
      post("/dashboard/bookings", a.cookie, { bookingId: bPending.id, quotedFee: "0" }),
    );
    expect(status).toBe(404);
    expect(await bookingOfB()).toEqual(before);
  });

  it("B's review can be neither edited nor deleted by A", async () => {
    for (const fields of <Record<string, string>[]>[
      {
        intent: "update",
        reviewId: bReview.id,
        rating: "1",
        title: "Gehackt",
        text: "x".repeat(30),
      },
      { intent: "delete", reviewId: bReview.id },
    ]) {
      const status = await statusOf(
        reviewsRoute.action,
        post("/dashboard/reviews", a.cookie, { ...fields, _fetch: "1" }),
      );
      expect(status).toBe(404);
    }
    const [review] = await db()
      .select()
      .from(schema.review)
      .where(eq(schema.review.id, bReview.id));
    expect(review).toMatchObject({ rating: 5, title: "Bernds Bewertung", userId: b.id });
  });

  it("B's session cannot be signed out by A", async () => {
    const sessionsOfB = () =>
      db().select().from(schema.session).where(eq(schema.session.userId, b.id));
    const before = await sessionsOfB();
    const bSession = before[0];
    const status = await statusOf(
      settingsRoute.action,
      post("/dashboard/settings", a.cookie, { intent: "revokeSession", sessionId: bSession.id }),
    );
    expect(status).toBe(404);
    expect(await sessionsOfB()).toHaveLength(before.length);
  });

  it("the profile form only ever changes the signed-in guest's own profile", async () => {
    const status = await statusOf(
      profileRoute.action,
      post("/dashboard/profile", a.cookie, {
        intent: "profile",
        id: b.id,
        userId: b.id,
        fullName: "Überschrieben",
        phone: "",
        address: "",
        city: "",
        postalCode: "",
        country: "",
      }),
    );
    expect(status).toBe(200);
    const [profileA] = await db().select().from(schema.profile).where(eq(schema.profile.id, a.id));
    const [profileB] = await db().select().from(schema.profile).where(eq(schema.profile.id, b.id));
    expect(profileA.fullName).toBe("Überschrieben");
    expect(profileB.fullName).not.toBe("Überschrieben");
  });

  it("visitors are sent to sign in by every one of these pages and actions", async () => {
    const redirected = async (handler: Handler, request: Request) => {
      const status = await statusOf(handler, request);
      // Pages redirect to /auth; form posts without a session answer 401 and keep the input.
      expect([302, 401]).toContain(status);
    };
    await redirected(successRoute.loader, get(`/booking-success?booking=${bPending.id}`, null));
    await redirected(bookingsRoute.loader, get("/dashboard/bookings", null));
    await redirected(
      bookingsRoute.action,
      post("/dashboard/bookings", null, { bookingId: bPending.id, quotedFee: "0" }),
    );
    await redirected(
      reviewsRoute.action,
      post("/dashboard/reviews", null, { intent: "delete", reviewId: bReview.id, _fetch: "1" }),
    );
    await redirected(
      settingsRoute.action,
      post("/dashboard/settings", null, { intent: "revokeOtherSessions" }),
    );
    await redirected(profileRoute.loader, get("/dashboard/profile", null));
    expect((await bookingOfB()).status).toBe("pending");
  });
});
