/**
 * The route × role access matrix: every loader and action of every page under /admin and
 * /dashboard, found in app/routes.ts (tests/helpers/route-inventory.ts), so a page added
 * tomorrow is covered without touching this file. Called directly with real sessions:
 *
 * |              | visitor                         | guest        | admin        |
 * | admin GET    | 302 to /auth?redirectTo=<page>  | 403          | allowed      |
 * | admin POST   | 401 (session expired)           | 403          | allowed      |
 * | guest GET    | 302 to /auth?redirectTo=<page>  | allowed      | allowed      |
 * | guest POST   | 401 (session expired)           | allowed      | allowed      |
 *
 * (A resource route without a page, /dashboard/reviews, may send a visitor to the guarded page
 * it belongs to instead; that page then asks them to sign in.)
 *
 * "Allowed" means the handler ran past the role check: not a sign-in redirect, not 401 or 403,
 * and not a server error (the POSTs carry an empty form, which the action refuses with a 4xx).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMailedToken } from "~/features/accounts/mailed-token.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";
import { fillPattern, routeInventory, type RouteEntry } from "../helpers/route-inventory";

let handle: DatabaseHandle;
const cookies: Record<"visitor" | "guest" | "admin", string | null> = {
  visitor: null,
  guest: null,
  admin: null,
};

beforeAll(async () => {
  handle = await openTestDatabase();
  const guest = await createUser({ name: "Gina Gast" });
  const admin = await createUser({ name: "Anton Admin", role: "admin" });
  cookies.guest = await sessionCookie(guest.email);
  cookies.admin = await sessionCookie(admin.email);
});
afterAll(() => handle.close());

const routes = routeInventory();
const adminRoutes = routes.filter((r) => r.pattern === "/admin" || r.pattern.startsWith("/admin/"));
const guestRoutes = routes.filter(
  (r) => r.pattern === "/dashboard" || r.pattern.startsWith("/dashboard/"),
);
/** A booking's own pages: the success page and its calendar file (issue 16). */
const bookingRoutes = routes.filter(
  (r) => r.pattern === "/booking-success" || r.pattern.startsWith("/booking-success/"),
);

type Answer = { status: number; location: string | null };
type Handler = (args: unknown) => unknown;

/** What a loader or action answers (returned or thrown), as React Router would send it. */
async function answerOf(handler: Handler, request: Request, params: Record<string, string>) {
  const args = {
    request,
    params,
    context: { requestId: "matrix", clientIp: "192.0.2.77", nonce: "" },
  };
  const read = (value: unknown): Answer | null => {
    if (value instanceof Response) {
      return { status: value.status, location: value.headers.get("location") };
    }
    const init = (value as { init?: ResponseInit | null } | null)?.init;
    if (value && typeof value === "object" && "init" in value) {
      const headers = new Headers(init?.headers);
      return { status: init?.status ?? 200, location: headers.get("location") };
    }
    return null;
  };
  try {
    return read(await handler(args)) ?? { status: 200, location: null };
  } catch (thrown) {
    const answer = read(thrown);
    if (answer) return answer;
    return { status: 500, location: String(thrown) };
  }
}

const routeModules = import.meta.glob<{ loader?: Handler; action?: Handler }>(
  "../../app/routes/**/*.{ts,tsx}",
);
async function moduleOf(route: RouteEntry) {
  const load = routeModules[`../../app/${route.file}`];
  if (!load) throw new Error(`no module for ${route.file}`);
  return load();
}

function requestFor(route: RouteEntry, method: "GET" | "POST", cookie: string | null) {
  const id = crypto.randomUUID();
  const url = `http://localhost:3000${fillPattern(route.pattern, id)}`;
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (cookie) headers.cookie = cookie;
  const request =
    method === "GET"
      ? new Request(url, { headers })
      : new Request(url, { method, headers, body: new URLSearchParams() });
  const params = Object.fromEntries(
    [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1], id]),
  );
  return { request, params, path: new URL(url).pathname };
}

/**
 * A page sends a visitor to sign in and back; a resource route without a page of its own
 * (/dashboard/reviews) may send them to the guarded page it belongs to, which does the same.
 */
