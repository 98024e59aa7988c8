import { eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getAuth } from "~/lib/auth.server";
import { db, schema } from "~/lib/db.server";

export type Role = "user" | "admin";
export type CurrentUser = {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  avatarUrl: string | null;
};

/** Only the exact stored value "admin" makes an admin; anything else is a user (spec 01). */
export function roleOf(stored: string | null | undefined): Role {
  return stored === "admin" ? "admin" : "user";
}

// Root and route loaders of one request share the lookup.
const perRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** Better Auth's session cookie (with the `__Secure-` prefix on HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  // Most page views are visitors without a session cookie: no session can be found, so Better
  // Auth (cookie parsing, endpoint set-up) is skipped for them.
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const profile = await ensureProfile(session.user.id, session.user.name);
  return {
    id: session.user.id,
    email: session.user.email,
    fullName: profile.fullName || session.user.name,
    role: roleOf(profile.role),
    avatarUrl: profile.avatarUrl,
  };
}

/**
 * Where a user lands after signing in when no `redirectTo` says otherwise: admins run the
 * business from /admin, guests see their bookings (issue 13).
 */
export function landingPath(role: Role) {
  return role === "admin" ? "/admin" : "/dashboard";
}

/** The stored role of the account with this e-mail (case-insensitive); "user" when unknown. */
export async function roleForEmail(email: string): Promise<Role> {
  const [row] = await db()
    .select({ role: schema.profile.role })
    .from(schema.user)
    .innerJoin(schema.profile, eq(schema.profile.id, schema.user.id))
    .where(sql`lower(${schema.user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return roleOf(row?.role);
}

/** A missing profile row is recreated with defaults instead of failing (spec 05). */
export async function ensureProfile(userId: string, name: string) {
  const [existing] = await db().select().from(schema.profile).where(eq(schema.profile.id, userId));
  if (existing) return existing;
  await db().insert(schema.profile).values({ id: userId, fullName: name }).onConflictDoNothing();
  const [created] = await db().select().from(schema.profile).where(eq(schema.profile.id, userId));
  return created;
}

function isReadRequest(request: Request) {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * Every guarded loader AND action calls this. A visitor opening a page goes to
 * /auth?redirectTo=<the page>; a save whose session has expired gets a 401 that the page shows
 * as "Ihre Sitzung ist abgelaufen…" instead of silently navigating away from the form.
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  if (!isReadRequest(request)) throw data({ sessionExpired: true }, { status: 401 });
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * The one guard for "session expired during a save": an action that must keep its page and the
 * input on screen calls this instead of `requireUser`/`requireAdmin`. Null means the session is
 * gone: answer with `sessionExpired(...)`, which the page shows as `SessionExpiredBanner`.
 * A signed-in user without the role still gets the 403 page, as with `requireAdmin`.
 */
export async function userForSave(request: Request, role?: "admin"): Promise<CurrentUser | null> {
  const user = await getCurrentUser(request);
  if (user && role === "admin" && user.role !== "admin") {
    throw data({ forbidden: true }, { status: 403 });
  }
  return user;
}

/** The answer to a save without a session: 401, `{ ok: false, error: "sessionExpired" }`. */
export function sessionExpired<Extra extends object = object>(extra: Extra = {} as Extra) {
  return data({ ...extra, ok: false as const, error: "sessionExpired" as const }, { status: 401 });
}

/**
 * Every admin loader and action: signed-in non-admins get the 403 page "Kein Zugriff".
 * A visitor is sent to /auth, except in an admin save (`"save"`): there null means the session
 * has expired, and the action answers `sessionExpired(...)` so the page keeps its input and says
 * "Ihre Sitzung ist abgelaufen" (spec/01-platform.md "Sessions").
 */
export async function requireAdmin(request: Request): Promise<CurrentUser>;
export async function requireAdmin(request: Request, mode: "save"): Promise<CurrentUser | null>;
export async function requireAdmin(request: Request, mode?: "save") {
  if (mode === "save") return userForSave(request, "admin");
  const user = await requireUser(request);
  if (user.role !== "admin") throw data({ forbidden: true }, { status: 403 });
  return user;
}
