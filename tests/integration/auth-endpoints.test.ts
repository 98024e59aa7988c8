/**
 * Better Auth's own HTTP endpoints are closed (issue 11, decision 013): /api/auth/* answers 404
 * to every method, signed in or not, and sets no cookie; Better Auth's handler itself refuses
 * every endpoint (disabledPaths) while our server-side `getAuth().api.*` calls keep working.
 * No raw session token reaches a page.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISABLED_AUTH_PATHS, getAuth } from "~/lib/auth.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import routes from "~/routes";
import * as authApiRoute from "~/routes/api/auth";
import * as settingsRoute from "~/routes/dashboard/settings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";

let handle: DatabaseHandle;
let guest: { id: string; email: string; cookie: string };
beforeAll(async () => {
  handle = await openTestDatabase();
  const user = await createUser();
  guest = { ...user, cookie: await sessionCookie(user.email) };
});
afterAll(() => handle.close());

/** What the audit tried, and the rest of Better Auth's endpoints. */
const PATHS = [
  "/api/auth",
  "/api/auth/",
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/update-user",
  "/api/auth/list-sessions",
  "/api/auth/get-session",
  "/api/auth/change-password",
  "/api/auth/change-email",
  "/api/auth/delete-user",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/reset-password/some-token",
  "/api/auth/verify-email?token=x",
  "/api/auth/revoke-sessions",
  "/api/auth/sign-out",
  "/api/auth/ok",
  "/api/auth/does-not-exist",
];

const signInBody = () => JSON.stringify({ email: guest.email, password: TEST_PASSWORD });

function requestFor(url: string, method: "GET" | "POST", cookie: string | null) {
  const headers = new Headers({ origin: "http://localhost:3000" });
  if (cookie) headers.set("cookie", cookie);
  if (method === "POST") headers.set("content-type", "application/json");
  return new Request(`http://localhost:3000${url}`, {
    method,
    headers,
    body: method === "POST" ? signInBody() : undefined,
  });
}

type RouteConfigEntry = {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteConfigEntry[];
};
const toRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) =>
    entry.index
      ? { index: true, id: entry.file }
      : {
          path: entry.path,
          id: entry.file,
          children: entry.children && toRouteObjects(entry.children),
        },
  );

describe(`/api/auth/* is closed (${databaseKind()})`, () => {
  it("every /api/auth path is routed to the module that answers 404", async () => {
    const routeObjects = toRouteObjects((await routes) as RouteConfigEntry[]);
    for (const url of PATHS) {
      const matches = matchRoutes(routeObjects, new URL(url, "http://x").pathname);
      expect(matches?.at(-1)?.route.id, url).toBe("routes/api/auth.ts");
    }
  });

  it("answers 404 without a cookie to GET and POST, for visitors and signed-in guests", async () => {
    for (const url of PATHS) {
      for (const method of ["GET", "POST"] as const) {
        for (const cookie of [null, guest.cookie]) {
          const request = requestFor(url, method, cookie);
          const args = { request, params: {}, context: {} } as never;
          const response = method === "GET" ? authApiRoute.loader(args) : authApiRoute.action(args);
          const label = `${method} ${url} ${cookie ? "signed in" : "visitor"}`;
          expect(response.status, label).toBe(404);
          expect(response.headers.getSetCookie(), label).toEqual([]);
        }
      }
    }
  });

  it("nothing in the app mounts Better Auth's HTTP handler", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && /\.handler\b/.test(fs.readFileSync(file, "utf8")))
          offenders.push(file);
      }
    };
    walk(path.resolve("app"));
    walk(path.resolve("server"));
    expect(offenders).toEqual([]);
  });
});

describe(`Better Auth's handler refuses every endpoint (${databaseKind()})`, () => {
  it("lists every endpoint path of this Better Auth version in disabledPaths", () => {
    const endpointPaths = Object.values(getAuth().api as Record<string, { path?: string }>)
      .map((endpoint) => endpoint.path)
      .filter((p): p is string => typeof p === "string" && !p.includes(":"));
    expect(endpointPaths.length).toBeGreaterThan(20);
    expect(endpointPaths.filter((p) => !DISABLED_AUTH_PATHS.includes(p))).toEqual([]);
  });

  it("the handler answers 404 even with the right password, and signs no one in", async () => {
    // /reset-password/:token has a parameter, which disabledPaths cannot name (see auth.server.ts).
    for (const url of PATHS.filter((p) => !p.includes("/reset-password/"))) {
      for (const method of ["GET", "POST"] as const) {
        const response = await getAuth().handler(requestFor(url, method, guest.cookie));
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.headers.getSetCookie(), `${method} ${url}`).toEqual([]);
      }
    }
  });

  it("our server-side calls are not affected", async () => {
    const { headers } = await getAuth().api.signInEmail({
      body: { email: guest.email, password: TEST_PASSWORD },
      returnHeaders: true,
    });
    expect(headers.getSetCookie().join()).toContain("better-auth.session_token=");
    const session = await getAuth().api.getSession({
      headers: new Headers({ cookie: guest.cookie }),
    });
    expect(session?.user.email).toBe(guest.email);
  });
});

describe(`no raw session token reaches the browser (${databaseKind()})`, () => {
  it("the settings page lists sessions by id only", async () => {
    const data = (await settingsRoute.loader({
      request: new Request("http://localhost:3000/dashboard/settings", {
        headers: { cookie: guest.cookie },
      }),
      params: {},
      context: {},
    } as never)) as { sessions: Record<string, unknown>[] };
    const tokens = await db()
      .select({ token: schema.session.token })
      .from(schema.session)
      .where(eq(schema.session.userId, guest.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(data.sessions.length).toBe(tokens.length);
    const json = JSON.stringify(data);
    for (const { token } of tokens) expect(json).not.toContain(token);
    for (const session of data.sessions) {
      expect(Object.keys(session).sort()).toEqual(
        ["browser", "id", "isCurrent", "lastActiveDaysAgo", "os"].sort(),
      );
    }
  });
});