const isSignInRedirect = (answer: Answer, path: string, route: RouteEntry) =>
  answer.status === 302 &&
  (answer.location === `/auth?redirectTo=${encodeURIComponent(path)}` ||
    (route.isResource &&
      ((answer.location ?? "").startsWith("/auth?redirectTo=") ||
        (answer.location ?? "").startsWith("/dashboard"))));
const isAllowed = (answer: Answer) =>
  answer.status < 500 &&
  answer.status !== 401 &&
  answer.status !== 403 &&
  !(answer.location ?? "").startsWith("/auth");

async function matrix(
  list: RouteEntry[],
  expected: Record<"visitor" | "guest" | "admin", "signIn" | "forbidden" | "allowed">,
) {
  const wrong: string[] = [];
  for (const route of list) {
    const mod = await moduleOf(route);
    for (const role of ["visitor", "guest", "admin"] as const) {
      for (const method of ["GET", "POST"] as const) {
        const handler = method === "GET" ? mod.loader : mod.action;
        if (!handler) continue;
        const { request, params, path } = requestFor(route, method, cookies[role]);
        const answer = await answerOf(handler, request, params);
        const want = expected[role];
        const ok =
          want === "allowed"
            ? isAllowed(answer)
            : want === "forbidden"
              ? answer.status === 403
              : method === "GET"
                ? isSignInRedirect(answer, path, route)
                : answer.status === 401 ||
                  (route.isResource && isSignInRedirect(answer, path, route));
        if (!ok) {
          wrong.push(
            `${role} ${method} ${route.pattern}: ${answer.status} ${answer.location ?? ""} (want ${want})`,
          );
        }
      }
    }
  }
  return wrong;
}

describe(`route × role access matrix (${databaseKind()})`, () => {
  it("finds the admin and guest pages with their loaders and actions", () => {
    expect(adminRoutes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/settings",
        "/admin/properties/import",
        "/admin/properties/properties_template.csv",
      ]),
    );
    expect(adminRoutes.filter((r) => r.hasAction).length).toBeGreaterThan(0);
    // The CSV import's POST is in the matrix too.
    expect(adminRoutes.find((r) => r.pattern === "/admin/properties/import")?.hasAction).toBe(true);
    // Inbox, review moderation and newsletter (issue 15): pages, their POSTs, the CSV export.
    const withActions = [
      "/admin/nachrichten/:id",
      "/admin/bewertungen",
      "/admin/newsletter",
      // Blocks, export link and imported calendars of a property (decision 045).
      "/admin/properties/:id/kalender",
      // The Belegungsplan: blocks created, changed and removed from the timeline (decision 050).
      "/admin/kalender",
      // Data-protection requests: search and erasure, and the export's POST (decision 085).
      "/admin/datenschutz-anfragen",
      "/admin/datenschutz-anfragen/auskunft",
    ];
    expect(adminRoutes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/admin/nachrichten", "/admin/newsletter.csv", ...withActions]),
    );
    for (const pattern of withActions)
      expect(adminRoutes.find((r) => r.pattern === pattern)?.hasAction).toBe(true);
    // The edit page's "Saisonzeiten" forms post to their own route (issue 18, decision 046).
    expect(
      adminRoutes.find((r) => r.pattern === "/admin/properties/edit/:id/seasons"),
    ).toMatchObject({ hasLoader: true, hasAction: true });
    expect(guestRoutes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/dashboard", "/dashboard/bookings", "/dashboard/settings"]),
    );
  });

  it("the refund filter, the dashboard's open refunds (decision 098) and the plan's block removal dialog (decision 102): only admins see them", async () => {
    const wrong: string[] = [];
    for (const [pattern, url] of [
      ["/admin/bookings", "/admin/bookings?erstattung=offen"],
      ["/admin", "/admin?erstattung=offen"],
      ["/admin/kalender", `/admin/kalender?sperre-entfernen=${crypto.randomUUID()}`],
    ] as const) {
      const route = adminRoutes.find((r) => r.pattern === pattern)!;
      const mod = await moduleOf(route);
      for (const role of ["visitor", "guest", "admin"] as const) {
        const headers: Record<string, string> = { origin: "http://localhost:3000" };
        if (cookies[role]) headers.cookie = cookies[role];
        const answer = await answerOf(
          mod.loader!,
          new Request(`http://localhost:3000${url}`, { headers }),
          {},
        );
        const ok =
          role === "admin"
            ? answer.status === 200
            : role === "guest"
              ? answer.status === 403
              : answer.status === 302 && (answer.location ?? "").startsWith("/auth?redirectTo=");
        if (!ok) wrong.push(`${role} ${url}: ${answer.status} ${answer.location ?? ""}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("admin pages: visitors sign in, guests get 403, admins get in — for GET and POST", async () => {
    expect(
      await matrix(adminRoutes, { visitor: "signIn", guest: "forbidden", admin: "allowed" }),
    ).toEqual([]);
  }, 60_000);

  it("a booking's pages: visitors sign in; guests and admins pass the sign-in check", async () => {
    // Whose booking it is decides next (404 for anyone else's): tests/integration/booking-calendar.test.ts.
    expect(bookingRoutes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/booking-success", "/booking-success/calendar.ics"]),
    );
    expect(
      await matrix(bookingRoutes, { visitor: "signIn", guest: "allowed", admin: "allowed" }),
    ).toEqual([]);
  }, 60_000);

  it("guest pages: visitors sign in, guests and admins get in — for GET and POST", async () => {
    expect(
      await matrix(guestRoutes, { visitor: "signIn", guest: "allowed", admin: "allowed" }),
    ).toEqual([]);
  }, 60_000);

  it("Stripe's webhook: public, guarded by its signature alone — a session changes nothing", async () => {
    // Decision 044: whoever calls it without Stripe's signature gets 400, signed in or not (the
    // signed cases: tests/integration/stripe-payments.test.ts). Without keys it is refused too.
    const webhook = routes.find((r) => r.pattern === "/api/stripe/webhook");
    expect(webhook).toMatchObject({ hasAction: true, isResource: true });
    const mod = await moduleOf(webhook!);
    for (const role of ["visitor", "guest", "admin"] as const) {
      const { request } = requestFor(webhook!, "POST", cookies[role]);
      expect((await answerOf(mod.action!, request, {})).status, role).toBe(400);
      const get = requestFor(webhook!, "GET", cookies[role]);
      expect((await answerOf(mod.loader!, get.request, {})).status, role).toBe(405);
    }
  });

  it("the address confirmation (decision 077): sending needs a session; its link confirms only for its own account's", async () => {
    // "Bestätigungs-E-Mail senden" is an intent of /dashboard/settings (the guest matrix above
    // covers the page): visitors 401, guests and admins send.
    const settings = guestRoutes.find((r) => r.pattern === "/dashboard/settings")!;
    const { action: settingsAction } = await moduleOf(settings);
    const send = (role: keyof typeof cookies) => {
      const headers: Record<string, string> = { origin: "http://localhost:3000" };
      if (cookies[role]) headers.cookie = cookies[role]!;
      const request = new Request("http://localhost:3000/dashboard/settings", {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "sendAddressConfirmation" }),
      });
      return answerOf(settingsAction!, request, {});
    };
    expect((await send("visitor")).status).toBe(401);
    expect((await send("guest")).status).toBe(200);
    expect((await send("admin")).status).toBe(200);

    // The link's page: public (the mailbox may be read on another device), but its button
    // confirms only for a session of the account the token belongs to.
    const page = routes.find((r) => r.pattern === "/auth/adresse-bestaetigen");
    expect(page).toMatchObject({ hasLoader: true, hasAction: true, isResource: false });
    const owner = await createUser({ name: "Otto Eigen" });
    const token = "matrix-token-" + crypto.randomUUID();
    await db()
      .insert(schema.verification)
      .values({
        identifier: `address-confirm:${hashMailedToken(token)}`,
        value: owner.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    const withOwner = { ...cookies, owner: await sessionCookie(owner.email) };
    const { loader, action } = await moduleOf(page!);
    const call = (role: keyof typeof withOwner, method: "GET" | "POST") => {
      const headers: Record<string, string> = { origin: "http://localhost:3000" };
      if (withOwner[role]) headers.cookie = withOwner[role]!;
      const url = `http://localhost:3000/auth/adresse-bestaetigen?token=${token}`;
      const request =
        method === "GET"
          ? new Request(url, { headers })
          : new Request(url, { method, headers, body: new URLSearchParams({ token }) });
      return answerOf((method === "GET" ? loader : action)!, request, {});
    };
    const expected = {
      visitor: { GET: 200, POST: 401 },
      guest: { GET: 403, POST: 403 },
      admin: { GET: 403, POST: 403 },
      owner: { GET: 200, POST: 302 },
    } as const;
    const wrong: string[] = [];
    for (const role of ["visitor", "guest", "admin", "owner"] as const) {
      for (const method of ["GET", "POST"] as const) {
        const answer = await call(role, method);
        if (answer.status !== expected[role][method]) {
          wrong.push(`${role} ${method}: ${answer.status} (want ${expected[role][method]})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const [user] = await db().select().from(schema.user).where(eq(schema.user.id, owner.id));
    expect(user.emailVerified).toBe(true);
  });

  it("marking a refund as paid back (/admin/bookings/:id, intent mark-refunded): only admins, hostile values refused with 4xx, nothing changes", async () => {
    const owner = await createUser({ name: "Rita Rückzahlung" });
    const property = await createProperty({ title: "Haus Erstattung" });
    const booking = await createBooking({
      userId: owner.id,
      propertyId: property.id,
      checkIn: "2027-05-01",
      checkOut: "2027-05-04",
      status: "cancelled",
      cancellationFee: 0,
    });
    await db()
      .insert(schema.payment)
      .values({ bookingId: booking.id, amount: 5_000, receivedOn: "2026-01-05" });
    const [refund] = await db()
      .insert(schema.refund)
      .values({ bookingId: booking.id, amount: 5_000, createdAt: new Date("2026-01-06") })
      .returning();
    const route = adminRoutes.find((r) => r.pattern === "/admin/bookings/:id")!;
    const { action } = await moduleOf(route);
    const post = (role: keyof typeof cookies, fields: Record<string, string>) => {
      const headers: Record<string, string> = { origin: "http://localhost:3000" };
      if (cookies[role]) headers.cookie = cookies[role]!;
      const request = new Request(`http://localhost:3000/admin/bookings/${booking.id}`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "mark-refunded", ...fields }),
      });
      return answerOf(action!, request, { id: booking.id });
    };
    const valid = { refundId: refund.id, refundedOn: "2026-01-10", note: "" };
    expect((await post("visitor", valid)).status).toBe(401);
    expect((await post("guest", valid)).status).toBe(403);
    const hostile = [
      { ...valid, refundId: "' OR '1'='1" },
      { ...valid, refundId: crypto.randomUUID() },
      { ...valid, refundedOn: "2026-02-30" },
      { ...valid, refundedOn: "9999-12-31" },
      { ...valid, refundedOn: "" },
      { ...valid, note: "a".repeat(501) },
      { refundId: refund.id },
    ];
    for (const fields of hostile) {
      const answer = await post("admin", fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const [still] = await db().select().from(schema.refund).where(eq(schema.refund.id, refund.id));
    expect(still).toMatchObject({ status: "open", refundedOn: null });
    // The admin with a valid form: done, back to the page with the notice.
    expect(await post("admin", valid)).toMatchObject({
      status: 302,
      location: `/admin/bookings/${booking.id}?hinweis=refunded`,
    });
  });

  it("deleting a contact message (/admin/nachrichten/:id, intent delete): only admins, hostile values 4xx, nothing deleted", async () => {
    const [message] = await db()
      .insert(schema.contactMessage)
      .values({
        firstName: "Lea",
        lastName: "Löschbar",
        email: "lea.loeschbar@example.com",
        subject: "Matrix",
        message: "Bitte löschen.",
      })
      .returning();
    const route = adminRoutes.find((r) => r.pattern === "/admin/nachrichten/:id")!;
    const { action } = await moduleOf(route);
    const post = (role: keyof typeof cookies, id: string, fields: Record<string, string>) => {
      const headers: Record<string, string> = { origin: "http://localhost:3000" };
      if (cookies[role]) headers.cookie = cookies[role]!;
      const request = new Request(`http://localhost:3000/admin/nachrichten/${id}`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "delete", ...fields }),
      });
      return answerOf(action!, request, { id });
    };
    const valid = { replies: "0" };
    expect((await post("visitor", message.id, valid)).status).toBe(401);
    expect((await post("guest", message.id, valid)).status).toBe(403);
    const hostile: [string, Record<string, string>][] = [
      ["' OR '1'='1", valid],
      [crypto.randomUUID(), valid],
      [message.id, { replies: "1" }],
      [message.id, { replies: "-1" }],
      [message.id, {}],
    ];
    for (const [id, fields] of hostile) {
      const answer = await post("admin", id, fields);
      expect(answer.status, `${id} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const still = await db()
      .select()
      .from(schema.contactMessage)
      .where(eq(schema.contactMessage.id, message.id));
    expect(still).toHaveLength(1);
    expect(await post("admin", message.id, valid)).toMatchObject({
      status: 302,
      location: "/admin/nachrichten?hinweis=deleted",
    });
  });

  it("data-protection requests (/admin/datenschutz-anfragen: search, erase; its export): only admins, hostile values 4xx, nothing deleted", async () => {
    const person = await createUser({ name: "Dora Datenschutz" });
    const [message] = await db()
      .insert(schema.contactMessage)
      .values({
        firstName: "Dora",
        lastName: "Datenschutz",
        email: person.email,
        subject: "Matrix",
        message: "Was speichern Sie?",
      })
      .returning();
    const page = adminRoutes.find((r) => r.pattern === "/admin/datenschutz-anfragen")!;
    const file = adminRoutes.find((r) => r.pattern === "/admin/datenschutz-anfragen/auskunft")!;
    expect(file).toMatchObject({ hasAction: true, isResource: true });
    const { action } = await moduleOf(page);
    const { action: exportAction } = await moduleOf(file);
    const post = (
      handler: Handler,
      url: string,
      role: keyof typeof cookies,
      fields: Record<string, string>,
    ) => {
      const headers: Record<string, string> = { origin: "http://localhost:3000" };
      if (cookies[role]) headers.cookie = cookies[role]!;
      const request = new Request(`http://localhost:3000${url}`, {
        method: "POST",
        headers,
        body: new URLSearchParams(fields),
      });
      return answerOf(handler, request, {});
    };
    const onPage = (role: keyof typeof cookies, fields: Record<string, string>) =>
      post(action!, "/admin/datenschutz-anfragen", role, fields);
    const onExport = (role: keyof typeof cookies, fields: Record<string, string>) =>
      post(exportAction!, "/admin/datenschutz-anfragen/auskunft", role, fields);

    // The snapshot the admin's search shows, for a valid erasure at the end.
    const searched = (await action!({
      request: new Request("http://localhost:3000/admin/datenschutz-anfragen", {
        method: "POST",
        headers: { origin: "http://localhost:3000", cookie: cookies.admin! },
        body: new URLSearchParams({ intent: "search", email: person.email }),
      }),
      params: {},
      context: { requestId: "matrix", clientIp: "192.0.2.77", nonce: "" },
    })) as { findings: { snapshot: string } };
    const valid = { intent: "erase", email: person.email, snapshot: searched.findings.snapshot };
    for (const role of ["visitor", "guest"] as const) {
      const want = role === "visitor" ? 401 : 403;
      expect((await onPage(role, { intent: "search", email: person.email })).status).toBe(want);
      expect((await onPage(role, valid)).status).toBe(want);
      expect((await onExport(role, { email: person.email })).status).toBe(want);
    }
    const hostile: Record<string, string>[] = [
      { ...valid, snapshot: "' OR '1'='1" },
      { ...valid, snapshot: "f".repeat(64) },
      { ...valid, email: "' OR '1'='1" },
      { ...valid, email: `${"a".repeat(300)}@example.com` },
      { intent: "erase", email: person.email },
      { intent: "search", email: "" },
      { intent: "search" },
      { intent: "delete-everything", email: person.email },
    ];
    for (const fields of hostile) {
      const answer = await onPage("admin", fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    for (const email of ["", "' OR '1'='1", `${"a".repeat(300)}@example.com`]) {
      expect((await onExport("admin", { email })).status).toBe(400);
    }
    const [still] = await db().select().from(schema.user).where(eq(schema.user.id, person.id));
    expect(still).toBeDefined();
    expect(
      await db()
        .select()
        .from(schema.contactMessage)
        .where(eq(schema.contactMessage.id, message.id)),
    ).toHaveLength(1);
    // The admin's valid requests go through.
    expect((await onExport("admin", { email: person.email })).status).toBe(200);
    expect(await onPage("admin", valid)).toMatchObject({ status: 200 });
    expect(await db().select().from(schema.user).where(eq(schema.user.id, person.id))).toEqual([]);
  });
});
